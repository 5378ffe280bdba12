"""The screens use the printed words (the glossary of the Czech and Ukrainian prints): no Czech or Ukrainian string
says a game term with another word than the rulebook prints, and every card and rule has its
three names."""

import re

import pytest

from table.cards import library
from table.ui.strings import FORMS, LASTING_RULES, OPTIONAL_RULES, text

# word (a regular expression, matched on whole words, any case) -> the printed term instead
NOT_PRINTED = {
    "cs": {
        r"červ(a|ovi|em|i|ů|y|ům)?": "wormsík (a worm)",
        r"pol(e|i|í|ích|ím)": "hex",
        r"sud\w*": "barel (Oil Drum)",
        r"bedn\w*": "krabice (Supply Crate)",
        r"shoz\w*": "letecká podpora (Drop card)",
        r"značk\w*": "žeton zaměření (Target Token)",
        r"dílek|dílky|dílku": "hex vody",
        r"krabičk\w*|box\w*": "stůl (the box itself; krabice is the Supply Crate)",
        r"mince|mincí|minci": "žeton nebezpečí (Danger Flipper)",
        r"ledu": "žeton zmrazení (Freeze)",
        r"vyřazen\w*": "zničen (a worm); vyřazen is an eliminated player",
    },
    "uk": {
        r"хробак\w*": "черв’як",
        r"пол(е|я|і|ем)": "гекс",
        r"кубик\w*": "кістка (dice)",
        r"картк\w*|картц\w*": "карта",
        r"скидання": "пакунок (Drop card)",
        r"реч(і|ей|ами|ах)|річ": "об’єкт (Thing)",
        r"мітк\w* цілі": "жетон цілі (Target Token)",
        r"плитк\w* води": "гекс води",
        r"коробк\w*|скриньк\w*": "стіл (the box itself)",
        r"монет\w*": "жетон небезпеки (Danger Flipper)",
        r"черв['ʼ]як\w*": "черв’як with ’ (U+2019)",
        r"вибуває": "знищений (a worm); вибуває is an eliminated player",
    },
}


#: strings that are a printed name themselves ("Do posledního červa" is True Elimination)
PRINTED_NAMES = {"rule.true_elimination"}


def strings_of(lang):
    for key, by_lang in FORMS.items():
        if key in PRINTED_NAMES:
            continue
        for form in by_lang[lang]:
            yield key, form


@pytest.mark.parametrize("lang", sorted(NOT_PRINTED))
def test_no_string_uses_a_word_the_prints_do_not(lang):
    found = []
    for key, s in strings_of(lang):
        for pattern, printed in NOT_PRINTED[lang].items():
            for m in re.finditer(rf"(?<!\w)(?:{pattern})(?!\w)", s, re.IGNORECASE):
                found.append(f"{key}: {m.group(0)!r} in {s!r}: the print says {printed}")
    assert found == []


def test_the_ukrainian_apostrophe_is_the_printed_one():
    # the print writes об’єкт, черв’як with ’ (U+2019), never ' or ʼ
    wrong = [(key, s) for key, s in strings_of("uk") if "'" in s or "\u02bc" in s]
    assert wrong == []


def test_the_printed_terms_are_there():
    # a sample of the glossary, word for word
    assert text("thing.worm", "cs") == "Wormsík" and text("thing.worm", "uk") == "Черв’як"
    assert text("thing.oil_drum", "cs") == "Barel" and text("thing.crate", "cs") == "Krabice"
    assert text("drop.title", "cs") == "Letecká podpora" and text("drop.title", "uk") == "Пакунок"
    assert "žeton zaměření" in text("do.target", "cs") and "жетон цілі" in text("do.target", "uk")
    assert "zničen" in text("do.worm_out", "cs", team="modrý", n=1)
    assert "знищений" in text("do.worm_out", "uk", team="синій", n=1)
    assert text("prompt.die", "uk") == "Обери кістку"
    assert text("rule.true_elimination", "cs") == "Do posledního červa"   # printed so
    assert text("wizard.rules", "cs") == "Varianty hry"
    assert "hex" in text("prompt.hex", "cs") and "гекс" in text("prompt.hex", "uk")


def test_every_rule_and_card_has_three_names():
    for rule in OPTIONAL_RULES + LASTING_RULES:
        names = [text(f"rule.{rule}", lang) for lang in ("en", "cs", "uk")]
        assert all(names) and len({names[0], names[1]}) == 2, rule      # cs is not English
    for card in library().values():
        assert set(card.names) == {"en", "cs", "uk"}, card.id
