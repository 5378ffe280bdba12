"""The step pictures of `hardware/ASSEMBLY.md`, drawn from the same build as the parts: what
each step adds in full colour (the parts, the bought parts as blocks, the screws' heads and the
inserts), what came before muted, the wires it lays (`stepwires`), and a callout beside each
kind of screw, insert and part it adds with the count and size; a title band names the step and
its wires.  The `step pictures` check proves each picture differs from the one before and shows
something in colour.
"""

from __future__ import annotations

import build123d as bd
import numpy as np
from PIL import Image, ImageDraw

from . import modules as M
from .assembly import HEAD_D, Build, Joint, Result
from .render import BACKGROUND, _font, draw
from .solids import cyl, cyl_x, cyl_y
from .steps import ASSEMBLY_STEPS, Step, bought_bodies, walk
from .stepwires import LIFT, lifted, step_lines

SIZE = 1200                  # the drawing, square; the title band goes above it
TITLE_H = 120
EARLIER = (214, 214, 208)    # what came before: each part's colour mostly this grey
ADDED = (80, 150, 225)       # a step's new part whose own colour is a grey
SCREW = (214, 30, 110)       # the step's screws' heads
INSERT = (240, 195, 20)      # brass
BOUGHT_COLOUR = {"servo": (50, 60, 170), "pi": (30, 120, 60), "pico": (30, 120, 60),
                 "shifter": (30, 120, 60), "oled": (30, 30, 40), "reader": (170, 40, 40),
                 "switches": (60, 60, 60), "LEDs": (255, 250, 240), "jack": (40, 40, 40),
                 "623 bearing": (170, 170, 180)}


def bought_colour(name: str) -> tuple[int, int, int]:
    """The colour a bought part is drawn in (its name's start picks it; grey if none does)."""
    return next((c for k, c in BOUGHT_COLOUR.items() if name.startswith(k)), (90, 90, 90))


BOUGHT_NAME = {"pi": "Raspberry Pi", "pico": "Pico", "shifter": "power board",
               "jack": "barrel jack J0", "oled": "OLED", "reader": "card reader",
               "switches": "7 switches and caps", "servo SG90": "servo SG90",
               "623 bearing": "623 bearing"}
LID_ALPHA = 120              # step 10's lifted lid, see-through
CHANGED = 30                 # a pixel differs when a channel moves this much (0-255)
DIFFER_MIN = 0.01            # of the drawing's pixels, between one step and the next
COLOUR_MIN = 0.0005          # of the drawing's pixels in colour (saturation over 0.35)


def vivid(colour: tuple[int, ...]) -> tuple[int, ...]:
    """A part's colour for the step that adds it: its own, or ADDED where that is a grey (the
    enclosure) or black (the panel), so the step's additions always show in colour."""
    rgb = colour[:3]
    if max(rgb) - min(rgb) < 0.3 * max(max(rgb), 1):
        return ADDED + tuple(colour[3:])
    return colour


def muted(colour: tuple[int, ...]) -> tuple[int, ...]:
    out = tuple(int(0.22 * c + 0.78 * g) for c, g in zip(colour[:3], EARLIER))
    return out + tuple(colour[3:])


def head(j: Joint) -> tuple[bd.Shape, tuple[float, float, float]]:
    """The screw's head, outside its head face, and the point a callout points at."""
    d, h = HEAD_D[j.size], 1.8
    a, b = j.head, j.head - j.sign * h
    lo, hi = min(a, b), max(a, b)
    x, y, z = j.at
    shape = {"z": lambda: cyl(x, y, lo, hi, d), "y": lambda: cyl_y(x, z, lo, hi, d),
             "x": lambda: cyl_x(y, z, lo, hi, d)}[j.axis]()
    return shape, j.point(b)


def insert(j: Joint) -> tuple[bd.Shape, tuple[float, float, float]] | None:
    """The heat-set insert of a joint into the enclosure, at the hole's end nearer the head."""
    hole = next((h for h in j.holes if h[0] == "enclosure"), None)
    if hole is None:
        return None
    _, d, s0, s1 = hole
    end = s0 if abs(s0 - j.head) < abs(s1 - j.head) else s1
    toward = 1.0 if j.head > end else -1.0
    lo, hi = sorted((end - toward * 1.0, end + toward * 0.6))
    x, y, z = j.at
    shape = {"z": lambda: cyl(x, y, lo, hi, d + 0.6), "y": lambda: cyl_y(x, z, lo, hi, d + 0.6),
             "x": lambda: cyl_x(y, z, lo, hi, d + 0.6)}[j.axis]()
    return shape, j.point(hi if toward > 0 else lo)


