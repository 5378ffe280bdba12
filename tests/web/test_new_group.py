"""Acceptance (issue 11): a new group plays the real daemon through the simulator page in
headless Chromium, reading only what the page shows of the table: the OLED (its words are the
image's alt text), the LEDs, the hex under the cursor, the team's hand (simulation).  The
group accepts every default and taps the first weapon card of its hand.

Checked: aiming never starts on water; a miss is announced; every card ends with a summary;
killed in the middle of a list of board changes, the table comes back at the next change;
the end of the game is a summary screen.  (A group that only accepts the defaults never moves
and soon runs out of cards, so the last turns of the game are reached from a journal a bot
played up to the point where the defaults finish it; the page plays those turns.)
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys

from .test_browser import browser, page  # noqa: F401,F811  (fixtures)

WEAPON_KINDS = ("starter", "supply", "superweapon")
PRESSES = 600


class Table:
    """``worms-table run --sim`` as a process, and the page open on it."""

    def __init__(self, page, state_dir, seed: int):
        self.page, self.state_dir, self.seed = page, state_dir, seed
        self.proc = None

    def start(self) -> None:
        cmd = [sys.executable, "-m", "table.cli", "run", "--sim", "--state-dir",
               str(self.state_dir), "--port", "0", "--seed", str(self.seed)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
        lines = []
        while True:
            line = self.proc.stdout.readline()
            assert line, f"the daemon stopped: {''.join(lines)}"
            lines.append(line)
            if m := re.match(r"simulator: (http://127\.0\.0\.1:\d+/)$", line.strip()):
                self.url = m.group(1)
                break
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

    def hand_weapon(self) -> str | None:
        """The first card of the hand on the page that is a weapon (its data-card id)."""
        return self.page.evaluate("""kinds => {
            const names = [...document.querySelectorAll('#hand li')].map(li => li.textContent);
            for (const name of names)
              for (const card of document.querySelectorAll('[data-card]'))
                if (card.querySelector('.name').textContent === name
                    && kinds.some(k => card.classList.contains('kind-' + k)))
                  return card.dataset.card;
            return null; }""", list(WEAPON_KINDS))

    # -- the inputs ------------------------------------------------------------------------
    def _changed(self, before: str) -> None:
        try:
            self.page.wait_for_function(
                "b => document.getElementById('oled-text').textContent !== b", arg=before,
                timeout=1500)
        except Exception:                   # the same screen again (a cursor on the LEDs)
            pass

    def ok(self) -> None:
        before = self.oled()
        self.page.keyboard.press("Enter")
        self._changed(before)

    def tap(self, card: str) -> None:
        before = self.oled()
        self.page.click(f'[data-card="{card}"]')
        self._changed(before)
        if self.page.is_visible("#take-off"):
            self.page.click("#take-off")


def group_turns(table: Table, seen: dict, until=lambda t: False, presses: int = PRESSES):
    """Play as a new group: OK on everything, the first weapon of the hand when a card is
    asked; note what the page said."""
    for _ in range(presses):
        screen = table.oled()
        if until(table):
            return True
        if screen.startswith("Game over"):
            seen["end"] = screen
            return True
        if "Missed!" in screen:
            seen["miss"] = screen
        if ": result" in screen:
            seen.setdefault("summaries", []).append(screen)
        if "Aim " in screen:
            says = table.cursor_says()
            seen.setdefault("aims", []).append(says)
            assert says and says != "Water", f"aiming starts on {says!r}"
        if "Tap a weapon card" in screen:
            card = table.hand_weapon()
            if card is not None:
                seen.setdefault("played", []).append(card)
                table.tap(card)
                continue
        table.ok()
    return False


def near_the_end(state_dir, seed: int) -> None:
    """A journal a bot played up to the answer where the group's defaults end the game."""
    sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
    from app.driver import Player, enrol_all, running, sim_daemon
    from table.app.prompts import CardTap, HexPick, Notice
    from table.app.present import Step
    from table.bots import GreedyBot

    def default(daemon):
        p = daemon.current()
        if isinstance(p, CardTap):
            hand = daemon.game.hands[daemon.game.turn.team]
            weapons = [c for c in hand if c in p.options]
            return weapons[0] if weapons else "pass"
        if isinstance(p, HexPick):
            return p.options[p.cursor][0][0]
        return p.selected

    async def main():
        daemon = sim_daemon(state_dir, seed)
        bot = GreedyBot(seed, samples=1, max_options=6)
        tags = enrol_all(daemon)
        async with running(daemon):
            player = Player(daemon, tags)
            await player.wizard()
            for _ in range(20000):
                cur = daemon.current()
                if isinstance(cur, (Step, Notice)):
                    await player.press("ok")
                    continue
                game = daemon.game
                trial = type(game).replay(game.config, game.seed, game.log)
                try:
                    trial.answer(default(daemon))
                except Exception:
                    trial = None
                if trial is not None and trial.result is not None:
                    return                  # the group's default here ends the game
                await player.choose(bot(game))
            raise AssertionError("no game end found")

    import threading                       # (Playwright's loop runs in this thread)
    failed = []
    thread = threading.Thread(target=lambda: _run(main, failed))
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


def _run(main, failed) -> None:
    try:
        asyncio.run(main())
    except BaseException as err:
        failed.append(err)


def test_a_new_group_plays_through_the_page(page, tmp_path):  # noqa: F811
    table = Table(page, tmp_path / "game", seed=4)
    seen: dict = {}
    try:
        table.start()
        # the first screen says what the buttons do
        assert "1-6 move, OK chooses" in table.oled()
        for _ in range(6):                     # language, teams, rules, dice, placement, map
            table.ok()
        page.keyboard.press("Shift+Enter")     # a long OK: the map as offered
        page.wait_for_function("document.getElementById('oled-text').textContent"
                               ".startsWith('Deal:')")
        assert "Take: " in table.oled()         # what each team takes from the box

        # turns until a card has left a list of two or more board changes on the table
        def in_a_list(t):
            m = re.search(r"Hex 1 of (\d+)", t.oled())
            return m is not None and int(m.group(1)) >= 2 and seen.get("played")
        assert group_turns(table, seen, until=in_a_list), "no list of board changes"
        table.ok()                              # the first change confirmed...
        expected = table.oled()
        assert "Hex 2 of" in expected
        table.kill()                            # ... then the table is killed
        table.start()
        assert table.oled() == expected         # the next change, not the first again
        group_turns(table, seen, until=lambda t: len(seen.get("summaries", [])) >= 4
                    and "miss" in seen)
    finally:
        table.stop()
    assert seen.get("aims"), "no aim was asked"
    assert "miss" in seen, "no miss was announced"
    assert len(seen["summaries"]) >= 4

    end = tmp_path / "end"
    near_the_end(end, seed=6)
    table = Table(page, end, seed=6)
    try:
        table.start()
        assert group_turns(table, seen, presses=200), "the game did not end"
    finally:
        table.stop()
    assert re.match(r"Game over: \d+ turns", seen["end"])
    assert "team wins!" in seen["end"] or "Shared win" in seen["end"] or "draw" in seen["end"]
    page.screenshot(path=str(tmp_path / "end.png"))
    # (the only errors: the page losing a table that was killed or stopped)
    assert all("net::ERR_" in e for e in page.errors), page.errors
