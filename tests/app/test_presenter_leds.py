"""The LEDs as the presenter draws them (issue 20): a change's frame is on the LEDs once
:meth:`Presenter.present` returns, each tick's frame (the animation's time then) once
:meth:`Presenter.animate` returns, and the snapshot holds what the LEDs show (a hex a frame
leaves out keeps its colour, and the LEDs show the snapshot: issue 31)."""

from types import SimpleNamespace

from table.app.showing.presenter import Presenter
from table.app.core.supervisor import Supervisor
from table.devices.leds import SimHexLeds
from table.ui import screens


class Blinking:
    """An animated prompt whose LED frame says which table it shows (``colour``) and, on a
    second hex, the animation's time (whole seconds)."""

    animated = True

    def __init__(self, colour):
        self.colour = colour

    def screen(self, view):
        return screens.message("title", "body")

    def frame(self, view, t):
        return {(0, 0): self.colour, (1, 0): (int(t), 0, 0)}


def presenter():
    leds = SimHexLeds(radius=1)
    sup = Supervisor(SimpleNamespace(leds=leds))
    sup.open("leds")
    return Presenter(sup), leds


def test_a_change_is_on_the_leds_when_present_returns():
    p, leds = presenter()
    snap = p.present(Blinking((9, 0, 0)), None, 0.0, mode="play", lang="en")
    assert leds.frames == 1 and leds.shown()[(0, 0)] == (9, 0, 0)
    assert dict(snap.leds)[(0, 0)] == (9, 0, 0)
    snap = p.present(Blinking((0, 9, 0)), None, 0.0, mode="play", lang="en")
    assert leds.frames == 2 and leds.shown()[(0, 0)] == (0, 9, 0)
    assert dict(snap.leds) == leds.shown()                # as the LEDs show it
    leds.close()


def test_each_tick_shows_the_frame_for_its_time_and_the_rest_keeps_its_colour():
    p, leds = presenter()
    lit = Blinking((9, 0, 0))
    lit.frame = lambda view, t: {(0, -1): (5, 5, 5)}      # a hex no frame of Blinking names
    p.present(lit, None, 0.0, mode="play", lang="en")
    for t in (1.0, 2.0, 3.0):
        snap = p.animate(Blinking((9, 0, 0)), None, t)
        assert snap is not None and leds.shown()[(1, 0)] == (int(t), 0, 0)
        assert dict(snap.leds)[(1, 0)] == (int(t), 0, 0)
        assert dict(snap.leds)[(0, -1)] == (5, 5, 5) == leds.shown()[(0, -1)]
    assert dict(snap.leds) == leds.shown() and leds.frames == 4     # the LEDs: the snapshot
    leds.close()


def test_no_snapshot_to_animate_before_the_first_change():
    p, leds = presenter()
    assert p.animate(Blinking((9, 0, 0)), None, 1.0) is None and leds.frames == 0
    leds.close()
