"""Damaged files never darken the box (issue 24, items 2, 6 and 7): a journal row that is not
UTF-8 or nests a thousand deep, a journal missing a table, tags.toml or settings.json holding an
integer of thousands of digits or nesting past any file of ours, a last map bigger than any box
-- each is set aside (kept, never deleted) and named, and the box goes on; the commands that
read a bad file exit 2 naming it, with no traceback; a full disk while enrolling loses no tag."""

import errno
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from table.app.teach.enroller import Enroller
from table.app.storage.folder import SETTINGS, StateFolder, load_cards, read_settings
from table.app.storage.tags import FILE as TAGS_FILE, TagStore
from table.app.wizard import Wizard
from table.devices.build import build_devices
from table.devices.buttons import InputEvent
from table.hexgrid import hexagon
from table.librarygame import LibraryGame
from table.profiles import load
from table.ui.strings import text

import fuzzing

HUGE = "9" * 4301
DEEP = "[" * 5000 + "]" * 5000


def cli(*args, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "table.cli", *args], capture_output=True,
                          text=True, timeout=120, env=env)


def a_journal_with_a_game(folder: Path) -> Path:
    path = fuzzing.template()
    (folder / "journal.sqlite").write_bytes(path.read_bytes())
    return folder / "journal.sqlite"


def resumed(folder: Path) -> StateFolder:
    fuzzing.resume(folder)                 # raises StorageFailed for "storage failed"
    return StateFolder(folder, game_cls=LibraryGame).open()


@pytest.mark.parametrize("payload", [b'{"answer": "\xff\xfe"}', DEEP.encode(),
                                     b'{"value": ' + HUGE.encode() + b"}"])
def test_a_damaged_journal_row_is_set_aside_and_a_new_journal_opened(tmp_path, payload):
    path = a_journal_with_a_game(tmp_path)
    db = sqlite3.connect(path)
    db.execute("UPDATE entries SET payload = CAST(? AS TEXT) WHERE seq = 2", (payload,))
    db.commit()
    db.close()
    store = resumed(tmp_path)
    try:
        assert store.fault is None and store.journal is not None
        kept = list(tmp_path.glob("journal.sqlite.damaged-*"))
        if b"\xff" in payload:             # SQLite cannot read the row: the file is set aside
            assert len(kept) == 1
        else:                              # the game does not replay: kept in its journal
            assert kept == [] and store.journal.latest_unfinished() == 1
    finally:
        store.close()


def test_a_journal_missing_a_table_is_set_aside(tmp_path):
    path = a_journal_with_a_game(tmp_path)
    db = sqlite3.connect(path)
    db.execute("DROP TABLE entries")
    db.commit()
    db.close()
    store = StateFolder(tmp_path, game_cls=LibraryGame).open()
    try:
        assert store.fault is None and store.journal.latest_unfinished() is None
        assert [p.kind for p in store.problems] == ["damaged"]
        assert "no table entries" in store.problems[0].message
        assert len(list(tmp_path.glob("journal.sqlite.damaged-*"))) == 1
    finally:
        store.close()


@pytest.mark.parametrize("body, why", [
    ('{"lang": "cs", "x": ' + HUGE + "}", "thousands of digits"),
    ('{"lang": "cs", "x": ' + DEEP + "}", "nested"),
    ('{"lang": "cs", "last_map": ' + json.dumps([[q, 0] for q in range(40)] * 9000) + "}",
     "at most 1000"),
    ("[]", "expected a JSON object"),
    (b'{"lang": "\xff"}', "not UTF-8"),
])
def test_a_damaged_settings_file_is_set_aside_and_the_defaults_used(tmp_path, body, why):
    raw = body if isinstance(body, bytes) else body.encode()
    (tmp_path / SETTINGS).write_bytes(raw)
    assert read_settings(tmp_path) == {}                 # as `worms-table enroll` reads it
    [kept] = tmp_path.glob("settings.json.damaged-*")
    assert kept.read_bytes() == raw
    (tmp_path / SETTINGS).write_bytes(raw)
    store = StateFolder(tmp_path).open()
    try:
        assert store.settings == {} and store.fault is None
        assert [p.kind for p in store.problems] == ["file"] and why in store.problems[0].message
    finally:
        store.close()


@pytest.mark.parametrize("body", ['[tags]\n"04AA" = ' + HUGE + "\n",
                                  '[tags]\n"04AA" = ' + DEEP + "\n",
                                  "[tags]\n" + "a." * 3000 + "b = 1\n"])
def test_a_damaged_tag_file_is_set_aside_every_tag_then_unknown(tmp_path, body):
    (tmp_path / "tags.toml").write_text(body)
    store = StateFolder(tmp_path).open()
    try:
        tags = store.tags({"bazooka": None})
        assert tags.tags == {} and [p.kind for p in store.problems] == ["file"]
        assert "enroll" in store.problems[0].message
        assert [k.read_text() for k in tmp_path.glob("tags.toml.damaged-*")] == [body]
    finally:
        store.close()


