"""A freshly booted machine, for a test run: ``time.monotonic()`` starts near 1 s in every
Python process started with this folder on PYTHONPATH (as a CI machine's clock does, booted a
minute before its tests).  A test that assumes the machine has been up for a while fails here:

    PYTHONPATH=scripts/freshboot ./run-tests -m "not slow" -n 2

(.ci/run does this after the whole suite).  The clocks are ``functools.partial`` objects, not
lambdas, so that a class keeping ``time.monotonic`` as an attribute still gets no ``self``.
"""

import functools
import time

_real, _real_ns = time.monotonic, time.monotonic_ns
_offset = _real() - 1.0
_offset_ns = int(_offset * 1e9)


def _monotonic() -> float:
    return _real() - _offset


def _monotonic_ns() -> int:
    return _real_ns() - _offset_ns


time.monotonic = functools.partial(_monotonic)
time.monotonic_ns = functools.partial(_monotonic_ns)
