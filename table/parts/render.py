"""Preview pictures of the parts: a flat-shaded projection of the tessellated solids, drawn with
Pillow (painter's algorithm), so it runs headless with no system packages."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

BACKGROUND = (250, 250, 247)
LIGHT = np.array([-0.35, -0.55, 0.76])
LIGHT = LIGHT / np.linalg.norm(LIGHT)     # the light in the world for the default view below


_MESHES: dict = {}


def mesh(shape, tolerance: float = 0.2) -> tuple[np.ndarray, np.ndarray]:
    """(vertices n x 3, triangles m x 3) of a shape, coarse enough to draw quickly; kept for
    the shape's life, as the step pictures draw the same parts again and again."""
    key = (id(shape), tolerance)
    if key in _MESHES and _MESHES[key][0] is shape:
        return _MESHES[key][1]
    verts, tris = shape.tessellate(tolerance, 0.5)
    v = np.array([(p.X, p.Y, p.Z) for p in verts], dtype=float)
    t = np.array(tris, dtype=int).reshape(-1, 3)
    _MESHES[key] = (shape, (v, t))
    return v, t


def subdivide(v: np.ndarray, t: np.ndarray, longest: float) -> tuple[np.ndarray, np.ndarray]:
    """Split triangles with an edge over `longest` into four, a few times (the painter's
    algorithm sorts by centre, which long thin triangles defeat)."""
    for _ in range(4):
        tri = v[t]
        edge = np.max(np.linalg.norm(tri - np.roll(tri, 1, axis=1), axis=2), axis=1)
        big = edge > longest
        if not big.any():
            break
        bt = t[big]
        a, b, c = bt[:, 0], bt[:, 1], bt[:, 2]
        n = len(v)
        m = len(bt)
        mids = np.concatenate([(v[a] + v[b]) / 2, (v[b] + v[c]) / 2, (v[c] + v[a]) / 2])
        v = np.concatenate([v, mids])
        ab, bc, ca = n + np.arange(m), n + m + np.arange(m), n + 2 * m + np.arange(m)
        new = np.concatenate([np.stack([a, ab, ca], 1), np.stack([ab, b, bc], 1),
                              np.stack([ca, bc, c], 1), np.stack([ab, bc, ca], 1)])
        t = np.concatenate([t[~big], new])
    return v, t


def _view(azimuth: float, elevation: float) -> np.ndarray:
    """Rows: screen right, screen up, towards the viewer."""
    a, e = math.radians(azimuth), math.radians(elevation)
    towards = np.array([math.sin(a) * math.cos(e), -math.cos(a) * math.cos(e), math.sin(e)])
    right = np.array([math.cos(a), math.sin(a), 0.0])
    up = np.cross(towards, right)
    return np.array([right, up, towards])


#: a wire to draw: its polyline (x, y, z in mm), its colour (RGB) and its width in pixels
Line = tuple[list[tuple[float, float, float]], tuple[int, ...], float]


def draw(items: list[tuple[object, tuple[int, ...]]], size: int = 900, azimuth: float = -30.0,
         elevation: float = 35.0, tolerance: float = 0.25, lines: list[Line] | None = None,
         fit: float = 0.9):
    """Draw shapes (each with its colour, RGB or RGBA) and wires (each with a light casing, so a
    dark wire shows on a dark part) into a size x size picture, the scene filling `fit` of it.
    Returns the picture and a function that maps points (n x 3, mm) to its pixels (n x 2)."""
    view = _view(azimuth, elevation)
    light = view.T @ (_view(-30.0, 35.0) @ LIGHT)     # it turns with the view: lit from the front
    polys, depths, colours = [], [], []
    meshes = [(mesh(shape, tolerance), colour) for shape, colour in items]
    every = [m[0][0] for m in meshes if len(m[0][0])] + [np.array(p, float) for p, _, _ in
                                                         lines or [] if len(p)]
    allv = np.concatenate(every) if every else np.zeros((1, 3))
    scene = float(np.max(np.ptp(allv, axis=0))) or 1.0
    for (v, t), colour in meshes:
        if len(t) == 0:
            continue
        if len(colour) < 4 or colour[3] == 255:          # see-through parts stay whole
            v, t = subdivide(v, t, scene / 25)
        p = v @ view.T
        tri = p[t]                                       # m x 3 x 3 in view space
        world = v[t]
        n = np.cross(world[:, 1] - world[:, 0], world[:, 2] - world[:, 0])
        norm = np.linalg.norm(n, axis=1)
        keep = norm > 1e-9
        n = n[keep] / norm[keep, None]
        tri = tri[keep]
        facing = n @ view[2]
        rgba = tuple(colour) + (255,) * (4 - len(colour))
        if rgba[3] < 255:                                # see-through: its near faces only
            tri, n, facing = tri[facing > 0], n[facing > 0], facing[facing > 0]
        n = np.where(facing[:, None] < 0, -n, n)         # light both sides of thin walls
        shade = 0.45 + 0.55 * np.clip(n @ light, 0, 1)
        base = np.array(rgba[:3], dtype=float)
        cols = np.clip(base[None, :] * shade[:, None], 0, 255).astype(int)
        cols = np.concatenate([cols, np.full((len(cols), 1), rgba[3])], axis=1)
        polys.append(tri[:, :, :2])
        depths.append(tri[:, :, 2].mean(axis=1))
        colours.append(cols)
    xy = np.concatenate(polys) if polys else np.zeros((0, 3, 2))
    flat = (allv @ view.T)[:, :2]
    lo, hi = flat.min(axis=0), flat.max(axis=0)
    scale = fit * 2 * size / max(float(max(hi - lo)), 1e-6)
    centre = (lo + hi) / 2
    big = 2 * size

    def to_big(q: np.ndarray) -> np.ndarray:
        out = (q - centre) * scale
        out[..., 1] *= -1
        return out + big / 2

    img = Image.new("RGB", (big, big), BACKGROUND)
    canvas = ImageDraw.Draw(img, "RGBA")
    shapes = [(float(d), [tuple(q) for q in tri], tuple(int(x) for x in c))
              for tri, d, c in zip(to_big(xy), np.concatenate(depths) if depths else [],
                                   np.concatenate(colours) if colours else [])]
    shapes += _wire_quads(lines or [], view, to_big, scene)
    shapes.sort(key=lambda s: s[0])
    for _, pts, c in shapes:
        canvas.polygon(pts, fill=c, outline=c if len(c) < 4 or c[3] == 255 else None)

    def project(points) -> np.ndarray:
        q = np.asarray(points, dtype=float).reshape(-1, 3) @ view.T
        return to_big(q[:, :2]) / 2

    return img.resize((size, size), Image.Resampling.LANCZOS), project


