"""`worms-table screens --out DIR [--lang cs]`: every distinct screen the box can show, for a
translator to review without running a game.

For each language it writes ``DIR/<lang>/NNN-<group>.png`` (each screen at the OLED's own
128x64 pixels, lit pixels white), ``DIR/<lang>-sheet.png`` (all of them on one contact sheet,
numbered) and ``DIR/<lang>-screens.txt`` (each screen's number, where the box shows it, the
catalog keys it uses and its words, line by line).  The screens come from
:mod:`table.review.gallery`, drawn by the box's own code with the widest names of the language.
See docs/translating.md.

Exit codes: 0 written (a screen whose words do not fit is written too, and said); 2 an unknown
language or a folder that cannot be written.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .common import UserError

if TYPE_CHECKING:
    import argparse

    from PIL import Image

SCALE = 2          # the contact sheet's pixels per OLED pixel
COLUMNS = 6


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, metavar="DIR", help="where to write them")
    parser.add_argument("--lang", action="append", metavar="LANG",
                        help="a language (en, cs, uk; again for more; default: every one)")


def run(args: argparse.Namespace) -> int:
    from table.langs import LANGS

    langs = args.lang or list(LANGS)
    unknown = [lang for lang in langs if lang not in LANGS]
    if unknown:
        raise UserError(f"no language {unknown[0]!r} (languages: {', '.join(LANGS)})")
    out = Path(args.out)
    try:
        for lang in langs:
            n, bad = write(lang, out)
            said = f", {bad} with words that do not fit (marked in the text file)" if bad else ""
            print(f"{lang}: {n} screens in {out / lang}, sheet {out / f'{lang}-sheet.png'}, "
                  f"words {out / f'{lang}-screens.txt'}{said}")
    except OSError as err:
        raise UserError(f"cannot write {err.filename or out}: {err.strerror}") from None
    return 0


def write(lang: str, out: Path) -> tuple[int, int]:
    """Write ``lang``'s screens, sheet and text file; (screens, screens with problems)."""
    from table.review.gallery import shots

    found = shots(lang)
    folder = out / lang
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    for i, shot in enumerate(found, 1):
        shot.screen.image.save(folder / f"{i:03d}-{shot.group}.png")
    sheet(found).save(out / f"{lang}-sheet.png")
    (out / f"{lang}-screens.txt").write_text(words(lang, found), encoding="utf-8")
    return len(found), sum(1 for s in found if s.screen.problems)


def sheet(found: list) -> Image.Image:
    """The screens in numbered rows, each at SCALE times its pixels."""
    from PIL import Image, ImageDraw

    from table.fonts import font

    w, h, label = 128 * SCALE, 64 * SCALE, 14
    gap = 8
    rows = -(-len(found) // COLUMNS)
    img = Image.new("L", (COLUMNS * (w + gap) + gap, rows * (h + label + gap) + gap), 60)
    draw = ImageDraw.Draw(img)
    for i, shot in enumerate(found):
        x = gap + (i % COLUMNS) * (w + gap)
        y = gap + (i // COLUMNS) * (h + label + gap)
        draw.text((x, y), f"{i + 1:03d} {shot.group}", font=font(12), fill=230 if not
                  shot.screen.problems else 255)
        img.paste(shot.screen.image.convert("L").resize((w, h), Image.Resampling.NEAREST), (x, y + label))
        if shot.screen.problems:
            draw.rectangle((x - 2, y + label - 2, x + w + 1, y + label + h + 1), outline=255,
                           width=2)
    return img


def words(lang: str, found: list) -> str:
    """The text file: a block for each screen."""
    head = (f"worms-table screens, {lang}: {len(found)} screens. Each block: the screen's "
            "number (its PNG), where the box shows it and what it is, the catalog keys "
            "(msgctxt) it uses, then its words ('|' a line as drawn; a menu shows its rows "
            "in view, '↑↓' says it scrolls).")
    lines = [head, ""]
    for i, shot in enumerate(found, 1):
        lines.append(f"{i:03d}  {shot.group}: {shot.name}")
        lines.append(f"     keys: {', '.join(shot.keys) or '-'}")
        for t in shot.screen.texts:
            lines += [f"     | {part}" for part in t.split("\n")]
        lines += [f"     !! {p}" for p in shot.screen.problems]
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":      # pragma: no cover
    sys.exit("run it as: worms-table screens --out DIR")
