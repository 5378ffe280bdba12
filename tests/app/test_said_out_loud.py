"""Turns that change without a question are said, through the daemon's buttons (issue 23
items 3 and 4): the die or coin behind a jump, a scatter, a blast or a flip on the screen of
the change it made; a crate a worm opens, and one put on a worm's hex; a team's last worm
to play, a team out, the final round; "Hex 2/3" counting the hexes only (issue 37 item 2:
not the screens, not the summary), each named by its walk from the dial."""

import asyncio
import re

from table.app.presses import inputs_for
from table.app.showing.views import Step
from table.app.asking.prompts import Notice
from table.bots import RandomBot
from table.engine.decisions import DecisionKind
from table.engine.game import GameConfig
from table.hexgrid import hexagon

from .driver import Player, box_done, enrol_all, play_out, running, seated, sim_daemon

HEX = re.compile(r"^(?:Hex )?(\d+)/(\d+): \d[^\n ]+( \d[^\n ]+)?$", re.M)
#: two hexes on one screen: "Hexes 2+3/4", each named on a line of its own ("2N 1NE:")
PAIR = re.compile(r"^Hexes (\d+)\+(\d+)/(\d+)\n", re.M)
NAME = re.compile(r"^\d[^\n ]+( \d[^\n ]+)?:$", re.M)


def numbers(screen: str) -> list[tuple[int, int]]:
    """The hexes a screen of changes counts, "Hex i/n" or "Hexes i+j/n" (each named)."""
    if m := HEX.match(screen):
        return [(int(m.group(1)), int(m.group(2)))]
    if m := PAIR.match(screen):
        assert len(NAME.findall(screen)) == 2, screen
        i, j, n = map(int, m.groups())
        return [(i, n), (j, n)]
    return []


def shown(daemon) -> str:
    return "\n".join(daemon.current().screen(daemon.view()).texts)


async def watch(daemon, p, choose) -> list[list[str]]:
    """Play to the end, answering with ``choose(game)``; the screens that tell (every Step
    and Notice), in runs between two questions."""
    runs: list[list[str]] = [[]]
    await play_out(daemon, p, choose, told=runs)
    return runs


def test_a_whole_game_says_its_dice_its_crates_and_its_turns(tmp_path):
    async def main():
        async with seated(tmp_path, 1) as (daemon, p):
            return await watch(daemon, p, RandomBot(1))
    runs = asyncio.run(main())
    screens = [s for run in runs for s in run]
    jumps = [s for s in screens if re.search(r"^Jump die: ([1-6] → [NSEW]+|wind → [NSEW]+"
                                             r"|bullseye)$", s, re.M)]
    assert jumps and all(re.search(r"^(Blue|Red) \d: ", s, re.M) for s in jumps
                         if "bullseye" not in s)
    assert any(re.search(r"^(Mine|Fire) flip: (Safe|Danger!)$", s, re.M) for s in screens)
    assert any(re.search(r"^(Blue|Red) \d: opens the crate, remove it$", s, re.M)
               for s in screens)
    said = "\n".join(screens)
    assert re.search(r"(Blue|Red) team to play: worm \d, the last one", said)
    assert re.search(r"(Blue|Red) team is out", said)
    assert "Final round: every team left plays one more turn" in said
    # "Hex i/n": the hexes between two questions, 1 to n (a hex's second screen says its
    # number again), never the summary
    for run in runs:
        said = [k for s in run for k in numbers(s)]
        if not said:
            continue
        n = said[0][1]
        assert all(k == n for _, k in said) and said[0][0] == 1 and said[-1][0] == n
        assert all(b[0] - a[0] in (0, 1) for a, b in zip(said, said[1:])), run


