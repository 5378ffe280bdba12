"""Acceptance (issue 38 items 3 and 4), in headless Chromium on `worms-table demo --sim`: a
visitor on the page presses a button, sees the weapons the team holds on the OLED, fires the
one under the cursor with OK and sees what the shot did; then holds OK on the page's button, on
a page too busy to run its hold timer in time, and the short game against the box starts."""

from __future__ import annotations

import json
import re
import urllib.request

from .simulator import start_sim
from .test_browser import browser, page  # noqa: F401,F811  (fixtures)

HOLD_MS = 800                 # the page's hold time (table/web/static/app.js)


class Demo:
    """``worms-table demo --sim`` as a process, and the page open on it."""

    def __init__(self, page, tmp_path) -> None:  # noqa: F811
        self.page = page
        self.proc, self.url = start_sim("demo", tmp_path, 3)
        page.goto(self.url)
        page.wait_for_selector("#live:not(.off)")

    def oled(self) -> str:
        return self.page.text_content("#oled-text") or ""

    def until_oled(self, pattern: str) -> str:
        """Wait until the OLED's words match ``pattern``; the words that matched (the show
        goes on by itself, so a second read could already be the next screen)."""
        return self.page.wait_for_function(
            """pattern => { const words = document.getElementById('oled-text').textContent;
                            return new RegExp(pattern).test(words) && words; }""",
            arg=pattern, timeout=30_000).json_value()

    def press(self, button: str) -> str:
        """Click a button on the page and wait until the page shows what it did (its state
        at least as new as the table's after the press); the OLED's words then."""
        with self.page.expect_response(lambda r: r.url.endswith("/press"), timeout=30_000):
            self.page.click(f'[data-button="{button}"]')
        with urllib.request.urlopen(self.url + "state", timeout=30) as res:
            version = json.loads(res.read())["version"]
        self.page.wait_for_function(f"Number(document.body.dataset.version) >= {version}",
                                    timeout=30_000)
        return self.oled()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def test_a_visitor_fires_a_held_weapon_then_holds_ok_for_a_short_game(page, tmp_path):  # noqa: F811
    demo = Demo(page, tmp_path)
    try:
        demo.press("3")                               # any button: a shot
        shown = demo.until_oled("Bazooka|Grenade|Uzi|Girder|Ninja Rope")
        assert "Tap" not in shown                     # the weapons themselves, by name
        demo.press("ok")                              # fires the one under the cursor
        shown = demo.until_oled("Pick a target|Aim")
        for _ in range(40):                           # aim where it starts, the dice, the steps
            if re.search(r"result|No weapon|Back to the show", shown):
                break
            shown = demo.press("ok")
        assert re.search(r": result", shown), shown
        # the page too busy to run its hold timer: the hold is said when OK is let go
        page.evaluate("window.setTimeout = () => 0")
        box = page.locator('[data-button="ok"]').bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(HOLD_MS + 300)          # (held: the press itself)
        page.mouse.up()
        page.wait_for_function("document.getElementById('box-teams').textContent"
                               ".split(' · ').length === 1", timeout=30_000)
        assert "Red" in page.text_content("#box-teams") and "Blue" not in \
            page.text_content("#box-teams")           # the short game: the box plays Red only
    finally:
        demo.stop()
    assert all("net::ERR_" in e for e in page.errors), page.errors