def _wire_quads(lines: list[Line], view: np.ndarray, to_big, scene: float) -> list:
    """Each wire cut into short pieces (so the painter's sort places them among the faces),
    each piece a quad in the picture, over a light casing; a little towards the viewer."""
    out = []
    step = scene / 60
    for points, colour, width in lines:
        pts = np.asarray(points, dtype=float)
        pieces = []
        for a, b in zip(pts, pts[1:]):
            k = max(1, int(np.ceil(np.linalg.norm(b - a) / step)))
            pieces += [(a + (b - a) * i / k, a + (b - a) * (i + 1) / k) for i in range(k)]
        for a, b in pieces:
            pa, pb = np.array([a, b]) @ view.T
            depth = (pa[2] + pb[2]) / 2 + 1.5
            ends = to_big(np.array([pa[:2], pb[:2]]))
            d = ends[1] - ends[0]
            ln = float(np.hypot(*d)) or 1.0
            d = d / ln
            nrm = np.array([-d[1], d[0]])
            for half, c, bias in ((width + 2.0, (250, 250, 245), -0.01), (width, colour, 0.0)):
                e0, e1 = ends[0] - d * half * 0.5, ends[1] + d * half * 0.5
                quad = [tuple(e0 + nrm * half), tuple(e1 + nrm * half), tuple(e1 - nrm * half),
                        tuple(e0 - nrm * half)]
                out.append((depth + bias, quad, tuple(c)))
    return out


def render(items: list[tuple[object, tuple[int, ...]]], path: Path, size: int = 900,
           azimuth: float = -30.0, elevation: float = 35.0, tolerance: float = 0.25) -> None:
    """Draw shapes (each with its colour, RGB or RGBA) into a PNG of size x size pixels."""
    img, _ = draw(items, size, azimuth, elevation, tolerance)
    img.save(path)


def chain_picture(lay, path: Path, size: int = 900) -> None:
    """The panel from above (north up, the front at the bottom): every cell with its LED's
    index, the chain's path from LED 0, and the dial's cell."""
    from .geometry import hexagon_points
    xs = [p[0] for p in lay.hull]
    ys = [p[1] for p in lay.hull]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) + 20
    k = size / span
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2

    def at(x: float, y: float) -> tuple[float, float]:
        return (size / 2 + (x - cx) * k, size / 2 - (y - cy) * k)

    img = Image.new("RGB", (size, size + 40), BACKGROUND)
    draw = ImageDraw.Draw(img)
    font = _font(max(10, int(lay.s * k * 0.28)))
    for c in lay.cells:
        pts = [at(*p) for p in hexagon_points(c.x, c.y, lay.s - lay.t)]
        fill = (255, 236, 150) if c.led is not None else (200, 215, 235)
        draw.polygon(pts, fill=fill, outline=(60, 60, 66))
    leds = lay.leds
    path_pts = [at(c.x, c.y) for c in leds]
    draw.line(path_pts, fill=(200, 40, 40), width=max(2, size // 300))
    for c in lay.cells:
        x, y = at(c.x, c.y)
        text = str(c.led) if c.led is not None else "dial"
        draw.text((x, y), text, fill=(20, 20, 20), font=font, anchor="mm")
    first = at(leds[0].x, leds[0].y)
    r = lay.s * k * 0.42
    draw.ellipse((first[0] - r, first[1] - r, first[0] + r, first[1] + r),
                 outline=(200, 40, 40), width=max(2, size // 250))
    draw.text((size / 2, size + 20), "north (back of the box) up; the front with the OLED and "
              "buttons below; red: the data chain from LED 0", fill=(40, 40, 40),
              font=_font(16), anchor="mm")
    img.save(path)


def _font(px: int):
    from PIL import ImageFont
    font = Path(__file__).resolve().parents[1] / "fonts" / "DejaVuSansCondensed.ttf"
    try:
        return ImageFont.truetype(str(font), px)
    except OSError:
        return ImageFont.load_default()
