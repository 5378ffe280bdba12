"""Acceptance: the simulator page in real headless Chromium drives the table and follows it.

Debian's chromium (installed by ensure_chromium.sh when missing) driven by Playwright; the
page is served by a real server over sim devices that a stand-in daemon drives.
"""

from __future__ import annotations

import json
import subprocess
import urllib.request
from pathlib import Path

import pytest

from table.web import sim_uid

from .conftest import StandIn
from .simulator import start_sim
from tests.polling import until

ENSURE = Path(__file__).with_name("ensure_chromium.sh")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage"]
PAGE_HEXES = """Object.fromEntries([...document.querySelectorAll('[data-hex]')]
                 .map(e => [e.dataset.hex, e.dataset.color]))"""


@pytest.fixture(scope="module")
def browser():
    found = subprocess.run(["bash", str(ENSURE)], capture_output=True, text=True, timeout=900)
    assert found.returncode == 0, f"cannot get chromium: {found.stderr}"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=found.stdout.strip(), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    page.on("console", lambda msg: msg.type == "error" and page.errors.append(msg.text))
    yield page
    page.close()


def synced(page, running) -> dict:
    """Wait until the page shows the server's current state; return that state."""
    state = running.request("/state")[1]
    page.wait_for_function(f"Number(document.body.dataset.version) >= {state['version']}",
                           timeout=5000)
    return state


def page_matches(page, state) -> None:
    want = {f"{q},{r}": colour for q, r, colour, _ in state["leds"]["hexes"]}
    assert page.evaluate(PAGE_HEXES) == want
    assert page.get_attribute("#oled", "src") == state["oled"]


