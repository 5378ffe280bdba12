"""A game never depends on files that can change under it (issue 19): the cards and tiles it
was set up with, and each card taught during it, are kept in its journal; a resume reads them
there, whatever happened to the owner's card folder."""

import json

import pytest

from table.bots import RandomBot
from table.cards import parse_card
from table.engine import Illegal
from table.librarygame import GameConfig, LibraryGame
from table.journal import Journal, JournaledGame, resume

OWNER = '''[[cards]]
id = "pea_shooter"
kind = "supply"
copies = 3
names = { en = "Pea Shooter" }
target = "direct_within"
range = 3
action = ["TEXT"]
text = [{ do = "damage", pick = "one" }]
'''


def taught():
    card, problems = parse_card({"id": "taught_card", "kind": "supply",
                                 "names": {"en": "Card 1"}, "target": "any", "accuracy": 2,
                                 "action": ["TEXT", "MOVE"], "text": [{"do": "blast"}]},
                                "taught", 0)
    assert problems == []
    return card


def to_draw(jg, bot):
    """Play on until a Supply card is to be tapped."""
    while not (jg.request.kind == "card_tapped" and jg.request.item == "supply"):
        assert jg.game.turn.number < 200
        jg.answer(bot(jg.game))
    return jg.request


@pytest.fixture
def owner(tmp_path, monkeypatch):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "pea.toml").write_text(OWNER, encoding="utf-8")
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(folder))
    return folder


def test_owner_files_changing_never_stop_a_resume(tmp_path, owner):
    path = tmp_path / "journal.sqlite"
    jg = JournaledGame.new(Journal(path), GameConfig(teams=2, max_rounds=6), 5)
    bot = RandomBot(5)
    for _ in range(30):
        jg.answer(bot(jg.game))
    log, board = list(jg.log), jg.game.board.as_json()
    assert "pea_shooter" in jg.game.cards
    jg.close()
    (owner / "pea.toml").unlink()                                   # deleted
    (owner / "bad.toml").write_text("[[cards]]\nid = 'x'\n", encoding="utf-8")   # broken
    (owner / "pea_shooter.toml").write_text(OWNER.replace("copies = 3", "copies = 9"),
                                            encoding="utf-8")      # edited elsewhere
    again = resume(path)
    assert again is not None and again.log == log
    assert again.game.cards["pea_shooter"].copies == 3                # the journal's, not the file's
    assert again.game.board.as_json() == board
    again.answer(RandomBot(6)(again.game))                           # and it plays on
    again.close()


def test_a_card_taught_mid_game_is_drawn_at_once_and_resumes(tmp_path, owner):
    path = tmp_path / "journal.sqlite"
    jg = JournaledGame.new(Journal(path), GameConfig(teams=2, own_decks=True), 3)
    bot = RandomBot(3)
    d = to_draw(jg, bot)
    card = taught()
    assert card.id not in d.options
    with pytest.raises(Illegal):
        jg.answer(card.id)
    jg.add_card(card)                                # taught on the spot: offered at once
    assert card.id in jg.request.options and jg.request.item == "supply"
    team = jg.request.actor
    jg.answer(card.id)
    assert card.id in jg.game.hands[team]
    with pytest.raises(Illegal, match="already"):
        jg.add_card(card)
    assert jg.log == jg.journal.entries(jg.game_id)
    for _ in range(10):
        if jg.request is None:
            break
        jg.answer(bot(jg.game))
    log = list(jg.log)
    jg.close()
    for f in owner.iterdir():                        # the owner's folder is emptied
        f.unlink()
    again = resume(path)
    assert again is not None and again.log == log
    assert again.game.cards[card.id] == card
    assert again.game.cards["pea_shooter"].source == "the journal"
    assert again.game.hands == jg.game.hands
    again.close()


def test_a_taught_card_is_not_in_the_decks_the_box_set_up():
    game = LibraryGame.new(GameConfig(teams=2), 4)
    supply = game.deck_cards["supply"]
    game.add_card(taught())
    assert game.deck_cards["supply"] == supply and "taught_card" in game.cards
    replayed = LibraryGame.replay(GameConfig(teams=2), 4, game.log, cards=game.cards)
    assert replayed.log == game.log


def test_a_journal_without_kept_cards_reads_the_library(tmp_path):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        game = LibraryGame.new(GameConfig(teams=2), 8)
        gid = j.new_game(game.config, 8, game.log)          # as an older version kept it
        assert j.kept(gid) == []
    again = resume(path)
    assert again is not None and again.log == game.log
    again.close()


def craft(path, table: str, column: str, game_id: int, holding: str, change) -> None:
    """As an attacker would: the first row of ``table`` whose ``column`` holds ``holding``
    changed in the file by ``change`` (its JSON, changed in place)."""
    import sqlite3
    with sqlite3.connect(path) as db:
        seq, text = next((s, t) for s, t in db.execute(
            f"SELECT seq, {column} FROM {table} WHERE game_id = ?", (game_id,)) if holding in t)
        data = json.loads(text)
        change(data)
        db.execute(f"UPDATE {table} SET {column} = ? WHERE game_id = ? AND seq = ?",
                   (json.dumps(data), game_id, seq))


@pytest.mark.parametrize("field, value", [("accuracy", 10 ** 7), ("copies", 10 ** 9),
                                          ("names", {"en": "x" * 100_000})])
def test_a_crafted_card_in_the_journal_is_refused_not_played(tmp_path, owner, field, value):
    """Issue 38, item 7: ``learn`` entries were replayed without the card check: a Bazooka at
    accuracy 10**7 kept the box from starting.  Now the journal's game does not replay, with
    the problem named."""
    from table.journal import JournalError
    path = tmp_path / "journal.sqlite"
    jg = JournaledGame.new(Journal(path), GameConfig(teams=2, own_decks=True), 3)
    to_draw(jg, RandomBot(3))
    jg.add_card(taught())
    game_id = jg.game_id
    jg.close()
    craft(path, "entries", "payload", game_id, '"learn"',
          lambda entry: entry["learn"].update({field: value}))
    with pytest.raises(JournalError, match=field):
        resume(path)


def test_crafted_tiles_kept_in_the_journal_are_refused(tmp_path):
    """The map tiles a journal keeps are checked as a tile file is (issue 38, item 7)."""
    from table.journal import JournalError
    path = tmp_path / "journal.sqlite"
    jg = JournaledGame.new(Journal(path), GameConfig(teams=2), 3)
    game_id = jg.game_id
    jg.close()
    craft(path, "kept", "data", game_id, '"tiles"',
          lambda row: row["tiles"][0].update(hexes=[[q, 0] for q in range(5000)]))
    with pytest.raises(JournalError, match="5000 hexes"):
        resume(path)
