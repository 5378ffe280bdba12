"""The printed parts: build the reference box from its profile and check it.

Reports how many parts, whether each is one closed valid solid, the largest part on the bed per
axis (x, y, z in mm), the volume the assembled parts share (goal 0), the gear ratio (goal 2.0),
every check of `worms-table parts` as "ok: figure" or "FAIL: figure; problems" (bridges,
screws, tool access, gear mesh, wire clearance, service, boards among them), the LED chain's
wire and each cable's length, the seconds to generate the parts and the seconds the checks
take.  Another profile:
WORMS_PARTS_PROFILE=tests/parts/large.toml bench/run parts
"""

import os
import tempfile
import time
from pathlib import Path

from table import profiles as hp
from table.parts import checks as C
from table.parts import routes as R
from table.parts.assembly import build
from table.parts.export import write


def main() -> dict:
    profile = hp.load(os.environ.get("WORMS_PARTS_PROFILE") or None)
    started = time.perf_counter()
    bld = build(profile)
    seconds = time.perf_counter() - started
    started = time.perf_counter()
    checks = C.run_all(bld)
    check_seconds = time.perf_counter() - started
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        files = write(bld, Path(out), None)
        write_seconds = time.perf_counter() - started
    return {
        "profile": profile.name,
        "parts": len(bld.parts),
        "all_closed_solids": not checks["closed solids"][0],
        "max_part_mm": C.max_part_mm(bld),
        "bed_mm": list(profile.box.bed_mm),
        "gear_ratio": bld.gear_ratio,
        "cells": len(bld.layout.cells),
        "leds": len(bld.layout.leds),
        "checks": {name: ("FAIL: " if problems else "ok: ") + figure
                   + ("; " + "; ".join(problems) if problems else "")
                   for name, (problems, figure) in checks.items()},
        "chain_wire": R.chain_wire_mm(bld.layout),
        "cable_mm": R.lengths(bld.layout),
        "seconds": round(seconds, 1),
        "check_seconds": round(check_seconds, 1),
        "files": len(files),
        "write_seconds": round(write_seconds, 1),
    }
