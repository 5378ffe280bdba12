"""The simulator's HTTP API over sim devices: every endpoint, bad input, pairing, spectators."""

from __future__ import annotations

import base64
import http.cookiejar
import io
import json
import socket
import types
import urllib.error
import urllib.request

import pytest
from PIL import Image

from table import profiles as profile
from table.cards import library
from table.devices.build import build_devices
from table.devices.buttons import Buttons
from table.devices.cards import CardReader
from table.devices.leds import SimHexLeds
from table.ui.snapshot import Controls, TableSnapshot, frame_items
from table.web import serve, sim_uid
from tests.polling import until


def png(data_url: str) -> Image.Image:
    assert data_url.startswith("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(data_url.split(",", 1)[1])))


def lit(state) -> dict:
    """(q, r) -> [r, g, b] emitted, for every hex that is not off."""
    return {(q, r): raw for q, r, _, raw in state["leds"]["hexes"] if raw != [0, 0, 0]}


# -- the page and the state ---------------------------------------------------------------------

def test_page_and_its_assets(table):
    running, _ = table
    status, page = running.request("/")
    assert status == 200 and b'<script src="/app.js">' in page and b'id="grid"' in page
    status, js = running.request("/app.js")
    assert status == 200 and b"EventSource" in js
    status, css = running.request("/style.css")
    assert status == 200 and b"image-rendering: pixelated" in css


def test_state_mirrors_every_device(table, devices):
    running, _ = table
    status, state = running.request("/state")
    assert status == 200
    shown = devices.leds.shown()
    assert {(q, r): tuple(raw) for q, r, _, raw in state["leds"]["hexes"]} == shown
    assert len(state["leds"]["hexes"]) == 60
    assert state["leds"]["brightness"] == devices.leds.brightness
    oled = png(state["oled"])
    assert oled.size == (128, 64)
    assert oled.convert("1").tobytes() == devices.display.image.convert("1").tobytes()
    assert state["wind"] == {"direction": None, "angle": None}
    assert state["buttons"] == {"names": ["1", "2", "3", "4", "5", "6", "ok", "back"],
                                "interactive": True}
    assert state["reader"] == {"interactive": True, "uid": None, "card": None}
    cards = {c["id"]: c for c in state["cards"]}
    assert set(cards) == set(library())
    assert cards["bazooka"]["names"] == {"en": "Bazooka", "cs": "Bazuka", "uk": "Базука"}
    assert cards["one_life"]["names"]["uk"] == "1 життя"
    assert cards["grenade"]["uid"] == sim_uid("grenade")
    assert state["lang"] == "en" and state["langs"] == ["en", "cs", "uk"]


def test_led_colours_are_shown_as_the_eye_sees_them(table, devices):
    running, stand_in = table
    running.call(lambda: stand_in.frame({(0, 1): (255, 0, 0), (1, 0): (10, 6, 0)}))
    hexes = {(q, r): colour for q, r, colour, _ in running.request("/state")[1]["leds"]["hexes"]}
    assert hexes[(0, 1)] == "#ff0000"        # full red stays full red under the 0.35 cap
    assert hexes[(-1, 0)] == "#000000"
    r, g, b = (int(hexes[(1, 0)][i:i + 2], 16) for i in (1, 3, 5))
    assert r >= 50 and 20 < g < r and b == 0   # a dim LED glows visibly, its hue kept


def test_version_moves_only_when_the_table_changes(table, devices):
    running, stand_in = table
    first = running.request("/state")[1]["version"]
    assert running.request("/state")[1]["version"] == first
    running.call(lambda: stand_in.changed())            # the same again: nothing new
    assert running.request("/state")[1]["version"] == first
    running.call(lambda: stand_in.point(4))
    state = running.request("/state")[1]
    assert state["version"] == first + 1
    assert state["wind"] == {"direction": 4, "angle": 180.0}
    running.call(lambda: stand_in.changed(lang="uk"))      # the table's language: the page's
    state = running.request("/state")[1]
    assert state["version"] == first + 2 and state["lang"] == "uk"


def test_language_must_be_known(devices):
    with pytest.raises(ValueError, match="en, cs, uk"):
        serve(devices, port=0, lang="de")


# -- the inputs -----------------------------------------------------------------------------------

def test_press_reaches_the_daemon_and_the_table_changes(table):
    running, stand_in = table
    before = running.request("/state")[1]
    assert running.request("/press", {"name": "3"}) == (200, {"ok": True})
    assert stand_in.inputs == [("3", False)]
    after = running.request("/state")[1]
    assert after["version"] > before["version"]
    assert lit(after) == {(k, 0): [89, 89, 89] for k in range(1, 5)}   # white under the cap
    assert after["wind"]["direction"] == 3
    assert after["oled"] != before["oled"]


def test_long_press(table):
    running, stand_in = table
    assert running.request("/press", {"name": "ok", "long": True})[0] == 200
    assert stand_in.inputs == [("ok", True)]
    assert set(map(tuple, lit(running.request("/state")[1]).values())) == {(89, 0, 0)}


@pytest.mark.parametrize("body, message", [
    ({"name": "9"}, "no button '9'; the buttons are 1, 2, 3, 4, 5, 6, ok, back"),
    ({"name": 3}, "no button 3"),
    ({}, "say which button"),
    ({"name": "ok", "long": "yes"}, "long must be true or false"),
    ({"name": "ok", "hold": True}, "unknown field(s) hold"),
    ([1, 2], "must be a JSON object"),
])
def test_bad_presses_are_refused_clearly(table, body, message):
    running, stand_in = table
    status, reply = running.request("/press", body)
    assert status == 400 and message in reply["error"]
    assert stand_in.inputs == []


def test_bodies_that_are_not_json(table):
    running, stand_in = table
    status, reply = running.request("/press", raw=b'{"name": ')
    assert status == 400 and "not valid JSON" in reply["error"]
    status, reply = running.request("/press", raw=b"name=ok", content_type="text/plain")
    assert status == 415 and "application/json" in reply["error"]
    status, reply = running.request("/press", raw=b"{" + b" " * 5000 + b"}")
    assert status == 413 and "at most 4096 bytes" in reply["error"]
    assert stand_in.inputs == []


def test_tap_puts_the_cards_sim_tag_on_the_reader(table, devices):
    running, stand_in = table
    before = running.request("/state")[1]
    status, reply = running.request("/tap", {"card": "bazooka"})
    assert (status, reply) == (200, {"ok": True, "uid": sim_uid("bazooka")})
    assert stand_in.taps == ["bazooka"]
    state = running.request("/state")[1]
    assert state["reader"] == {"interactive": True, "uid": sim_uid("bazooka"), "card": "bazooka"}
    assert state["oled"] != before["oled"] and lit(state) != lit(before)
    # the same card again is a fresh tap; another card replaces it
    running.request("/tap", {"card": "bazooka"})
    running.request("/tap", {"card": "grenade"})
    assert stand_in.taps == ["bazooka", "bazooka", "grenade"]
    assert stand_in.removed == [sim_uid("bazooka")] * 2
    assert devices.card_reader.current == sim_uid("grenade")


def test_a_blank_tag_is_a_card_the_box_does_not_know_a_new_one_each_time(table, devices):
    running, stand_in = table
    status, one = running.request("/tap", {"card": "blank"})
    _, two = running.request("/tap", {"card": "blank"})
    assert status == 200 and one["uid"] != two["uid"]
    for uid in (one["uid"], two["uid"]):         # an NTAG's UID, no card's sim tag
        assert uid.startswith("04") and len(uid) == 14 and int(uid, 16) >= 0
    state = running.request("/state")[1]
    assert state["reader"]["uid"] == two["uid"] and state["reader"]["card"] is None
    assert state["ncards"] == len(state["cards"])


def test_remove_takes_the_card_off(table, devices):
    running, stand_in = table
    running.request("/tap", {"card": "uzi"})
    assert running.request("/remove", {}) == (200, {"ok": True})
    assert stand_in.removed == [sim_uid("uzi")]
    assert running.request("/state")[1]["reader"]["uid"] is None
    assert running.request("/remove", raw=b"")[0] == 200      # an empty reader: nothing to do
    assert stand_in.removed == [sim_uid("uzi")]


@pytest.mark.parametrize("body, message", [
    ({"card": "railgun"}, "no card 'railgun' in the library; the cards are"),
    ({}, "say which card"),
    ({"card": "uzi", "uid": "04A1B2C3"}, "unknown field(s) uid"),
])
def test_bad_taps_are_refused_clearly(table, body, message):
    running, stand_in = table
    status, reply = running.request("/tap", body)
    assert status == 400 and message in reply["error"]
    assert stand_in.taps == []


def test_a_daemon_failing_on_an_input_is_a_500_without_traceback(table, devices):
    running, _ = table

    def broken(event):
        raise RuntimeError("boom")

    devices.buttons.on_input = broken
    status, reply = running.request("/press", {"name": "ok"})
    assert status == 500 and "see the daemon's log" in reply["error"]
    assert "Traceback" not in json.dumps(reply) and "boom" not in json.dumps(reply)


# -- HTTP errors ------------------------------------------------------------------------------------

@pytest.mark.parametrize("method, path, status, message", [
    ("GET", "/press", 405, "/press is only for POST"),
    ("POST", "/state", 405, "/state is only for GET"),
    ("GET", "/nothing", 404, "nothing at /nothing"),
    ("DELETE", "/", 405, "/ is only for GET"),
])
def test_wrong_method_or_path(table, method, path, status, message):
    running, _ = table
    got, reply = running.request(path, {} if method == "POST" else None, method=method)
    assert got == status and message in reply["error"]


def raw_request(running, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", running.server.port), timeout=5) as s:
        s.sendall(data)
        chunks = []
        while chunk := s.recv(4096):
            chunks.append(chunk)
    return b"".join(chunks)


def test_garbage_gets_400_not_a_traceback(table, caplog):
    running, _ = table
    reply = raw_request(running, b"HELLO\r\n\r\n")
    assert reply.split(b"\r\n")[0].endswith(b" 400 Bad Request") and b"Invalid method" in reply
    reply = raw_request(running, b"GET /state HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n")
    assert reply.split(b"\r\n")[0].endswith(b" 400 Bad Request") and b"Invalid header" in reply
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= 40]


def test_only_local_host_names_on_a_local_server(table):
    running, _ = table
    status, reply = running.request("/state", headers={"Host": "evil.example:8421"})
    assert status == 403 and "only on its own machine" in reply["error"]
    assert running.request("/state", headers={"Host": "localhost:8421"})[0] == 200


# -- the live channel ------------------------------------------------------------------------------

def read_event(stream) -> dict:
    """The next `event: state` of an SSE stream, parsed."""
    event = None
    while True:
        line = stream.readline().decode()
        assert line, "the stream ended"
        if line.startswith("event: "):
            event = line[7:].strip()
        elif line.startswith("data: ") and event == "state":
            return json.loads(line[6:])


def test_events_push_every_change(table):
    running, _ = table
    with socket.create_connection(("127.0.0.1", running.server.port), timeout=5) as s:
        s.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        stream = s.makefile("rb")
        assert stream.readline().startswith(b"HTTP/1.1 200")
        head = b""
        while (line := stream.readline()) != b"\r\n":
            head += line
        assert b"text/event-stream" in head
        first = read_event(stream)
        assert len(first["leds"]["hexes"]) == 60 and "cards" not in first
        running.request("/press", {"name": "ok"})
        second = read_event(stream)
        assert second["version"] > first["version"]
        assert set(map(tuple, lit(second).values())) == {(0, 89, 0)}
        running.request("/tap", {"card": "grenade"})
        third = read_event(stream)
        assert third["reader"]["card"] == "grenade" and third["oled"] != second["oled"]


# -- pairing (and see test_hostile.py) -----------------------------------------------------------

def test_a_server_on_the_network_needs_the_pairing_code(devices, start):
    codes = []
    running = start(devices, host="0.0.0.0", on_pairing_code=codes.append)
    assert len(codes) == 1 and len(codes[0]) == 6 and codes[0].isdigit()
    assert running.server.url.startswith("http://0.0.0.0:")
    assert running.request("/")[0] == 200                    # the page itself asks for the code
    status, reply = running.request("/state")
    assert status == 403 and reply["pairing"] is True and reply["reason"] == "needed"
    assert "code shown on the table" in reply["error"]
    wrong = "000000" if codes[0] != "000000" else "111111"
    status, reply = running.request("/press", {"name": "ok"}, headers={"X-Pairing-Code": wrong})
    assert status == 403 and "wrong pairing code" in reply["error"]
    status, reply = running.request("/state", headers={"X-Pairing-Code": codes[0]})
    assert status == 200 and "leds" in reply


def test_pairing_hands_over_a_session_cookie(devices, start):
    codes = []
    running = start(devices, host="127.0.0.1", pairing=True, on_pairing_code=codes.append)
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def get(path, headers=None):
        req = urllib.request.Request(running.url + path, headers=headers or {})
        try:
            with opener.open(req, timeout=10) as res:
                return res.status, res.headers.get_all("Set-Cookie") or []
        except urllib.error.HTTPError as err:
            return err.code, []

    assert get("/state")[0] == 403
    status, cookies = get("/state", {"X-Pairing-Code": codes[0]})
    assert status == 200 and len(cookies) == 1
    assert cookies[0].startswith("worms_session=") and "HttpOnly" in cookies[0]
    assert "SameSite=Strict" in cookies[0] and codes[0] not in cookies[0]
    assert get("/state") == (200, [])                      # the session alone is enough now
    assert running.request("/state")[0] == 403             # (another client is not paired)


# -- beside real hardware ---------------------------------------------------------------------------

def test_real_devices_are_never_opened_by_the_page(start):
    devs = build_devices(profile.load(), sim=False)
    running = start(devs)
    state = running.request("/state")[1]
    assert (state["leds"], state["oled"], state["wind"], state["buttons"], state["reader"]) == \
        (None, None, None, None, None)
    assert devs.built() == {}
    status, reply = running.request("/press", {"name": "ok"})
    assert status == 409 and "no buttons" in reply["error"]


def test_spectator_screen_beside_real_hardware(start):
    # the page shows what the table pushes, names the real buttons and the card on the
    # real reader, and works neither
    leds = SimHexLeds()
    wind = types.SimpleNamespace(direction=5)                # a real dial knows no angle
    reader = CardReader()
    built = {"leds": leds, "wind": wind, "buttons": Buttons(), "card_reader": reader,
             "display": types.SimpleNamespace()}            # a real OLED keeps no image
    devs = types.SimpleNamespace(sim=False, built=lambda: built)
    running = start(devs)
    reader.current = sim_uid("uzi")                           # (the page never reads it)
    grid = dict.fromkeys(leds.hexes, (0, 0, 0))
    controls = Controls(tuple(Buttons().inputs), press=False, reader=True, tap=False,
                        on_reader=sim_uid("girder"))          # as the reader last said
    running.call(lambda: running.server.show(TableSnapshot(
        1, "play", "en", wind=5, leds=frame_items(grid), cards=tuple(library().values()),
        controls=controls)))
    state = running.request("/state")[1]
    assert state["buttons"]["interactive"] is False and state["reader"]["interactive"] is False
    assert state["reader"]["card"] == "girder"
    assert state["wind"] == {"direction": 5, "angle": 240.0}
    assert state["oled"] is None and len(state["leds"]["hexes"]) == 61
    status, reply = running.request("/press", {"name": "ok"})
    assert status == 409 and "press them on the table" in reply["error"]
    status, reply = running.request("/tap", {"card": "uzi"})
    assert status == 409 and "tap the card on the table" in reply["error"]


def test_serve_does_not_listen_until_started(devices):
    server = serve(devices, port=0)
    assert server.url == "http://127.0.0.1:0/"
    assert server.pairing_code is None


def test_a_page_going_away_is_no_error(table, caplog):
    running, _ = table
    for _ in range(3):
        with socket.create_connection(("127.0.0.1", running.server.port), timeout=5) as s:
            s.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert s.recv(100).startswith(b"HTTP/1.1 200")
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    for name in "123456":                         # changes pushed to the vanished pages
        running.request("/press", {"name": name})
    with socket.create_connection(("127.0.0.1", running.server.port), timeout=5) as s:
        s.sendall(b"GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\n")   # and one that stops halfway
    assert running.request("/state")[0] == 200
    until(lambda: running.call(running.server.streams) == 0,   # the streams notice and end
          what="the vanished pages' streams ended")
    assert [r.getMessage() for r in caplog.records if r.levelname == "ERROR"] == []
