"""Card names at their bound (40 characters, the widest letters) on every screen of the box:
each screen that names a card fits it on the 128x64 OLED (wrapped, or cut short with an
ellipsis where the screen has no room), nothing cut off, in every language, as luma's dummy
panel shows them.  The gallery (table/review/gallery.py) draws the box's screens with the widest
card of each kind in the library, so an owner's folder of such cards puts them on all."""

import pytest

from table.review.gallery import shots
from table.devices.display import SimDisplay
from table.engine.vocabulary import MAX_NAME
from table.langs import LANGS

#: a name as an owner might write one, in words, and one word of the widest letter
NAMES = {"words": ("Mmmmmmm Wwwwwww Mmmmmmm Wwwwwww Mmmmmmmm",
                   "Шшшшшшш Жжжжжжж Шшшшшшш Жжжжжжж Шшшшшшшш"),
         "one word": ("W" * MAX_NAME, "Ж" * MAX_NAME)}
WEAPON = 'target = "any"\naction = ["TEXT"]\ntext = [{ do = "blast" }]'
KINDS = {"starter": WEAPON, "supply": WEAPON, "superweapon": WEAPON,
         "drop": 'text = [{ do = "place", kind = "crate", at = "emptiest" }]',
         "sudden_death": 'lasting = "one_life"\n'
                         'drop = [{ do = "place", kind = "crate", at = "emptiest" }]'}
#: where the box names a card
NAMED = {"setup", "steps", "turn", "end", "refusals", "seats", "teach", "box"}


@pytest.fixture(params=sorted(NAMES))
def long_names(request, tmp_path, monkeypatch) -> dict[str, str]:
    latin, cyrillic = NAMES[request.param]
    assert len(latin) == len(cyrillic) == MAX_NAME
    cards = "".join(f'[[cards]]\nid = "long_{kind}"\nkind = "{kind}"\n'
                    f'names = {{ en = "{latin}", cs = "{latin}", uk = "{cyrillic}" }}\n'
                    f'{rest}\n\n' for kind, rest in KINDS.items())
    (tmp_path / "long.toml").write_text(cards, encoding="utf-8")
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(tmp_path))
    return {"en": latin, "cs": latin, "uk": cyrillic}


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_naming_a_card_fits_a_name_of_forty_letters(long_names, lang):
    start = long_names[lang][:5]
    panel = SimDisplay()
    named = set()
    for shot in shots(lang, distinct=False):
        screen = shot.screen
        assert screen.problems == (), (shot.group, shot.name, screen.texts)
        panel.show(screen.image)
        assert panel.panel().convert("1").tobytes() == screen.image.tobytes()
        if any(start in t for t in screen.texts):
            named.add(shot.group)
    assert named >= NAMED, NAMED - named           # the long names were on those screens
