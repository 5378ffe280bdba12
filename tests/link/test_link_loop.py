"""The daemon's loop while the Pico goes mute (issue 31): an LED frame waits for the Pico's
acknowledgement on the link's thread, not on the loop, so presses are handled and the OLED
drawn meanwhile; once the link declares the Pico dead, the supervisor hears it on the loop.
And while the Pico's USB stops draining (a write to the port waits): the link's thread alone
writes, so posting a frame never waits for the port."""

import asyncio
import threading
from types import SimpleNamespace

from table.devices.buttons import SimButtons
from table.devices.cards import SimCardReader
from table.devices.display import SimDisplay
from table.devices.linkport import open_serial
from table.devices.pico import PicoLeds
from table.devices.wind import SimWindDial
from table.hexgrid import hexagon
from tests.app.driver import Player, running, sim_daemon
from tests.polling import until, until_async
from tests.spies import posts


def test_a_mute_pico_holds_up_no_press_and_no_screen(pico, link_to, tmp_path):
    link = link_to(pico, dead_after_s=3600.0)        # dead only when the test says so
    display = SimDisplay()
    devices = SimpleNamespace(display=display, leds=PicoLeds(link, hexagon((0, 0), 4)),
                              wind=SimWindDial(), buttons=SimButtons(),
                              card_reader=SimCardReader())

    async def main():
        daemon = sim_daemon(tmp_path / "state", devices=devices)
        async with running(daemon):
            player = Player(daemon)
            sup = daemon.supervisor
            pico.mute = True                         # the Pico hears nothing from now on
            await player.press("4")                  # a new screen, a new LED frame
            timeouts = link.stats["timeouts"]
            await until_async(lambda: link.stats["timeouts"] > timeouts,
                              what="a frame sent, unanswered, sent again")
            posted, cursor = posts(display), daemon.current().cursor
            await player.press("4")                  # handled while that frame waits
            assert daemon.current().cursor != cursor
            assert posted                            # a new screen posted meanwhile
            await until_async(lambda: display.panel().tobytes() == display.image.tobytes(),
                              what="the new screen on the OLED")
            assert link.connected and "leds" not in sup.faults    # not declared dead yet
            link.dead_after_s = 0.0                  # now the link gives up on the Pico
            await until_async(lambda: "leds" in sup.faults, what="the supervisor told")
            assert "Pico" in str(sup.faults["leds"]) and "stopped answering" in str(sup.faults["leds"])
            assert not link.connected or link.generation > 1
        for device in vars(devices).values():
            device.close()

    asyncio.run(main())


class Undrained:
    """pyserial's port to the fake Pico, whose writes wait while ``held`` until the test
    releases them, as a Pico's USB that stops draining makes them wait (up to pyserial's
    ``write_timeout``); ``writers``: the threads that wrote."""

    def __init__(self, ser):
        self._ser = ser
        self.held, self.released, self.waiting = threading.Event(), threading.Event(), threading.Event()
        self.writers: set[threading.Thread] = set()

    def __getattr__(self, name):
        return getattr(self._ser, name)

    def write(self, data: bytes) -> int | None:
        self.writers.add(threading.current_thread())
        if self.held.is_set():
            self.waiting.set()
            self.released.wait(30)        # (bounded: a link that wrote on the test's thread fails)
        return self._ser.write(data)


def test_posting_a_frame_never_waits_for_a_port_that_does_not_drain(pico, link_to):
    ports = []

    def undrained(path, timeout):
        ports.append(Undrained(open_serial(path, timeout)))
        return ports[-1]

    link = link_to(pico, serial_factory=undrained, dead_after_s=3600.0, heartbeat_s=3600.0)
    leds = PicoLeds(link, hexagon((0, 0), 2))
    port = ports[-1]
    leds.show()                                      # the first frame goes through
    port.writers.clear()                             # (opening, the test's thread said hello)
    port.held.set()                                  # from now on the port does not drain
    leds.fill((1, 2, 3))
    first = leds.post()
    until(port.waiting.is_set, what="the link's thread waiting in a write")
    leds.fill((4, 5, 6))
    last = leds.post()                               # meanwhile: queued, not written
    assert threading.current_thread() not in port.writers
    assert not first.done and not last.done
    port.held.clear()
    port.released.set()
    until(lambda: last.done, what="the last frame acknowledged once the port drains")
    assert last.error is None and first.error is None
    assert pico.pixels == tuple(leds.capped((4, 5, 6)) for _ in leds.led_map)
    leds.close()
