"""The presenter: what is on show, drawn onto the devices the supervisor has open -- the
prompt's screen on the OLED (with the turn timer's clock), its frame on the LEDs (the outer
ring pulsing red while the OLED is missing), the wind on the dial.
"""

from __future__ import annotations

from typing import Any

from .present import fault_frame, push_frame, with_clock
from .prompts import Prompt, View
from .supervisor import Supervisor


class Presenter:
    def __init__(self, supervisor: Supervisor) -> None:
        self.supervisor = supervisor

    def show(self, prompt: Prompt, view: View, t: float, *, clock_left: float | None = None,
             wind: int | None = None, leds_only: bool = False) -> None:
        """Draw ``prompt`` over ``view`` at ``t`` seconds (its animations' time);
        ``clock_left``: the turn timer's seconds to show; ``wind``: where the dial points."""
        sup = self.supervisor
        dev: dict[str, Any] = sup.dev
        display = dev.get("display")
        if not leds_only and display is not None:
            image = prompt.screen(view).image
            if clock_left is not None:
                image = with_clock(image, clock_left)
            # posted to the display's own thread; while it is failing, tried in place
            # (every retry_s) so that "back" is said only once a frame really got through
            send = display.show if "display" in sup.faults else display.post
            sup.safely("display", send, image)
        leds = dev.get("leds")
        if leds is not None:
            frame = prompt.frame(view, t)
            if "display" in sup.faults:
                frame = fault_frame(frame, t)
            sup.safely("leds", push_frame, leds, frame)
        dial = dev.get("wind")
        if dial is not None and wind is not None and dial.direction != wind:
            sup.safely("wind", dial.point, wind)