def test_a_last_map_off_the_boxs_grid_is_not_offered():
    grid = set(hexagon((0, 0), 3))
    assert Wizard(grid, "en", last_map=[[0, 1], [1, 0]]).last_map == ((0, 1), (1, 0))
    assert Wizard(grid, "en", last_map=[[0, 1], [9, 0]]).last_map is None


@pytest.mark.parametrize("command, name, body", [
    ("cards", "mine.toml", f"[[cards]]\nid = 'x'\ncopies = {HUGE}\n"),
    ("cards", "mine.toml", f"[[cards]]\nid = 'x'\ncopies = {DEEP}\n"),
    ("tiles", "tiles.toml", f"[[tiles]]\nnumber = {HUGE}\n"),
    ("tiles", "tiles.toml", f"[[tiles]]\nnumber = {DEEP}\n"),
    ("scenario", "s.toml", f"[board]\nwind = {HUGE}\n"),
    ("scenario", "s.toml", f"[board]\nland = {DEEP}\n"),
    ("scenario", "s.toml", "[board]\nland = [[0, 0]]\n\xff"),
])
def test_the_file_checking_commands_exit_2_naming_the_file(tmp_path, command, name, body):
    path = tmp_path / name
    path.write_bytes(body.encode("utf-8", "surrogateescape") if "\xff" not in body
                     else body.encode("latin-1"))
    args = [command, "check", str(path)] if command != "scenario" else [command, str(path)]
    done = cli(*args)
    assert done.returncode == 2, done.stderr
    assert str(path) in done.stderr and "Traceback" not in done.stderr


def test_enrolling_on_a_full_disk_says_so_and_loses_no_tag(tmp_path, monkeypatch):
    devices = build_devices(load(None), sim=True)
    try:
        e = Enroller(devices, tmp_path)
        card = e.ids[0]                                   # under the new tag's menu cursor

        def enrol(uid: str) -> None:                      # tap a new tag, OK its first card
            e.handle_tap(uid)
            e.handle_input(InputEvent("ok"))

        def full(*args, **kwargs):
            raise OSError(errno.ENOSPC, "No space left on device")
        monkeypatch.setattr("table.filetext.os.fsync", full)
        enrol("04AA")
        assert e.note == text("enroll.not_saved", "en")
        assert text("enroll.not_saved", "en") in " ".join(e.screen().texts)
        assert e.screen().texts[0] == text("enroll.title", "en")      # enrolling's trouble
        assert e.store.tags == {"04AA": card}              # kept, to be saved with the next
        assert not list(tmp_path.glob("*.tmp"))           # no half-written file left
        monkeypatch.undo()
        enrol("04BB")
        assert TagStore(tmp_path / TAGS_FILE, e.cards).tags == {"04AA": card, "04BB": card}
    finally:
        devices.close()


@pytest.mark.parametrize("typed", ["\u00b2", "\u0663", "1" * 7, "-1", "4\u00b2"])
def test_a_number_asked_by_cards_new_refuses_what_is_not_ascii_digits(typed):
    import io
    from table.commands.cardnew import Ask
    out = io.StringIO()
    ask = Ask(io.StringIO(f"{typed}\n3\n"), out)
    assert ask.number("Accuracy") == 3
    assert "a whole number, 1 or more" in out.getvalue()
    ask = Ask(io.StringIO(f"{typed}\n2\n"), out)
    assert ask.choose("Kind", ["starter", "supply"], show=False) == "supply"


def test_new_cards_go_where_the_table_reads_them_after_a_bad_owner_file(tmp_path, monkeypatch):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "bad.toml").write_text("[[cards]\n")
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(folder))
    cards, problem = load_cards()
    assert problem is not None and "bad.toml" in problem.message
    path = cards.write({"id": "sling", "kind": "supply", "names": {"en": "Sling"},
                        "target": "direct", "accuracy": 2, "action": ["TEXT"],
                        "text": [{"do": "damage"}]})
    assert path.parent == folder and not list(folder.glob("*.tmp"))
    assert "sling" in cards                            # the table reads it (bad.toml left out)
    assert "sling" in load_cards()[0]                  # and so does the next start


@pytest.mark.parametrize("body", [f"[wind]\nservo_pin = {HUGE}\n", f"[wind]\nx = {DEEP}\n",
                                  "[wind]\nname = '\udcff'\n"])
def test_a_bad_profile_is_exit_2_so_systemd_stops_instead_of_restarting(tmp_path, body):
    bad = tmp_path / "p.toml"
    bad.write_bytes(body.encode("utf-8", "surrogateescape"))
    done = cli("run", "--profile", str(bad), "--state-dir", str(tmp_path / "s"))
    assert done.returncode == 2, done.stderr
    assert str(bad) in done.stderr and "Traceback" not in done.stderr