def test_a_crate_put_on_a_worms_hex_is_said_and_so_is_its_opening(tmp_path):
    """A map so small that every hex holds a worm: the Drop card's crate lands by a worm (said
    on the question where the players choose its hex, issue 37: not again once it is there;
    on a screen of its own where the box put it); the worm on it, once activated, opens it and
    its team draws."""
    land = tuple(sorted(hexagon((0, 0), 1)))
    worms = tuple({"id": f"{team}-{i + 1}", "kind": "worm", "team": team,
                   "at": list(land[(2 * i + k) % len(land)])}
                  for k, team in enumerate(("blue", "red")) for i in range(4))
    config = GameConfig(teams=2, land=land, things=worms)

    def choose(game):
        d = game.request
        crates = {t.at for t in game.board.things.values() if t.kind == "crate"}
        if d.kind == DecisionKind.WORM:       # the worm on a crate, if the team has one
            on = [w for w in d.options if game.board.things[w].at in crates]
            if on:
                return on[0]
        return bot(game)
    bot = RandomBot(2)

    async def main():
        daemon = sim_daemon(tmp_path, 2)
        async with running(daemon):
            p = Player(daemon, enrol_all(daemon))
            daemon.start_game(config)
            runs = []
            for _ in range(400):
                runs.append(await one_run(daemon, p, choose))
                said = "\n".join(s for run in runs for s in run)
                placed = max(said.find("the worm here opens it when activated"),
                             said.find("A worm here opens it"))
                if placed >= 0 and "opens the crate" in said[placed:]:
                    runs.append(await one_run(daemon, p, choose))    # (its draw, said next)
                    return "\n".join(s for run in runs for s in run)[placed:]
        raise AssertionError("no crate opened")

    said = asyncio.run(main())
    assert said.startswith(("the worm here opens it when activated", "A worm here opens it"))
    m = re.search(r"^(Blue|Red) \d: opens the crate, remove it$", said, re.M)
    assert m and re.search(rf"^{m.group(1)} team(, draw a card|, take |: the Supply deck is "
                           "empty, no card)", said[m.end():], re.M)


async def one_run(daemon, p, choose) -> list[str]:
    """The screens that tell up to the next question, then the question's where its cursor
    ends (read before its OK), then its answer."""
    run = []
    for _ in range(200):
        await box_done(daemon)
        cur = daemon.current()
        if not isinstance(cur, (Step, Notice)):
            break
        run.append(shown(daemon))
        await p.press("ok")
    for kind, what in inputs_for(daemon.current(), choose(daemon.game), p.buttons.inputs):
        if (kind, what) == ("press", "ok"):
            run.append(shown(daemon))
        await p.make([(kind, what)])
    return run


def test_an_undo_past_the_boxs_roll_says_which_roll(tmp_path):
    """Issue 23 item 4: the undo refused after a jump says the box's die (the one the
    screens before showed beside the worm's move), not a roll nobody saw."""
    async def main():
        async with seated(tmp_path, 4) as (daemon, p):
            bot = RandomBot(4)

            def choose(game):
                d = game.request
                jumps = [o for o in d.options if isinstance(o, tuple) and o[0] == "jump"]
                return jumps[-1] if d.kind == DecisionKind.MOVE and jumps else bot(game)
            for _ in range(100):
                run = await one_run(daemon, p, choose)
                rolls = [e for e in daemon.game.events if e["event"] == "roll"]
                if daemon.game.log[-1].get("chance") == "die" and rolls[-1]["for"] == "jump":
                    await p.confirm(lambda seen=run: seen.append(shown(daemon)))
                    break
            seen = "\n".join(run)
            await p.press("back", long=True)
            return seen, shown(daemon), daemon.game.events
    seen, refusal, events = asyncio.run(main())
    roll = next(e for e in reversed(events) if e["event"] == "roll")
    assert roll["for"] == "jump"
    face = roll["face"] if roll["face"].isdigit() else {"wind": "wind", "hit": "bullseye"}[
        roll["face"]]
    assert f"Cannot undo: the box has rolled (Jump roll: {face})" in refusal
    assert f"Jump die: {face}" in seen              # the die the players saw
