"""Acceptance (issues 11, 23): a new group plays one whole two-team game of the real daemon
through the simulator page in headless Chromium, from the wizard to the end screen, reading
only what the page shows of the table: the OLED (its words are the image's alt text, the row
a menu shows inverted marked "▸"), the LED grid's colours, what stands on each hex, the hex
under the cursor, the team's hand (simulation).

The group plays boldly, to finish a game at the page's pace: it lets the box draw the
Supply and Drop cards, takes the worm the box offers, jumps it to the lit hex nearest an
enemy worm (never onto water or a Mine; even when that gets no nearer: a jump can scatter,
and a worm can drown), taps its best weapon card (Bazooka, Grenade, Uzi, then the rest), aims
where the box aims first (an enemy worm, most dice first), and confirms every board change.

Checked: aiming never starts on water; a miss is announced; every card ends with a summary;
killed in the middle of a list of board changes, the table comes back at the next change;
the game ends, on a summary screen.  Every input waits until the page shows the table's
state after it (no fixed sleeps).

The same group plays a second game with its own dice (issue 23): it rolls each die itself
(a seeded stand-in) and types the face in as the screen says (a number key; OK, then the
list's row of the wind face or the bullseye and OK; the Danger Flipper's side, 4 onto Safe or
1 onto Danger!, and OK), mistypes its first die
and takes it back with a long Back (or, when the box drew a card after it, lets it stand, the
refusal saying why, and mistypes the next).  Checked: each die's screen says which of how many and
what it is for, the mistyped die comes back to be typed again and the "Undone" screen says
which face was taken back, the box's change screens show the die typed beside what it did.
"""

from __future__ import annotations

import json
import random
import re
import signal
import urllib.request

from table.ui.strings import text

from .simulator import start_sim
from .test_browser import browser, page  # noqa: F401,F811  (fixtures)

MOVE = text("prompt.move_only", "en")       # a movement step's question ("Where to?")

#: the group's order of preference among the weapon cards of its hand (card ids)
BEST_FIRST = ("bazooka", "grenade", "uzi", "freeze", "ninja_rope", "girder")
WEAPON_KINDS = ("starter", "supply", "superweapon")
PRESSES = 3000
SEED = 13                       # a game this group finishes in 17 turns
WAIT_MS = 20_000                # generous: a slow machine only makes the test slower
#: the direction buttons, as the page numbers them round the grid
DIRS = {1: (0, -1), 2: (1, -1), 3: (1, 0), 4: (0, 1), 5: (-1, 1), 6: (-1, 0)}
BOARD = """() => [...document.querySelectorAll('[data-hex]')].map(c => ({
    at: c.dataset.hex.split(',').map(Number), colour: c.dataset.color || '#000000',
    water: c.classList.contains('water'), cursor: c.classList.contains('cursor'),
    mine: !!c.querySelector('.thing.mine'),
    worms: [...c.querySelectorAll('.thing.worm')].map(g => ({
        team: [...g.querySelector('circle').classList].find(k => k.startsWith('team-')).slice(5),
        n: g.querySelector('.worm-n').textContent,
        hurt: g.querySelector('circle').classList.contains('hurt')}))}))"""


