"""The acceptance test: SIGKILL a process playing journaled games 50 times, each at a moment
the test chooses (tests/journal/killing.py); each restart resumes from the journal, nothing
acknowledged is lost, and the games end exactly as uninterrupted ones."""

from tests.journal.killing import kill_and_resume

KILLS = 50


def test_sigkill_50_times_during_real_games(tmp_path):
    figures = kill_and_resume(tmp_path, "real", seed=2000, games=30, kills=KILLS)
    assert figures["kill_problems"] == []
    assert (figures["kill_resumes"], figures["kill_entries_lost"]) == (KILLS, 0)
