"""The string catalogue: complete in three languages, and loud about anything missing."""

import pytest

from table.ui.strings import (FACES, FAULT_WORDS, FORMS, LANGS, LASTING_RULES, OPTIONAL_RULES, POOL_KINDS,
                              SOURCE, TEAMS, THING_KINDS, MissingString, fields, text, worm_name)

#: key: (English, Czech, Ukrainian), the strings that are not counted ("" = not translated).
CATALOGUE: dict[str, tuple[str, ...]] = {
    key: tuple(by_lang[lang][0] if by_lang[lang] else "" for lang in LANGS)
    for key, by_lang in FORMS.items() if len(by_lang[SOURCE]) == 1}


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_string_has_all_languages_with_the_same_arguments(key):
    values = CATALOGUE[key]
    assert len(values) == len(LANGS)
    assert all(isinstance(v, str) and v.strip() for v in values), key
    assert fields(key, "cs") == fields(key, "en") == fields(key, "uk"), key


def test_czech_and_ukrainian_are_translations_not_copies():
    # names of languages, button labels and a few formats are the same by nature
    same = {k for k, (en, cs, uk) in CATALOGUE.items() if en == cs == uk}
    assert same <= {"lang.en", "lang.cs", "lang.uk", "menu.on", "menu.off", "button.ok",
                    "ch.title_at_short", "hex.leg", "box.because", "ch.roll_dice"}
    cyrillic = [k for k, (_, _, uk) in CATALOGUE.items()
                if any("\u0400" <= ch <= "\u04ff" for ch in uk)]
    assert len(cyrillic) > 0.8 * len(CATALOGUE)


def test_the_catalogue_names_every_team_kind_face_rule_and_device():
    for team in TEAMS:
        for prefix in ("team", "team_adj", "team_acc"):
            assert f"{prefix}.{team}" in CATALOGUE
    for kind in THING_KINDS:
        assert f"thing.{kind}" in CATALOGUE
    for kind in POOL_KINDS:
        for verb in ("move", "remove", "place"):
            assert f"do.{verb}.{kind}" in CATALOGUE
    for face in FACES:
        assert f"face.{face}" in CATALOGUE
    for rule in OPTIONAL_RULES + LASTING_RULES:
        assert f"rule.{rule}" in CATALOGUE
    for device in FAULT_WORDS:
        assert f"device.{device}" in CATALOGUE


def test_lookup_and_formatting():
    assert text("do.wind", "en", d=4) == "The wind turns to 4"
    assert text("do.move_worm", "cs", team="červeného", n=2) == \
        "Přesuňte červeného wormsíka 2 na blikající hex"
    assert text("fault.missing", "en", name="Card reader") == \
        "Card reader not found: check the cable"
    assert worm_name("uk", "red", 2) == "червоний черв’як 2"
    assert worm_name("cs", "grey", 1) == "šedý wormsík 1"


def test_a_missing_key_language_or_argument_fails_loudly():
    with pytest.raises(MissingString, match="no string 'do.teleport'"):
        text("do.teleport", "en")
    with pytest.raises(MissingString, match="no language 'de'"):
        text("prompt.ok", "de")
    with pytest.raises(MissingString, match="needs the argument 'd'"):
        text("do.wind", "uk")
    assert issubclass(MissingString, KeyError)
