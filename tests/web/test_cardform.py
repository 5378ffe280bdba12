"""The page's card form: POST /cards/check checks as the card files are checked, and
POST /cards/new writes a good card into the owner's folder (nothing for a bad one)."""

import pytest

from table.cards import load_file

SHEEP = {"id": "sheep", "kind": "supply", "names": {"en": "Sheep", "cs": "Ovce", "uk": "Вівця"},
         "target": "any", "action": ["TEXT"], "text": [{"do": "blast"}]}


def test_live_check_then_write(table, tmp_path, monkeypatch):
    running, _ = table
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    half = {"id": "sheep", "kind": "supply", "names": {"en": "Sheep"}, "action": ["TEXT"],
            "text": [{"do": "blast"}]}
    status, reply = running.request("/cards/check", {"card": half})
    assert status == 200 and reply["ok"] and reply["valid"] is False
    assert reply["problems"] == ["new card: card sheep: target: the text acts on the target "
                                 "hex, so the card needs a target rule"]
    status, reply = running.request("/cards/check", {"card": SHEEP})
    assert status == 200 and reply["valid"] is True and reply["problems"] == []
    assert 'names = { en = "Sheep", cs = "Ovce", uk = "Вівця" }' in reply["toml"]
    assert list(tmp_path.iterdir()) == []                     # checking writes nothing
    status, reply = running.request("/cards/new", {"card": SHEEP})
    assert status == 200 and reply["path"] == str(tmp_path / "sheep.toml")
    assert load_file(tmp_path / "sheep.toml")[0].names["uk"] == "Вівця"
    status, reply = running.request("/cards/new", {"card": SHEEP})     # in the library now
    assert status == 422 and "id: already in the library" in reply["error"]


def test_bad_requests_are_named_and_write_nothing(table, tmp_path, monkeypatch):
    running, _ = table
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    status, reply = running.request("/cards/new", {"card": {**SHEEP, "kind": "weapon"}})
    assert status == 422 and "kind: 'weapon' is not one of" in reply["error"]
    status, reply = running.request("/cards/check", {"sheep": 1})
    assert status == 400 and 'send {"card": {...}}' in reply["error"]
    status, reply = running.request("/cards/check", {"card": "sheep"})
    assert status == 400
    status, _ = running.request("/cards/check", method="GET")
    assert status == 405
    assert list(tmp_path.iterdir()) == []


def test_the_library_is_read_again_only_when_an_owners_file_changed(tmp_path, monkeypatch):
    """Issue 24, item 5: hundreds of owner cards are not read again for every request."""
    import table.web.cardform as cardform
    from table.cards import CardLibrary
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    library = CardLibrary.from_env()
    reads = []                                    # each refresh: True when it read the files
    real = library.refresh
    monkeypatch.setattr(library, "refresh", lambda: reads.append(real()) or reads[-1])
    form = cardform.CardForm(library)
    for _ in range(5):
        assert form.check_now(SHEEP)["valid"] is True
    assert reads == [True, False, False, False, False]
    assert form.new_now(SHEEP)["path"] == str(tmp_path / "sheep.toml")
    reply = form.check_now(SHEEP)                 # the folder changed: read again (once)
    assert reads.count(True) == 2 and reply["valid"] is False
    assert "id: already in the library" in reply["problems"][0]
    assert not list(tmp_path.glob("*.tmp"))


def test_the_owners_folder_has_a_quota(tmp_path, monkeypatch):
    import table.web.cardform as cardform
    from table.web.errors import InputError
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    monkeypatch.setattr(cardform, "MAX_OWNER_CARDS", 3)
    form = cardform.CardForm()
    for n in range(3):
        form.new_now({**SHEEP, "id": f"sheep{n}"})
    with pytest.raises(InputError, match=r"is full \(3 files") as err:
        form.new_now({**SHEEP, "id": "sheep9"})
    assert err.value.status == 507
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheep0.toml", "sheep1.toml",
                                                         "sheep2.toml"]


def test_a_slow_check_never_holds_the_loop(table, tmp_path, monkeypatch):
    """Issue 24, item 5: while the card form works (here: held until the test lets it go),
    the page's other requests are answered (the loop is free)."""
    import threading
    import table.web.cardform as cardform
    running, _ = table
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    entered, go = threading.Event(), threading.Event()
    real = cardform.CardForm.known

    def slow(self):
        entered.set()
        assert go.wait(30)
        return real(self)
    monkeypatch.setattr(cardform.CardForm, "known", slow)
    replies = []
    worker = threading.Thread(target=lambda: replies.append(
        running.request("/cards/check", {"card": SHEEP})))
    worker.start()
    try:
        assert entered.wait(30)                       # the check is under way ...
        assert running.request("/state")[0] == 200    # ... and the loop answers meanwhile
        assert running.request("/press", {"name": "ok"})[0] == 200
    finally:
        go.set()
        worker.join(30)
    assert replies[0][0] == 200 and replies[0][1]["valid"] is True


def test_an_id_too_long_for_a_file_name_is_named_not_a_500(table, tmp_path, monkeypatch):
    running, _ = table
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    status, reply = running.request("/cards/new", {"card": {**SHEEP, "id": "s" * 300}})
    assert status == 422, reply
    assert list(tmp_path.iterdir()) == []


def test_a_paired_source_writes_at_a_person_s_pace_and_not_the_whole_folder(tmp_path,
                                                                               monkeypatch):
    """Issue 38, item 7: a paired stranger filled the 200-card quota (the owner's own cards
    then got 507), and cards added as fast as they could be sent starved the box's turn.  A
    paired source checks and writes at a person's pace and writes at most SOURCE_CARDS; the
    table's own page (no source) is not held back."""
    import asyncio

    import table.web.cardform as cardform
    from table.web.errors import InputError
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    now = [0.0]
    form = cardform.CardForm(clock=lambda: now[0])
    burst, every = cardform.WRITES_RATE

    async def new(n: int, source: str | None):
        return await form.new({"card": {**SHEEP, "id": f"sheep{n}"}}, source=source)

    async def main():
        for n in range(burst):
            await new(n, "192.0.2.7")
        with pytest.raises(InputError, match="wait") as err:
            await new(99, "192.0.2.7")
        assert err.value.status == 429
        await new(50, "192.0.2.8")                 # another source has its own pace
        await new(51, None)                        # and the table's own page none
        n = burst
        while n < cardform.SOURCE_CARDS:
            now[0] += every
            await new(n, "192.0.2.7")
            n += 1
        now[0] += every
        with pytest.raises(InputError, match=f"written {cardform.SOURCE_CARDS} cards") as err:
            await new(n, "192.0.2.7")
        assert err.value.status == 429
        checks, _ = cardform.CHECKS_RATE
        for _ in range(checks):
            await form.check({"card": SHEEP}, source="192.0.2.9")
        with pytest.raises(InputError, match="wait"):
            await form.check({"card": SHEEP}, source="192.0.2.9")
    asyncio.run(main())
    assert len(list(tmp_path.glob("sheep*.toml"))) == cardform.SOURCE_CARDS + 2
