"""The gettext catalogs: the .po files match the template, are complete, and use Babel's
plural rules; the loader reads what a translator's tool writes."""

import gettext
import re
import string

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

import table.ui.strings as strings
from table.ui.strings import LANGS, SOURCE, TEMPLATE, MissingString, plural, po_path, text

TRANSLATED = [lang for lang in LANGS if lang != SOURCE]


def read(path, locale=None):
    with open(path, "rb") as f:
        return read_po(f, locale=locale)


def entries(catalog):
    return {m.context: m for m in catalog if m.id}


def names(s):
    return {n for _, n, _, _ in string.Formatter().parse(s) if n}


def counts(plural_expr):
    """The plural form a rule picks for each count up to 1000: two rules are the same rule
    when these agree (Babel versions write the same rule in different words)."""
    rule = gettext.c2py(plural_expr)
    return [rule(n) for n in range(1001)]


HEADER_WORDS = re.compile(rb'^"(Generated-By|Plural-Forms): .*\\n"$', re.M)


def without_tool_words(po_bytes):
    """A catalog's bytes without the header lines whose words depend on the Babel version that
    wrote them (its version; how it spells the plural rule, checked by value elsewhere)."""
    return HEADER_WORDS.sub(b"", po_bytes)


def test_the_template_has_a_key_for_every_entry_and_no_translations():
    template = read(TEMPLATE)
    msgs = [m for m in template if m.id]
    assert msgs and all(m.context for m in msgs)
    assert len({m.context for m in msgs}) == len(msgs)          # keys are unique
    assert all(not any(m.string) if m.pluralizable else not m.string for m in msgs)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_po_matches_the_template_entry_for_entry(lang):
    template, po = entries(read(TEMPLATE)), entries(read(po_path(lang), lang))
    assert set(po) == set(template), "run: pybabel update (docs/translating.md)"
    for key, m in template.items():
        t = po[key]
        assert t.id == m.id, f"{key}: the English changed; update the {lang} translation"
        assert not t.fuzzy, f"{key}: marked fuzzy in {lang}"
        assert t.pluralizable == m.pluralizable, key
        wanted = names(m.id[0] + m.id[1]) if m.pluralizable else names(m.id)
        got = t.string if t.pluralizable else (t.string,)
        for form in got:
            assert form.strip(), f"{key}: no {lang} translation"
            # a plural form may leave the number out ("jeden"), nothing else
            assert names(form) - {"n"} == wanted - {"n"} if t.pluralizable \
                else names(form) == wanted, f"{key} ({lang}): {form!r} vs {m.id!r}"
        if wanted:
            assert "python-brace-format" in m.flags, key


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_are_babels_rules(lang):
    catalog = read(po_path(lang), lang)
    rule = get_plural(lang)
    assert catalog.num_plurals == rule.num_plurals == 3
    assert counts(catalog.plural_expr) == counts(rule.plural_expr)
    for m in catalog:
        if m.id and m.pluralizable:
            assert len(m.string) == rule.num_plurals, m.context


def test_plural_rules_count_like_the_languages_do():
    def forms(lang):
        return [strings.plural_index(n, lang) for n in (1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25,
                                                        101, 111, 0)]
    assert forms("en") == [0] + [1] * 13
    assert forms("cs") == [0, 1, 1, 1] + [2] * 10                 # 1 / 2-4 / 5+
    assert forms("uk") == [0, 1, 1, 1, 2, 2, 2, 2, 0, 1, 2, 0, 2, 2]   # 11-14 take 5+


def test_plural_and_text_lookups():
    def small(n, lang):
        return plural("map.too_small", n, lang, need=14)
    assert small(1, "en").startswith("Only 1 land hex:")
    assert small(5, "en").startswith("Only 5 land hexes:")
    assert small(3, "cs").startswith("Jen 3 hexy země:")
    assert small(12, "cs").startswith("Jen 12 hexů země:")
    assert small(21, "uk").startswith("Лише 21 гекс суші:")
    assert small(12, "uk").startswith("Лише 12 гексів суші:")
    assert small(24, "uk").startswith("Лише 24 гекси суші:")
    assert small(24, "uk").endswith("не менше 14")
    # text() takes a counted string too, its form chosen by the argument n
    assert text("map.too_small", "cs", n=12, need=14) == small(12, "cs")
    with pytest.raises(MissingString, match="counted noun: it needs the number n"):
        text("map.too_small", "cs", need=14)
    with pytest.raises(MissingString, match="needs the argument 'need'"):
        plural("map.too_small", 3, "uk")
    with pytest.raises(MissingString, match="not a counted noun"):
        plural("button.ok", 2, "cs")


