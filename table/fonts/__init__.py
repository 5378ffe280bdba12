"""Fonts shipped with the table, each beside its licence.

- ``terminus.otb``, ``terminus-bold.otb``: Terminus Font by Dimitar Toshkov Zhekov (SIL Open
  Font License 1.1, ``LICENSE-Terminus.txt``), the OpenType bitmap build from Debian's
  ``fonts-terminus-otb``.  Pixel-exact at 12, 14, 16, 18, 20, 22, 24, 28 and 32 px; covers
  Latin (Czech) and Cyrillic (Ukrainian).  12 px gives 21 characters a line on 128 px.
- ``DejaVuSansCondensed.ttf``: DejaVu Sans Condensed (Bitstream Vera licence,
  ``LICENSE-DejaVu.txt``), scalable, for any other size.

Use :func:`font` rather than these paths: the OLED driver and the screens both draw with it.
"""

from __future__ import annotations

import functools
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent
TERMINUS_SIZES = (12, 14, 16, 18, 20, 22, 24, 28, 32)


class NoFreeType(RuntimeError):
    """This Pillow was built without FreeType: no font can be loaded, no screen drawn."""


@functools.lru_cache(maxsize=None)
def font(size: int = 12, bold: bool = False) -> ImageFont.FreeTypeFont:
    """A font of ``size`` pixels covering Czech and Ukrainian.

    Terminus (a pixel font, crisp on the OLED) at the sizes it is drawn for
    (:data:`TERMINUS_SIZES`; 12 is the body size); DejaVu Sans Condensed otherwise, which
    has no bold here.
    """
    if isinstance(size, bool) or not isinstance(size, int) or not 6 <= size <= 64:
        raise ValueError(f"font size must be a whole number of pixels 6..64, not {size!r}")
    if size in TERMINUS_SIZES:
        name = "terminus-bold.otb" if bold else "terminus.otb"
    else:
        name = "DejaVuSansCondensed.ttf"
    try:
        return ImageFont.truetype(str(FONT_DIR / name), size)
    except ImportError as err:           # a Pillow built without FreeType has no _imagingft
        raise NoFreeType(f"this Pillow cannot load a font ({err}): it was built without FreeType; "
                         "run scripts/install-pi again, which says how to rebuild it") from None
