"""Puts firmware/ and the machine/rp2/micropython stand-ins on sys.path (CPython tests)."""

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIRMWARE = REPO / "firmware"
FAKES = REPO / "tests" / "firmware" / "fakes"
HERE = REPO / "tests" / "firmware"
VECTORS = REPO / "tests" / "vectors" / "link.json"

for _p in (HERE, FAKES, FIRMWARE):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))
