"""Devices missing at start or failing mid-game: named on the OLED (on the LEDs when the OLED is
the one missing), retried, and the game goes on."""

import asyncio

from table.devices import DeviceError
from table.devices.build import build_devices
from table.hexgrid import distance
from table.profiles import load
from table.ui.strings import text

from .driver import Player, running, sim_daemon
from tests.polling import until_async as wait_for


class Flaky:
    """The simulated devices, but ``fail[name]`` attempts to open ``name`` fail first."""

    def __init__(self, fail: dict[str, int], what=None):
        self.real = build_devices(load(None), sim=True)
        self.fail = dict(fail)
        self.what = what or {}
        self.attempts = {n: 0 for n in ("wind", "leds", "display", "buttons", "card_reader")}

    def _get(self, name):
        self.attempts[name] += 1
        if self.fail.get(name, 0) > 0:
            self.fail[name] -= 1
            raise DeviceError(self.what.get(name, name), "check the cable")
        return getattr(self.real, name)

    wind = property(lambda self: self._get("wind"))
    leds = property(lambda self: self._get("leds"))
    display = property(lambda self: self._get("display"))
    buttons = property(lambda self: self._get("buttons"))
    card_reader = property(lambda self: self._get("card_reader"))

    def close(self):
        self.real.close()


def shown_texts(daemon):
    return daemon.current().screen(daemon.view()).texts


def test_a_missing_oled_is_named_on_the_leds_and_retried(tmp_path):
    devices = Flaky({"display": 3})

    async def main():
        daemon = sim_daemon(tmp_path, devices=devices, retry_s=0.02)
        async with running(daemon):
            assert "display" in daemon.faults and "display" not in daemon.dev
            leds = daemon.dev["leds"].shown()
            edge = max(distance((0, 0), h) for h in leds)
            ring = {leds[h] for h in leds if distance((0, 0), h) == edge}
            back = await wait_for(lambda: "display" in daemon.dev and not daemon.faults)
            return ring, back, shown_texts(daemon), daemon.dev["display"].image

    ring, back, texts, image = asyncio.run(main())
    assert ring == {daemon_red()}
    assert back and devices.attempts["display"] >= 4
    assert text("fault.back", "en", name=text("device.display", "en")) in " ".join(texts)
    assert image is not None


def daemon_red():
    from table.devices.leds import SimHexLeds
    return SimHexLeds(brightness=load(None).leds.brightness).capped((255, 0, 0))


def test_missing_leds_are_named_on_the_oled_and_the_game_goes_on(tmp_path):
    devices = Flaky({"leds": 10 ** 6})

    async def main():
        daemon = sim_daemon(tmp_path, devices=devices, retry_s=0.02)
        async with running(daemon):
            fault = shown_texts(daemon)
            await wait_for(lambda: devices.attempts["leds"] > 2, what="the LEDs retried")
            p = Player(daemon)
            await p.press("ok")                      # the fault notice goes
            await p.wizard()                         # the game starts without LEDs
            return fault, daemon.game is not None, devices.attempts["leds"]

    fault, started, attempts = asyncio.run(main())
    assert text("fault.missing", "en", name=text("device.leds", "en")) in " ".join(fault)
    assert started and attempts > 2


def test_an_oled_failing_mid_game_costs_nothing(tmp_path):
    async def main():
        daemon = sim_daemon(tmp_path, retry_s=0.02)
        async with running(daemon):
            p = Player(daemon)
            await p.wizard()
            display = daemon.dev["display"]
            panel = display.device                    # luma's dummy: the simulated panel itself
            real_display = panel.display
            failures = [2]

            def fail_twice(image):
                if failures[0] > 0:
                    failures[0] -= 1
                    raise DeviceError("OLED display", "stopped answering; check its wiring")
                real_display(image)
            panel.display = fail_twice
            before = len(daemon.game.log) + len(daemon.queue.steps)
            await p.press("ok")                       # a step confirmed while the OLED fails
            await wait_for(lambda: "display" in daemon.faults)
            during = dict(daemon.faults)
            # (both failures spent: between them the fault can clear for a moment)
            await wait_for(lambda: failures[0] == 0 and not daemon.faults)
            return before, len(daemon.game.log) + len(daemon.queue.steps), during, dict(daemon.faults)

    before, after, during, after_faults = asyncio.run(main())
    assert "display" in during and after_faults == {}
    assert after == before - 1                        # the press still counted


def test_a_card_reader_error_is_named_and_taps_still_work_after(tmp_path):
    async def main():
        daemon = sim_daemon(tmp_path)
        async with running(daemon):
            reader = daemon.dev["card_reader"]
            reader.on_error(DeviceError("card reader", "cannot open serial port /dev/serial0"))
            await wait_for(lambda: "card_reader" in daemon.faults, what="the fault taken")
            texts = shown_texts(daemon)
            return texts, dict(daemon.faults)

    texts, faults = asyncio.run(main())
    assert text("fault.missing", "en", name=text("device.cards", "en")) in " ".join(texts)
    assert "card_reader" in faults


def test_a_missing_pico_is_named_as_the_pico(tmp_path):
    devices = Flaky({"wind": 10 ** 6}, what={"wind": "Pico"})

    async def main():
        daemon = sim_daemon(tmp_path, devices=devices)
        async with running(daemon):
            return shown_texts(daemon)

    texts = asyncio.run(main())
    assert text("fault.missing", "en", name=text("device.pico", "en")) in " ".join(texts)
