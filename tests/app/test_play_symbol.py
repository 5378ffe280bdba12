"""A card played at another card's PLAY symbol is a card of its own (issue 32 item 5): its
own result screen after the first card's, and its own line in the turn log, each naming
only what that card did."""

from table.app.showing.tracker import Tracker
from table.app.showing.views import setup_board
from table.cards import library, parse_card
from table.engine.game import GameConfig
from table.engine.setup import standard_land
from table.librarygame import LibraryGame
from table.ui.story import turn_log
from table.ui.summaries import card_summary


def gust_then_bazooka(at_aim=None):
    """A game where Blue plays a Gust-like card (no target; TEXT: change the wind; PLAY),
    then the Bazooka at its PLAY symbol, aimed at a Red worm: the game and its events."""
    raw = {"id": "gust", "kind": "supply", "names": {"en": "Gust"}, "action": ["TEXT", "PLAY"],
           "text": [{"do": "change_wind"}]}
    gust, errors = parse_card(raw, "test", 0)
    assert not errors, errors
    cards = {k: c for k, c in library().items() if c.kind != "supply"} | {"gust": gust}
    land = tuple(sorted(standard_land(2)))
    dealt = LibraryGame.new(GameConfig(teams=2, land=land), 8, cards).hands
    hands = tuple((team, (*hand, "gust") if team == "blue" else tuple(hand))
                  for team, hand in dealt.items())
    game = LibraryGame.new(GameConfig(teams=2, land=land, hands=hands), 8, cards)
    while not (game.request.kind == "card" and game.turn.team == "blue"):
        game.answer(game.request.default)
    game.answer("gust")
    while game.request.kind != "card":                   # (the wind's die)
        game.answer(game.request.default)
    assert game.request.why == "play"
    game.answer("bazooka")
    if at_aim is not None:
        at_aim(game, cards)
    reds = {w.at for w in game.board.worms("red")}
    aim = next(h for h in game.request.options if h in reds) if reds & set(
        game.request.options) else game.request.options[0]
    game.answer(aim)
    while game.request is not None and game.turn.team == "blue":
        game.answer(game.request.default)
    return game, cards


def test_each_card_played_has_its_own_result_screen():
    game, cards = gust_then_bazooka()
    tracker = Tracker(game.config.land, setup=lambda: setup_board(game))
    steps = tracker.steps(game.events)
    summaries = [s.summary for s in steps if s.summary]
    blue = [s for s in summaries if s["team"] == "blue"]
    assert [s["card"] for s in blue] == ["gust", "bazooka"]
    gust, bazooka = blue
    assert gust["shot"] is None and gust["hurt"] == [] and gust["changes"] == 0
    assert bazooka["shot"] in ("hit", "miss")               # the Bazooka's aim, not Gust's
    # the Gust screen comes before any change the Bazooka made (its blast flashed on the
    # first of them; a miss whose blast changed nothing is told by the summary alone, its
    # token's hex flashing: issue 37)
    at = [i for i, s in enumerate(steps) if s.summary and s.summary["team"] == "blue"]
    blasts = [i for i, s in enumerate(steps) if s.blast is not None]
    assert all(at[0] < i < at[1] for i in blasts)
    assert blasts or (bazooka["shot"] == "miss" and bazooka["token"])
    titles = [card_summary("en", s, tracker.board)[0] for s in blue]
    assert "gust" in titles[0].lower() and "Bazooka" in titles[1]


def test_each_card_played_has_its_own_line_in_the_turn_log():
    game, cards = gust_then_bazooka()
    lines = turn_log(game.events, "en", cards, last=50)
    blue = [line for line in lines if line.startswith("1. ")]
    assert len(blue) == 2, lines
    assert blue[0].split(": ", 1)[1] == "Gust", blue             # the wind only: no hits
    assert blue[1].split(": ", 1)[1].startswith("Bazooka · "), blue


def test_the_card_played_at_play_asks_under_its_own_name():
    """Every prompt of the card played at the PLAY symbol is titled from that card, never
    from the one whose PLAY symbol it was (issue 32 item 5)."""
    from table.app.asking.prompts import for_decision
    from table.app.showing.views import game_view
    from table.hexgrid import hexagon
    said = []

    def aim(game, cards):
        view = game_view("en", game, frozenset(hexagon((0, 0), 4)), cards)
        prompt = for_decision(game.request, view)
        said.append(" ".join(prompt.screen(view).texts))
    gust_then_bazooka(aim)
    assert "Aim Bazooka" in said[0] and "gust" not in said[0].lower(), said
