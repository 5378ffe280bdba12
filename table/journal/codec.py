"""Exact JSON for journal entries, configs and results; a game's config as plain data and back.

Plain JSON turns a tuple into a list, and a hex ``(q, r)`` that comes back as ``[q, r]`` would
no longer equal the option the game listed.  Here a tuple is written as ``{"__tuple__": [...]}``
and read back as a tuple, so ``decode(encode(x)) == x`` for any plain data: None, bool, int,
float, str, and lists, tuples and str-keyed dicts of these.

>>> decode(encode({"answer": (2, -1), "why": ["hex"]}))
{'answer': (2, -1), 'why': ['hex']}
"""

from __future__ import annotations

import dataclasses
import importlib
import json

from table import filetext

TUPLE = "__tuple__"


class NotPlainData(TypeError):
    """A value the journal cannot store exactly."""


def _tag(x):
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, tuple):
        return {TUPLE: [_tag(v) for v in x]}
    if isinstance(x, list):
        return [_tag(v) for v in x]
    if isinstance(x, dict):
        if TUPLE in x:
            raise NotPlainData(f"a dict may not use the key {TUPLE!r}")
        out = {}
        for k, v in x.items():
            if not isinstance(k, str):
                raise NotPlainData(f"dict key {k!r} is not a string")
            out[k] = _tag(v)
        return out
    raise NotPlainData(f"{type(x).__name__} {x!r} is not plain data")


def _untag(x):
    if isinstance(x, list):
        return [_untag(v) for v in x]
    if isinstance(x, dict):
        if len(x) == 1 and TUPLE in x:
            return tuple(_untag(v) for v in x[TUPLE])
        return {k: _untag(v) for k, v in x.items()}
    return x


def encode(x) -> str:
    """Compact JSON text for ``x``; NotPlainData if it holds anything else."""
    return json.dumps(_tag(x), separators=(",", ":"), allow_nan=False)


def decode(text: str):
    """The value :func:`encode` wrote (ValueError on text that is not JSON, nests too deep or
    holds an integer of thousands of digits)."""
    return _untag(filetext.parse_json(text, max_chars=None))


def entry_kind(entry) -> str:
    """A short label for an entry, kept in its own column for people reading the file: the
    first key of a dict (with its value when that is a short string: ``chance:die``), or the
    first item of a tuple or list when it is a string."""
    if isinstance(entry, dict) and entry:
        key, value = next(iter(entry.items()))
        if isinstance(value, str) and len(value) <= 24:
            return f"{key}:{value}"
        return str(key)
    if isinstance(entry, (tuple, list)) and entry and isinstance(entry[0], str):
        return entry[0]
    return ""


def config_to_plain(config):
    """A config as plain data: its ``as_json()``, a dataclass's fields, or the value itself."""
    if hasattr(config, "as_json"):
        return config.as_json()
    if dataclasses.is_dataclass(config) and not isinstance(config, type):
        return dataclasses.asdict(config)
    return config


def config_from_plain(game_cls, data):
    """The game's config from plain data: ``game_cls.config_from_json`` if it has one, else the
    ``GameConfig`` of the game's module (``from_json`` or its fields), else the data itself."""
    if hasattr(game_cls, "config_from_json"):
        return game_cls.config_from_json(data)
    config_cls = getattr(importlib.import_module(game_cls.__module__), "GameConfig", None)
    if config_cls is None:
        return data
    if hasattr(config_cls, "from_json"):
        return config_cls.from_json(data)
    return config_cls(**data)
