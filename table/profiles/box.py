"""The `[box]` table of a hardware profile: the sizes and modules the printed parts are made for.

Every key has a default for the reference build, so a profile without `[box]` still gets a box.
`worms-table parts` (table/parts/) builds the panel, the dial, the front and the enclosure from
these values and from the LED grid; the keys are documented in hardware/README.md.
"""

from typing import Any, Mapping, NamedTuple

from table.profiles.reader import Reader

LED_KINDS = ("pixel-board", "strip-cut")
BUTTON_KINDS = ("tactile-12", "arcade-24")
OLED_MODULES = ("ssd1306-0.96", "sh1106-1.3")
READER_MODULES = ("pn532", "rdm6300")
DIFFUSERS = ("printed", "acrylic")
SHAFTS = ("printed", "steel")
KEYS = ("hex_mm", "cell_depth_mm", "wall_mm", "led", "buttons", "oled", "oled_offset_mm",
        "reader", "diffuser", "bed_mm", "shaft")


class BoxConfig(NamedTuple):
    hex_mm: float                    # a hex cell across flats
    cell_depth_mm: float             # the light-tight cell, LED to diffuser
    wall_mm: float                   # cell walls; the enclosure's walls are twice this
    led: str                         # pixel-board | strip-cut
    buttons: str                     # tactile-12 | arcade-24
    oled: str                        # ssd1306-0.96 | sh1106-1.3
    reader: str                      # pn532 | rdm6300
    diffuser: str                    # printed | acrylic
    bed_mm: tuple[float, float, float]
    # the OLED's active area from its board's middle, [across, up] with the header at the top
    # (None: the module's own figure, table/parts/modules.py)
    oled_offset_mm: tuple[float, float] | None = None
    shaft: str = "printed"           # printed (with the dial gear) | steel (a 3 mm dowel pin)


def parse_box(r: Reader, data: Mapping[str, Any], display: str | None, cards: str | None
              ) -> BoxConfig | None:
    """Read `[box]` with the profile's Reader `r`; the oled and reader defaults follow the
    display's and the card reader's backends (None: no such device)."""
    t = r.table(data, "", "box")
    t = {} if t is None else t
    w = "box"
    r.known(t, w, KEYS)
    hex_mm = _number(r, t, "hex_mm", 20.0, 10.0, 60.0, "a hex across flats in millimetres")
    depth = _number(r, t, "cell_depth_mm", 12.0, 4.0, 60.0, "a cell depth in millimetres")
    wall = _number(r, t, "wall_mm", 1.6, 0.8, 4.0, "a wall thickness in millimetres")
    led = r.choice(t, w, "led", LED_KINDS, "pixel-board")
    buttons = r.choice(t, w, "buttons", BUTTON_KINDS, "tactile-12")
    oled_default = "sh1106-1.3" if display == "sh1106" else "ssd1306-0.96"
    oled = r.choice(t, w, "oled", OLED_MODULES, oled_default)
    reader_default = "rdm6300" if cards == "rdm6300" else "pn532"
    reader = r.choice(t, w, "reader", READER_MODULES, reader_default)
    diffuser = r.choice(t, w, "diffuser", DIFFUSERS, "printed")
    shaft = r.choice(t, w, "shaft", SHAFTS, "printed")
    bed = _bed(r, t)
    offset = _offset(r, t)
    if hex_mm is not None and wall is not None and wall > hex_mm / 5:
        r.problem("box.wall_mm", f"{wall} is too thick for {hex_mm} mm hexes: use at most "
                                 f"{hex_mm / 5:g} (a fifth of hex_mm)")
        wall = None
    if (hex_mm is None or depth is None or wall is None or led is None or buttons is None
            or oled is None or reader is None or diffuser is None or bed is None
            or offset is False or shaft is None):
        return None
    return BoxConfig(hex_mm, depth, wall, led, buttons, oled, reader, diffuser, bed,
                     None if offset is True else offset, shaft)


def _offset(r: Reader, t: Mapping[str, Any]) -> tuple[float, float] | bool:
    """box.oled_offset_mm: [x, y], each -4 to 4 mm; True when not given, False when wrong."""
    if "oled_offset_mm" not in t:
        return True
    v = r.value(t, "box", "oled_offset_mm", list, [0, 0])
    if v is None:
        return False
    if len(v) != 2 or not all(isinstance(x, (int, float)) and not isinstance(x, bool)
                              and -4 <= x <= 4 for x in v):
        r.problem("box.oled_offset_mm", f"should be [x, y], where the OLED's active area's "
                  f"middle sits from its board's middle in millimetres (x to the right, y "
                  f"towards the header), each -4 to 4, not {v!r}")
        return False
    return (float(v[0]), float(v[1]))


def _bed(r: Reader, t: Mapping[str, Any]) -> tuple[float, float, float] | None:
    bed = r.value(t, "box", "bed_mm", list, [220, 220, 250])
    if bed is None:
        return None
    if len(bed) != 3 or not all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                and 100 <= x <= 1000 for x in bed):
        r.problem("box.bed_mm", f"should be [x, y, z], the print bed in millimetres, each "
                                f"100 to 1000, not {bed!r}")
        return None
    return (float(bed[0]), float(bed[1]), float(bed[2]))


def _number(r: Reader, t: Mapping[str, Any], key: str, default: float, lo: float, hi: float,
            what: str) -> float | None:
    v = r.value(t, "box", key, float, default)
    if v is not None and not lo <= v <= hi:
        r.problem(f"box.{key}", f"{v:g} is out of range: {what} from {lo:g} to {hi:g}")
        return None
    return v
