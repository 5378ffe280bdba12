"""The build, step by step, as `hardware/ASSEMBLY.md` tells it: what each step adds (printed
parts, bought parts drawn as blocks, screws) and where it happens (the enclosure, or on the
bench: the lid, the servo on its mount, the front).  `fitcheck.tool_access` drives every screw
in this order with the parts of its step's scene in place; `render.step_pictures` draws each
step with what it adds in colour and what came before in grey.
"""

from __future__ import annotations

from dataclasses import dataclass

import build123d as bd

from .assembly import Build, Joint
from .panel import z_levels
from .solids import cyl


@dataclass(frozen=True)
class Step:
    number: int
    title: str
    group: str                      # where it happens: box, lid, servo or front
    parts: tuple[str, ...] = ()     # printed parts it adds
    bought: tuple[str, ...] = ()    # bought parts it adds (Build.pockets names, or "LEDs")
    screws: tuple[str, ...] = ()    # joint name prefixes it drives
    joins: tuple[str, ...] = ()     # bench groups it puts into the box
    azimuth: float = -30.0          # the picture's view (render.draw's)
    elevation: float = 35.0
    lift: bool = False              # the picture draws the lid lifted off (stepwires.LIFT)


ASSEMBLY_STEPS = (
    Step(1, "the enclosure and its heat-set inserts", "box", parts=("enclosure",)),
    Step(2, "the LEDs in the panel, wired in its channels", "lid", parts=("panel",),
         bought=("LEDs",), azimuth=200.0, elevation=-50.0),      # from below, where the wires go
    Step(3, "the servo in its mount, pushed to the stop, tab screws", "servo",
         parts=("servo_mount",), bought=("servo SG90",), screws=("servo tab screw",)),
    Step(4, "the servo gear on the centred servo's horn", "servo", parts=("servo_gear",)),
    Step(5, "the mount on the floor", "box", screws=("servo mount screw",), joins=("servo",)),
    Step(6, "the dial gear on the mount's pin", "box", parts=("dial_gear",)),
    Step(7, "the Pi, the Pico, the power board and the jack", "box",
         bought=("pi", "pico", "shifter", "jack"),
         screws=("pi screw", "pico screw", "shifter screw")),
    Step(8, "the OLED, the card reader and the button carrier in the front", "front",
         parts=("front", "button_carrier"), bought=("oled", "reader", "switches"),
         screws=("OLED screw", "reader clamp screw", "button carrier screw"),
         azimuth=200.0, elevation=25.0),         # from behind, where the modules go
    Step(9, "the front on the enclosure", "box", screws=("front screw",), joins=("front",),
         elevation=50.0),
    Step(10, "the lid on, J1 plugged in", "box", bought=("623 bearing",),
         screws=("panel screw",), joins=("lid",), elevation=55.0, lift=True),
    Step(11, "the diffuser and the dial", "box", parts=("diffuser", "dial")),
)


def bought_bodies(bld: Build) -> dict[str, list[bd.Shape]]:
    """The bought parts as blocks at their places (the pockets' data-sheet bodies, the LEDs,
    the jack): each name's blocks (the LEDs are many)."""
    out = {pk.name: [pk.body] for pk in bld.pockets}
    lay = bld.layout
    z = z_levels(lay)
    out["LEDs"] = [cyl(c.x, c.y, z["base1"] - 1.2, z["base1"] + 2.0, 10.0) for c in lay.leds]
    from .routes import jack_xz
    from .solids import cyl_y

    jx, jz = jack_xz(lay)
    out["jack"] = [cyl_y(jx, jz, lay.length / 2 - lay.wall - 14, lay.length / 2 + 2, 8.0)]
    return out


def _items(bld: Build, step: Step, bought: dict[str, list[bd.Shape]]) -> list[bd.Shape]:
    out = []
    for name in step.parts:
        out += [p.shape for p in bld.part(name)]
    for name in step.bought:
        out += bought.get(name, [])
    return out


def walk(bld: Build, bought: dict[str, list[bd.Shape]] | None = None):
    """Each step with its new shapes, every shape placed before it, its scene (the shapes of
    the group it happens in) and the joints it drives."""
    bought = bought_bodies(bld) if bought is None else bought
    groups: dict[str, list] = {"box": [], "lid": [], "servo": [], "front": []}
    before: list = []
    for step in ASSEMBLY_STEPS:
        new = _items(bld, step, bought)
        for g in step.joins:
            groups["box"] += groups[g]
            groups[g] = []
        groups[step.group] += new
        joints = [j for j in bld.joints if any(j.name.startswith(p) for p in step.screws)]
        yield step, new, list(before), list(groups[step.group]), joints
        before += new


def scenes(bld: Build) -> list[tuple[int, list, list[Joint]]]:
    return [(step.number, scene, joints) for step, _, _, scene, joints in walk(bld)
            if joints]
