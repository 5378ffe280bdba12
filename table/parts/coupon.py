"""The tolerance test print: print it (and the two gears) before the rest, and adjust.

- two pins at the gears' centre distance: put the printed `dial_gear` on the left one (the
  mount's pin, 3.0 mm) and `servo_gear` on the right one (3.2 mm, its bore: held without play,
  as the horn holds it); they must turn with a little play and never bind;
- the heat-set insert bosses of the enclosure (M3, M2.5, M2: the same holes);
- the front's button hole (`modules.BUTTONS`) and holes 0.4 mm smaller and larger, marked by
  one, two and three notches on the plate's edge: the 13 mm cap must drop through the middle
  one without touching.

`hardware/ASSEMBLY.md` says what to change when one of them is off.  The coupon lies beside
the box in the assembly (it takes no part in it).
"""

from __future__ import annotations

import build123d as bd

from . import modules as M
from .dial import PIN_BORE, SERVO_GEAR_BORE, steel
from .geometry import GEAR_MODULE, GEAR_TEETH, SHAFT, Layout
from .solids import box, cut, cyl

AWAY = 400.0          # the coupon sits this far east of the box (it is printed on its own)
PLATE = (110.0, 46.0, 4.0)
HOLE_STEPS = (-0.4, 0.0, 0.4)


def coupon(lay: Layout) -> bd.Part:
    w, d, t = PLATE
    x0, y0 = AWAY, 0.0
    plate = box(x0, x0 + w, y0, y0 + d, 0.0, t)
    adds, tools = [], []
    a = GEAR_MODULE * sum(GEAR_TEETH) / 2
    # the dial gear's pin as the mount's (SHAFT), the servo gear's as tight as the horn holds
    # it (its own bore): the free play is the box's, so a mesh that would bind there binds here
    for dx, pin in ((10.0, SHAFT), (10.0 + a, SERVO_GEAR_BORE)):
        if dx == 10.0 and steel(lay):     # the steel pin itself, in the mount's bore
            tools.append(cyl(x0 + dx, y0 + 20.0, 0.6, t + 1.0, PIN_BORE))
            continue
        adds.append(cyl(x0 + dx, y0 + 20.0, t - 0.5, t + 6.0, pin))
    for i, (_size, hole) in enumerate(sorted(M.INSERT_HOLE.items())):
        bx, by = x0 + 52.0 + 11.0 * i, y0 + 36.0
        adds.append(cyl(bx, by, t - 0.5, t + 8.0, hole + 3.2))
        tools.append(cyl(bx, by, t + 8.0 - 6.5, t + 9.0, hole))
    base = M.BUTTONS[lay.box.buttons].hole
    for i, step in enumerate(HOLE_STEPS):
        hx = x0 + 56.0 + 19.0 * i
        tools.append(cyl(hx, y0 + 14.0, -1.0, t + 1.0, base + step))
        for k in range(i + 1):                           # 1, 2, 3 notches: smaller, as-is, larger
            nx = hx - 3.0 + 3.0 * k
            tools.append(box(nx - 0.6, nx + 0.6, y0 - 1.0, y0 + 1.2, -1.0, t + 1.0))
    return cut(plate.fuse(*adds), tools)
