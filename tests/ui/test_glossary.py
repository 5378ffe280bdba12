"""The screens use the printed words (the glossary of the Czech and Ukrainian prints): no Czech
or Ukrainian string says a game term with another word than the rulebook prints, and every card
and rule has its three names."""

import re
from pathlib import Path

import pytest

from table.cards import example_folder, library, load_file
from table.ui.strings import FORMS, LASTING_RULES, OPTIONAL_RULES, text
from table.web import pagewords

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
        # (a player, a team is "vyřazen", CZ p.13: said of a worm it is wrong)
        r"(?:wormsík\w*|\{worm\})[^.;]*?vyřazen\w*|vyřazen\w*[^.;]*?wormsík\w*":
            "zničen (a worm); vyřazen is an eliminated player",
        r"odho[dzď]\w*": "rozhodit / pořádné rozhození (Scatter / Knockback); a played card: "
                         "vraťte ji do krabice",
        r"lízn\w*": "doberte si (take a card)",
        r"otoč\w* žeton\w* nebezpečí": "hoď žetonem nebezpečí (it is tossed like a coin)",
        r"postav\w* balíč\w*": "vytvoř balíčky (Build the decks)",
        r"vrchní": "horní karta",
        r"míř": "miř (and a card's name cannot take the instrumental: '{card}: tady')",
        r"kam dát": "kam přijde {thing} (a Thing's name stays in the nominative)",
        r"zamíchat": "zamíchej (the box speaks in the imperative)",
        r"dělená výhra": "vítězství sdílejí (the Czech print's tie)",
        r"přím\w+ hex\w*": "hex na přímce (a card's target)",
        r"sousední\w*": "sousedící (hex)",
        r"řádek akcí|akční řád\w*": "akční lišta (Action line)",
        r"vlastní hex\w*": "aktuální hex (the worm's own hex)",
        r"tažen\w*": "dobraná (a drawn card: doberte si)",
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
        r"тягн\w*|тягт\w*": "брати / взяти карту (тягнути is a calque)",
        r"розстав\w*|розстановк\w*": "розмістити / розміщення (Place)",
        r"блимаюч\w*": "миготливий",
        r"підготовк\w*": "підготування (Setup)",
        r"рух(?= \d|:)|кидок руху": "переміщення (Move; wizard.keys' \"1-6 рух\" moves a cursor)",
        r"склади колоди": "створи колоди (Build the decks)",
        r"спільн\w* перемог\w*": "нічия (the Ukrainian print's tie)",
        r"світл\w*": "підсвічений (lit; світлий is light-coloured)",
        r"досяг\w*": "задалеко",
        r"ПнС|ПдС|ПдЗ|ПнЗ": "ПнСх, ПдСх, ПдЗх, ПнЗх (С alone reads as the Russian север)",
        r"вниз колоди": "під низ колоди",
        r"карта (?:вже )?грає": "карта розігрується",
        r"відкида\w*(?= й)": "зміщує (a Blast scatters; відкидання is Knockback)",
        r"сусідн\w*": "суміжний (hex)",
        r"авіаудар\w*": "повітряний удар (Airstrike)",
        r"найпорожн\w*": "найменш заповнений (гекс)",
        r"повн\w* гекс\w*": "заповнений гекс (Full hex)",
        r"сорочк\w*": "долілиць (face down)",
        r"прям\w+ гекс\w*": "гекс по прямій (a card's target)",
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
    for card in library().values():
        yield f"card {card.id}", card.names.get(lang, "")
    for path in sorted(example_folder().glob("*.toml")):     # the simulator's and demo's cards
        for card in load_file(path):
            yield f"example card {card.id}", card.names.get(lang, "")


@pytest.mark.parametrize("lang", sorted(NOT_PRINTED))
def test_no_string_uses_a_word_the_prints_do_not(lang):
    found = []
    for key, s in strings_of(lang):
        for pattern, printed in NOT_PRINTED[lang].items():
            for m in re.finditer(rf"(?<!\w)(?:{pattern})(?!\w)", s, re.IGNORECASE):
                found.append(f"{key}: {m.group(0)!r} in {s!r}: the print says {printed}")
    assert found == []


