"""Fonts shipped with the table, each beside its licence.

- ``terminus.otb``, ``terminus-bold.otb``: Terminus Font by Dimitar Toshkov Zhekov (SIL Open
  Font License 1.1, ``LICENSE-Terminus.txt``), the OpenType bitmap build from Debian's
  ``fonts-terminus-otb``.  Pixel-exact at 12, 14, 16, 18, 20, 22, 24, 28 and 32 px; covers
  Latin (Czech) and Cyrillic (Ukrainian).  12 px gives 21 characters a line on 128 px.
- ``DejaVuSansCondensed.ttf``: DejaVu Sans Condensed (Bitstream Vera licence,
  ``LICENSE-DejaVu.txt``), scalable, for any other size.

Use :func:`table.devices.display.font` rather than these paths.
"""

from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent
