"""Programs a few tests run besides Python: Graphviz's ``dot`` (the wiring drawing) and
``systemd-analyze`` (the unit's sandbox score).  ``scripts/bootstrap`` installs them where it
can (as root, with apt).  Where one is missing, its tests are skipped and say what to install;
under CI (``.ci/run`` sets ``WORMS_TABLE_CI=1``) they fail instead, so that a test that did not
run is never taken for one that passed."""

from __future__ import annotations

import functools
import os
import shutil
from collections.abc import Callable
from typing import Any

import pytest


def needs_program(name: str, package: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A test that runs the program ``name`` (from the Debian package ``package``)."""
    def mark(test: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(test)
        def run(*args: Any, **kwargs: Any) -> Any:
            if shutil.which(name) is None:
                why = (f"{name} is not installed: install the {package} package "
                       "(scripts/bootstrap does, as root)")
                if os.environ.get("WORMS_TABLE_CI") == "1":
                    pytest.fail(why)
                pytest.skip(why)
            return test(*args, **kwargs)
        return run
    return mark
