"""A test whose program is missing is skipped on a developer's machine and fails under CI."""

import pytest

from tests.programs import needs_program


@needs_program("worms-table-no-such-program", "no-such-package")
def needs_nothing_there():
    raise AssertionError("ran without its program")


@needs_program("sh", "dash")
def needs_sh(x, y=1):
    return x + y


def test_a_missing_program_skips_and_says_what_to_install(monkeypatch):
    monkeypatch.delenv("WORMS_TABLE_CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="install the no-such-package package"):
        needs_nothing_there()


def test_under_ci_a_missing_program_fails(monkeypatch):
    monkeypatch.setenv("WORMS_TABLE_CI", "1")
    with pytest.raises(pytest.fail.Exception, match="worms-table-no-such-program is not installed"):
        needs_nothing_there()


def test_a_program_there_runs_the_test_with_its_arguments(monkeypatch):
    monkeypatch.setenv("WORMS_TABLE_CI", "1")
    assert needs_sh(2, y=3) == 5