def banned(lang: str, s: str) -> list[str]:
    return [m.group(0) for pattern in NOT_PRINTED[lang]
            for m in re.finditer(rf"(?<!\w)(?:{pattern})(?!\w)", s, re.IGNORECASE)]


def test_a_team_is_eliminated_a_worm_is_destroyed():
    # the print's "vyřazen" is for a player (CZ p.13), and so for a team; never for a worm
    assert "vyřazeni" in text("do.eliminated", "cs", team="Modří")
    assert banned("cs", "Modří: vyřazeni ze hry") == []
    assert banned("cs", "{worm}: vyřazen") and banned("cs", "Vyřazen: modrý wormsík 2")
    assert banned("uk", "Кидок руху") and banned("uk", "Рух: 6") and not banned("uk", "1-6 рух")


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


def test_each_print_says_its_own_tie_and_its_own_words():
    # the two prints differ on a second tie: the Czech players share the win, the Ukrainian
    # game is a draw (нічия)
    assert "sdílejí" in text("over.shared", "cs", teams="Modří, Červení")
    assert text("over.shared", "uk", teams="Сині, Червоні").startswith("Нічия")
    from table.ui import screens          # the demo's end screen says so too, not "nobody"
    assert "Vítězství sdílejí: Fialoví, Červení" in screens.winner(
        "cs", None, ("purple", "red")).texts
    assert "Нічия: Фіолетові, Червоні" in screens.winner("uk", None, ("purple", "red")).texts
    assert text("roll.for.knockback", "cs") == "Pořádné rozhození"
    assert "зміщує" in text("rule_help.reduced_blast", "uk")
    assert text("deal.decks_title", "cs").startswith("Vytvoř") and "balíčky" in text(
        "deal.decks_title", "cs")                       # (Vytvoř or, formally, Vytvořte)
    assert text("deal.decks_title", "uk") == "Створи колоди"
    assert text("place.title", "uk") == "Підготування"
    assert text("wizard.placement", "uk") == "Розміщення об’єктів"


def test_every_rule_and_card_has_three_names():
    for rule in OPTIONAL_RULES + LASTING_RULES:
        names = [text(f"rule.{rule}", lang) for lang in ("en", "cs", "uk")]
        assert all(names) and len({names[0], names[1]}) == 2, rule      # cs is not English
    for card in library().values():
        assert set(card.names) == {"en", "cs", "uk"}, card.id


STATIC = Path(__file__).parents[2] / "table/web/static"


def test_every_word_of_the_page_is_there_in_each_language():
    # the page's words are the catalogs' (table/web/pagewords.py): every key its scripts and
    # its HTML ask for is there, in each language
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    scripts = (STATIC / "app.js").read_text(encoding="utf-8") + (
        STATIC / "card-form.js").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-t(?:-placeholder|-aria-label|-options)?="(\w+)"', html))
    keys |= set(re.findall(r'\bt\("(\w+)"\)', scripts))
    keys |= {k for line in re.findall(r"dataset\.t = ([^;]+);", scripts)
             for k in re.findall(r'(?:^|[?:] )"(\w+)"', line)}      # a ternary's answers
    assert {"cfId", "cfText", "cfDropPart", "cfProblems", "gridLabel", "targets"} <= keys
    for lang in ("en", "cs", "uk"):
        missing = sorted(keys - set(pagewords.words(lang)))
        assert missing == [], f"{lang}: the page has no words for {missing}"


def test_the_card_forms_choices_are_the_oleds_words():
    # each option of the card form's lists (a target, a lasting rule, a kind) has the words
    # the OLED's teaching walk uses for it
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    for name, key in (("targets", "teach.target.{}"), ("lasting", "rule.{}"), ("kinds", "teach.kind.{}")):
        select = re.search(rf'data-t-options="{name}">(.*?)</select>', html, re.DOTALL).group(1)
        values = re.findall(r'<option value="(\w*)"', select)
        assert len(values) == select.count("<option") >= 4
        for lang in ("en", "cs", "uk"):
            choices = pagewords.words(lang)[name]
            assert {v: choices[v] for v in values} == {
                v: text(key.format(v or "none"), lang, n="X") for v in values}, (name, lang)


def test_the_page_gets_its_words_before_its_script():
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    assert html.index('<script src="/strings.js">') < html.index('<script src="/app.js">')
    assert "const T = {" in pagewords.script().decode()
