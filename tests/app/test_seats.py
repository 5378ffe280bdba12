"""The box takes a seat: the wizard's "Who plays?" stage and the game config it gives."""

from table.app.asking.prompts import Refuse, View
from table.devices.buttons import InputEvent
from table.app.wizard import Wizard
from table.hexgrid import hexagon
from table.engine.setup import standard_land

GRID = frozenset(hexagon((0, 0), 4))


def _to_seats(w: Wizard, teams: str = "red") -> None:
    """The teams Blue to ``teams`` ticked (Blue and Red are, as offered)."""
    w.answer("en")
    order = ("blue", "red", "green", "yellow", "purple", "grey")
    for colour in order[2:order.index(teams) + 1]:
        w.answer(colour)
    w.answer("start")
    assert w.stage == "seats"


def test_ok_on_a_team_goes_round_players_and_the_levels():
    w = Wizard(GRID, "en")
    _to_seats(w)
    assert w.prompt.selected == "start"           # as offered: everyone plays, OK goes on
    seen = []
    for _ in range(4):
        w.answer("red")
        seen.append(w.box.get("red"))
    assert seen == ["easy", "normal", "hard", None]
    lines = w.prompt.screen(View("en", None, GRID)).texts
    assert "Red: players" in lines and "Blue: players" in lines


def test_the_box_plays_a_team_at_its_level_in_the_config():
    w = Wizard(GRID, "en", last_map=sorted(standard_land(2)))
    _to_seats(w)
    for _ in range(3):
        w.answer("red")
    lines = w.prompt.screen(View("en", None, GRID)).texts
    assert "Red: box, hard" in lines
    for v in ("start", "start", "auto", "players", "auto"):
        w.answer(v)
    config = w.answer("last")
    assert config.box == (("red", "hard"),)
    assert config.box_level("red") == "hard" and config.box_level("blue") is None
    assert type(config).from_json(config.as_json()) == config


def test_a_game_with_no_team_left_to_people_is_refused_and_says_why():
    w = Wizard(GRID, "en")
    _to_seats(w)
    w.answer("red")
    w.answer("blue")
    p = w.prompt
    p.cursor = p.values.index("start")
    out = p.press(InputEvent("ok"))
    assert isinstance(out, Refuse) and out.key == "wizard.seats_none"
    w.answer("start")                  # (even given, it does not start)
    assert w.stage == "seats"
    w.answer("blue")                   # blue: normal
    w.answer("blue")
    w.answer("blue")                   # blue: players again
    assert w.answer("start") is None and w.stage == "rules"


def test_fewer_teams_drop_the_box_seats_of_teams_no_longer_playing():
    w = Wizard(GRID, "en")
    _to_seats(w, "green")
    w.answer("green")
    assert w.box == {"green": "easy"}
    w.back()
    w.answer("green")                  # two teams again: Green cleared
    w.answer("start")
    assert w.box == {}
