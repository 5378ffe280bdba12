"""Runs Python code under real MicroPython: the WebAssembly port from the npm registry
(@micropython/micropython-webassembly-pyscript) under Node.js, installed on first use into
.cache/micropython-wasm/ (git-ignored).  Used by test_firmware_micropython.py and
bench/firmware.py.  The firmware's modules and the machine/rp2 stand-ins are in /w, first
on sys.path."""

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import firmware_paths

PACKAGE = "@micropython/micropython-webassembly-pyscript@1.27.0"
CACHE = firmware_paths.REPO / ".cache" / "micropython-wasm"
MODULE = CACHE / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
RUNNER = firmware_paths.HERE / "micropython_runner.mjs"


class Unavailable(RuntimeError):
    pass


def node():
    """The node executable, with the package installed; Unavailable says what is missing."""
    exe = shutil.which("node")
    if exe is None:
        raise Unavailable("Node.js is needed to run the firmware under MicroPython: "
                          "install it (apt-get install nodejs npm)")
    if not MODULE.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise Unavailable("npm is needed to fetch the MicroPython WebAssembly port: "
                              "install it (apt-get install npm)")
        CACHE.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [npm, "install", "--prefix", str(CACHE), "--no-audit", "--no-fund", PACKAGE],
            capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not MODULE.exists():
            raise Unavailable(f"could not install {PACKAGE} from the npm registry into {CACHE} "
                              f"(is the registry reachable?):\n{done.stderr[-2000:]}")
    return exe


def run(code, extra=(), folder=None):
    """Run ``code`` under MicroPython; ``extra`` files go to /w too.  CompletedProcess."""
    exe = node()
    files = {}
    for where in (firmware_paths.FIRMWARE, firmware_paths.FAKES):
        for path in where.glob("*.py"):
            files[path.name] = path.read_text()
    for path in extra:
        files[Path(path).name] = Path(path).read_text()
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        spec = Path(tmp) / "spec.json"
        spec.write_text(json.dumps({"files": files, "code": code}))
        return subprocess.run([exe, str(RUNNER), str(MODULE), str(spec)],
                              capture_output=True, text=True, timeout=300)
