"""The shop demo's stage (table/app/stage.py): the demo draws through the daemon's Presenter,
one snapshot per change that the OLED, the LEDs, the dial and the page all read."""

from __future__ import annotations

from table.app.stage import Stage
from table.app.supervisor import Supervisor
from table.ui import screens
from table.ui.snapshot import one_bit


def staged(devices, clock) -> tuple[Stage, list]:
    supervisor = Supervisor(devices, clock=clock)
    supervisor.open_all()
    stage = Stage(supervisor, frozenset(devices.leds.hexes), clock=clock)
    pushed: list = []
    stage.on_snapshot = pushed.append
    return stage, pushed


def test_a_change_is_one_snapshot_that_every_device_and_the_page_read(devices, clock):
    stage, pushed = staged(devices, clock)
    screen = screens.message("Worms: try it!", "Back to the show in a moment")
    lit = next(iter(stage.grid))
    stage.show(screen)                          # a screen, a frame and the wind: one change
    stage.show_frame({lit: (200, 0, 0)})
    stage.point(4)
    stage.draw("show", "en")
    assert len(pushed) == 1 and pushed[0] is stage.snapshot
    snap = pushed[0]
    assert snap.oled == tuple(screen.texts) and snap.mode == "show" and snap.wind == 4
    assert snap.frame == {h: (200, 0, 0) if h == lit else (0, 0, 0) for h in stage.grid}
    assert devices.display.image.tobytes() == one_bit(screen.image).tobytes() \
        == snap.screen.tobytes()
    assert devices.leds.shown() == {h: devices.leds.capped(c) for h, c in snap.leds}
    assert devices.wind.direction == 4
    stage.draw("show", "en")                    # nothing changed: nothing drawn
    stage.point(4)
    stage.draw("show", "en")
    assert len(pushed) == 1


def test_an_animation_moves_on_the_leds_each_tick_and_holds_its_last_frame(devices, clock):
    stage, pushed = staged(devices, clock)
    lit = next(iter(stage.grid))

    def fade(t: float) -> dict:
        return {lit: (round(250 * (1 - t)), 0, 0)}

    stage.show(screens.message("worms-table", "a blast"))
    stage.play(fade, 1.0)
    stage.draw("show", "en")
    assert pushed[-1].frame[lit] == (250, 0, 0)
    assert devices.leds.shown()[lit] == devices.leds.capped((250, 0, 0))
    clock.now += 0.5
    stage.tick()                                         # the ticker: the frame for now
    assert devices.leds.shown()[lit][0] < devices.leds.capped((250, 0, 0))[0]
    clock.now += 5
    stage.tick()                                         # past its end: the last frame, once
    ticked = len(pushed)
    stage.tick()
    assert ticked == 3 and len(pushed) == ticked
    stage.point(2)                                       # a change after the animation's end
    stage.draw("show", "en")
    assert pushed[-1].frame[lit] == (0, 0, 0) and pushed[-1].oled == pushed[0].oled
    stage.show_frame({lit: (0, 9, 0)})                   # a still frame: the ticker adds none
    stage.draw("show", "en")
    drawn = len(pushed)
    stage.tick()
    assert len(pushed) == drawn
