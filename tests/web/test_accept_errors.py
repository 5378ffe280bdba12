"""Out of file descriptors, asyncio's accept() fails and asyncio tries again a second later:
the page's server says so as one warning a minute, never a traceback, and leaves every other
loop error to the handler there was before."""

import asyncio
import errno
import logging

from table.web.limits import quiet_accept_errors


def test_accept_failing_for_want_of_files_is_one_warning_without_a_traceback(caplog):
    log = logging.getLogger("test-page")
    seen = []

    async def main():
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda loop, context: seen.append(context["message"]))
        undo = quiet_accept_errors(loop, log)
        for _ in range(5):
            loop.call_exception_handler({"message": "socket.accept() out of system resource",
                                         "exception": OSError(errno.EMFILE, "Too many open files")})
        loop.call_exception_handler({"message": "something else", "exception": ValueError()})
        undo()
        loop.call_exception_handler({"message": "socket.accept() out of system resource",
                                     "exception": OSError(errno.EMFILE, "Too many open files")})

    with caplog.at_level(logging.WARNING, logger="test-page"):
        asyncio.run(main())
    warnings = [r for r in caplog.records if r.name == "test-page"]
    assert len(warnings) == 1 and "out of file descriptors" in warnings[0].getMessage()
    assert warnings[0].exc_info is None
    # the other error, and the one after undo, went to the handler that was there before
    assert seen == ["something else", "socket.accept() out of system resource"]
