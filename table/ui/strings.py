"""Every user-facing string of the table in English, Czech and Ukrainian, from gettext catalogs.

The strings live in ``table/ui/locale/``: the template ``worms-table.pot`` holds the English
source of each string, and ``<lang>/LC_MESSAGES/worms-table.po`` its translation, as the
translators' tools (Poedit, Lokalize, Weblate, ``pybabel update``) read and write them.  Each
entry's ``msgctxt`` is the string's key, ``msgid`` the English, ``msgstr`` the translation; a
counted noun has ``msgid_plural`` and one ``msgstr[i]`` per plural form, chosen by the
catalog's ``Plural-Forms`` (Babel's rules: Czech 1 / 2-4 / 5+, Ukrainian 1 / 2-4 / 5+ with
11-14 as 5+).  See docs/translating.md.

Look one up with :func:`text` (or :func:`plural` for a counted noun); an unknown key or
language, or a string with no translation, raises :class:`MissingString` (a ``KeyError``), so
a typo or a forgotten translation fails in the tests rather than showing a blank on the OLED.
Strings are ``str.format`` templates; the names in braces are the arguments each one takes.

Grammar is carried by the keys, not patched in code: a worm's team has one key for the
subject (``team_adj``) and one for the object (``team_acc``); each kind of Thing has its own
sentence for placing, moving and removing.
"""

from __future__ import annotations

import gettext
import hashlib
import json
import os
import string
import sys
from contextlib import contextmanager
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterator, Mapping

from table import filetext
from table.devices import DEVICES, PICO_WORDS
from table.engine import board, chance, config, effects
from table.langs import LANGS

#: The engine's words that have catalog entries of their own (``team.<team>``,
#: ``thing.<kind>``, ``do.<verb>.<kind>`` for the kinds from the pool, ``face.<face>``,
#: ``rule.<rule>``): the engine's lists, the one place each is written, so a word it gains is
#: one the catalogs' tests ask the translators for.
TEAMS = board.TEAMS
THING_KINDS = board.THING_KINDS
POOL_KINDS = board.POOL_KINDS
FACES = chance.FACES
OPTIONAL_RULES = config.OPTIONS
LASTING_RULES = effects.RULES
#: what the fault screens name (``device.<words>``): each device (table.devices.DEVICES), and
#: the Pico that carries the LEDs and the dial
FAULT_WORDS = tuple(d.words for d in DEVICES) + (PICO_WORDS,)

#: the arguments of a string that takes none (a record's default: shared, so never changed)
NO_ARGS: Mapping[str, Any] = MappingProxyType({})
DOMAIN = "worms-table"
LOCALE_DIR = Path(__file__).with_name("locale")
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: English is the source language: its strings are the template's msgids.
SOURCE = "en"
#: key -> language -> templates (one, or one per plural form; empty: not translated)
Forms = dict[str, dict[str, tuple[str, ...]]]


def po_path(lang: str, locale: Path = LOCALE_DIR) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


class MissingString(KeyError):
    """A key, a language or a translation the catalogs do not have."""


def _read(path: Path):
    """One catalog (table/ui/po.py: Babel's reading of it, without Babel's cost at start;
    imported when a catalog is parsed, not when the parsed ones are read from the cache)."""
    from table.ui.po import read_po

    with open(path, encoding="utf-8") as f:
        return read_po(f, str(path))


def load_catalogs(locale: Path = LOCALE_DIR) -> tuple[Forms, dict[str, Callable[[int], int]]]:
    """The templates of every key in every language, and each language's plural rule, as the
    catalogs in the folder ``locale`` hold them (the template and ``<lang>/LC_MESSAGES``; by
    default the shipped ones, which :data:`FORMS` and :data:`PLURAL_RULES` are).

    ``forms[key][lang]`` is a tuple of templates: one for a plain string, one per plural form
    for a counted noun; empty where the translation is missing or marked fuzzy.
    """
    forms, exprs = _parse(locale)
    return forms, _rules(exprs)


def _rules(exprs: dict[str, str]) -> dict[str, Callable[[int], int]]:
    """Each language's plural rule from its catalog's ``Plural-Forms`` expression."""
    rules: dict[str, Callable[[int], int]] = {SOURCE: lambda n: int(n != 1)}
    rules.update((lang, gettext.c2py(expr)) for lang, expr in exprs.items())
    return rules


