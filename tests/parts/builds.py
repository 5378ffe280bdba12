"""Each profile's parts, built once for the whole folder (a build takes 10-30 s)."""

import functools
from pathlib import Path

from table import profiles as hp
from table.parts.assembly import build

HERE = Path(__file__).parent
PROFILES = {"reference": None, "large": HERE / "large.toml"}


@functools.cache
def built_for(name: str):
    return build(hp.load(PROFILES[name]))
