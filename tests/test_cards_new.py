"""`worms-table cards new`: a card file made by answering questions on standard input."""

import io
import tomllib

import pytest

from table.cards import CARD_KEYS, library, load_file
from table.cards.authoring import check, to_toml, write
from table.cli import main

COPIES = "copies" in CARD_KEYS          # the library knows how many of a card the box holds


def answers(*lines):
    """The answers, one a line; the copies question only where the library has it."""
    return "".join(f"{line}\n" for line in lines if line is not None)


def run_new(monkeypatch, capsys, text, *args):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = main(["cards", "new", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def folder(tmp_path, monkeypatch):
    d = tmp_path / "mine"
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(d))
    return d


def test_a_weapon_card_asked_field_by_field_joins_the_library(folder, monkeypatch, capsys):
    code, out, err = run_new(monkeypatch, capsys, answers(
        "weapon",               # not a kind: asked again
        "2",                    # supply, by its number
        "Shotgun", "Brokovnice", "Дробовик",
        "",                     # the id offered: shotgun
        "2" if COPIES else None,
        "direct",
        "x",                    # not a number: asked again
        "3",
        "text",                 # the action line, any case
        "damage", "one", "new_target", "damage", "all", "done",
        "",                     # no notes
        "y"), "--lang", "en")
    assert code == 0, err
    path = folder / "shotgun.toml"
    assert f"written: {path}" in out
    assert "choose one of: starter, supply" in out and "a whole number from 1 to 9" in out
    [card] = load_file(path)
    assert card.kind == "supply" and card.target == "direct" and card.accuracy == 3
    assert card.names == {"en": "Shotgun", "cs": "Brokovnice", "uk": "Дробовик"}
    assert card.action == ("TEXT",)
    assert card.text == ({"do": "damage", "pick": "one"}, {"do": "new_target"},
                         {"do": "damage", "pick": "all"})
    if COPIES:
        assert card.copies == 2
    assert library()["shotgun"].source == str(path)     # WORMS_TABLE_CARDS names the folder
    assert main(["cards", "check", str(path)]) == 0


def test_drop_and_sudden_death_cards(folder, monkeypatch, capsys):
    code, _, err = run_new(monkeypatch, capsys, answers(
        "drop", "Crate Drop", "", "", "crate_drop", "3" if COPIES else None,
        "place", "crate", "emptiest", "place", "mine", "same", "remove at=own_hex", "fire, crater",
        "change_wind", "", "from my box", ""))
    assert code == 0, err
    [drop] = load_file(folder / "crate_drop.toml")
    assert drop.text == ({"do": "place", "kind": "crate", "at": "emptiest"},
                         {"do": "place", "kind": "mine", "at": "same"},
                         {"do": "remove", "kinds": ["fire", "crater"], "at": "own_hex"},
                         {"do": "change_wind"})
    assert drop.names == {"en": "Crate Drop"} and drop.notes == "from my box"
    code, _, err = run_new(monkeypatch, capsys, answers(
        "sudden_death", "Big Bang", "Velký třesk", "Великий вибух", "", "1" if COPIES else None,
        "reduced_blast", "place", "crate", "emptiest", "change_wind", "done", "", "y"))
    assert code == 0, err
    [sd] = load_file(folder / "big_bang.toml")
    assert sd.kind == "sudden_death" and sd.lasting == "reduced_blast"
    assert sd.drop == ({"do": "place", "kind": "crate", "at": "emptiest"}, {"do": "change_wind"})
    assert {"crate_drop", "big_bang"} <= set(library())


def test_an_id_in_the_library_or_a_file_there_is_asked_again(folder, tmp_path, monkeypatch,
                                                              capsys):
    folder.mkdir()
    other = tmp_path / "other"
    other.mkdir()
    (other / "taken.toml").write_text("# not a card yet\n")
    code, out, err = run_new(monkeypatch, capsys, answers(
        "starter", "Bazooka", "", "", "",          # bazooka: shipped already
        "Bad Id", "taken", "my_bazooka", "1" if COPIES else None,
        "any", "", "TEXT MOVE", "blast", "", "", "y"), "--folder", str(other))
    assert code == 0, err
    assert "bazooka is already in the library" in out
    assert "lower-case letters, digits and _" in out
    assert "taken.toml is there already" in out
    [card] = load_file(other / "my_bazooka.toml")
    assert card.action == ("TEXT", "MOVE") and card.accuracy is None and card.target == "any"
    assert f"the box reads it when WORMS_TABLE_CARDS names {other}" in out


def test_a_broken_library_is_named_before_any_question(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path / "none.toml"))
    code, out, err = run_new(monkeypatch, capsys, "", "--folder", str(tmp_path / "new"))
    assert code == 2 and "none.toml: cannot read" in err
    assert "fix the card library first" in err and "Traceback" not in err


