"""The checks of the state folder's JSON files: what is wrong with ``settings.json``'s or
``progress.json``'s data (None: nothing), said in words for the log (table/app/storage/folder.py
reads the files and sets a damaged one aside).
"""

from __future__ import annotations

from table.langs import LANGS

MAX_MAP_HEXES = 1000             # a last map bigger than any box (the wizard keeps its hexes
MAX_MAP_REACH = 50               # on the box's grid only)


def check_settings(data) -> str | None:
    """What is wrong with settings.json's data, or None."""
    if not isinstance(data, dict):
        return f"expected a JSON object, found {type(data).__name__}"
    lang = data.get("lang")
    if lang is not None and lang not in LANGS:
        return f"lang must be one of {', '.join(LANGS)}, not {lang!r}"
    land = data.get("last_map")
    if land is not None and not (isinstance(land, list) and 0 < len(land) <= MAX_MAP_HEXES
                                 and all(isinstance(h, list) and len(h) == 2
                                         and all(type(c) is int and abs(c) <= MAX_MAP_REACH
                                                 for c in h) for h in land)):
        return (f"last_map must be a list of at most {MAX_MAP_HEXES} [q, r] hexes, "
                f"q and r within {MAX_MAP_REACH} of 0")
    if data.get("wizard") is not None and not isinstance(data["wizard"], dict):
        return "wizard must be a JSON object (the answers of a new-game wizard)"
    return None


def _count(x) -> bool:
    return type(x) is int and x >= 0


def check_progress(data) -> str | None:
    """What is wrong with progress.json's data, or None."""
    if not isinstance(data, dict):
        return f"expected a JSON object, found {type(data).__name__}"
    for key in ("game", "shown"):
        if not _count(data.get(key)):
            return f"{key} must be a whole number of 0 or more"
    if "done" in data and not _count(data["done"]):
        return "done must be a whole number of 0 or more"
    if "cuts" in data and not (isinstance(data["cuts"], list) and all(map(_count, data["cuts"]))):
        return "cuts must be a list of whole numbers"
    return None
