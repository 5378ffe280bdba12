"""Enrolling tags with the buttons, the tag file, and the daemon using what was enrolled."""

import asyncio

import pytest

from table.app.teach.enroller import Enroller
from table.app.storage.tags import FILE as TAGS_FILE, TagFileError, TagStore
from table.devices.build import build_devices
from table.profiles import load
from table.ui.strings import text

from .driver import settle


def test_tap_pick_store_and_show_again(tmp_path):
    async def main():
        devices = build_devices(load(None), sim=True)
        e = Enroller(devices, tmp_path)
        started = asyncio.Event()
        task = asyncio.create_task(e.run(started.set))
        await started.wait()
        buttons, reader, display = devices.buttons, devices.card_reader, devices.display

        async def act(fn, *args):                      # an input, and the loop runs it
            fn(*args)
            await settle(e)

        first = e.screen().texts
        await act(reader.tap, "04a1b2c3d4e5f6")            # unknown: the card menu opens
        assert e.menu is not None
        want = e.ids[2]
        await act(buttons.press, "4")
        await act(buttons.press, "4")
        await act(buttons.press, "ok")
        await act(reader.remove)
        await act(reader.tap, "04A1B2C3D4E5F6")             # known: its card is shown
        known = e.screen().texts
        image = display.image
        # a known tag can be changed: OK opens the menu on its card, Back keeps it
        await act(buttons.press, "ok")
        cursor_on = e.menu.selected
        await act(buttons.press, "back")
        e.stop()
        await task
        return first, want, known, image, cursor_on, e

    first, want, known, image, cursor_on, e = asyncio.run(main())
    assert text("enroll.tap", "en") in first
    name = e.cards[want].name("en")
    assert text("enroll.known", "en", card=name) in known
    assert image is not None and cursor_on == want
    store = TagStore(tmp_path / TAGS_FILE)
    assert store.card("04A1B2C3D4E5F6") == want
    assert "04A1B2C3D4E5F6" in (tmp_path / "tags.toml").read_text()


def test_unknown_or_vanished_cards_are_none_and_a_bad_file_is_named(tmp_path):
    store = TagStore(tmp_path / TAGS_FILE)
    assert store.card("04000000000000") is None
    (tmp_path / "tags.toml").write_text('[tags]\n"0400" = "no_such_card"\n')
    assert TagStore(tmp_path / TAGS_FILE).card("0400") is None
    with pytest.raises(ValueError):
        store.enrol("0401", "no_such_card")
    (tmp_path / "tags.toml").write_text("[tags\n")
    with pytest.raises(TagFileError, match="tags.toml.*enroll"):
        TagStore(tmp_path / TAGS_FILE)


def test_the_daemon_plays_on_with_an_unreadable_tag_file(tmp_path):
    from .driver import sim_daemon
    (tmp_path / "tags.toml").write_text("[tags\n")
    daemon = sim_daemon(tmp_path)
    assert daemon.tags.tags == {}
    kept = list(tmp_path.glob("tags.toml.damaged-*"))            # moved aside, never deleted
    assert [k.read_text() for k in kept] == ["[tags\n"]
    assert not (tmp_path / "tags.toml").exists()
    shown = " ".join(daemon.current().screen(daemon.view()).texts)
    assert "tags.toml" in shown                                  # named on the OLED
    daemon.close()


def test_a_card_not_in_the_library_is_added_and_enrolled(tmp_path, monkeypatch):
    # the card menu's "not listed" entry says how to add a card; once `worms-table cards new`
    # has written it, the next button reads the library again and the card can be picked
    folder = tmp_path / "cards"
    folder.mkdir()
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(folder))
    from table.cards.authoring import write
    from table.devices.buttons import InputEvent

    devices = build_devices(load(None), sim=True)
    e = Enroller(devices, tmp_path / "state", "cs")
    e.handle_tap("04AABBCCDD")
    assert e.menu is not None
    e.menu.cursor = len(e.ids)                             # "not listed", before Back
    assert text("enroll.not_listed", "cs") in e.screen().texts
    e.handle_input(InputEvent("ok"))
    assert e.adding and text("enroll.unknown", "cs") in e.screen().texts
    assert "worms-table cards new" in " ".join(e.screen().texts)
    write({"id": "sheep", "kind": "supply", "names": {"en": "Sheep", "cs": "Ovce"},
           "target": "any", "action": ["TEXT"], "text": [{"do": "blast"}]}, folder, {})
    e.handle_input(InputEvent("ok"))                       # back to the menu, library re-read
    assert not e.adding and e.menu.selected == "sheep"    # the cursor on the new card
    assert "Ovce" in e.screen().texts
    e.handle_input(InputEvent("ok"))
    assert e.store.card("04aabbccdd") == "sheep"
    assert TagStore(tmp_path / "state" / TAGS_FILE).card("04AABBCCDD") == "sheep"
    devices.close()