def test_stopping_early_or_declining_writes_nothing(folder, monkeypatch, capsys):
    code, _, err = run_new(monkeypatch, capsys, answers("supply", "Sheep"))
    assert code == 1 and "stopped; nothing written" in err and "Traceback" not in err
    code, out, _ = run_new(monkeypatch, capsys, answers(
        "drop", "Sheep", "", "", "", "1" if COPIES else None, "change_wind", "", "", "n"))
    assert code == 1 and "nothing written" in out
    assert list(folder.glob("*.toml")) == []


def test_the_library_checks_refuse_a_card_and_nothing_is_written(folder, monkeypatch, capsys):
    # a weapon without a target whose text Blasts the target hex: the card-file check says so
    code, _, err = run_new(monkeypatch, capsys, answers(
        "supply", "Odd", "", "", "", "1" if COPIES else None, "none", "TEXT", "blast", "",
        ""))
    assert code == 2
    assert "new card: card odd: target: the text acts on the target hex" in err
    assert "nothing written" in err and "Traceback" not in err
    assert list(folder.glob("*.toml")) == []


def test_without_the_variable_cards_go_to_the_config_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("WORMS_TABLE_CARDS", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    code, out, err = run_new(monkeypatch, capsys, answers(
        "superweapon", "Holy Hand Grenade", "Svatý ruční granát", "Свята ручна граната", "",
        "1" if COPIES else None, "within", "3", "2", "TEXT", "blast", "scatter", "blast",
        "done", "", "y"))
    assert code == 0, err
    path = tmp_path / "config" / "worms-table" / "cards" / "holy_hand_grenade.toml"
    [card] = load_file(path)
    assert card.range == 3 and card.accuracy == 2
    assert library()["holy_hand_grenade"].names["uk"] == "Свята ручна граната"


def test_the_checker_and_writer_used_by_the_page(tmp_path):
    raw = {"id": "girder", "kind": "starter", "names": {"en": "Girder", "cs": " "},
           "action": ["TEXT"], "text": [{"do": "blast"}]}
    card, problems = check(raw, library())
    assert card is None and any("id: already in the library" in p for p in problems)
    assert any("target: the text acts on the target hex" in p for p in problems)
    raw = {"id": "air_strike", "kind": "superweapon", "names": {"en": "Air Strike", "cs": ""},
           "target": "airstrike", "accuracy": 2, "action": ["TEXT"], "text": [{"do": "blast"}],
           "notes": 'say "three"'}
    card, problems = check(raw, library())
    assert problems == [] and card.names == {"en": "Air Strike"}
    assert tomllib.loads(to_toml(raw))["cards"][0]["notes"] == 'say "three"'
    path = write(raw, tmp_path, library())
    assert load_file(path)[0].target == "airstrike"
    with pytest.raises(Exception, match="there already"):
        write(raw, tmp_path, library())


def test_a_steps_extras_go_on_its_line_and_numbers_are_bounded(folder, monkeypatch, capsys):
    code, out, err = run_new(monkeypatch, capsys, answers(
        "superweapon", "Shock", "", "", "", "1" if COPIES else None,
        "own_hex", "",
        "TEXT",
        "blast size=big",            # not an extra of blast: said, asked again
        "blast area=around",
        "move", "all", "away", "²", "50", "2",   # not ASCII digits, too far: asked again
        "done", "", "y"))
    assert code == 0, err
    assert "blast takes at=..., area=..." in out and "a whole number from 1 to 9" in out
    [card] = load_file(folder / "shock.toml")
    assert card.text == ({"do": "blast", "area": "around"},
                         {"do": "move", "pick": "all", "way": "away", "hexes": 2})


HAND_WRITTEN = '''# Our group's cards -- keep this comment
[[cards]]
id = "pebble"
kind = "supply"
names = { en = "Pebble" }   # thrown, not fired
target = "any"
action = ["TEXT"]
text = [{ do = "blast" }]

# the second card, with its own comment
[[cards]]
id = "boulder"
kind = "supply"
copies = 2
names = { en = "Boulder" }
target = "any"
action = ["TEXT"]
text = [{ do = "blast" }]
'''


def test_a_rename_keeps_the_rest_of_a_hand_written_file(tmp_path, monkeypatch):
    """Issue 38, item 7: a rename rewrote the owner's whole file: a hand-written file with two
    cards lost the second and its comments.  Now only the card's names change."""
    from table.cards.cardlibrary import CardLibrary
    path = tmp_path / "ours.toml"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    library = CardLibrary(tmp_path, [tmp_path])
    assert library.rename("pebble", {"en": "Stone", "cs": "Kámen"}) == path
    text = path.read_text(encoding="utf-8")
    assert text.replace('names = {en = "Stone", cs = "Kámen"}', 'names = { en = "Pebble" }') \
        == HAND_WRITTEN
    assert library["pebble"].name("cs") == "Kámen" and library["boulder"].copies == 2
    assert library.problems == []