def scenes(bld: Build):
    """Per step: (step, [(shape, colour)], callouts [(label, points)], lines, legend)."""
    colour = {id(p.shape): p.colour for p in bld.parts}
    bought = bought_bodies(bld)
    names = {}
    for name, body in bought.items():
        tint = bought_colour(name)
        for b in body:
            colour[id(b)] = tint
            names[id(b)] = BOUGHT_NAME.get(name, name)
    for p in bld.parts:
        names[id(p.shape)] = p.family or p.name
    groups: dict[str, list] = {"box": [], "lid": [], "servo": [], "front": []}
    joined: dict[str, list] = {g: [] for g in groups}     # every shape a group has had
    for step, new, _, scene, joints in walk(bld, bought):
        placed = [s for g in step.joins for s in joined[g]]  # a bench group put in the box
        for g in step.joins:
            groups["box"] += groups[g]
            groups[g] = []
        hardware, callouts = _hardware(joints)
        groups[step.group] += [s for s, _ in hardware]
        joined[step.group] += new + [s for s, _ in hardware]
        fresh = {id(s) for s in new + placed} | {id(s) for s, _ in hardware}
        hw_colour = {id(s): c for s, c in hardware}
        items = []
        for s in scene + groups[step.group]:
            c = hw_colour.get(id(s), colour.get(id(s), (90, 90, 90)))
            items.append((s, (c if id(s) in hw_colour else vivid(c)) if id(s) in fresh
                          else muted(c)))
        lines, legend, more = step_lines(bld, step)
        callouts += _part_callouts(new, names) + more
        yield step, items, callouts, lines, legend


def _hardware(joints: list[Joint]):
    """The step's screw heads, with a callout per kind of screw."""
    out, callouts = [], []
    kinds: dict[tuple[str, str], list] = {}      # by kind and what they hold
    for j in joints:
        shape, point = head(j)
        out.append((shape, SCREW))
        kinds.setdefault((j.screw, j.name.rsplit(" ", 1)[0]), []).append(point)
    callouts += [(f"{len(pts)} x {screw}", pts) for (screw, _), pts in kinds.items()]
    return out, callouts


def inserts(bld: Build):
    """Every heat-set insert of the enclosure, by size: [(shape, colour)], callouts."""
    out = []
    kinds: dict[tuple[str, str], list] = {}      # by size and what screws into them
    for j in bld.joints:
        found = insert(j)
        if found is not None:
            out.append((found[0], INSERT))
            kinds.setdefault((j.size, j.name.rsplit(" ", 1)[0]), []).append(found[1])
    return out, [(f"{len(pts)} x {size} heat-set insert ({M.INSERT_HOLE[size]:g} mm hole)", pts)
                 for (size, _), pts in sorted(kinds.items())]


def _part_callouts(new: list, names: dict) -> list:
    seen: dict[str, list] = {}
    for s in new:
        name = names.get(id(s))
        if name is None or name == "LEDs":
            continue
        bb = s.bounding_box()           # a quarter out from its middle: on a sheet, not its hole
        seen.setdefault(name, []).append((bb.center().X + bb.size.X / 4,
                                          bb.center().Y + bb.size.Y / 4, bb.max.Z))
    return [(name, pts[:1]) for name, pts in seen.items()]


def images(bld: Build) -> list[tuple[Step, Image.Image]]:
    """Every step's picture, drawn once per build (kept on it for the check and the files)."""
    if bld.pictures is not None:
        return bld.pictures
    out = []
    for step, items, callouts, lines, legend in scenes(bld):
        if step.number == 1:
            extra, more = inserts(bld)
            items, callouts = items + extra, callouts + more
        if step.lift:          # the lid above its place, see-through: the leads show under it
            items = [(up, c) if up is s else (up, tuple(c[:3]) + (LID_ALPHA,))
                     for s, c in items for up in [lifted(s, bld.layout)]]
            callouts = [(label, [p if p[2] < bld.layout.z_top - 1 else (p[0], p[1], p[2] + LIFT)
                                 for p in pts]) for label, pts in callouts]
        img, project = draw(items, SIZE, step.azimuth, step.elevation, 0.5, lines, fit=0.78)
        _callouts(img, project, callouts)
        out.append((step, _titled(step, img, legend)))
    bld.pictures = out
    return out


def _clusters(points: np.ndarray, reach: float = 330.0) -> list[list[int]]:
    """A kind's points (pixels) in groups: each joins the first group whose middle is within
    `reach` (a board's four screws together, the box's four corners apart)."""
    groups: list[list[int]] = []
    for i, p in enumerate(points):
        home = next((g for g in groups if np.linalg.norm(points[g].mean(axis=0) - p) < reach),
                    None)
        if home is None:
            groups.append([i])
        else:
            home.append(i)
    return groups


