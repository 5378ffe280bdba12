"""The wiring harness of a hardware profile, as WireViz describes one (`python -m table.wiring`).

Writes the harness as WireViz YAML and, where WireViz and Graphviz's `dot` are installed,
renders it (table/wiring/__init__.py says what it writes).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from table.profiles import ProfileError, load
from table.wiring import render, yaml_text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m table.wiring",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--profile", help="hardware profile (default: the packaged reference)")
    parser.add_argument("--out", metavar="DIR", help="write wiring.yml, and render wiring.svg "
                                                     "and wiring.bom.tsv, into DIR")
    args = parser.parse_args(argv)
    try:
        profile = load(args.profile)
    except ProfileError as err:
        print(err, file=sys.stderr)
        return 2
    try:
        import wireviz  # noqa: F401
        import yaml  # noqa: F401
    except ImportError:
        print("WireViz is not installed: pip install '.[wiring]'", file=sys.stderr)
        return 1
    if not args.out:
        sys.stdout.write(yaml_text(profile))
        return 0
    if shutil.which("dot") is None:
        (Path(args.out)).mkdir(parents=True, exist_ok=True)
        (Path(args.out) / "wiring.yml").write_text(yaml_text(profile), encoding="utf-8")
        print(f"wrote {args.out}/wiring.yml; to render it install Graphviz's dot "
              "(apt-get install graphviz)", file=sys.stderr)
        return 1
    for path in render(profile, Path(args.out)):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