def _parse(locale: Path) -> tuple[Forms, dict[str, str]]:
    """The forms of :func:`load_catalogs`, and each translation's plural expression."""
    template = locale / TEMPLATE.name
    forms: Forms = {}
    for m in _read(template):
        if not m.id:
            continue                                   # the header
        if not m.context:
            raise MissingString(f"{template}: the entry {m.id!r} has no msgctxt (its key)")
        forms[m.context] = {SOURCE: tuple(m.id) if m.pluralizable else (m.id,)}
    exprs: dict[str, str] = {}
    for lang in LANGS:
        if lang == SOURCE:
            continue
        catalog = _read(po_path(lang, locale))
        exprs[lang] = catalog.plural_expr
        found = {m.context: m for m in catalog if m.id and m.context}
        for key, by_lang in forms.items():
            m = found.get(key)
            if m is None or m.fuzzy:
                by_lang[lang] = ()
            elif m.pluralizable:
                strs = tuple(m.string)
                by_lang[lang] = strs if all(strs) and len(strs) == catalog.num_plurals else ()
            else:
                by_lang[lang] = (m.string,) if m.string else ()
    return forms, exprs


#: bump when the cached form changes: a cache of another form is not read
_CACHE_FORM = 2
#: the cache file: far bigger than the catalogs parsed (~150 kB), far smaller than harm
_CACHE_MAX_BYTES = 2 * 1024 * 1024


def cache_folder() -> Path | None:
    """Where the parsed catalogs are kept between starts: systemd's ``$CACHE_DIRECTORY`` (the
    unit's ``CacheDirectory=``), else ``$XDG_CACHE_HOME/worms-table`` (``~/.cache/worms-table``);
    None with neither a cache folder nor a home."""
    given = os.environ.get("CACHE_DIRECTORY", "").split(":")[0]
    if given:
        return Path(given)
    try:
        return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "worms-table"
    except (RuntimeError, KeyError):           # no $HOME and no home in the user database
        return None


