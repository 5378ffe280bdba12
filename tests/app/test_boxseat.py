"""The box's own seat (table/app/boxseat.py): which decisions it answers, that its answer is
the same however often it is asked, and the one line it says when it plays a card."""

from table.app import boxseat
from table.cards import library
from table.engine.decisions import Purpose
from table.engine.game import GameConfig
from table.librarygame import LibraryGame


def _game(seed="seat:1", **kw):
    return LibraryGame.new(GameConfig(teams=2, max_rounds=30, box=(("red", "hard"),), **kw), seed,
                    library())


def _until(game, pred, limit=400):
    """Defaults, but a card played whenever one can be."""
    for _ in range(limit):
        d = game.request
        if d is None or pred(game):
            return game
        cards = [o for o in d.options if o != "pass"]
        game.answer(cards[0] if d.purpose is Purpose.WEAPON and cards else d.default)
    raise AssertionError("never reached")


def test_the_box_answers_its_teams_decisions_and_no_other():
    game = _game()
    for _ in range(300):
        d = game.request
        if d is None:
            break
        team = boxseat.team_of(game, d)
        assert boxseat.box_team(game) == ("red" if team == "red" else None)
        game.answer(d.default)


def test_people_answer_for_the_box_what_is_done_with_real_pieces():
    game = _until(_game(own_dice=True, own_decks=True),
                  lambda g: g.request.kind in boxseat.PEOPLE
                  and boxseat.team_of(g, g.request) == "red")
    assert game.request is not None and boxseat.box_team(game) is None


def test_the_same_position_gets_the_same_answer():
    game = _until(_game(), lambda g: boxseat.box_team(g) == "red" and g.request.kind == "move")
    first = boxseat.choose(game, 11)
    assert first in game.request.options
    again = LibraryGame.replay(game.config, "seat:1", game.log, library())
    assert boxseat.choose(again, 11) == first


def test_the_box_says_which_card_it_plays_where_and_with_how_many_dice():
    game = _until(_game(), lambda g: g.request.purpose is Purpose.TARGET and g.request.card)
    d = game.request
    cards = game.cards
    i = next((k for k, info in enumerate(d.info or ()) if isinstance(info, int) and info > 1), 0)
    line = boxseat.say(game, d, d.options[i], "en", cards)
    assert line.startswith(cards[d.card].names["en"] + ", aim: ")
    if d.info and isinstance(d.info[i], int):
        assert line.endswith(f"{d.info[i]} dice")
    for lang in ("cs", "uk"):
        assert cards[d.card].names[lang] in boxseat.say(game, d, d.options[i], lang, cards)


def test_a_pass_is_said_too():
    game = _until(_game(), lambda g: g.request.purpose is Purpose.WEAPON
                  and "pass" in g.request.options)
    assert boxseat.say(game, game.request, "pass", "en", game.cards) == "No weapon this turn"


def test_people_draw_for_the_box_and_keep_its_card_face_down():
    from table.app.showing.views import game_view
    from table.app.asking.prompts import DeckTap
    from table.hexgrid import hexagon

    grid = frozenset(hexagon((0, 0), 4))
    for team, words in (("red", "For the box (Red): draw the top Supply card"),
                        ("blue", "Blue: draw the top Supply card")):
        game = _until(_game("seat:3", own_decks=True), lambda g, team=team: g.request.kind == "card_tapped"
                      and g.request.item == "supply" and boxseat.team_of(g, g.request) == team,
                      limit=3000)
        view = game_view("en", game, grid, game.cards)
        assert view.box == frozenset({"red"})
        assert words in " ".join(DeckTap(game.request, view.team).screen(view).texts)


def test_the_engine_takes_a_game_the_box_plays_at_every_seat():
    """Every seat the box's (the shop demo's show): the engine plays it to the end, the box
    answering every decision, and its config keeps the seats (the wizard never offers such a
    game: tests/app/test_seats.py)."""
    config = GameConfig(teams=2, max_rounds=3, box=(("blue", "easy"), ("red", "easy")))
    assert type(config).from_json(config.as_json()) == config
    game = LibraryGame.new(config, "all-box:1", library())
    for _ in range(2000):
        if game.request is None:
            break
        assert boxseat.box_team(game) is not None or game.request.kind in boxseat.PEOPLE
        game.answer(boxseat.choose(game, game.seed))
    assert game.result is not None


# -- why (issue 35 item 3) --------------------------------------------------------------------

def _puzzle(name):
    from tests.bots.puzzles import PUZZLES, position
    return position(next(p for p in PUZZLES if p.name == name))


def test_the_box_says_passing_wins_when_it_does():
    game = _puzzle("pass_small_bazooka")          # the final round: Red is out, Blue plays on
    d = game.request
    assert boxseat.explain(game, d, "pass", "en", game.cards) == "No weapon this turn: passing wins"
    assert boxseat.explain(game, d, "pass", "cs", game.cards) == "V tomto tahu bez zbraně: bez zbraně vyhrává"
    assert boxseat.explain(game, d, "pass", "uk", game.cards) == "Цього ходу без зброї: без зброї виграє"


def test_the_box_names_the_hex_in_words_and_why_it_aims_there():
    game = _puzzle("aim_adjacent")            # Red's last worm, damaged, one hex north of Blue's
    line = boxseat.explain(game, game.request, (0, -1), "en", game.cards)
    assert line == "Uzi, aim: Red 1 at 1N: the last of its team"
    assert boxseat.explain(game, game.request, (1, -1), "en", game.cards) == "Uzi, aim: hex 1NE"


def test_what_the_box_does_is_logged_with_why(caplog):
    game = _puzzle("pass_small_bazooka")
    with caplog.at_level("INFO", logger="worms-table"):
        notice = boxseat.said(game, "pass", "cs")
    assert notice is not None
    assert "box (blue): No weapon this turn: passing wins" in caplog.text
