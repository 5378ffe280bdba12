"""Write a built box: STL (to print) and STEP (to edit) of every part laid on the bed, a preview
PNG of each part and of the assembly, the assembly as one STEP, the diffuser's cutting outline
and parts.md (the list: material, count, print orientation and settings)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import build123d as bd

from . import modules as M
from .assembly import Build, Part
from .dial import gear_z, steel, steel_pin
from .front import READER_SCREW, READER_SPACER, reader_clamps
from .geometry import chain_text
from .drawings import power_board_svg
from .panel import diffuser_svg
from .render import chain_picture, render
from .steppics import bought_colour
from .split import KEY_DEPTH, oriented_size

EXPLODE = {"panel": 70.0, "diffuser": 95.0, "dial": 110.0}
ALONE = ("test_coupon",)      # printed on its own, not part of the box
FACE_VIEW = {"front": {"azimuth": -20.0, "elevation": 20.0}}   # its face, from the players' side


def on_bed(part: Part) -> bd.Shape:
    """The part turned onto the bed, centred, its lowest point at z = 0."""
    shape = bd.Rot(*part.orient) * part.shape
    bb = shape.bounding_box()
    return bd.Pos(-bb.center().X, -bb.center().Y, -bb.min.Z) * shape


def write(bld: Build, out: Path, checks: dict[str, tuple[list[str], str]] | None = None,
          pictures: bool = True) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for p in bld.parts:
        shape = on_bed(p)
        for ext in ("stl", "step"):
            path = out / f"{p.name}.{ext}"
            if ext == "stl":
                bd.export_stl(shape, path, tolerance=0.02, angular_tolerance=0.2)
            else:
                bd.export_step(shape, path)
            written.append(path)
        if pictures:
            path = out / f"{p.name}.png"
            if p.name in FACE_VIEW:             # shown as the players see it, not on the bed
                render([(p.shape, p.colour)], path, size=500, tolerance=0.5, **FACE_VIEW[p.name])
            else:
                render([(shape, p.colour)], path, size=500, tolerance=0.5)
            written.append(path)
    path = out / "assembly.step"
    bd.export_step(bd.Compound([p.shape for p in bld.parts]), path)
    written.append(path)
    if pictures:
        path = out / "assembly.png"
        render_assembly(bld, path)
        written.append(path)
    if pictures:
        written += step_pictures(bld, out / "steps")
        from .boardpicture import picture
        from .steppics import underside

        path = out / "panel_underside.png"
        underside(bld).save(path)
        written.append(path)
        path = out / "power_board.png"
        picture(*_pins(bld)).save(path)
        written.append(path)
    if pictures:
        path = out / "chain.png"
        chain_picture(bld.layout, path)
        written.append(path)
    path = out / "diffuser.svg"
    path.write_text(diffuser_svg(bld.layout), encoding="utf-8")
    written.append(path)
    path = out / "power_board.svg"
    path.write_text(power_board(bld), encoding="utf-8")
    written.append(path)
    path = out / "parts.md"
    path.write_text(parts_md(bld, checks), encoding="utf-8")
    written.append(path)
    return written


def step_pictures(bld: Build, out: Path) -> list[Path]:
    """One picture per step of hardware/ASSEMBLY.md (steppics.images)."""
    from .steppics import images

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for step, img in images(bld):
        path = out / f"step{step.number:02d}.png"
        img.save(path)
        written.append(path)
    return written


def _pins(bld: Build) -> tuple[int, int]:
    """The profile's Pico pins: the LEDs' data, the servo."""
    p = bld.profile
    led = p.leds.pico_pin if p.leds is not None and p.leds.pico_pin is not None else 2
    servo = p.wind.pico_pin if p.wind is not None and p.wind.pico_pin is not None else 15
    return led, servo


def power_board(bld: Build) -> str:
    """The power board's 1:1 drawing with the profile's Pico pins."""
    return power_board_svg(*_pins(bld))


def render_assembly(bld: Build, path: Path, size: int = 900) -> None:
    """The box exploded upwards: enclosure, front, the boards, the servo and the gears in
    place (bought parts as blocks); the panel, the diffuser and the dial lifted off so the
    cells and the gear pair show."""
    items = []
    for p in bld.parts:
        if p.name in ALONE:
            continue
        lift = EXPLODE.get(p.family or p.name, 0.0)
        items.append((bd.Pos(0, 0, lift) * p.shape, p.colour))
    for pk in bld.pockets:
        if pk.name.startswith("LED") or pk.name == "servo MG90S":
            continue
        lift = EXPLODE["panel"] if pk.host == "panel" else 0.0
        tint = bought_colour(pk.name)
        body: Any = pk.body
        items.append((bd.Pos(0, 0, lift) * body, tint))
    render(items, path, size=size, tolerance=0.3)


def fasteners(bld: Build) -> list[tuple[str, int, str]]:
    """(screw, count, what it holds) from the joints."""
    groups: Counter = Counter()
    for j in bld.joints:
        what = j.name.rsplit(" ", 1)[0].replace(" screw", "")
        groups[(j.screw, what)] += 1
    return [(screw, n, what) for (screw, what), n in sorted(groups.items())]


def inserts(bld: Build) -> list[tuple[str, int]]:
    n: Counter = Counter()
    for j in bld.joints:
        if any(name == "enclosure" for name, *_ in j.holes):
            n[j.size] += 1
    return [(f"heat-set insert {size} (CNC Kitchen {size} standard, {M.INSERT_HOLE[size]:g} mm "
             "hole)", count) for size, count in sorted(n.items())]


def parts_md(bld: Build, checks: dict[str, tuple[list[str], str]] | None) -> str:
    lay = bld.layout
    b = lay.box
    lines = [f"# The box's parts: profile `{bld.profile.name}`", "",
             f"Made by `worms-table parts` from `{bld.profile.path.name}` in {bld.seconds:.0f} s: "
             f"{len(lay.cells)} cells of {b.hex_mm:g} mm across flats, {len(lay.leds)} LEDs, "
             f"the dial at hex {list(lay.dial_hex)}; box {lay.width:.0f} x "
             f"{lay.length + lay.front_t:.0f} x {lay.z_top + 4 + lay.depth + lay.diffuser:.0f} mm. "
             f"Print bed {b.bed_mm[0]:g} x {b.bed_mm[1]:g} x {b.bed_mm[2]:g} mm. "
             "Assembly: `hardware/ASSEMBLY.md`.", "",
             "| part | count | material | on the bed | size on the bed (mm) | settings | note |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for p in bld.parts:
        x, y, z = oriented_size(p.shape, p.orient)
        lines.append(f"| `{p.name}` | {p.count} | {p.material} | {p.face} | "
                     f"{x:.1f} x {y:.1f} x {z:.1f} | {p.settings} | {p.note} |")
    lines += ["", "Each part has `NAME.stl` (to print, laid as above), `NAME.step` (to edit) and "
              "`NAME.png`; `assembly.step` and `assembly.png` show the whole box, `chain.png` "
              "the LED chain's order, "
              "`diffuser.svg` is the diffuser's outline for a laser cutter; `steps/` holds a picture per "
              "step of the guide, `panel_underside.png` the chain's wires seen from below and "
              "`power_board.png` both sides of the power board.", ""]
    if bld.keys:
        lines += [f"Split parts are keyed with {bld.keys} pins of 1.75 mm filament, "
                  f"{2 * KEY_DEPTH - 0.5:g} mm long, in 1.9 mm holes: glue the faces (CA or "
                  "2-part epoxy) and push the pins in.", ""]
    if steel(lay):
        bottom, _, length = steel_pin(lay)
        lines += [f"The dial's shaft is a steel pin, ISO 2338 3 m6 x {length:g} (`box.shaft = "
                  f"\"steel\"`): glue it through `dial_gear` so {gear_z(lay)[0] - bottom:.1f} mm "
                  "stand out under the gear; that end turns in the mount's bore.", ""]
    lines += ["## Screws and inserts", "", "| item | qty | holds |", "| --- | --- | --- |"]
    lines += [f"| {screw} | {n} | {what} |" for screw, n, what in fasteners(bld)]
    clamps, _ = reader_clamps(lay)
    if clamps:
        lines.append(f"| M3 washer DIN 9021 (9 mm) | {len(clamps)} | under the card reader's "
                     "clamp screws, over the reader's edges |")
        lines.append(f"| M2.5 spacer {READER_SPACER:g} mm, and M2.5 x "
                     f"{READER_SCREW + READER_SPACER:g} pan head instead of the x "
                     f"{READER_SCREW:g} | 0 or {len(clamps)} | only with the reader's parts "
                     "towards the pad: under the washers |")
    lines += [f"| {item} | {n} | in the enclosure |" for item, n in inserts(bld)]
    lines += ["", "## The LED chain", "",
              "LED 0 is the first pixel after the data line's 330 ohm resistor; follow the list "
              "(from the profile's `leds.grid` map).", ""]
    lines += [f"- {line}" for line in chain_text(lay)]
    if checks is not None:
        lines += ["", "## Checks", ""]
        for name, (problems, figure) in checks.items():
            lines.append(f"- {name}: " + ("ok" if not problems else "FAIL") + f", {figure}"
                         + ("" if not problems else ": " + "; ".join(problems)))
    return "\n".join(lines) + "\n"
