"""The card library: shipped cards, owner card files, the `cards` command, the docs' examples."""

import re
from pathlib import Path

import pytest

from table.cards import CardError, library, load_file
from table.cli import main

DOCS = Path(__file__).parent.parent / "docs" / "cards.md"


def test_library_ships_exactly_the_known_cards():
    cards = library()
    assert sorted(cards) == sorted(["bazooka", "grenade", "ninja_rope", "girder", "uzi", "freeze",
                                    "supplies", "mine_drop", "one_life", "powerful_explosives"])
    bazooka = cards["bazooka"]
    assert (bazooka.target, bazooka.accuracy, bazooka.action) == ("direct", 4, ("TEXT", "MOVE"))
    assert bazooka.name("cs") == "Bazuka" and bazooka.name("uk") == "Базука"
    assert cards["uzi"].target == "direct_within" and cards["uzi"].range == 2
    assert cards["girder"].accuracy is None
    # every shipped card has its three names (where a print has none, the project's word)
    assert all(set(c.names) == {"en", "cs", "uk"} for c in cards.values())
    assert cards["powerful_explosives"].name("cs") == "Silné výbušniny"


def test_cards_command_lists_the_library(capsys):
    assert main(["cards", "--lang", "uk"]) == 0
    out = capsys.readouterr().out
    assert "Базука" in out and "lasting one_life" in out