def _callouts(img: Image.Image, project, callouts: list) -> None:
    """A label beside each group of a kind's points, out from the drawing's middle, with the
    group's count ("4 x M3 x 10 button head"), a leader to each point."""
    canvas = ImageDraw.Draw(img)
    font = _font(26)
    taken: list[tuple[float, float, float, float]] = []
    mid = np.array(img.size, dtype=float) / 2
    for label, points in callouts:
        px = project(points)
        for group in _clusters(px):
            text = label if len(px) == 1 else f"{len(group)} x {label.split(' x ', 1)[1]}"
            pts = px[group]
            c = pts.mean(axis=0)
            u = c - mid
            u = u / np.linalg.norm(u) if np.linalg.norm(u) > 1 else np.array([0.0, -1.0])
            w = canvas.textlength(text, font=font) + 16
            h = 36
            x, y = c + u * 120
            box = _free(x - w / 2, y - h / 2, w, h, img.size, taken)
            taken.append(box)
            bx, by = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            for p in pts:
                canvas.line([(bx, by), tuple(p)], fill=(40, 40, 40), width=2)
                canvas.ellipse((p[0] - 6, p[1] - 6, p[0] + 6, p[1] + 6), outline=(40, 40, 40),
                               width=2)
            canvas.rounded_rectangle(box, radius=6, fill=(255, 255, 250), outline=(40, 40, 40),
                                     width=2)
            canvas.text((box[0] + 8, by), text, fill=(20, 20, 20), font=font, anchor="lm")


def _free(x: float, y: float, w: float, h: float, size, taken) -> tuple[float, float, float, float]:
    """The label's box inside the picture, moved down (then up) until it overlaps no other."""
    x = min(max(x, 4), size[0] - w - 4)
    for k in range(40):
        dy = (k + 1) // 2 * (h + 6) * (1 if k % 2 else -1)
        yy = min(max(y + dy, 4), size[1] - h - 4)
        box = (x, yy, x + w, yy + h)
        if not any(box[0] < t[2] and t[0] < box[2] and box[1] < t[3] and t[1] < box[3]
                   for t in taken):
            return box
    return (x, y, x + w, y + h)


def _titled(step: Step, img: Image.Image, legend: list, key: bool = True) -> Image.Image:
    out = Image.new("RGB", (img.size[0], img.size[1] + TITLE_H), BACKGROUND)
    out.paste(img, (0, TITLE_H))
    canvas = ImageDraw.Draw(out)
    title = f"Step {step.number}: {step.title}" if key else step.title[0].upper() + step.title[1:]
    canvas.text((24, 30), title, fill=(20, 20, 20), font=_font(36), anchor="lm")
    x = 24.0
    keys: list[tuple[str, tuple[int, ...] | None]] = [
        ("added in this step", ADDED), ("screws of this step", SCREW),
        ("from earlier steps", EARLIER)] if key else []
    keys += legend
    if step.lift:
        keys.append((f"(the lid drawn {LIFT:g} mm above its place)", None))
    font = _font(22)
    y = 82.0
    for label, colour in keys:
        wide = canvas.textlength(label, font=font) + (38 if colour is not None else 0)
        if x + wide > out.size[0] - 24:
            x, y = 24.0, y + 30
        if colour is not None:
            canvas.rectangle((x, y - 9, x + 30, y + 9), fill=colour, outline=(60, 60, 60))
        canvas.text((x + wide - canvas.textlength(label, font=font), y), label, fill=(30, 30, 30),
                    font=font, anchor="lm")
        x += wide + 26
    return out


def check(bld: Build) -> Result:
    """Each step's picture differs from the one before (in the drawing, not the title) and
    shows what it adds in colour."""
    problems, least = [], (1.0, 0)
    before = None
    for step, img in images(bld):
        a = np.asarray(img, dtype=np.int16)[TITLE_H:]
        hsv = np.asarray(img.convert("HSV"), dtype=np.int16)[TITLE_H:]
        coloured = float(np.mean((hsv[..., 1] > 90) & (hsv[..., 2] > 60)))
        if coloured < COLOUR_MIN:
            problems.append(f"step {step.number}: {coloured:.2%} of its picture in colour")
        if before is not None:
            changed = float(np.mean(np.abs(a - before).max(axis=2) > CHANGED))
            least = min(least, (changed, step.number))
            if changed < DIFFER_MIN:
                problems.append(f"step {step.number}: its picture differs from step "
                                f"{step.number - 1}'s in {changed:.2%} of its pixels")
        before = a
    return problems, (f"each of {len(images(bld))} step pictures differs from the one before "
                      f"(least: step {least[1]}, {least[0]:.0%} of its pixels) and shows its "
                      "additions in colour")


def underside(bld: Build) -> Image.Image:
    """The panel from straight below (north up, so west is on the right): the chain's three
    wires in their channels and each LED's number at its hole, as step 2 wires it."""
    lay = bld.layout
    lines, legend, _ = step_lines(bld, next(s for s in ASSEMBLY_STEPS if s.number == 2))
    items: list[tuple[object, tuple[int, ...]]] = [(p.shape, p.colour) for p in bld.part("panel")]
    img, project = draw(items, SIZE, 180.0, -90.0, 0.5, lines, fit=0.9)
    canvas = ImageDraw.Draw(img)
    font = _font(20)
    for c, (x, y) in zip(lay.leds, project([(c.x, c.y, lay.z_top - 1) for c in lay.leds])):
        canvas.text((x + 9, y - 9), str(c.led), fill=(255, 255, 255), font=font, anchor="lb",
                    stroke_width=3, stroke_fill=(20, 20, 20))
    step = Step(2, "the panel from below: west on the right, LED 0 at the top right", "lid")
    return _titled(step, img, legend, key=False)
