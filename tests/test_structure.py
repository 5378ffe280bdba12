"""The house matches its drawing: the layers of README.md hold (import-linter's contracts in
.importlinter), every file the code points at exists."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
TABLE = ROOT / "table"


def test_the_layer_contracts_hold():
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_every_command_is_in_the_independence_contract():
    contract = (ROOT / ".importlinter").read_text(encoding="utf-8")
    commands = {p.stem for p in (TABLE / "commands").glob("*.py")} - {"__init__", "common"}
    listed = set(re.findall(r"table\.commands\.(\w+)", contract))
    assert commands == listed, "list every command module (but common) in .importlinter"


def test_every_file_the_code_names_exists():
    pattern = re.compile(r"\b(?:docs|hardware|firmware|schematics|systemd|notes)/[\w./-]+\.(?:md|toml|py|svg)\b")
    missing = sorted({f"{path.relative_to(ROOT)} names {name}"
                      for path in TABLE.rglob("*.py")
                      for name in pattern.findall(path.read_text(encoding="utf-8"))
                      if not (ROOT / name).exists()})
    assert not missing
