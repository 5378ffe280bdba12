"""A small, fast reader of the gettext catalogs (``.po``, ``.pot``) the table's strings live in.

The translators' tools and ``pybabel`` write the files (docs/translating.md); the table only
reads them, once, at start.  Babel's reader builds a full catalog (locations, comments, a
locale) and costs a Pi Zero a second and more at every start; this one keeps what
:mod:`table.ui.strings` needs: each entry's context, its English (singular and plural), its
translations and whether it is marked fuzzy, and the header's plural rule.  Obsolete entries
(``#~``) and comments are skipped; the header is the first message, its id empty, as in Babel.
tests/ui checks it against Babel's reader on every catalog.

>>> cat = read_po(['msgid ""', 'msgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\\\n"', '',
...                '#, fuzzy', 'msgctxt "a"', 'msgid "one"', 'msgid_plural "many"',
...                'msgstr[0] "jeden"', 'msgstr[1] ""', '"mnoho"'])
>>> [(m.context, m.id, m.string, m.fuzzy) for m in cat if m.id], cat.num_plurals
([('a', ('one', 'many'), ('jeden', 'mnoho'), True)], 2)
>>> cat.plural_expr
'(n != 1)'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

_PLURAL = re.compile(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$")
_ESCAPE = re.compile(r"\\(.)")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_KEYWORD = re.compile(r"msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\]")


class PoError(ValueError):
    """A catalog line this reader cannot make sense of."""


@dataclass
class Message:
    id: str | tuple[str, ...]                 # the English; (singular, plural) if counted
    string: str | tuple[str, ...]             # the translation; one a plural form if counted
    context: str | None = None
    fuzzy: bool = False

    @property
    def pluralizable(self) -> bool:
        return isinstance(self.id, tuple)


@dataclass
class Catalog:
    messages: list[Message] = field(default_factory=list)
    num_plurals: int = 2
    plural_expr: str = "(n != 1)"

    def __iter__(self) -> Iterator[Message]:
        return iter(self.messages)


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: expected a quoted string, found {text!r}")
    body = text[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(0)), body)


class _Entry:
    def __init__(self) -> None:
        self.fields: dict[str, str] = {}
        self.fuzzy = False
        self.last: str | None = None

    def message(self) -> Message | None:
        f = self.fields
        if "msgid" not in f:
            return None
        if "msgid_plural" in f:
            forms = sorted((int(k[7:-1]), v) for k, v in f.items() if k.startswith("msgstr["))
            return Message((f["msgid"], f["msgid_plural"]), tuple(v for _, v in forms),
                           f.get("msgctxt"), self.fuzzy)
        return Message(f["msgid"], f.get("msgstr", ""), f.get("msgctxt"), self.fuzzy)


def read_po(lines: Iterable[str], where: str = "catalog") -> Catalog:
    """The catalog in ``lines`` (a file's lines, or any iterable of them)."""
    catalog = Catalog()
    entry = _Entry()

    def finish() -> None:
        nonlocal entry
        m = entry.message()
        if m is not None:
            if m.id == "" and not catalog.messages:
                _header(catalog, m.string if isinstance(m.string, str) else "")
            catalog.messages.append(m)
        entry = _Entry()

    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if entry.last is not None:       # a comment after a message starts the next one
                finish()
            if line.startswith("#,") and "fuzzy" in (f.strip() for f in line[2:].split(",")):
                entry.fuzzy = True
            continue
        if line.startswith('"'):
            if entry.last is None:
                raise PoError(f"{where}:{n}: a continued string with nothing before it")
            entry.fields[entry.last] += _unquote(line, f"{where}:{n}")
            continue
        key, _, rest = line.partition(" ")
        if not _KEYWORD.fullmatch(key):
            raise PoError(f"{where}:{n}: unknown keyword {key!r}")
        if key in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in entry.fields):
            finish()
        entry.fields[key] = _unquote(rest, f"{where}:{n}")
        entry.last = key
    finish()
    return catalog


def _header(catalog: Catalog, text: str) -> None:
    for line in text.splitlines():
        name, _, value = line.partition(":")
        if name.strip().lower() == "plural-forms":
            found = _PLURAL.search(value.strip())
            if found:
                catalog.num_plurals = int(found.group(1))
                catalog.plural_expr = found.group(2)