def test_the_page_drives_the_table_and_follows_it(page, table, tmp_path):
    running, stand_in = table
    page.goto(running.url + "/")
    page.wait_for_selector("#live:not(.off)")
    state = synced(page, running)
    assert page.locator("[data-hex]").count() == 60
    page_matches(page, state)
    assert page.text_content("#wind-label") == "Wind: not set"
    first_oled = state["oled"]

    # a click on a direction button: the dial turns, that ray lights, the OLED says so
    page.click('[data-button="3"]')
    until(lambda: stand_in.inputs == [("3", False)], what="the press of 3")
    state = synced(page, running)
    page_matches(page, state)
    assert state["oled"] != first_oled
    assert {h for h, c in page.evaluate(PAGE_HEXES).items() if c != "#000000"} == \
        {"1,0", "2,0", "3,0", "4,0"}
    assert page.text_content("#wind-label") == "Wind 3 · SE"
    assert "rotate(120deg)" in page.get_attribute("#arrow", "style")

    # the keyboard: Enter is OK (the grid goes green), Shift makes a long press (red)
    page.keyboard.press("Enter")
    until(lambda: stand_in.inputs[-1] == ("ok", False), what="OK from the keyboard")
    page_matches(page, synced(page, running))
    assert set(page.evaluate(PAGE_HEXES).values()) == {"#00ff00"}
    page.keyboard.press("Shift+Digit5")
    until(lambda: stand_in.inputs[-1] == ("5", True), what="a long 5 from the keyboard")
    page_matches(page, synced(page, running))
    assert set(page.evaluate(PAGE_HEXES).values()) == {"#ff0000"}

    # holding a button down is one long press, and its release is not a short one
    box = page.locator('[data-button="6"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    until(lambda: stand_in.inputs[-1] == ("6", True), what="a held 6")
    page.mouse.up()
    page.keyboard.press("Escape")
    until(lambda: stand_in.inputs[-1] == ("back", False), what="Back from the keyboard")
    assert stand_in.inputs == [("3", False), ("ok", False), ("5", True), ("6", True),
                               ("back", False)]
    board = synced(page, running)
    page_matches(page, board)

    # tapping a card: the daemon reads its sim tag, the rings light, the dice show
    page.click('[data-card="bazooka"]')
    until(lambda: stand_in.taps == ["bazooka"], what="the tap of the Bazooka")
    state = synced(page, running)
    page_matches(page, state)
    assert state["oled"] != board["oled"] and state["leds"] != board["leds"]
    assert "on-reader" in page.get_attribute('[data-card="bazooka"]', "class")
    assert page.text_content("#reader-label") == "On the reader: Bazooka"
    page.screenshot(path=str(tmp_path / "simulator.png"), full_page=True)

    page.click("#take-off")
    until(lambda: stand_in.removed == [sim_uid("bazooka")], what="the card taken off")
    page.wait_for_function("document.getElementById('reader-label').textContent"
                           " === 'The reader is empty'", timeout=5000)
    assert "on-reader" not in page.get_attribute('[data-card="bazooka"]', "class")
    assert page.errors == []
    shot = (tmp_path / "simulator.png").read_bytes()
    assert shot.startswith(b"\x89PNG") and len(shot) > 20_000
    print(f"screenshot: {tmp_path / 'simulator.png'}")


def test_the_page_speaks_the_tables_language(page, table):
    running, stand_in = table
    page.goto(running.url + "/")
    page.wait_for_selector('[data-card="bazooka"]')
    running.call(lambda: stand_in.changed(lang="cs"))      # the table's language: the page's
    page.wait_for_function("document.documentElement.lang === 'cs'", timeout=5000)
    assert page.text_content('[data-card="bazooka"] .name') == "Bazuka"
    assert page.text_content('[data-button="back"]') == "Zpět"
    assert page.text_content("#reader-label") == "Čtečka je prázdná"
    assert page.errors == []


def test_pairing_in_the_browser(page, devices, start):
    codes = []
    stand_in = StandIn(devices)
    running = start(devices, host="0.0.0.0", on_pairing_code=codes.append)
    stand_in.attach(running)
    page.goto(f"http://127.0.0.1:{running.server.port}/")
    page.wait_for_selector("#pairing[open]")
    page.fill("#pair-code", "000000" if codes[0] != "000000" else "111111")
    page.click("#pair-form button")
    page.wait_for_function("document.getElementById('pair-error').textContent"
                           ".toLowerCase().includes('wrong pairing code')", timeout=5000)
    assert page.locator("[data-hex]").count() == 0
    page.fill("#pair-code", codes[0])
    page.click("#pair-form button")
    page.wait_for_selector("#live:not(.off)")
    assert page.locator("[data-hex]").count() == 60
    assert not page.locator("#pairing").evaluate("d => d.open")


def test_the_real_daemon_in_the_browser(page, tmp_path):
    """`worms-table run --sim` serves the page; a press changes the OLED, a tap reaches it."""
    daemon, url = start_sim("run", tmp_path, 1)
    try:
        def state():
            with urllib.request.urlopen(url + "state", timeout=5) as res:
                return json.load(res)

        page.goto(url)
        page.wait_for_selector("#live:not(.off)")
        before = state()
        page.wait_for_function(f"Number(document.body.dataset.version) >= {before['version']}")
        assert page.locator("[data-hex]").count() == 60
        assert page.get_attribute("#oled", "src") == before["oled"]
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.getElementById('oled').src !== {before['oled']!r}",
                               timeout=5000)
        page.click('[data-card="grenade"]')
        page.wait_for_function("document.getElementById('reader-label').textContent"
                               " === 'On the reader: Grenade'", timeout=5000)
        assert state()["reader"]["card"] == "grenade"
        assert page.errors == []
    finally:
        daemon.terminate()
        daemon.wait(10)


def test_the_page_follows_a_restarted_table(page, devices, start):
    """The daemon restarts (its version count starts again): the open page carries on."""
    stand_in = StandIn(devices)
    first = start(devices)
    stand_in.attach(first)
    port = first.server.port
    page.goto(first.url + "/")
    page.wait_for_selector("#live:not(.off)")
    for name in "123456":
        page.keyboard.press(name)
        until(lambda n=int(name): len(stand_in.inputs) == n, what=f"the press of {name}")
    page.wait_for_function(f"document.body.dataset.version >= {synced(page, first)['version']}")
    first.stop()
    page.wait_for_selector("#live.off")
    second = start(devices, port=port)
    stand_in.attach(second)
    page.wait_for_selector("#live:not(.off)", timeout=10000)
    second.call(lambda: stand_in.idle())
    page_matches(page, synced(page, second))
    assert page.errors == [] or all("ERR_CONNECTION_REFUSED" in e for e in page.errors)
