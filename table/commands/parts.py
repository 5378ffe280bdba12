"""`worms-table parts`: the box's printed parts from a hardware profile.

Writes STL (to print) and STEP (to edit) of every part, a preview PNG of each and of the
assembly, the diffuser's cutting outline and parts.md, then checks the box can be built
(closed solids, the print bed, no part inside another, the gears, the cells, the screw holes,
the bought parts' pockets; bridges, screws, tool access, gear mesh, wire clearance, service,
boards, the power board, features, step pictures: see
table/parts/checks.py), printing each check's figure.  Exit 0 when every check
holds, 1 when one fails.  Needs the `cad` extra (build123d); a Pi install does not carry it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from table.commands.common import UserError, add_profile, load_profile

INSTALL = "pip install 'worms-table[cad]'"


def configure(parser) -> None:
    add_profile(parser)
    parser.add_argument("--out", metavar="DIR", required=True,
                        help="the folder to write the parts into (made if missing)")
    parser.add_argument("--no-check", action="store_true",
                        help="write the parts without checking them (faster)")
    parser.add_argument("--no-pictures", action="store_true",
                        help="skip the preview PNGs (faster)")


def run(args) -> int:
    profile = load_profile(args.profile)
    try:
        import build123d  # noqa: F401
        import bd_warehouse  # noqa: F401
    except ImportError:
        raise UserError(f"the parts need build123d and bd_warehouse, which are not installed: "
                        f"{INSTALL}") from None
    from table.parts.assembly import build
    from table.parts.geometry import LayoutError
    out = Path(args.out).expanduser()
    if out.exists() and not out.is_dir():
        raise UserError(f"--out {out} is a file: give a folder to write the parts into")
    started = time.perf_counter()
    try:
        bld = build(profile)
    except LayoutError as err:
        raise UserError(f"cannot make the box for {profile.path}: {err}") from None
    checks = None
    if not args.no_check:
        from table.parts.checks import run_all
        checks = run_all(bld, pictures=not args.no_pictures)
    from table.parts.export import write
    try:
        written = write(bld, out, checks, pictures=not args.no_pictures)
    except OSError as err:
        raise UserError(f"cannot write into {out}: {err.strerror or err}") from None
    seconds = time.perf_counter() - started
    names = ", ".join(p.name for p in bld.parts)
    print(f"{len(bld.parts)} parts ({names}) for profile {profile.name!r}: {len(written)} files "
          f"in {out} ({seconds:.0f} s); the list is {out / 'parts.md'}")
    if checks is None:
        return 0
    failed = {k: v for k, (v, _) in checks.items() if v}
    for name, (problems, figure) in checks.items():
        print(f"{'FAIL' if problems else 'ok  '} {name}: {figure}"
              + (f"; {'; '.join(problems)}" if problems else ""))
    if failed:
        print(f"worms-table parts: {len(failed)} check(s) failed", file=sys.stderr)
        return 1
    return 0
