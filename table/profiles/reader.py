"""The typed reader of a hardware profile's TOML tables: it collects problems instead of raising.

Every table parser of table/profiles/ reads through one
:class:`Reader`; each problem is one line naming the key and what to do.
"""

from __future__ import annotations

from typing import Any, Mapping

from table.hexgrid import Hex

PI_GPIOS = range(0, 28)                       # BCM numbers on the 40-pin header
PICO_GPIOS = (*range(0, 23), 26, 27, 28)      # GP numbers on the Pico's pads
README = "see hardware/README.md"


class _Required:
    pass


REQUIRED = _Required()
_KIND_NAMES = {int: "an integer", float: "a number", str: "a string", bool: "true or false",
               dict: "a table", list: "a list"}


class Reader:
    """Reads typed values out of TOML tables, collecting problems instead of raising."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def problem(self, key: str, message: str) -> None:
        self.problems.append(f"{key}: {message}")

    @staticmethod
    def join(where: str, key: str) -> str:
        return f"{where}.{key}" if where else key

    def known(self, table: Mapping[str, Any], where: str, allowed: tuple[str, ...]) -> None:
        for key in table:
            if key not in allowed:
                self.problem(self.join(where, key),
                             f"unknown key; the keys allowed here are {', '.join(allowed)} "
                             f"(check the spelling; {README})")

    def value(self, table: Mapping[str, Any], where: str, key: str, kind: type,
              default: Any = REQUIRED) -> Any:
        full = self.join(where, key)
        if key not in table:
            if default is REQUIRED:
                self.problem(full, f"missing: add it ({README})")
                return None
            return default
        v = table[key]
        ok = (isinstance(v, (int, float)) and not isinstance(v, bool)) if kind is float else \
            (isinstance(v, kind) and not (kind is int and isinstance(v, bool)))
        if not ok:
            self.problem(full, f"should be {_KIND_NAMES[kind]}, not {_describe(v)}")
            return None
        return float(v) if kind is float else v

    def choice(self, table: Mapping[str, Any], where: str, key: str, options: tuple[str, ...],
               default: Any = REQUIRED) -> str | None:
        v = self.value(table, where, key, str, default)
        if v is not None and v not in options:
            self.problem(self.join(where, key),
                         f"{v!r} is not one of {', '.join(options)}: pick one of them")
            return None
        return v

    def int_in(self, table: Mapping[str, Any], where: str, key: str, lo: int, hi: int,
               default: Any = REQUIRED, what: str = "") -> int | None:
        v = self.value(table, where, key, int, default)
        if v is not None and not lo <= v <= hi:
            self.problem(self.join(where, key),
                         f"{v} is out of range: {what or 'use a value'} from {lo} to {hi}")
            return None
        return v

    def hex(self, table: Mapping[str, Any], where: str, key: str, default: Any = REQUIRED
            ) -> Hex | None:
        full = self.join(where, key)
        if key not in table and default is not REQUIRED:
            return default
        v = self.value(table, where, key, list)
        if v is None:
            return None
        if len(v) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            self.problem(full, f"should be a hex [q, r] (two integers), not {v!r}")
            return None
        return (v[0], v[1])

    def table(self, data: Mapping[str, Any], where: str, key: str) -> dict | None:
        """A sub-table, or None when absent (a wrong type is reported)."""
        if key not in data:
            return None
        return self.value(data, where, key, dict)

    def device(self, data: Mapping[str, Any], name: str, keys: tuple[str, ...],
               backends: tuple[str, ...]) -> tuple[dict, str | None] | None:
        """The table of the device ``name`` (None when the profile has none), any key in it but
        ``backend`` and ``keys`` reported, and its backend (None when that is not one of
        ``backends``)."""
        t = self.table(data, "", name)
        if t is None:
            return None
        self.known(t, name, ("backend", *keys))
        return t, self.choice(t, name, "backend", backends)

    def gpio(self, table: Mapping[str, Any], where: str, key: str, default: Any = REQUIRED
             ) -> int | None:
        return self.int_in(table, where, key, PI_GPIOS.start, PI_GPIOS.stop - 1, default,
                           "use a Raspberry Pi BCM GPIO number")

    def pico_gpio(self, table: Mapping[str, Any], where: str, key: str,
                  default: Any = REQUIRED) -> int | None:
        v = self.value(table, where, key, int, default)
        if v is not None and v not in PICO_GPIOS:
            self.problem(self.join(where, key),
                         f"GP{v} is not a free pin on the Pico's edge: use GP0-GP22 or GP26-GP28")
            return None
        return v


def _describe(v: Any) -> str:
    kind = {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
            dict: "a table", list: "a list"}.get(type(v), type(v).__name__)
    return f"{kind} ({v!r})" if not isinstance(v, dict) else kind
