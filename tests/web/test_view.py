"""The page's view (table/web/view.py) is a function of the table's snapshot: the same
snapshot gives the same view, and a device that changes without the table saying so changes
nothing on the page (issue 31); beside a daemon, every view the page shows is the one its
snapshot gives, the card on the reader included, and a card the table learns mid-game is
listed at once."""

from __future__ import annotations

import asyncio

from PIL import Image

from table.cards import library
from table.devices.cards import canonical_uid
from table.ui import screens
from table.ui.snapshot import Controls, TableSnapshot, frame_items, one_bit
from table.web import card_for_uid, serve, sim_uid
from table.web.view import TableView
from tests.app.driver import seated
from tests.polling import until_async


def without_version(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "version"}


def a_snapshot(devices) -> TableSnapshot:
    screen = screens.message("Bazuka", "Kam letí?")
    return TableSnapshot(
        4, "play", "cs", oled=tuple(screen.texts), screen=one_bit(screen.image),
        leds=frame_items(dict.fromkeys(devices.leds.hexes, (20, 0, 0))), wind=2,
        team="Modří", hands=(("Modří", 3),), cards=tuple(library().values()),
        secret=frozenset({"uzi"}), controls=Controls(("1", "ok", "back"), press=True,
                                                     reader=True, tap=True,
                                                     on_reader=sim_uid("grenade")))


def test_the_same_snapshot_gives_the_same_view_whatever_the_devices_do(devices):
    snap = a_snapshot(devices)
    server = serve(devices, port=0, pairing=True)         # (a page that had to pair)
    page, other = server.view, TableView(hand=False)
    server.show(snap)
    other.show(snap)
    seen = page.state()
    assert seen == other.state()
    assert seen["lang"] == "cs" and seen["wind"] == {"direction": 2, "angle": 60.0}
    assert seen["reader"] == {"interactive": True, "uid": sim_uid("grenade"), "card": "grenade"}
    assert seen["buttons"] == {"names": ["1", "ok", "back"], "interactive": True}
    assert "uzi" not in [c["id"] for c in seen["cards"]]        # taught in private: unlisted
    # the devices change and the table says nothing of it: the page shows the same
    devices.card_reader.tap(sim_uid("bazooka"))
    devices.buttons.inputs = ("ok",)
    devices.leds.set(sorted(devices.leds.hexes)[0], (255, 255, 255))
    devices.leds.show()
    devices.wind.point(5)
    devices.display.show(Image.new("1", (128, 64), 1))
    assert page.state() == seen
    server.show(snap.next())
    assert page.state() == seen                                 # nothing new either
    # what the table says, the page shows
    server.show(snap.next(controls=snap.controls._replace(on_reader=None)))
    assert page.state()["reader"]["uid"] is None and page.state()["version"] == 2


def test_the_view_before_the_table_has_shown_anything(devices):
    state = TableView(lang="uk").state()
    assert state["lang"] == "uk" and state["cards"] == []
    assert (state["leds"], state["oled"], state["table"], state["wind"], state["buttons"],
            state["reader"]) == (None, None, None, None, None, None)


def test_beside_a_daemon_every_view_is_its_snapshots(tmp_path):
    """A game in play: presses, a card put on the reader and taken off, a card the table
    learns; each snapshot the daemon pushes gives the page the view a fresh page draws from
    it alone, and the page follows the reader and the cards."""
    async def main():
        async with seated(tmp_path / "state", 3) as (daemon, player):
            page = TableView()
            pushed: list[tuple[TableSnapshot, dict]] = []

            def push(snap: TableSnapshot) -> None:
                page.show(snap)
                pushed.append((snap, page.state()))
            daemon.page.on_snapshot = push
            daemon.render()
            for name in ("4", "1", "back", "ok"):
                await player.press(name)
            reader = daemon.devices.card_reader
            reader.tap(sim_uid("bazooka"))
            await until_async(lambda: page.state()["reader"]["uid"] == sim_uid("bazooka"))
            assert page.state()["reader"]["card"] == "bazooka"
            reader.current = canonical_uid("04AABBCCDDEEFF")  # (said to nobody: not shown)
            assert page.state()["reader"]["uid"] == sim_uid("bazooka")
            reader.current = sim_uid("bazooka")
            reader.remove()
            await until_async(lambda: page.state()["reader"]["uid"] is None)
            daemon.cards.add(daemon.cards["bazooka"]._replace(id="banana_bomb"))
            daemon.render()                   # (a card taught: listed at once)
            return pushed
    pushed = asyncio.run(main())
    assert len(pushed) > 5
    for snap, shown in pushed:
        fresh = TableView()
        fresh.show(snap)
        assert without_version(fresh.state()) == without_version(shown)
    assert "banana_bomb" in [c["id"] for c in pushed[-1][1]["cards"]]


# -- sim tags ----------------------------------------------------------------------------------------

def test_sim_tags():
    cards = library()
    uids = {sim_uid(c) for c in cards}
    assert len(uids) == len(cards)
    for card_id in cards:
        uid = sim_uid(card_id)
        assert canonical_uid(uid) == uid and len(uid) == 14 and uid.startswith("51")
        assert card_for_uid(uid) == card_id
        assert card_for_uid(uid.lower(), cards) == card_id
    assert card_for_uid("04A1B2C3D4E5F6") is None
    assert card_for_uid(sim_uid("railgun")) is None



def test_the_page_shows_the_hands_sizes_and_a_hand_only_to_an_unpaired_page():
    from table.ui.snapshot import TableSnapshot
    from table.web.view import page_table
    snap = TableSnapshot(1, "play", "en", team="Blue", hand=("Uzi", "a Starter, face down"),
                         hands=(("Blue", 2), ("Red", 5)))
    shown = page_table(snap, "en")
    assert shown["hands"] == [["Blue", 2], ["Red", 5]] and shown["hand"] == list(snap.hand)
    paired = page_table(snap, "en", hand=False)
    assert paired["hands"] == shown["hands"] and paired["hand"] is None
    assert serve(None, "127.0.0.1", 0).view.hand
    assert not serve(None, "127.0.0.1", 0, pairing=True).view.hand


def test_the_page_is_watched_from_its_first_request_for_the_state_and_drawn_anew_once(
        devices, start):
    """Until a page asks for the table's state, the table leaves the page's view of the game
    out of its snapshots (issue 20: no work for nobody); the first request has the table draw
    anew, so the answer holds it."""
    running = start(devices)
    drawn = []
    running.server.on_watch = lambda: drawn.append(running.server.watched)
    assert running.server.watched is False
    assert running.request("/state")[0] == 200
    assert running.request("/state")[0] == 200
    assert running.server.watched is True and drawn == [True]


def test_a_daemon_leaves_the_pages_view_out_until_a_page_watches(tmp_path, monkeypatch):
    import table.app.daemon as daemon_module
    import table.app.pageside as pageside
    from table.devices.build import build_devices
    from table.profiles import load

    views = []
    monkeypatch.setattr(pageside, "page_view",
                        lambda *args, **kw: views.append(args) or {"team": "Red"})
    devs = build_devices(load(None), sim=True)
    daemon = daemon_module.Daemon(devs, tmp_path, seed=1)
    snaps, watched = [], [False]
    daemon.page.on_snapshot = snaps.append
    daemon.page.page_watched = lambda: watched[0]
    try:
        daemon.new_wizard()
        daemon.render()
        watched[0] = True
        daemon.render()
    finally:
        daemon.close()
        devs.close()
    assert len(views) == 1                       # worked out only for the page watching
    assert snaps[0].team is None and snaps[1].team == "Red"
