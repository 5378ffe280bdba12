"""The parsed catalogs kept between starts (strings.cached_catalogs): what the cache gives is
what parsing gives, an edited catalog is never read stale, and a folder that cannot be written
or a damaged cache file only costs a parse."""

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
    assert [p.name for p in cache.iterdir()] == ["catalogs.marshal"]
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


@pytest.mark.parametrize("damage", [b"", b"garbage", b"\xe9" * 40])
def test_a_damaged_cache_file_is_parsed_again_and_replaced(locale, tmp_path, damage):
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "catalogs.marshal").write_bytes(damage)
    same(strings.cached_catalogs(locale, cache), load_catalogs(locale))
    assert (cache / "catalogs.marshal").read_bytes() != damage


def test_the_cache_folder_is_systemds_then_xdgs(monkeypatch, tmp_path):
    monkeypatch.setenv("CACHE_DIRECTORY", f"{tmp_path / 'unit'}:{tmp_path / 'other'}")
    assert strings.cache_folder() == tmp_path / "unit"
    monkeypatch.delenv("CACHE_DIRECTORY")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert strings.cache_folder() == tmp_path / "xdg" / "worms-table"
