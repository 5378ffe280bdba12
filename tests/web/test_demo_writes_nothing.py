"""The shop demo writes nothing, whatever a visitor presses or taps (issue 38 item 2): its state
is in memory, the teaching walk is not offered (the "unknown card" button and an unknown tag at
the weapon prompt start nothing), and its card library writes no file.  A visitor mashes every
button (short and held) and taps every card and unknown tags, for hours of the show's time,
with the home, config, cache and card folders read-only: no file appears or changes there."""

from __future__ import annotations

import logging
import os
import random
import stat
from pathlib import Path

import pytest

from table.cards import CardError, close_library, open_library
from table.cards.simtags import sim_uid
from table.devices.buttons import InputEvent
from table.inputs import BUTTONS

from .test_demo import on_show, said


def tree(root: Path) -> dict[str, tuple]:
    """Every file and folder under ``root``: its kind, size and time."""
    out = {}
    for path in [root, *root.rglob("*")]:
        st = path.lstat()
        out[str(path.relative_to(root))] = (stat.S_IFMT(st.st_mode), st.st_size, st.st_mtime_ns)
    return out


@pytest.fixture
def read_only_home(tmp_path, monkeypatch):
    """A home whose config, state, cache and card folders exist, read-only; the program's card
    library opened over it (the example pack too, as the demo reads it)."""
    for name in ("config/worms-table/cards", "state/worms-table", "cache", "cwd"):
        (tmp_path / name).mkdir(parents=True)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path / "config/worms-table/cards"))
    monkeypatch.chdir(tmp_path / "cwd")
    for path in [tmp_path, *tmp_path.rglob("*")]:
        path.chmod(0o555)
    open_library(examples=True)
    yield tmp_path
    close_library()
    for path in [tmp_path, *tmp_path.rglob("*")]:
        path.chmod(0o755)


def test_mashing_every_input_for_hours_writes_nothing(read_only_home, devices, clock, caplog):
    caplog.set_level(logging.INFO)
    before = tree(read_only_home)
    daemon, show = on_show(devices, clock, seed=11)
    rng = random.Random(38)
    cards = sorted(daemon.cards)
    unknown = ["04DEADBEEF0001", "04DEADBEEF0002"]
    at_weapon = walked = 0
    start = clock.now
    for _ in range(3000):
        kind = rng.random()
        request = daemon.game.request if daemon.game is not None else None
        if request is not None and request.kind == "card" and show.act != "show":
            at_weapon += 1
            # the "unknown card" button and an unknown tag, where the walk would start
            daemon.handle_input(InputEvent("4"))
            daemon.handle_tap(unknown[0])
            walked += daemon.teacher.prompt is not None
        elif kind < 0.6:
            daemon.handle_input(InputEvent(rng.choice(BUTTONS), rng.random() < 0.1))
        elif kind < 0.9:
            daemon.handle_tap(sim_uid(rng.choice(cards)))
        else:
            daemon.handle_tap(rng.choice(unknown))
        clock.now += rng.choice((0.1, 0.5, 2.0, 30.0, 70.0))
        if rng.random() < 0.5:
            show.beat()
    hours = (clock.now - start) / 3600
    daemon.close()
    assert hours > 10 and show.visits > 50 and at_weapon > 50
    assert walked == 0 and "walk starts" not in caplog.text and "taught" not in caplog.text
    assert "unknown card" not in said(daemon)
    assert tree(read_only_home) == before


def test_the_unknown_card_button_and_an_unknown_tag_start_no_walk(devices, clock, tmp_path,
                                                                  monkeypatch):
    monkeypatch.chdir(tmp_path)
    daemon, show = on_show(devices, clock)
    daemon.handle_input(InputEvent("3"))              # a visit: the weapon step
    asked = daemon.game.request
    assert asked.kind == "card" and show.visitor_team == daemon.game.turn.team
    daemon.handle_input(InputEvent("4"))              # (at the table: the walk)
    assert daemon.teacher.prompt is None and daemon.game.request is asked
    daemon.handle_tap("04DEADBEEF0001")
    assert daemon.teacher.prompt is None and daemon.game.request is asked
    assert said(daemon).startswith("Oops")             # the tag is no card the box knows
    assert os.listdir(".") == []


def test_the_demo_s_card_library_writes_no_file(tmp_path, monkeypatch):
    """`worms-table demo` opens its card library read-only: the page's card form (which
    writes through it) is told why, and nothing is written."""
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    library = open_library()
    library.read_only = True
    raw = {"id": "pebble", "kind": "supply", "names": {"en": "Pebble"}}
    try:
        with pytest.raises(CardError, match="writes no card file"):
            library.write(raw)
        with pytest.raises(CardError, match="writes no card file"):
            library.rename("pebble", {"en": "Stone"})
    finally:
        close_library()
    assert os.listdir(tmp_path) == []
