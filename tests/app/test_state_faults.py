"""Bad state and failing storage under the daemon (issue 10 items 3, 4 and 6): the devices
always start, what is wrong is named on the OLED (which the page mirrors), a damaged file is
moved aside and never deleted, and a write that fails stops play on a "storage" screen with
nothing in memory ahead of the journal, until storage works again."""

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from table.app.storage.problems import words
from table.librarygame import LibraryGame
from table.journal import Journal
from tests.journal.faulty import disk_full, io_error, opening

from tests.polling import until_async

from .driver import Player, enrol_all, running, seated, sim_daemon

ROOT = Path(__file__).resolve().parents[2]
WORMS_TABLE = str(Path(sys.executable).with_name("worms-table"))


def shown(daemon) -> str:
    return " ".join(daemon.current().screen(daemon.view()).texts)


def title(kind: str) -> str:
    return words(kind, "en", file="")[0]


def faulty_daemon(state_dir, seed, **kw):
    """``(daemon, disk)``: a daemon on simulated devices, and its journal's connection, to
    fail on demand."""
    with opening() as opened:
        daemon = sim_daemon(state_dir, seed, **kw)
    return daemon, opened.of(daemon.journal.path)


def journal(state_dir):
    return Journal(state_dir / "journal.sqlite", game_cls=LibraryGame)


def journal_log(state_dir, game_id):
    with journal(state_dir) as j:
        return j.entries(game_id)


# -- failing writes in play ------------------------------------------------------------------

def test_disk_full_on_an_answer_shows_storage_full_and_the_game_goes_on_once_freed(tmp_path):
    async def main():
        daemon, disk = faulty_daemon(tmp_path, 5, retry_s=60)
        async with running(daemon):
            p = Player(daemon, enrol_all(daemon))
            await p.wizard()
            await p.confirm()
            gid, log_before = daemon.jg.game_id, list(daemon.game.log)
            disk.error = disk_full()
            await p.choose(daemon.game.request.default)
            full = shown(daemon), daemon.jg, journal_log(tmp_path, gid)
            await p.press("ok")                      # still full: still the same screen
            still = shown(daemon)
            disk.error = None                        # space freed
            await p.press("ok")
            back = daemon.mode, list(daemon.game.log)
            await p.confirm()
            await p.choose(daemon.game.request.default)
            return gid, log_before, full, still, back, list(daemon.game.log)

    gid, log_before, (full, jg, stored), still, back, after = asyncio.run(main())
    assert title("full") in full and title("full") in still
    assert jg is None and stored == log_before            # nothing in memory ahead of the file
    assert back == ("play", log_before)                   # on from the journal
    assert len(after) > len(log_before)
    assert journal_log(tmp_path, gid) == after            # nothing lost, no gap


def test_a_failed_write_when_the_timer_runs_out_stops_cleanly_and_the_game_replays(tmp_path):
    now = [1000.0]

    async def main():
        daemon, disk = faulty_daemon(tmp_path, 3, clock=lambda: now[0], fps=100, retry_s=60)
        async with running(daemon):
            p = Player(daemon, enrol_all(daemon))
            await p.wizard(rules=("timer",))
            await p.confirm()
            gid, log_before = daemon.jg.game_id, list(daemon.game.log)
            disk.error = io_error()
            now[0] += 10_000                         # the turn's time runs out
            await until_async(lambda: daemon.mode == "storage"
                              or any(e.get("timeout") for e in daemon.game.log),
                              timeout=30, what="the time-up written, or storage failed")
            failed = shown(daemon), daemon.jg
            disk.error = None
            await p.press("ok")                      # storage works again
            await p.confirm()
            await p.choose(daemon.game.request.default)
            await p.confirm()
            return gid, log_before, failed, list(daemon.game.log)

    gid, log_before, (failed, jg), after = asyncio.run(main())
    assert title("failed") in failed and jg is None
    assert after[:len(log_before)] == log_before and len(after) > len(log_before)
    with journal(tmp_path) as j:     # replays: the box can resume it
        assert j.entries(gid) == after
        assert j.load(gid).log == after


def test_storage_is_tried_again_by_itself(tmp_path):
    now = [0.0]

    async def main():
        daemon, disk = faulty_daemon(tmp_path, 5, clock=lambda: now[0], retry_s=0.01)
        async with running(daemon):
            p = Player(daemon, enrol_all(daemon))
            await p.wizard()
            await p.confirm()
            disk.error = disk_full()
            await p.choose(daemon.game.request.default)
            assert daemon.mode == "storage"
            disk.error = None
            now[0] += daemon.guard.retry_s + 1
            await until_async(lambda: daemon.mode != "storage", timeout=30,
                              what="storage retried")
            return daemon.mode, daemon.store.fault

    assert asyncio.run(main()) == ("play", None)


# -- bad state at start ------------------------------------------------------------------------