def cached_catalogs(locale: Path = LOCALE_DIR, folder: Path | None = None
                    ) -> tuple[Forms, dict[str, Callable[[int], int]]]:
    """:func:`load_catalogs`, kept parsed in ``folder`` (default :func:`cache_folder`) between
    starts: parsing the three catalogs is a start's largest single piece of work (10 ms on a
    desktop, 80 at a Pi Zero's speed), reading them back a tenth of that.

    The cache is keyed by the catalogs' bytes (and the Python that wrote it), so an edited
    catalog is parsed afresh, never read stale; it is read as data, never as code: bounded in
    size, checked against its own digest and then in every part of its shape (a damaged file,
    a bit flipped, a file too big or of another form is parsed afresh and written again); a
    folder that cannot be written (a read-only system, no home) only means the catalogs are
    parsed each time.
    """
    folder = cache_folder() if folder is None else folder
    if folder is None:
        return load_catalogs(locale)
    files = [locale / TEMPLATE.name, *(po_path(lang, locale) for lang in LANGS if lang != SOURCE)]
    digest = hashlib.blake2b(f"{_CACHE_FORM} {sys.version}".encode(), digest_size=20)
    for path in files:
        digest.update(path.read_bytes())
    key = digest.hexdigest()
    target = folder / "catalogs.json"
    found = _read_cache(target, key)
    if found is not None:
        return found[0], _rules(found[1])
    forms, exprs = _parse(locale)
    payload = json.dumps({"key": key, "forms": forms, "exprs": exprs},
                         ensure_ascii=False).encode("utf-8")
    part = target.with_name(f"{target.name}.{os.getpid()}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        part.write_bytes(_sum(payload) + b"\n" + payload)
        os.replace(part, target)               # whole or not at all: two starts may race
    except OSError:                            # not writable here: parse again next time
        try:
            part.unlink(missing_ok=True)
        except OSError:
            pass
    return forms, _rules(exprs)


def _sum(payload: bytes) -> bytes:
    return hashlib.blake2b(payload, digest_size=20).hexdigest().encode()


def _read_cache(target: Path, key: str) -> tuple[Forms, dict[str, str]] | None:
    """The forms and plural expressions the cache file holds for ``key``; None when it is
    missing, of another key, or not whole and well formed in every part."""
    try:
        raw = filetext.read_bytes(target, _CACHE_MAX_BYTES)
        check, _, payload = raw.partition(b"\n")
        if check != _sum(payload):
            return None
        data = json.loads(payload)
    except (OSError, filetext.Unreadable, ValueError, RecursionError):
        return None
    if type(data) is not dict or data.get("key") != key:
        return None
    forms, exprs = data.get("forms"), data.get("exprs")
    if (type(exprs) is not dict or exprs.keys() != _TRANSLATED
            or not all(type(e) is str and len(e) < 200 for e in exprs.values())
            or type(forms) is not dict):
        return None
    out: Forms = {}
    for k, by_lang in forms.items():
        if type(by_lang) is not dict or SOURCE not in by_lang or not by_lang.keys() <= _LANGS:
            return None
        row = {}
        for lang, f in by_lang.items():
            if type(f) is not list:
                return None
            row[lang] = f = tuple(f)
            if f and {type(t) for t in f} != {str}:
                return None
        out[k] = row
    try:
        _rules(exprs)                          # (gettext's own check of each expression)
    except ValueError:
        return None
    return out, exprs


_LANGS = frozenset(LANGS)
_TRANSLATED = _LANGS - {SOURCE}


FORMS, PLURAL_RULES = cached_catalogs()


_recorders: list[tuple[set[str], str | None]] = []


@contextmanager
def recording(lang: str | None = None) -> Iterator[set[str]]:
    """The keys looked up while the block runs (in ``lang`` only, if given: a screen measures
    its words in every language but shows one), so the translators' review sheet can name
    the entries a screen shows.

    >>> with recording("cs") as keys:
    ...     _ = text("button.back", "cs"), text("button.ok", "uk")
    >>> sorted(keys)
    ['button.back']
    """
    keys: set[str] = set()
    entry = (keys, lang)
    _recorders.append(entry)
    try:
        yield keys
    finally:
        _recorders.remove(entry)


def _forms(key: str, lang: str) -> tuple[str, ...]:
    for keys, only in _recorders:
        if only is None or only == lang:
            keys.add(key)
    if lang not in LANGS:
        raise MissingString(f"no language {lang!r} (languages: {', '.join(LANGS)})")
    if key not in FORMS:
        raise MissingString(f"no string {key!r} in the catalog (table/ui/locale/{DOMAIN}.pot)")
    found = FORMS[key][lang]
    if not found:
        raise MissingString(f"the string {key!r} has no {lang} translation "
                            f"(or it is marked fuzzy) in table/ui/locale/{lang}/LC_MESSAGES/{DOMAIN}.po")
    return found


def _format(key: str, template: str, args: dict) -> str:
    try:
        return template.format(**args)
    except KeyError as err:
        raise MissingString(f"string {key!r} needs the argument {err.args[0]!r}") from None


def text(key: str, lang: str = "en", /, **args) -> str:
    """The string ``key`` in ``lang``, formatted with ``args``; a counted noun takes its form
    for the argument ``n`` (as :func:`plural`)."""
    found = _forms(key, lang)
    if len(FORMS[key][SOURCE]) > 1:
        if "n" not in args:
            raise MissingString(f"the string {key!r} is a counted noun: it needs the number n")
        return plural(key, args.pop("n"), lang, **args)
    return _format(key, found[0], args)


def plural(key: str, n: int, lang: str = "en", /, **args) -> str:
    """The counted string ``key`` in ``lang`` in the form for the number ``n`` (also passed to
    the template as ``n``): "1 worm", "3 worms"; "2 wormsíci", "5 wormsíků"."""
    found = _forms(key, lang)
    if len(FORMS[key][SOURCE]) == 1:
        raise MissingString(f"the string {key!r} is not a counted noun: use text({key!r}, ...)")
    index = plural_index(n, lang)
    return _format(key, found[min(index, len(found) - 1)], {"n": n, **args})


def plural_index(n: int, lang: str) -> int:
    """Which plural form ``n`` takes in ``lang`` (the catalog's Plural-Forms)."""
    return PLURAL_RULES[lang](abs(int(n)))


def fields(key: str, lang: str = "en") -> set[str]:
    """The argument names a string takes in ``lang`` (in any of its plural forms)."""
    return {name for template in _forms(key, lang)
            for _, name, _, _ in string.Formatter().parse(template) if name}


def worm_name(lang: str, team: str, number: int | str) -> str:
    """"red worm 2", "červený wormsík 2", "червоний черв’як 2"."""
    return text("worm.name", lang, team=text(f"team_adj.{team}", lang), n=number)


def worm_short(lang: str, team: str, number: int | str) -> str:
    """"Red 2", "Červený 2", "Червоний 2": a worm's short name (a change is one line), with
    the team's adjective, so that it agrees with what is said of the one worm ("Červený 2:
    zničen"; the team's name is plural: "Červení 2: zničen" would not)."""
    return f"{sentence(text(f'team_adj.{team}', lang))} {number}"


def sentence(s: str) -> str:
    """``s`` with its first letter upper-case."""
    return s[:1].upper() + s[1:]
