"""table.ui.po reads every shipped catalog exactly as Babel's reader does (the strings, the
plural forms, the fuzzy marks, the plural rule), and names a line it cannot read."""

import pytest
from babel.messages.pofile import read_po as babel_read_po

from table.ui import po, strings
from tests.ui.test_catalogs import counts

CATALOGS = [(strings.TEMPLATE, None)] + [(strings.po_path(lang), lang)
                                         for lang in strings.LANGS if lang != strings.SOURCE]


@pytest.mark.parametrize("path,lang", CATALOGS, ids=lambda v: str(v))
def test_reads_each_catalog_as_babel_does(path, lang):
    with open(path, "rb") as f:
        expected = babel_read_po(f, locale=lang, domain=strings.DOMAIN)
    with open(path, encoding="utf-8") as f:
        got = po.read_po(f, str(path))
    # (the header entry left out: Babel's reader writes it anew, in its version's words)
    assert [(m.context, m.id, m.string, m.fuzzy) for m in got if m.id] == \
        [(m.context, m.id, m.string, m.fuzzy) for m in expected if m.id]
    assert got.num_plurals == expected.num_plurals
    assert counts(got.plural_expr) == counts(expected.plural_expr)


def test_escapes_continuations_and_fuzzy_marks():
    cat = po.read_po(['#, fuzzy, python-format', 'msgctxt "k"', 'msgid ""', '"say \\"hi\\"\\n"',
                      'msgstr "tab\\there"', '', '#. note', 'msgid "plain"', 'msgstr ""'])
    first, second = list(cat)
    assert (first.context, first.id, first.string, first.fuzzy) == \
        ("k", 'say "hi"\n', "tab\there", True)
    assert (second.context, second.id, second.string, second.fuzzy) == (None, "plain", "", False)


@pytest.mark.parametrize("lines,says", [
    (['msgid "a"', 'msgstr "b"', 'bogus "c"'], "x.po:3: unknown keyword 'bogus'"),
    (['"orphan"'], "x.po:1: a continued string with nothing before it"),
    (['msgid a'], "x.po:1: expected a quoted string"),
])
def test_a_line_it_cannot_read_is_named(lines, says):
    with pytest.raises(po.PoError, match=says.replace("[", r"\[")):
        po.read_po(lines, "x.po")