def test_a_missing_or_fuzzy_translation_fails_loudly(tmp_path, monkeypatch):
    # the loader reads what a tool writes: drop one translation, mark another fuzzy
    po = read(po_path("cs"), "cs")
    po.get("Back", context="button.back").string = ""
    po.get("OK", context="button.ok").flags.add("fuzzy")
    locale = tmp_path / "locale"
    for lang in TRANSLATED:
        (locale / lang / "LC_MESSAGES").mkdir(parents=True)
        target = locale / lang / "LC_MESSAGES" / po_path(lang).name
        if lang == "cs":
            with open(target, "wb") as f:
                write_po(f, po)
        else:
            target.write_bytes(po_path(lang).read_bytes())
    (locale / TEMPLATE.name).write_bytes(TEMPLATE.read_bytes())
    forms, _ = strings.load_catalogs(locale)
    monkeypatch.setattr(strings, "FORMS", forms)
    with pytest.raises(MissingString, match="'button.back' has no cs translation"):
        text("button.back", "cs")
    with pytest.raises(MissingString, match="'button.ok' has no cs translation"):
        text("button.ok", "cs")
    assert text("button.back", "uk") == "Назад"


#: English nouns that, after a number, need the language's plural forms
COUNTED = r"dice|die|hex(?:es)?|changes?|turns?|teams?|worms?|cards?|things?|players?|copies|" \
          r"tiles?|rounds?|lives|life|points?|minutes?|seconds?|steps?|shots?"


#: the same nouns in the translations (a number before one of them needs plural forms)
COUNTED_IN = {
    "cs": r"kar(?:ta|ty|et)|kost(?:ka|ky|ek)|hex(?:y|ů)?|tah(?:y|ů)?|tým(?:y|ů)?|wormsík\w*|"
          r"změn\w*|věc\w*|díl\w*|kol(?:o|a)|minut\w*|sekund\w*|krok\w*|život\w*|životy",
    "uk": r"карт\w*|кіст\w*|гекс\w*|хід|ходи|ходів|команд\w*|черв’як\w*|змін\w*|об’єкт\w*|"
          r"плит\w*|раунд\w*|хвилин\w*|секунд\w*|крок\w*|житт\w*",
}
#: placeholders the box fills with words (names, lists), never with a number
WORDS = {"team", "teams", "card", "cards", "thing", "things", "worm", "who", "what", "name",
         "rule", "item", "file", "left", "kind", "word", "field", "symbol", "step"}


def counted_placeholders(s, nouns):
    """The placeholders of ``s`` that stand for a number right before a counted noun."""
    return [m.group(1) for m in re.finditer(rf"\{{(\w+)\}} (?:{nouns})(?!\w)", s, re.IGNORECASE)
            if m.group(1) not in WORDS]


def test_a_number_before_a_noun_has_plural_forms():
    # "3 dice": Czech says 3 kostky but 5 kostek, Ukrainian 3 кістки but 5 кісток.  Only an
    # entry's n chooses its plural form, so any other counted placeholder ("{supply} cards")
    # is wrong too: say it count-safe ("cards: {supply}") or give it an entry of its own
    template = entries(read(TEMPLATE))
    found = []
    for key, m in template.items():
        for form in (m.id if m.pluralizable else (m.id,)):
            numbers = counted_placeholders(form, COUNTED)
            found += [f"{key}: {{{p}}} in {form!r}" for p in numbers
                      if not (m.pluralizable and p == "n")]
    for lang in TRANSLATED:
        for key, m in entries(read(po_path(lang), lang)).items():
            for form in (m.string if m.pluralizable else (m.string,)):
                numbers = counted_placeholders(form, COUNTED_IN[lang])
                found += [f"{key} ({lang}): {{{p}}} in {form!r}" for p in numbers
                          if not (m.pluralizable and p == "n")]
    assert found == [], ("give these msgid_plural and one msgstr per plural form "
                         "(docs/translating.md), and look them up with plural(); a number "
                         "that is not the entry's n needs a count-safe wording")


def test_the_plural_check_sees_every_counted_placeholder():
    assert counted_placeholders("Supply deck: {supply} cards, shuffled", COUNTED) == ["supply"]
    assert counted_placeholders("{team} worm {n}", COUNTED) == []
    assert counted_placeholders("Balíček zásob: {supply} karet", COUNTED_IN["cs"]) == ["supply"]
    assert counted_placeholders("Колода: {drop} карт, перетасуй", COUNTED_IN["uk"]) == ["drop"]
    assert counted_placeholders("Krok {i} z {n}", COUNTED_IN["cs"]) == []


def test_babels_update_from_the_template_changes_nothing(tmp_path):
    # what docs/translating.md tells a translator to run: the files are already in the form
    # Babel writes, entry for entry, so an update leaves nothing to review
    import shutil
    import subprocess
    import sys

    locale = tmp_path / "locale"
    shutil.copytree(TEMPLATE.parent, locale)
    run = subprocess.run([sys.executable, "-m", "babel.messages.frontend", "update",
                          "-i", str(locale / TEMPLATE.name), "-d", str(locale),
                          "-D", "worms-table", "--no-wrap"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    for lang in TRANSLATED:
        rel = po_path(lang).relative_to(TEMPLATE.parent)
        updated = locale / rel
        assert without_tool_words(updated.read_bytes()) == \
            without_tool_words(po_path(lang).read_bytes()), (
                f"{lang}: run the pybabel update of docs/translating.md and commit what it writes")
        assert counts(read(updated, lang).plural_expr) == counts(read(po_path(lang)).plural_expr)