def distance(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


class Table:
    """``worms-table run --sim`` as a process, and the page open on it."""

    def __init__(self, browser_page, state_dir, seed: int, args: tuple[str, ...] = (),
                 own_dice: bool = False):
        self.page, self.state_dir, self.seed = browser_page, state_dir, seed
        self.args = args                        # more options of ``run``
        self.proc = None
        # the group's own dice (None: the box rolls them)
        self.dice = random.Random(seed) if own_dice else None

    def start(self) -> None:
        self.proc, self.url = start_sim("run", self.state_dir, self.seed, *self.args)
        self.page.goto(self.url)
        self.page.wait_for_selector("#live:not(.off)")
        self.page.wait_for_function("document.getElementById('oled-text').textContent !== ''")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    # -- what the page shows ---------------------------------------------------------------
    def oled(self) -> str:
        return self.page.text_content("#oled-text") or ""

    def cursor_says(self) -> str:
        return self.page.text_content("#cursor-says") or ""

    def board(self) -> list[dict]:
        return self.page.evaluate(BOARD)

    def cursor(self):
        return next((tuple(h["at"]) for h in self.board() if h["cursor"]), None)

    def team(self) -> str:
        """The team to play, as the page names it ("Blue"), lower case as the worms' colours."""
        return (self.page.text_content("#hand-team") or "").strip("· ").lower()

    def hand_weapons(self) -> list[str]:
        """The cards of the hand on the page that are weapons (their data-card ids)."""
        return self.page.evaluate("""kinds => {
            const names = [...document.querySelectorAll('#hand li')].map(li => li.textContent);
            const out = [];
            for (const name of names)
              for (const card of document.querySelectorAll('[data-card]'))
                if (card.querySelector('.name').textContent === name
                    && kinds.some(k => card.classList.contains('kind-' + k)))
                  out.push(card.dataset.card);
            return out; }""", list(WEAPON_KINDS))

    # -- the inputs ------------------------------------------------------------------------
    def synced(self) -> None:
        """Wait until the page shows the table as it is now (after the last input): the
        page's state at least as new as the table's, its words the table's words."""
        with urllib.request.urlopen(self.url + "state", timeout=30) as res:
            state = json.loads(res.read())
        words = "\n".join((state.get("table") or {}).get("screen") or [])
        self.page.wait_for_function(
            """([v, words]) => Number(document.body.dataset.version) >= v
                 && document.getElementById('oled-text').textContent === words""",
            arg=[state["version"], words], timeout=WAIT_MS)

    def _send(self, path: str, act) -> None:
        with self.page.expect_response(lambda r: r.url.endswith(path), timeout=WAIT_MS):
            act()
        self.synced()

    def press(self, key: str) -> None:
        self._send("/press", lambda: self.page.keyboard.press(key))

    def ok(self) -> None:
        self.press("Enter")

    def tap(self, card: str) -> None:
        self._send("/tap", lambda: self.page.click(f'[data-card="{card}"]'))
        if self.page.is_visible("#take-off"):
            self._send("/remove", lambda: self.page.click("#take-off"))

    def walk(self, target) -> None:
        """Step the cursor over the grid to ``target``, a direction button at a time."""
        on_page = {tuple(h["at"]) for h in self.board()}
        here = self.cursor()
        for _ in range(30):
            if here == target:
                return

            def reach(d, twice=False, here=here):
                h = (here[0] + DIRS[d][0], here[1] + DIRS[d][1])
                if h not in on_page and twice:          # the dial's hex has no LED
                    h = (h[0] + DIRS[d][0], h[1] + DIRS[d][1])
                return h
            d = min(DIRS, key=lambda d: distance(reach(d, True), target))
            self.press(str(d))
            # the cursor may rest on the dial's hex (an answer there, shown by no LED)
            here = self.cursor() or reach(d)
        raise AssertionError(f"the cursor never reached {target}")


def move_target(table: Table):
    """The lit hex nearest an enemy worm (not water, not a Mine, not an enemy's own hex);
    a bold group jumps there even when it gets no nearer than where the worm stands."""
    board = table.board()
    team = table.team()
    enemies = [tuple(h["at"]) for h in board for w in h["worms"] if w["team"] != team]
    here = table.cursor()                       # a move starts on the worm's own hex
    if not enemies or here is None:
        return None

    def near(h):
        return min(distance(h, e) for e in enemies)
    best, key = None, (near(here), 1)
    for h in board:
        at = tuple(h["at"])
        r, g, b = rgb(h["colour"])             # as the page shows them (sRGB), not raw
        lit = (r < 128 and g == 255) or (r == 255 and g > 128 and b < 128)   # inch, jump
        if at == here or h["water"] or h["mine"] or not lit or near(at) < 1:
            continue
        if (near(at), 0) < key:
            best, key = at, (near(at), 0)
    return best


def play_move(table: Table, seen: dict) -> None:
    target = move_target(table)
    if target is None and "Back: skip" in table.oled():
        table.press("Escape")                   # Back skips the move: one press
        seen["skips"] = seen.get("skips", 0) + 1
        return
    if target is None:                          # a card's move that cannot be skipped
        table.ok()
        return
    table.ok()                                  # OK on the worm: where to jump?
    assert text("prompt.jump", "en") in table.oled(), table.oled()
    table.walk(target)                          # (a direction there moves the cursor only)
    says = table.oled()
    assert "Jump" in says, f"{target} is not a jump: {says!r}"
    table.ok()
    seen["moves"] = seen.get("moves", 0) + 1


def group_turns(table: Table, seen: dict, until=lambda t: False, presses: int = PRESSES,
                own=None) -> bool:
    """Play as the group does (see the module doc); note what the page said.  True once
    ``until(table)`` holds or the game is over (``seen["end"]``), False after ``presses``
    screens; ``own(table, seen, screen)`` plays the screens it knows itself (True: done)."""
    for _ in range(presses):
        screen = table.oled()
        if until(table):
            return True
        if screen.startswith("Game over"):
            seen["end"] = screen
            return True
        if own is not None and own(table, seen, screen):
            continue
        if "Missed!" in screen:
            seen["miss"] = screen
        if "Jump die: " in screen:
            seen["jump_said"] = screen
        if ": result" in screen:
            seen.setdefault("summaries", []).append(screen)
        if "Aim " in screen:
            says = table.cursor_says()
            seen.setdefault("aims", []).append(says)
            assert says and says != "Water", f"aiming starts on {says!r}"
        if "Tap a weapon card" in screen:
            hand = table.hand_weapons()
            best = sorted(hand, key=lambda c: BEST_FIRST.index(c) if c in BEST_FIRST else 99)
            if best:
                seen.setdefault("played", []).append(best[0])
                table.tap(best[0])
                continue
        if MOVE in screen and "▸" not in screen:
            play_move(table, seen)
            continue
        if table.dice is not None and type_in(table, seen):
            continue
        table.ok()
    return False


#: a typed die's title: "Roll a die", "Die 2 of 4"
TYPED = re.compile(r"^(Roll a die|Die (\d+) of (\d+))$")


def type_in(table: "Table", seen: dict) -> bool:
    """A die or the Danger Flipper to type in, rolled by the group itself: typed as the
    screen says (False: no such screen on show).  The first die is mistyped, then taken back
    with a long Back and typed again."""
    lines = table.oled().split("\n")
    if lines[0] == "Danger Flipper" and "Safe" in lines:
        seen.setdefault("flips", []).append(lines)
        table.press(table.dice.choice("41"))       # onto Safe or Danger!, then OK
        table.ok()
        return True
    if not TYPED.match(lines[0]):
        return False
    seen.setdefault("typed", []).append(lines)
    face = table.dice.choice(("1", "2", "3", "4", "5", "6", "wind", "hit"))
    if "mistyped" not in seen:
        wrong = "6" if face == "5" else "5"
        table.press(wrong)
        table.press("Shift+Escape")                # a long Back: the face typed, taken back
        said = table.oled()
        table.ok()
        if not said.startswith("Undone"):          # a card drawn since, say: it stands
            assert said.startswith("Oops") and "Cannot undo: " in said, said
            seen.setdefault("refused", []).append(said)
            return True
        seen["mistyped"] = (wrong, said)
        assert table.oled().split("\n")[0] == lines[0], (lines, table.oled())
    if face.isdigit():
        table.press(face)
    else:                                          # OK opens the wind face and the bullseye
        table.ok()
        assert "Wind or bullseye?" in table.oled(), table.oled()
        if face == "hit":                          # (the cursor on the wind face)
            table.press("4")
        table.ok()
    seen.setdefault("faces", []).append((lines, face))
    return True


def wizard(table: Table, box_draws: bool = True) -> None:
    """Through the new-game wizard as offered (English, two teams, no optional rule, the
    box's dice or, with ``table.dice``, the group's own, the things placed by the box, a new
    map as offered), the box drawing the Supply and Drop cards where the wizard asks who
    draws (``box_draws``; else the players draw, as offered), to the deal."""
    for _ in range(40):
        screen = table.oled()
        if screen.startswith("Deal:"):
            return
        if box_draws and "Decks" in screen.split("\n")[:2] and "Players draw" in screen:
            table.press("4")                    # the next choice: the box draws
        elif table.dice is not None and type_in(table, {"mistyped": ("", "")}):
            continue                            # the setup's wind, rolled by the group
        elif table.dice is not None and "▸ Automated dice" in screen.split("\n"):
            table.press("4")                    # our own dice
            assert "▸ Our own dice" in table.oled().split("\n"), table.oled()
        elif screen.startswith("Map\n"):        # the map editor: a long OK, the map as offered
            table.press("Shift+Enter")
        else:
            table.ok()
    raise AssertionError(f"the wizard never ended: {table.oled()!r}")


def test_a_new_group_plays_a_whole_game_through_the_page(page, tmp_path):  # noqa: F811
    table = Table(page, tmp_path / "game", seed=SEED)
    seen: dict = {}
    try:
        table.start()
        # the first screen says what the buttons do
        assert "1-6 move, OK chooses" in table.oled()
        wizard(table)
        assert "Take: " in table.oled()         # what each team takes from the box

        # turns until a card has left a list of board changes on the table, two hexes or more
        def in_a_list(t):
            m = re.search(r"Hex 1/(\d+): ", t.oled())
            return m is not None and int(m.group(1)) >= 2 and seen.get("played")
        for _ in range(100):
            assert group_turns(table, seen, until=in_a_list), "no list of board changes"
            assert "end" not in seen, "the game ended before a list of board changes"
            table.ok()                          # the first change confirmed...
            expected = table.oled()
            if "Hex 2/" in expected:            # (a list whose next screen is a hex too)
                break
        assert "Hex 2/" in expected
        table.kill()                            # ... then the table is killed
        table.start()
        assert table.oled() == expected         # the next change, not the first again
        # ... and the same group plays on to the end of the game
        assert group_turns(table, seen), "the game did not end"
    finally:
        table.stop()
    assert seen.get("aims"), "no aim was asked"
    assert seen.get("moves"), "no worm was moved"
    assert "miss" in seen, "no miss was announced"
    assert len(seen["summaries"]) >= 4
    assert re.match(r"Game over: \d+ turns", seen["end"])
    assert "team wins!" in seen["end"] or "Shared win" in seen["end"] or "draw" in seen["end"]
    page.screenshot(path=str(tmp_path / "end.png"))
    # (the only errors: the page losing a table that was killed or stopped)
    assert all("net::ERR_" in e for e in page.errors), page.errors


def whole_game(table: Table, set_up=wizard) -> dict:
    """``table`` started, set up by ``set_up`` and played by the group to its end, then
    stopped: what the group saw on the way (:func:`group_turns`)."""
    seen: dict = {}
    try:
        table.start()
        set_up(table)
        assert group_turns(table, seen), "the game did not end"
    finally:
        table.stop()
    return seen


def test_a_new_group_plays_a_whole_game_with_its_own_dice(page, tmp_path):  # noqa: F811
    table = Table(page, tmp_path / "game", seed=SEED, own_dice=True)
    seen = whole_game(table)
    typed = seen.get("typed", [])
    assert len(typed) >= 10, len(typed)
    # each die says which of how many and what it is for (the line under its keys' hint)
    purposes = {text(f"roll.for.{w}", "en") for w in
                ("accuracy", "wind", "jump", "scatter", "knockback", "blast", "oil_drum", "move")}
    for lines in typed:
        assert any(line == p or line.startswith(f"{p}:") for p in purposes
                   for line in lines[1:]), lines
    assert any(TYPED.match(lines[0]).group(2) for lines in typed)      # "Die k of n"
    wrong, undone = seen["mistyped"]
    assert undone.startswith("Undone") and f"Die typed in: {wrong}" in undone
    # the dice typed in are said beside what they did ("Jump die: 4 → S")
    jumps = [face for lines, face in seen["faces"] if any(line.startswith("Jump roll")
                                                          for line in lines)]
    if jumps:
        assert "jump_said" in seen
    assert re.match(r"Game over: \d+ turns", seen["end"])
    assert all("net::ERR_" in e for e in page.errors), page.errors
