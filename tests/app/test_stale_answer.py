"""An answer goes where what is on show says (issue 31 item 1): table/app/inputs.py ``outcome``
takes a prompt's answer by what the table is doing (``Daemon.doing``), so an answer made on a
prompt no longer on show (a step the players have since copied, a notice since replaced, a
decision since answered) changes nothing."""

import asyncio

from table.app import inputs
from table.app.asking.prompts import Notice
from table.app.core.tablestate import Doing
from table.devices.buttons import InputEvent
from table.ui import screens

from .driver import seated

OK = InputEvent("ok")


def notice(title: str) -> Notice:
    return Notice(lambda v: screens.message(title, ""))


def test_a_step_answered_after_the_queue_moved_on_confirms_nothing(tmp_path):
    async def main():
        async with seated(tmp_path, 3) as (daemon, p):
            assert daemon.doing() == Doing.COPYING and len(daemon.queue.steps) >= 3
            stale = daemon.current()
            await p.press("ok")                     # copied: the next step on show
            steps, done = list(daemon.queue.steps), daemon.queue.done
            inputs.outcome(daemon, stale, stale.press(OK))
            assert (daemon.queue.steps, daemon.queue.done) == (steps, done)
            assert daemon.overlay is None
    asyncio.run(main())


def test_a_notice_answered_after_another_replaced_it_takes_nothing_off(tmp_path):
    async def main():
        async with seated(tmp_path, 3) as (daemon, p):
            first, second = notice("first"), notice("second")
            daemon.state.set(overlay=first)
            daemon.state.set(overlay=second)
            steps, log = list(daemon.queue.steps), list(daemon.game.log)
            inputs.outcome(daemon, first, first.press(OK))
            assert daemon.overlay is second
            assert daemon.queue.steps == steps and daemon.game.log == log
            inputs.outcome(daemon, second, second.press(OK))     # on show: taken off
            assert daemon.overlay is None
    asyncio.run(main())


def test_a_decision_answered_again_once_the_game_moved_on_changes_nothing(tmp_path):
    async def main():
        async with seated(tmp_path, 3) as (daemon, p):
            await p.confirm()
            assert daemon.doing() == Doing.ASKING
            stale = daemon.current()
            answer = stale.press(OK)
            await p.press("ok")                     # the same answer, through the button
            log, steps = list(daemon.game.log), list(daemon.queue.steps)
            inputs.outcome(daemon, stale, answer)
            assert daemon.game.log == log and daemon.queue.steps == steps
            assert daemon.overlay is None
    asyncio.run(main())
