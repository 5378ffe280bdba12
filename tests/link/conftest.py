"""tests/link: the fake Pico (fakepico.py) and the firmware modules are importable here."""

import sys
from pathlib import Path

import pytest

_REPO = Path(__file__).resolve().parents[2]
for _p in (_REPO / "tests" / "link", _REPO / "tests" / "firmware" / "fakes", _REPO / "firmware"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))


@pytest.fixture
def made():
    """What a test opens (fake Picos, links), closed after it, the last opened first."""
    things = []
    yield things
    for thing in reversed(things):
        thing.close()


@pytest.fixture
def pico(tmp_path, made):
    """A fake Pico on a pty (tests/link/fakepico.py)."""
    from fakepico import FakePico
    p = FakePico(tmp_path)
    made.append(p)
    return p


@pytest.fixture
def link_to(made):
    """``link_to(pico, **options)``: the host's link to ``pico`` (FAST timings, ``options``
    on top), closed after the test."""
    from fakepico import FAST
    from table.devices.link import PicoLink, open_link

    def opened(pico, **options) -> PicoLink:
        link = open_link(str(pico.path), **{**FAST, **options})
        made.append(link)
        return link
    return opened
