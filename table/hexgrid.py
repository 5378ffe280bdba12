"""Hex geometry (rulings G1-G5): axial coordinates on flat-topped hexes.

A hex is a plain ``(q, r)`` tuple.  Directions are numbered 1..6 clockwise, as on the
Wind Dial, starting from north.

>>> neighbour((0, 0), 2)
(1, -1)
>>> distance((0, 0), (2, -1))
2
>>> opposite(1), opposite(3), opposite(6)
(4, 6, 3)
>>> line((0, 0), 3, 3)
[(0, 0), (1, 0), (2, 0)]
>>> ring((0, 0), 1)
[(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
>>> len(ring((0, 0), 4)), len(hexagon((0, 0), 4))
(24, 61)
"""

from __future__ import annotations

Hex = tuple[int, int]

#: direction -> axial step (dq, dr)
DIRECTION_OFFSETS: dict[int, Hex] = {
    1: (0, -1),   # north
    2: (1, -1),   # north-east
    3: (1, 0),    # south-east
    4: (0, 1),    # south
    5: (-1, 1),   # south-west
    6: (-1, 0),   # north-west
}
DIRECTIONS = (1, 2, 3, 4, 5, 6)


def opposite(direction: int) -> int:
    """The direction pointing the other way."""
    return (direction + 2) % 6 + 1


def neighbour(h: Hex, direction: int, steps: int = 1) -> Hex:
    """The hex ``steps`` hexes from ``h`` in ``direction``."""
    dq, dr = DIRECTION_OFFSETS[direction]
    return (h[0] + dq * steps, h[1] + dr * steps)


def distance(a: Hex, b: Hex) -> int:
    """Hex distance (G3), counted through water and off-map hexes alike."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction of the straight line from ``a`` to ``b``, or None if ``b`` is not on one.

    >>> direction_to((0, 0), (0, -3)), direction_to((0, 0), (1, 1))
    (1, None)
    """
    dq = b[0] - a[0]
    dr = b[1] - a[1]
    if dq == 0 and dr == 0:
        return None
    n = distance(a, b)
    for d, (sq, sr) in DIRECTION_OFFSETS.items():
        if sq * n == dq and sr * n == dr:
            return d
    return None


def is_direct(a: Hex, b: Hex) -> bool:
    """A direct hex (E12): the own hex, or any hex on one of the six straight lines."""
    return a == b or direction_to(a, b) is not None


def line(start: Hex, direction: int, length: int) -> list[Hex]:
    """``length`` hexes from ``start`` (included) stepping in ``direction``."""
    return [neighbour(start, direction, i) for i in range(length)]


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``center``, clockwise from the north corner."""
    if radius == 0:
        return [center]
    out = []
    h = neighbour(center, 1, radius)
    for d in (3, 4, 5, 6, 1, 2):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, d)
    return out


def hexagon(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``, in reading order (3r(r+1)+1 hexes)."""
    cq, cr = center
    out = []
    for r in range(-radius, radius + 1):
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1):
            out.append((cq + q, cr + r))
    return out


def reading_key(h: Hex) -> tuple[int, int]:
    """Sort key for reading order (G5): smallest r first, then smallest q."""
    return (h[1], h[0])


def legs(center: Hex, h: Hex) -> list[tuple[int, int]]:
    """How to walk from ``center`` to ``h`` along the board's straight lines: ``n`` hexes in
    direction ``d``, then (off a line) ``m`` hexes in the next direction clockwise, as
    ``[(n, d)]`` or ``[(n, d), (m, d + 1)]``; ``[]`` for ``center`` itself.  The words a group
    finds a hex by from the Wind Dial ("2 N, 1 NE").

    >>> legs((0, 0), (0, -2)), legs((0, 0), (1, -3)), legs((0, 0), (-1, 0)), legs((0, 0), (0, 0))
    ([(2, 1)], [(2, 1), (1, 2)], [(1, 6)], [])
    """
    dq, dr = h[0] - center[0], h[1] - center[1]
    if dq == 0 and dr == 0:
        return []
    for d in DIRECTIONS:
        e = d % 6 + 1
        (aq, ar), (bq, br) = DIRECTION_OFFSETS[d], DIRECTION_OFFSETS[e]
        det = aq * br - ar * bq                    # the two offsets are never parallel
        n, m = (dq * br - dr * bq) // det, (aq * dr - ar * dq) // det
        if n > 0 and m >= 0 and (n * aq + m * bq, n * ar + m * br) == (dq, dr):
            return [(n, d)] + ([(m, e)] if m else [])
    raise AssertionError(f"no way from {center} to {h}")      # (every hex has one)
