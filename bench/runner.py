"""Runs benchmark modules (bench/NAME.py, each with main() -> dict) and prints one JSON object.

``bench/run --pi NAME...`` runs them with the CPU of a Raspberry Pi Zero 2 W (``pispeed.py``):
the same JSON keys, the wall-clock figures as the Pi would see them.
"""

import importlib.util
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))


def available() -> list[str]:
    """The benchmarks: every bench/NAME.py with a main() (the others are helpers they share)."""
    return sorted(p.stem for p in HERE.glob("*.py")
                  if p.stem != "runner" and "\ndef main(" in p.read_text(encoding="utf-8"))


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module         # (as importlib's recipe: worker processes find it)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> int:
    pi = "--pi" in argv
    names = [a for a in argv if a != "--pi"] or available()
    unknown = [n for n in names if n not in available()]
    if unknown:
        print(f"bench/run: unknown benchmark {', '.join(unknown)} (known: {', '.join(available())})",
              file=sys.stderr)
        return 2
    if not pi:
        return run(names)
    from pispeed import NoQuota, pi_speed
    try:
        with pi_speed() as how:
            print(f"bench/run --pi: at a Pi Zero 2 W's speed, {how}", file=sys.stderr)
            return run(names)
    except NoQuota as e:
        print(f"bench/run --pi: this machine does not allow a CPU quota, so nothing ran: {e}",
              file=sys.stderr)
        return 3


def run(names: list[str]) -> int:
    out = {}
    for name in names:
        started = time.perf_counter()
        out[name] = load(name).main()
        out[name]["bench_seconds"] = round(time.perf_counter() - started, 2)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
