"""scripts/check-pi-os's verdict on what the emulated Pi's daemon logged (issue 36 item 3); the
emulated run itself is not part of ./run-tests (docs/benchmarks.md)."""

from pathlib import Path

from tests.sources import script_module

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "check-pi-os"
REVISION = ("buttons: lgpio (gpiozero) did not start: unable to locate Pi revision in "
            "/proc/device-tree or /proc/cpuinfo; it found no Raspberry Pi revision")
HIDDEN = ("buttons: lgpio (gpiozero) did not start: [Errno 2] No such file or directory: "
          "'/proc/cpuinfo'")


def load():
    return script_module(SCRIPT, "check_pi_os")


def passing(**changed):
    figures = {"install_ok": True, "rerun_nothing_to_change": True, "ready_s": 12.0,
               "watchdog_pings_45s": 4, "restart_after_kill_s": 15.3, "state_kept": True,
               "lines_naming_proc": [REVISION], "lines_proc_unexpected": [], "tracebacks": []}
    figures.update(changed)
    return figures


def test_only_the_explained_lines_naming_proc_pass():
    check = load()
    assert check.unexpected_proc(["running; state in /var/lib/worms-table", REVISION]) == []
    assert check.unexpected_proc([REVISION, HIDDEN, "reading /proc/loadavg"]) == \
        [HIDDEN, "reading /proc/loadavg"]
    assert all(why for why in check.PROC_EXPECTED.values())          # each one explained


def test_the_verdict_fails_on_an_unexplained_proc_line_a_traceback_or_no_log():
    check = load()
    assert check.verdict(passing())
    assert not check.verdict(passing(lines_naming_proc=[REVISION, HIDDEN]))
    assert not check.verdict(passing(tracebacks=["Traceback (most recent call last):"]))
    no_log = passing()
    del no_log["lines_naming_proc"]
    assert not check.verdict(no_log)                                   # a probe that saw nothing
    assert not check.verdict(passing(restart_after_kill_s=None))
