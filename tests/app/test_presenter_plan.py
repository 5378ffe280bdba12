"""The LED animation planned ahead (issue 20): the presenter posts each beat's frame once, in
order, for the beat's own moment (``period`` apart from its origin), up to a few beats ahead of
the ticker; a change's frame goes at once, and the beats after it are planned again from the
new table, never left with the old one's frames."""

import time
from types import SimpleNamespace

from table.app.presenter import AHEAD, Presenter
from table.app.supervisor import Supervisor
from table.devices.leds import SimHexLeds
from table.ui import screens


class Blinking:
    """An animated prompt whose LED frame says which table it shows (``colour``)."""

    animated = True

    def __init__(self, colour):
        self.colour = colour

    def screen(self, view):
        return screens.message("title", "body")

    def frame(self, view, t):
        return {(0, 0): self.colour}


def planned_presenter():
    leds = SimHexLeds(radius=1)
    sup = Supervisor(SimpleNamespace(leds=leds))
    sup.open("leds")
    posts = []
    real = leds.post
    leds.post = lambda frame, at=None: (posts.append((dict(frame), at)), real(frame, at))[1]
    return Presenter(sup, period=3600.0), posts, leds    # (an hour a beat: none falls due)


def test_each_beat_is_planned_once_in_order_ahead_of_the_ticker():
    presenter, posts, leds = planned_presenter()
    old = Blinking((9, 0, 0))
    presenter.present(old, None, 0.0, mode="play", lang="en")
    for _ in range(3):
        presenter.animate(old, None, 0.0)                 # the ticker: nothing new to plan
    now_beat = round((time.monotonic() - presenter.origin) / presenter.period)
    at_once, *planned = posts
    assert at_once[1] is None                             # the change: at once
    beats = [round((at - presenter.origin) / presenter.period) for _, at in planned]
    assert beats == [now_beat + k for k in range(1, AHEAD + 1)]   # each once, in order
    leds.close()


def test_a_change_plans_the_beats_again_from_the_new_table():
    presenter, posts, leds = planned_presenter()
    old = Blinking((9, 0, 0))
    presenter.present(old, None, 0.0, mode="play", lang="en")
    for _ in range(3):
        presenter.animate(old, None, 0.0)                 # the plan is AHEAD beats long
    n = len(posts)
    new = Blinking((0, 9, 0))
    presenter.present(new, None, 0.0, mode="play", lang="en")
    for _ in range(3):
        presenter.animate(new, None, 0.0)                 # the ticker plans the rest again
    at_once, *planned = posts[n:]
    assert at_once == ({(0, 0): (0, 9, 0)}, None)         # the change's frame at once
    assert all(frame == {(0, 0): (0, 9, 0)} for frame, _ in planned)   # the new table's
    assert sorted(at for _, at in planned) == [at for _, at in posts[1:n]]   # the same beats
    leds.close()
