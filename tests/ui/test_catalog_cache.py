"""The parsed catalogs kept between starts (strings.cached_catalogs): what the cache gives is
what parsing gives, an edited catalog is never read stale, and a folder that cannot be written
or a damaged cache file only costs a parse."""

import hashlib
import json
import shutil

import pytest

import table.ui.po
import table.ui.strings as strings
from table.ui.strings import LOCALE_DIR, load_catalogs, po_path


@pytest.fixture
def locale(tmp_path):
    return shutil.copytree(LOCALE_DIR, tmp_path / "locale")


def same(a, b):
    forms_a, rules_a = a
    forms_b, rules_b = b
    assert forms_a == forms_b
    assert rules_a.keys() == rules_b.keys()
    for lang in rules_a:
        assert [rules_a[lang](n) for n in range(120)] == [rules_b[lang](n) for n in range(120)]


def unreadable(*args, **kwargs):
    raise AssertionError("the catalogs were parsed, not read from the cache")


def test_the_second_start_reads_the_cache_not_the_catalogs(locale, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    first = strings.cached_catalogs(locale, cache)
    same(first, load_catalogs(locale))
    assert [p.name for p in cache.iterdir()] == ["catalogs.json"]
    monkeypatch.setattr(table.ui.po, "read_po", unreadable)
    same(strings.cached_catalogs(locale, cache), first)


def test_an_edited_catalog_is_parsed_afresh(locale, tmp_path):
    cache = tmp_path / "cache"
    strings.cached_catalogs(locale, cache)
    cs = po_path("cs", locale)
    text = cs.read_text(encoding="utf-8")
    assert 'msgstr "Zpět"' in text
    cs.write_text(text.replace('msgstr "Zpět"', 'msgstr "Vrátit"', 1), encoding="utf-8")
    forms, _ = strings.cached_catalogs(locale, cache)
    assert "Vrátit" in {f[0] for by_lang in forms.values() for f in [by_lang["cs"]] if f}
    assert forms == load_catalogs(locale)[0]


def test_a_folder_that_cannot_be_written_only_costs_a_parse(locale, tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    same(strings.cached_catalogs(locale, blocked / "cache"), load_catalogs(locale))
    assert blocked.read_text() == "not a folder"


@pytest.mark.parametrize("damage", [b"", b"garbage", b"\xe9" * 40, b"\n" + b"[" * 100000])
def test_a_damaged_cache_file_is_parsed_again_and_replaced(locale, tmp_path, damage):
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "catalogs.json").write_bytes(damage)
    same(strings.cached_catalogs(locale, cache), load_catalogs(locale))
    assert (cache / "catalogs.json").read_bytes() != damage


def test_the_cache_folder_is_systemds_then_xdgs(monkeypatch, tmp_path):
    monkeypatch.setenv("CACHE_DIRECTORY", f"{tmp_path / 'unit'}:{tmp_path / 'other'}")
    assert strings.cache_folder() == tmp_path / "unit"
    monkeypatch.delenv("CACHE_DIRECTORY")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert strings.cache_folder() == tmp_path / "xdg" / "worms-table"


def test_every_bit_flipped_in_the_cache_is_caught(locale, tmp_path):
    """Issue 38, item 7: the cache was trusted (a bit flipped gave silently wrong words, a
    traceback at every start, or 400 MB).  Now each flip of a sample of the file's bits (some
    300, in every part of it) is parsed afresh and the cache written again."""
    cache = tmp_path / "cache"
    good = strings.cached_catalogs(locale, cache)
    whole = (cache / "catalogs.json").read_bytes()
    step = max(1, len(whole) * 8 // 300)
    for bit in range(0, len(whole) * 8, step):
        flipped = bytearray(whole)
        flipped[bit // 8] ^= 1 << (bit % 8)
        (cache / "catalogs.json").write_bytes(bytes(flipped))
        same(strings.cached_catalogs(locale, cache), good)
        assert (cache / "catalogs.json").read_bytes() == whole, bit     # written again


def test_a_cache_of_the_right_digest_but_the_wrong_shape_is_not_read(locale, tmp_path):
    cache = tmp_path / "cache"
    good = strings.cached_catalogs(locale, cache)
    whole = (cache / "catalogs.json").read_bytes()
    key = json.loads(whole.partition(b"\n")[2])["key"]
    for payload in [{"key": key, "forms": {"a": {"en": "not a list"}}, "exprs": {}},
                    {"key": key, "forms": {}, "exprs": {"cs": "__import__('os')", "uk": "0"}},
                    {"key": key, "forms": {"a": {"xx": ["?"]}}, "exprs": {"cs": "0", "uk": "0"}},
                    {"key": key, "forms": {"a": {"en": [1]}}, "exprs": {"cs": "0", "uk": "0"}},
                    [1, 2, 3]]:
        body = json.dumps(payload).encode()
        check = hashlib.blake2b(body, digest_size=20).hexdigest().encode()
        (cache / "catalogs.json").write_bytes(check + b"\n" + body)
        same(strings.cached_catalogs(locale, cache), good)
        assert (cache / "catalogs.json").read_bytes() == whole, payload
