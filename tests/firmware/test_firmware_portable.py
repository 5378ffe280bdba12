"""The firmware's codec and protocol checks under CPython (the same checks also run under
MicroPython in test_firmware_micropython.py)."""

import json

import pytest

import firmware_paths

import portable_checks

VECTORS = json.loads(firmware_paths.VECTORS.read_text())


@pytest.mark.parametrize("check", [c for _, c in portable_checks.CHECKS],
                         ids=[n for n, _ in portable_checks.CHECKS])
def test_portable(check):
    check(VECTORS)