def write(tmp_path, text, name="mine.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_check_names_file_card_and_field(tmp_path, capsys):
    path = write(tmp_path, """
[[cards]]
id = "sheep"
kind = "supply"
names = { en = "Sheep", de = "Schaf" }
target = "within"
accuracy = 0
action = ["TEXT", "JUMP"]
text = [{ do = "baa" }]
""")
    assert main(["cards", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: card sheep: names.de" in err
    assert f"{path}: card sheep: range: target within needs range" in err
    assert f"{path}: card sheep: accuracy" in err
    assert f"{path}: card sheep: action" in err
    assert f"{path}: card sheep: text[0]" in err


def test_check_accepts_a_good_file_and_owner_cards_join_the_library(tmp_path, capsys, monkeypatch):
    path = write(tmp_path, """
[[cards]]
id = "baseball_bat"
kind = "supply"
names = { en = "Baseball Bat", cs = "Baseballka" }
target = "adjacent"
action = ["TEXT", "MOVE"]
text = [{ do = "damage" }]
""")
    assert main(["cards", "check", str(path)]) == 0
    assert "ok: 1 card(s)" in capsys.readouterr().out
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    assert library()["baseball_bat"].moves == 1


def test_an_owner_file_is_parsed_again_only_when_its_bytes_change(tmp_path, monkeypatch):
    """The screens name cards after every change (issue 20): the same bytes are not parsed
    again, and an edit is always seen, even one that keeps the size and the time stamp."""
    import os

    import table.cards.reading as cards_module
    card = ('[[cards]]\nid = "bat"\nkind = "supply"\nnames = {{ en = "{name}" }}\n'
            'target = "adjacent"\naction = ["TEXT"]\ntext = [{{ do = "damage" }}]\n')
    path = write(tmp_path, card.format(name="Bat A"))
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    parsed = []
    real = cards_module.load_file
    monkeypatch.setattr(cards_module, "load_file", lambda p, *a: parsed.append(p) or real(p, *a))
    assert library()["bat"].name("en") == "Bat A"
    assert library()["bat"].name("en") == "Bat A"
    assert parsed == [path]
    stamp = path.stat()
    path.write_text(card.format(name="Bat B"))                # same size ...
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))  # ... same time stamp
    assert library()["bat"].name("en") == "Bat B"
    path.write_text("not toml [")
    with pytest.raises(CardError, match="not valid TOML"):
        library()
    with pytest.raises(CardError, match="not valid TOML"):   # said every time, not once
        library()


def test_owner_card_may_not_reuse_a_shipped_id(tmp_path, monkeypatch):
    write(tmp_path, '[[cards]]\nid = "uzi"\nkind = "starter"\nnames = { en = "Uzi 2" }\n'
                    'target = "any"\naction = ["TEXT"]\ntext = [{ do = "blast" }]\n')
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    with pytest.raises(CardError, match="uzi: id: already in the library"):
        library()


def test_not_toml_is_named(tmp_path):
    with pytest.raises(CardError, match="not valid TOML"):
        load_file(write(tmp_path, "[[cards]\n"))


def test_the_docs_examples_are_valid_card_files(tmp_path):
    blocks = re.findall(r"```toml\n(.*?)```", DOCS.read_text(), re.S)
    assert blocks
    for i, block in enumerate(blocks):
        cards = load_file(write(tmp_path, block, f"doc{i}.toml"))
        assert cards


def test_copies_says_how_many_the_box_holds(tmp_path, capsys):
    import tomllib
    for card in library([]).values():            # every shipped card states it
        raw = tomllib.loads(Path(__file__).parent.parent.joinpath(card.source).read_text())
        assert "copies" in next(c for c in raw["cards"] if c["id"] == card.id), card.id
    assert library()["uzi"].copies == 4
    one = write(tmp_path, '[[cards]]\nid = "sheep"\nkind = "supply"\nnames = { en = "Sheep" }\n'
                          'action = ["TEXT"]\ntext = [{ do = "change_wind" }]\n', "one.toml")
    assert load_file(one)[0].copies == 1          # not given: one copy
    for bad in ("0", "2.5", '"two"', "true"):
        path = write(tmp_path, one.read_text() + f"copies = {bad}\n", "bad.toml")
        assert main(["cards", "check", str(path)]) == 2
        assert f"{path}: card sheep: copies: how many" in capsys.readouterr().err


@pytest.mark.parametrize("fields, field, says", [
    ('id = "move"\nkind = "supply"\naction = ["TEXT"]\ntext = [{ do = "change_wind" }]\n',
     "id", "another id"),                              # a word of the decisions' vocabulary
    ('id = "x"\nkind = "weapon"\ntarget = ["hex"]\n', "target", "not a target rule"),
])
def test_a_bad_field_is_named(tmp_path, fields, field, says):
    from table.cards import CardError, load_file
    path = tmp_path / "mine.toml"
    path.write_text('[[cards]]\nnames = { en = "X" }\n' + fields, encoding="utf-8")
    with pytest.raises(CardError) as caught:
        load_file(path)
    assert any(f": {field}:" in p and says in p for p in caught.value.problems), caught.value.problems


def _problems(fields: str) -> list[str]:
    """Every problem of one card (its fields after `names`), without the 'x.toml: card c: '."""
    import tomllib

    from table.cards import parse_card
    raw = tomllib.loads('id = "c"\nnames = { en = "C" }\n' + fields)
    card, problems = parse_card(raw, "x.toml", 0)
    assert card is None
    return [p.removeprefix("x.toml: card c: ") for p in problems]


@pytest.mark.parametrize("fields, only", [
    # an unknown kind: that alone, not "only weapon cards have an action line" too
    ('kind = "weapon"\ntarget = "any"\naction = ["TEXT"]\ntext = [{ do = "blast" }]\n',
     "kind: 'weapon' is not one of"),
    # a bad text: that alone, not "the action line has TEXT but the card has no text" too
    ('kind = "supply"\ntarget = "any"\naction = ["TEXT"]\ntext = [{ do = "baa" }]\n',
     "text[0]: each step needs do = one of"),
    ('kind = "supply"\ntarget = "any"\naction = ["TEXT"]\ntext = "blast"\n', "text: a list of steps"),
    # an unknown lasting rule is named, not called missing
    ('kind = "sudden_death"\nlasting = "two_lives"\n', 'lasting: "two_lives" is not a lasting rule'),
    # a Sudden Death card's text: refused whole, its steps not read
    ('kind = "sudden_death"\nlasting = "one_life"\ntext = [{ do = "baa" }]\n',
     "text: a Sudden Death card has a lasting rule and a drop part, not text"),
    # "New target, again" on a card with no target (issue 32)
    ('kind = "supply"\naction = ["TEXT"]\ntext = [{ do = "change_wind" }, { do = "new_target" }]\n',
     "target: new_target aims again under the card's target rule, so the card needs a target rule"),
])
def test_each_message_names_only_the_real_problem(fields, only):
    problems = _problems(fields)
    assert len(problems) == 1 and problems[0].startswith(only), problems


def test_a_drop_or_sudden_death_card_has_no_target_and_nothing_acting_at_the_token():
    """The prints give Drop cards no action line and no target (issue 33 item 2): a target,
    range, where or Accuracy on one is refused naming its value, and so is each step that
    would act at the Target Token or aim again (the engine would pass over it silently)."""
    problems = _problems('kind = "drop"\ntarget = "within"\nrange = 2\nwhere = ["land"]\n'
                         'accuracy = 3\ntext = [{ do = "blast" }, { do = "change_wind" }, '
                         '{ do = "place", kind = "mine" }, { do = "new_target" }]\n')
    assert problems == [
        'target: a Drop card has no target: it aims nowhere and puts no Target Token down; '
        'remove target = "within"',
        "range: a Drop card has no target: it aims nowhere and puts no Target Token down; "
        "remove range = 2",
        'where: a Drop card has no target: it aims nowhere and puts no Target Token down; '
        'remove where = ["land"]',
        "accuracy: a Drop card has no target: it aims nowhere and puts no Target Token down; "
        "remove accuracy = 3",
        'text[0]: a Drop card has no target, so this blast step has no Target Token to act at; '
        'give it at = "own_hex" or "them", or remove it',
        'text[2]: a Drop card has no target, so this place step has no Target Token to act at; '
        'give it at = "emptiest" or "same" or "own_hex" or "them", or remove it',
        "text[3]: a Drop card has no target rule to aim again under; remove this new_target step"]
    problems = _problems('kind = "sudden_death"\nlasting = "one_life"\ntarget = "any"\n'
                         'drop = [{ do = "scatter" }]\n')
    assert [p.split(":")[0] for p in problems] == ["target", "drop[0]"], problems
    assert problems[0].startswith("target: a Sudden Death card has no target")


def test_cards_check_refuses_a_drop_card_with_a_target(tmp_path, capsys):
    path = write(tmp_path, '[[cards]]\nid = "aimed"\nkind = "drop"\nnames = { en = "Aimed" }\n'
                           'target = "direct"\ntext = [{ do = "place", kind = "crate", '
                           'at = "emptiest" }]\n')
    assert main(["cards", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert f'{path}: card aimed: target: a Drop card has no target' in err and "Traceback" not in err
