"""The shop demo with its page off the loopback (``worms-table demo --sim --host ...``): the
page's pairing code is shown on the OLED over the bots' show for :data:`CODE_S`, or until a
button; holding 1 asks the page for a new code, as at the table (issue 24)."""

from __future__ import annotations

from collections.abc import Callable

from table.ui import screens

from .demo import Demo
from .mode import DemoMode

CODE_S = 60.0           # the page's pairing code stays on the OLED this long (or to a button)
PAIR_BUTTON = "1"       # held: the page opens pairing with a new code (as in the daemon)


class PairedDemo(Demo):
    """:class:`Demo`, with :meth:`show_code` for the page's ``on_pairing_code`` and
    ``on_pair_button`` (the page's ``open_pairing``) called when 1 is held."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.on_pair_button: Callable[[], None] | None = None
        self._code: screens.Screen | None = None    # the code's screen, on show until _code_until
        self._code_until = 0.0

    def show_code(self, code: str) -> None:
        """The page's pairing code, shown over the show for CODE_S or until a button."""
        self._code = screens.message("worms-table", code)
        self._code_until = self.clock() + CODE_S
        self.stage.show(self._code)
        self.draw()
        if self.wake is not None:           # (run_async's: the screen goes up now)
            self.wake.set()

    def _beat(self) -> tuple[list, float]:
        now = self.clock()
        if self._code is not None and now < self._code_until:
            self.stage.show(self._code)
            return [], self._code_until - now
        self._code = None
        return super()._beat()

    def press(self, event) -> None:
        """Holding 1 opens the page's pairing; a button takes the code off the screen (and,
        unless a visitor is playing, does nothing more); the rest as :meth:`Demo.press`."""
        if event.name == PAIR_BUTTON and event.long and self.on_pair_button is not None:
            self.last_input = self.clock()
            self.on_pair_button()           # the new code comes back to show_code
            return
        if self._code is not None:
            self._code = None
            if self.mode not in (DemoMode.VISITOR, DemoMode.VERSUS):
                self.last_input = self.clock()
                return
        super().press(event)
