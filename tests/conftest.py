"""Fixtures shared by the test folders."""

import os
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).parent
#: The slow acceptance tests: whole games through the buttons, a browser, processes started
#: and killed, CAD builds.  ``pytest -m "not slow"`` leaves them out (the fast set, under a
#: minute on an idle machine); ``./run-tests`` and CI run everything.  (by file, or file::test)
SLOW = {
    "web/test_browser.py", "web/test_new_group.py", "web/test_cardform_page.py",
    "web/test_teach_game.py",
    "app/test_game_e2e.py",
}


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        path = item.path.resolve()
        if not path.is_relative_to(HERE):
            continue
        where = path.relative_to(HERE).as_posix()
        if where in SLOW or f"{where}::{item.name}" in SLOW:
            item.add_marker(pytest.mark.slow)

# The tests see the shipped card library only: an owner's card folder on this machine
# (~/.config/worms-table/cards, read when WORMS_TABLE_CARDS is unset) must not join it.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="worms-table-tests-config-")
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
def _card_folders_as_found():
    """Every test leaves WORMS_TABLE_CARDS as it found it: the demo and ``run --sim`` add the
    example pack to it (table.cards.use_examples), and a card file that does not load is
    dropped from it (table.app.state.load_cards), in this process."""
    before = os.environ.get("WORMS_TABLE_CARDS")
    yield
    if before is None:
        os.environ.pop("WORMS_TABLE_CARDS", None)
    else:
        os.environ["WORMS_TABLE_CARDS"] = before
