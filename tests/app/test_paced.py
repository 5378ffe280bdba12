"""tasks.paced (table/app/core/tasks.py): the shop demo's beats, each held as long as it says, or
cut short by an input; a beat that fails is logged, never the end; stopped by a cancel."""

from __future__ import annotations

import asyncio

from table.app.core import tasks
from tests.polling import until_async


def test_a_beat_is_held_until_woken_and_a_failing_beat_is_not_the_end(caplog):
    beats: list[int] = []

    def beat() -> float:
        beats.append(len(beats))
        if len(beats) == 2:
            raise ValueError("a beat that fails")
        return 3600.0                         # held for an hour, unless woken

    async def scenario() -> None:
        wake = asyncio.Event()
        task = asyncio.create_task(tasks.paced(beat, wake, "the show"))
        await until_async(lambda: beats == [0], what="the first beat")
        for _ in range(5):
            await asyncio.sleep(0)
        assert beats == [0]                   # held
        wake.set()                            # an input: the next beat at once
        await until_async(lambda: len(beats) == 2, what="the beat after the input")
        wake.set()
        await until_async(lambda: len(beats) == 3, what="a beat after the failing one")
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert task.cancelled()

    asyncio.run(scenario())
    assert "the show failed; going on" in caplog.text and "a beat that fails" in caplog.text
