"""The daemon's loop while the Pico goes mute (issue 31): an LED frame waits for the Pico's
acknowledgement on the link's thread, not on the loop, so presses are handled and the OLED
drawn meanwhile; once the link declares the Pico dead, the supervisor hears it on the loop."""

import asyncio
from types import SimpleNamespace

from table.devices.buttons import SimButtons
from table.devices.cards import SimCardReader
from table.devices.display import SimDisplay
from table.devices.pico import PicoLeds
from table.devices.wind import SimWindDial
from table.hexgrid import hexagon
from tests.app.driver import Player, running, sim_daemon
from tests.polling import until_async
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