async def start_and_read(state_dir, **kw):
    """Start a daemon: what its OLED says first, which devices are up, whether the OLED
    shows anything, and the mode once every notice is confirmed with OK."""
    daemon = sim_daemon(state_dir, **kw)
    try:
        async with running(daemon):
            first, devices = shown(daemon), set(daemon.dev)
            oled = daemon.dev["display"].image
            p = Player(daemon)
            for _ in range(5):
                if daemon.mode == "wizard" and daemon.overlay is None:
                    break
                await p.press("ok")
            return first, devices, oled, daemon.mode
    finally:
        daemon.close()


def test_settings_and_progress_of_the_wrong_type_are_named_and_moved_aside(tmp_path):
    (tmp_path / "settings.json").write_text("[]")
    (tmp_path / "progress.json").write_text('{"game": "one", "shown": []}')
    first, devices, oled, mode = asyncio.run(start_and_read(tmp_path))
    assert devices == {"display", "leds", "wind", "buttons", "card_reader"} and oled is not None
    assert title("file") in first and "settings.json" in first
    assert [p.read_text() for p in tmp_path.glob("settings.json.damaged-*")] == ["[]"]
    assert not (tmp_path / "settings.json").exists()
    assert mode == "wizard"


def test_a_damaged_journal_is_named_moved_aside_and_a_new_one_started(tmp_path):
    garbage = b"SQLite format 3\0" + bytes(range(256)) * 40
    (tmp_path / "journal.sqlite").write_bytes(garbage)
    first, devices, oled, mode = asyncio.run(start_and_read(tmp_path))
    assert title("damaged") in first and oled is not None
    kept = list(tmp_path.glob("journal.sqlite.damaged-*"))
    assert [k.read_bytes() for k in kept] == [garbage]            # kept, never deleted
    assert mode == "wizard"
    Journal(tmp_path / "journal.sqlite").close()                  # a sound new journal


def test_an_empty_journal_is_reported_not_silently_replaced(tmp_path):
    (tmp_path / "journal.sqlite").write_bytes(b"")
    first, devices, oled, mode = asyncio.run(start_and_read(tmp_path))
    assert title("damaged") in first
    assert [k.stat().st_size for k in tmp_path.glob("journal.sqlite.damaged-*")] == [0]


def test_a_game_that_does_not_replay_is_named_and_kept(tmp_path):
    async def play_a_bit():
        async with seated(tmp_path, 5) as (daemon, p):
            return daemon.jg.game_id
    gid = asyncio.run(play_a_bit())
    with journal(tmp_path) as j:
        j.append(gid, {"chance": "die", "value": "no such face"})
    first, devices, oled, mode = asyncio.run(start_and_read(tmp_path))
    assert title("replay") in first and mode == "wizard"
    with journal(tmp_path) as j:
        assert j.info(gid).status == "playing"                    # left in the journal


def test_an_unusable_state_folder_is_named_and_retried(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    first, devices, oled, mode = asyncio.run(start_and_read(blocker / "state"))
    assert devices == {"display", "leds", "wind", "buttons", "card_reader"}
    assert title("failed") in first


def test_a_bad_card_file_is_left_out_and_named(tmp_path, monkeypatch):
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "mine.toml").write_text("[[cards]\nid = 'sling'\n")          # not TOML
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(cards))
    first, devices, oled, mode = asyncio.run(start_and_read(tmp_path / "state", cards=None))
    assert title("cards") in first and mode == "wizard"


def test_run_with_an_unusable_state_folder_keeps_running_and_says_why(tmp_path):
    """As a process: no exit (systemd would restart it 20 times, then give up with a blank
    box), no traceback; the folder named in the log; stopped cleanly."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    env = dict(os.environ, STATE_DIRECTORY=str(blocker / "state"))
    env.pop("NOTIFY_SOCKET", None)
    proc = subprocess.Popen([WORMS_TABLE, "run", "--sim", "--no-web"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=ROOT)
    try:
        line = proc.stdout.readline()
        assert line.startswith("worms-table: running"), proc.stderr.read()
        said = []                                  # the log, until it names the folder
        while not said or str(blocker) not in said[-1]:
            said.append(proc.stderr.readline())
            assert said[-1], "".join(said)
        assert proc.poll() is None                 # it said why, and runs on
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    err = "".join(said) + err
    assert proc.returncode == 0, err
    assert "Traceback" not in err and str(blocker) in err


def test_every_state_screen_fits_the_oled_in_every_language():
    from table.app.storage.problems import PROBLEM_KINDS
    from table.ui import screens
    from table.ui.strings import LANGS
    problems = [(kind, lang, name, screens.message(*words(kind, lang, file=name)).problems)
                for kind in PROBLEM_KINDS for lang in LANGS
                for name in ("settings.json", "progress.json", "tags.toml")]
    assert [p for p in problems if p[3]] == []
