"""tests/link: the fake Pico (fakepico.py) and the firmware modules are importable here."""

import sys
from pathlib import Path

_REPO = Path(__file__).resolve().parents[2]
for _p in (_REPO / "tests" / "link", _REPO / "tests" / "firmware" / "fakes", _REPO / "firmware"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))
