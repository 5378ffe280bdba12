"""Fixtures shared by the test folders."""

import os
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).parent
#: The slow acceptance tests: whole games through the buttons or between bots, a browser,
#: processes started and killed, CAD builds, long randomised runs.  ``pytest -m "not slow"``
#: leaves them out (the fast set: under a minute of CPU, so on an idle machine; see
#: CONTRIBUTING.md); ``./run-tests`` and CI run everything.  By folder ("parts/"), file, or
#: file::test (every parameter of it).
SLOW = {
    "parts/",                                            # CAD builds
    "web/test_browser.py", "web/test_new_group.py", "web/test_group_evening.py",
    "web/test_cardform_page.py",
    "web/test_teach_game.py", "web/test_teach_page.py",                                # a browser
    "app/test_game_e2e.py", "app/test_drawn_from_snapshot.py",
    "app/test_box_plays.py::test_the_box_plays_a_whole_game_as_its_level_chooses",
    "web/test_box_explains.py",                          # a dozen turns through the buttons
    "app/test_teach_daemon.py::test_a_whole_game_where_every_supply_card_drawn_is_taught_on_the_spot",
    "app/test_own_decks.py::test_when_the_box_draws_nothing_is_tapped",
    "game/test_selfplay.py::test_greedy_beats_random_in_two_team_games",
    "game/test_golden.py::test_selfplay_gives_the_same_figures",   # 12 games between bots
    "game/test_selfplay.py::test_random_bots_play_100_games_without_an_error",
    "game/test_search.py::test_every_level_plays_a_whole_game_within_the_rules",
    "bots/test_puzzles.py::test_the_level_solves_its_share",  # the hard level: 48 searches
    "test_examples.py::test_games_with_the_pack_find_and_play_its_weapons",
    "journal/test_journal.py::test_the_cap_keeps_the_file_from_growing",
    "journal/test_journal.py::test_a_truncated_journal_is_reported_damaged",
    "web/test_hostile.py::test_one_page_cannot_hold_every_stream_and_unpairing_all_ends_them",
    "game/test_timer_replay.py::test_random_time_ups_and_undos_always_replay_to_the_same_game",
    "journal/test_kill.py",                              # processes killed, 50 times
    "app/test_service.py::test_killed_mid_game_the_box_comes_back_to_the_same_screen",
    "firmware/test_firmware_micropython.py",             # the real MicroPython
    "test_wheel.py",                                     # a wheel built
    "test_fuzz_readers.py",                              # thousands of mutated files
    "test_properties.py::test_random_effect_sequences_keep_the_invariants_and_are_deterministic",
    "link/test_link_host.py::test_every_frame_is_shown_right_over_a_faulty_link",
    "link/test_link_host.py::test_a_pico_that_keeps_failing_is_retried_later_and_later_and_logged_quietly",
    "web/test_hostile.py::test_half_open_sockets_under_a_file_limit_lock_nobody_out",
    "link/test_on_fake_pico.py::test_selftest_supply_reads_the_led_rail",  # each rail
    "web/test_demo_writes_nothing.py::test_mashing_every_input_for_hours_writes_nothing",
    "web/test_demo_page.py",                             # a browser
}


def _slow(where: str, name: str) -> bool:
    return (where in SLOW or f"{where}::{name}" in SLOW
            or any(where.startswith(folder) for folder in SLOW if folder.endswith("/")))


def pytest_ignore_collect(collection_path: Path, config) -> bool | None:
    """The fast set (``-m "not slow"``) does not even import a folder or file that is slow as
    a whole (the CAD builds import build123d: seconds before any test runs)."""
    if (config.getoption("markexpr", "") or "").strip() != "not slow":
        return None
    path = collection_path.resolve()
    if not path.is_relative_to(HERE) or path == HERE:
        return None
    where = path.relative_to(HERE).as_posix() + ("/" if path.is_dir() else "")
    return (where in SLOW) or None


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        path = item.path.resolve()
        if not path.is_relative_to(HERE):
            continue
        where = path.relative_to(HERE).as_posix()
        if _slow(where, getattr(item, "originalname", item.name)):
            item.add_marker(pytest.mark.slow)

# The tests see the shipped card library only: an owner's card folder on this machine
# (~/.config/worms-table/cards, read when WORMS_TABLE_CARDS is unset) must not join it.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="worms-table-tests-config-")
# ... and write their caches (the parsed catalogs: table.ui.strings.cached_catalogs) to a
# folder of their own, not this machine's ~/.cache
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="worms-table-tests-cache-")
os.environ.pop("CACHE_DIRECTORY", None)
os.environ.pop("WORMS_TABLE_CARDS", None)


@pytest.fixture
def mock_pins():
    """gpiozero's own mock pins (PWM-capable), reset afterwards."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    previous = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    yield factory
    factory.reset()
    Device.pin_factory = previous


@pytest.fixture(autouse=True)
def _card_library_as_found():
    """Every test leaves the program's card library as it found it: none opened (the demo,
    ``run`` and the daemon open one, table.cards.open_library), WORMS_TABLE_CARDS unchanged."""
    from table.cards import close_library

    before = os.environ.get("WORMS_TABLE_CARDS")
    close_library()
    yield
    close_library()
    if before is None:
        os.environ.pop("WORMS_TABLE_CARDS", None)
    else:
        os.environ["WORMS_TABLE_CARDS"] = before


@pytest.fixture
def owner_cards(tmp_path, monkeypatch):
    """An owner's card folder, empty, in place of the machine's (WORMS_TABLE_CARDS)."""
    folder = tmp_path / "cards"
    folder.mkdir()
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(folder))
    return folder
