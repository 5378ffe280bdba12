"""The shop demo's stage: what the show has on the table, drawn through the daemon's
:class:`Presenter` (table/app/presenter.py), so that the demo draws as the table does.

What is on show is a :class:`Showing` (a prompt of its own: a screen, an LED scene); each change
of it (a screen, a frame, an animation, the wind) made during a beat or an input is drawn once,
by :meth:`Stage.draw`: one :class:`TableSnapshot` that the OLED, the LEDs, the dial and the
page all read.  Between changes :meth:`Stage.tick` moves the LEDs' animation on (its frames
planned ahead on the LEDs' own thread, as in the daemon).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from table.engine.board import Board
from table.ui import scenes
from table.ui.screens import Screen
from table.ui.snapshot import TableSnapshot

from .asking import Prompt, View
from .presenter import Presenter
from .supervisor import Supervisor

FPS = 30                # the LEDs' animation beat


class Showing(Prompt):
    """What the show has on the table, as the presenter draws it: ``screen`` on the OLED and
    ``scene(t)`` on the LEDs (``t``: the show's time; hexes it leaves out dark)."""

    def __init__(self, screen: Screen, scene: Callable[[float], scenes.Frame], grid: frozenset,
                 animated: bool, ends: float | None = None) -> None:
        self._screen, self.scene, self.grid, self.animated = screen, scene, grid, animated
        self.ends = ends            # the show's time the scene stops moving (None: never)

    def screen(self, view: View) -> Screen:
        return self._screen

    def frame(self, view: View, t: float) -> scenes.Frame:
        frame = self.scene(t)
        return {h: frame.get(h, (0, 0, 0)) for h in self.grid}


def still(frame: scenes.Frame) -> Callable[[float], scenes.Frame]:
    """A scene that does not move."""
    return lambda t: frame


class Stage:
    """The show's screen, LED scene and wind on ``supervisor``'s devices; ``on_snapshot``
    (the page) is handed each new snapshot."""

    def __init__(self, supervisor: Supervisor, grid: frozenset, *,
                 clock: Callable[[], float] = time.monotonic, fps: int = FPS) -> None:
        self.supervisor = supervisor
        self.presenter = Presenter(supervisor, 1 / fps)
        self.grid = grid
        self.clock = clock
        self._t0 = clock()
        self.screen: Screen | None = None               # the OLED's screen
        self._scene: Callable[[float], scenes.Frame] = still({})   # the LEDs' scene
        self._moving = False                            # ... changes with time
        self._ends: float | None = None                 # ... until then (None: for ever)
        self.wind: int | None = None                    # where the dial points
        self._showing: Showing | None = None            # what is drawn (None: a change to draw)
        self.snapshot: TableSnapshot | None = None      # the last one
        self.on_snapshot: Callable[[TableSnapshot], None] | None = None
        # what the presenter draws a Showing over (it draws nothing of it)
        self._view = View("en", Board(land=set(), wind=1), grid)

    def t(self) -> float:
        """The show's time (its animations' and prompts' frames)."""
        return self.clock() - self._t0

    def show(self, screen: Screen) -> None:
        """``screen`` on the OLED (drawn with the other changes: :meth:`draw`)."""
        self.screen, self._showing = screen, None

    def show_frame(self, frame: scenes.Frame) -> None:
        """``frame`` on the LEDs, still."""
        self.show_scene(still(frame), moving=False)

    def show_scene(self, scene: Callable[[float], scenes.Frame], moving: bool,
                   ends: float | None = None) -> None:
        """``scene(t)`` on the LEDs, ``t`` being the show's time (``moving`` until ``ends``)."""
        self._scene, self._moving, self._ends, self._showing = scene, moving, ends, None

    def play(self, scene: scenes.Scene, seconds: float) -> None:
        """An animation from now for ``seconds`` (its last frame held after)."""
        start = self.t()
        self.show_scene(lambda t: scene(min(max(t - start, 0.0), seconds)), moving=True,
                        ends=start + seconds)

    def point(self, wind: int) -> None:
        """The wind dial to ``wind``."""
        if wind != self.wind:
            self.wind, self._showing = wind, None

    def changed(self) -> None:
        """Draw again at the next :meth:`draw` (a device back, or to be tried again)."""
        self._showing = None

    def draw(self, mode: str, lang: str) -> None:
        """The changes since the last draw, if any: one new snapshot, drawn by the presenter
        on the OLED, the LEDs and the dial, and handed to the page."""
        if self._showing is not None or self.screen is None:
            return
        self._showing = showing = Showing(self.screen, self._scene, self.grid, self._moving,
                                          self._ends)
        self._snapshot(self.presenter.present(showing, self._view, self.t(), mode=mode,
                                              lang=lang, wind=self.wind))

    def tick(self) -> None:
        """The LEDs' animation moved on (the ticker's beat, table/app/demoloop.py)."""
        showing = self._showing
        if showing is not None and (showing.animated or self.supervisor.faults):
            t = self.t()
            snap = self.presenter.animate(showing, self._view, t)
            if snap is not None:
                self._snapshot(snap)
            if showing.ends is not None and t >= showing.ends:   # its last frame is out
                showing.animated = False

    def _snapshot(self, snap: TableSnapshot) -> None:
        self.snapshot = snap
        if self.on_snapshot is not None:
            self.on_snapshot(snap)
