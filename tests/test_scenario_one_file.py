"""One file settles it (docs/scenarios.md): a scenario reads the shipped cards and tiles and
its own ``[[cards]]``, never the card folders or the tile file of whoever runs it."""

import json

from table.cli import main

#: owner cards of every kind that could change a game: Starters (the deal), Supply cards (the
#: deck), Drop cards (the Drop deck), Sudden Death cards (the card under it, the draft), and
#: one whose id the scenario's own [[cards]] uses too
OWNER_CARDS = '''
[[cards]]
id = "owner_starter"
kind = "starter"
copies = 4
names = { en = "Owner Starter" }
target = "any"
action = ["TEXT"]
text = [{ do = "blast" }]

[[cards]]
id = "owner_supply"
kind = "supply"
copies = 12
names = { en = "Owner Supply" }
target = "adjacent"
action = ["TEXT"]
text = [{ do = "damage" }]

[[cards]]
id = "owner_drop"
kind = "drop"
copies = 20
names = { en = "Owner Drop" }
text = [{ do = "place", kind = "fire", at = "emptiest" }]

[[cards]]
id = "owner_sd_a"
kind = "sudden_death"
names = { en = "Owner SD A" }
lasting = "parting_gifts"

[[cards]]
id = "owner_sd_b"
kind = "sudden_death"
names = { en = "Owner SD B" }
lasting = "reduced_blast"

[[cards]]
id = "test_charge"
kind = "supply"
names = { en = "Owner's own Test Charge" }
target = "any"
action = ["TEXT"]
text = [{ do = "blast" }]
'''

#: an owner's box of six small tiles (the automatic map would differ)
OWNER_TILES = "".join(f"[[tiles]]\nnumber = {n}\nhexes = [[0, 0], [1, 0], [0, 1]]\n\n"
                      for n in range(1, 7))

#: a game form on the automatic map, dealt and shuffled from the cards the box knows
SCENARIO = '''
[game]
seed = 5
teams = 3
options = ["longer_game", "sudden_death_draft"]

[[cards]]
id = "test_charge"
kind = "supply"
copies = 3
names = { en = "Test Charge" }
target = "adjacent"
action = ["TEXT"]
text = [{ do = "blast" }]
'''


def _run(tmp_path, capsys, text: str) -> dict:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    code = main(["scenario", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def _owner(tmp_path, monkeypatch) -> None:
    """The runner's folders full of owner cards, and an owner tile file, by the environment
    alone (XDG_CONFIG_HOME's card folder, WORMS_TABLE_CARDS, WORMS_TABLE_TILES: temporary)."""
    xdg = tmp_path / "xdg"
    (xdg / "worms-table" / "cards").mkdir(parents=True)
    (xdg / "worms-table" / "cards" / "owner.toml").write_text(OWNER_CARDS, encoding="utf-8")
    more = tmp_path / "more"
    more.mkdir()
    (more / "more.toml").write_text(OWNER_CARDS.replace('id = "owner_', 'id = "more_').replace(
        'id = "test_charge"', 'id = "more_charge"'), encoding="utf-8")
    (tmp_path / "tiles.toml").write_text(OWNER_TILES, encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(xdg))
    monkeypatch.setenv("WORMS_TABLE_TILES", str(tmp_path / "tiles.toml"))
    from table.cards import library
    assert "owner_sd_a" in library()                  # (the runner's library has them)
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(more))
    assert "more_sd_a" in library()


def test_the_owner_folders_change_nothing(tmp_path, capsys, monkeypatch):
    alone = tmp_path / "alone"
    alone.mkdir()
    before = _run(alone, capsys, SCENARIO)
    _owner(tmp_path, monkeypatch)
    after = _run(tmp_path, capsys, SCENARIO)
    assert after == before
    assert "owner_drop" not in json.dumps(after) and "owner_sd" not in json.dumps(after)
    assert sum(len(h) for h in after["hands"].values()) == 15
    assert after["decks"]["drop"] == 17     # the 16 shipped Drop cards (Longer Game), the drafted one
