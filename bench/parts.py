"""The printed parts: build the reference box from its profile and check it.

Reports how many parts, whether each is one closed valid solid, the largest part on the bed per
axis (x, y, z in mm), the volume the assembled parts share (goal 0), the gear ratio (goal 2.0),
the seconds to generate the parts and the seconds the checks take.  Another profile:
WORMS_PARTS_PROFILE=tests/parts/large.toml bench/run parts
"""

import os
import tempfile
import time
from pathlib import Path

from table import profiles as hp
from table.parts import checks as C
from table.parts.assembly import build
from table.parts.export import write


def main() -> dict:
    profile = hp.load(os.environ.get("WORMS_PARTS_PROFILE") or None)
    started = time.perf_counter()
    bld = build(profile)
    seconds = time.perf_counter() - started
    started = time.perf_counter()
    inter = C.interference(bld)
    problems = {"closed": C.closed_solids(bld), "bed": C.bed_fit(bld),
                "gears": C.gear_mesh(bld), "cells": C.cells(bld), "holes": C.holes(bld),
                "pockets": C.pockets(bld)}
    check_seconds = time.perf_counter() - started
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        files = write(bld, Path(out), None)
        write_seconds = time.perf_counter() - started
    return {
        "profile": profile.name,
        "parts": len(bld.parts),
        "all_closed_solids": not problems["closed"],
        "max_part_mm": C.max_part_mm(bld),
        "bed_mm": list(profile.box.bed_mm),
        "interference_mm3": round(sum(inter.values()), 3),
        "gear_ratio": bld.gear_ratio,
        "cells": len(bld.layout.cells),
        "leds": len(bld.layout.leds),
        "failed_checks": {k: v for k, v in problems.items() if v},
        "seconds": round(seconds, 1),
        "check_seconds": round(check_seconds, 1),
        "files": len(files),
        "write_seconds": round(write_seconds, 1),
    }
