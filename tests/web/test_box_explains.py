"""The box explains its turn on the page (issue 35 item 3): while its line is on show, the page
(the view a snapshot gives, tests/web/test_view.py) says what it plays, where it aims in words
(the hex walked from the Wind Dial, "1N 2NE", not only lit) and why, where a reason holds; the
daemon's log keeps each line, with its reason, in English."""

from __future__ import annotations

import asyncio
import logging
import re

from table.bots import RandomBot
from table.ui.strings import text
from table.web.view import TableView
from tests.app.driver import play_out, seated

#: where the box aims, in words: a worm or a hex, then steps from the Wind Dial ("2N 1NE")
WHERE = re.compile(r", aim: (Blue \d at|hex) (\d(N|NE|SE|S|SW|NW)( |,|:|$))+")
#: the reasons the box gives (table/bots/explain.py), in English
WHY = [text(k, "en") for k in ("why.passing_wins", "why.last_worm", "why.damaged", "why.by_water")]


def play(tmp_path, seed: int, turns: int = 12) -> list[list[str]]:
    """Blue plays at random through the buttons, the box plays Red; the page's words each
    time the box's line is on show."""
    async def main():
        async with seated(tmp_path / str(seed), seed, box={"red": "normal"}) as (daemon, player):
            page, shown = TableView(), []

            def push(snap):
                page.show(snap)
                screen = page.state()["table"]["screen"]
                if screen and screen[0] == "Box (Red)" and screen not in shown:
                    shown.append(screen)
            daemon.page.on_snapshot = push
            await play_out(daemon, player, RandomBot(seed), turns=turns)
            return shown
    return asyncio.run(main())


def test_the_page_shows_what_the_box_plays_where_and_why_and_the_log_keeps_it(tmp_path, caplog):
    reasons = []
    for seed in (51, 52, 53):             # (until the box has given a reason: most games do)
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="worms-table"):
            shown = play(tmp_path, seed)
        logged = [r.getMessage().removeprefix("box (red): ") for r in caplog.records
                  if r.getMessage().startswith("box (red): ")]
        lines = [s[-1] for s in shown if len(s) > 2]      # title, "Confirm with OK", the line
        assert logged and lines, (shown, logged)
        # every line the log keeps was on the page (whole, or without its reason where the
        # OLED had no room for it), and the page showed nothing the log does not keep
        assert all(any(line.startswith(p) for p in lines) for line in logged), (logged, lines)
        assert all(any(line.startswith(p) for line in logged) for p in lines), (logged, lines)
        aims = [p for p in lines if ", aim: " in p]
        assert aims and all(WHERE.search(p) for p in aims), aims
        reasons += [p for p in lines if p.endswith(tuple(f": {w}" for w in WHY))]
        if reasons:
            break
    assert reasons, "the box gave no reason in three games"
