"""The translators' review sheet: `worms-table screens` draws every screen the box can show
(table/review/gallery.py) with the widest words of each language, the whole catalog on it."""

import re

import pytest
from PIL import Image

from table.review.gallery import shots
from table.cli import main
from table.langs import LANGS
from table.ui.strings import FORMS, text
from table.web.pagewords import PREFIX as PAGE


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_of_the_sheet_fits_the_oled(lang):
    found = shots(lang, distinct=False)
    assert len(found) > 150
    assert [(s.group, s.name, s.screen.problems) for s in found if s.screen.problems] == []
    assert all(s.screen.image.size == (128, 64) and s.screen.image.mode == "1" for s in found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_holds_the_whole_catalog_and_names_the_keys(lang):
    found = shots(lang)
    assert set().union(*(s.keys for s in found)) == {k for k in FORMS if not k.startswith(PAGE)}
    # a screen lists the keys whose words it shows, and the box's own screens come first
    aim = next(s for s in found if s.name.startswith("aim (5 dice)"))
    assert {"ask.aim", "ask.aim_at", "turn.title"} <= set(aim.keys)
    assert "5" in " ".join(aim.screen.texts)
    groups = [s.group for s in found]
    assert groups.index("other") > groups.index("box") if "other" in groups else True
    # nothing twice: no two screens show the same words
    assert len({s.screen.texts for s in found}) == len(found)


def test_the_sheet_draws_the_widest_names_and_every_plural_form():
    found = shots("uk")
    words = "\n".join(t for s in found for t in s.screen.texts)
    assert "Фіолетові" in words                       # the widest team name
    for n, form in ((1, "кістка"), (2, "кістки"), (5, "кісток")):
        assert f"тут {n} {form}" in words
    legend = [s for s in found if s.name.startswith("colour legend")]
    assert any("↑↓" in s.screen.texts for s in legend)     # its title beside the arrows


def test_the_command_writes_the_pngs_the_sheet_and_the_words(tmp_path, capsys):
    out = tmp_path / "review"
    (out / "uk").mkdir(parents=True)
    (out / "uk" / "999-old.png").write_bytes(b"")        # a run before: replaced
    assert main(["screens", "--out", str(out), "--lang", "uk"]) == 0
    said = capsys.readouterr().out
    pngs = sorted((out / "uk").glob("*.png"))
    assert f"uk: {len(pngs)} screens" in said
    assert pngs[0].name == "001-wizard.png" and not (out / "uk" / "999-old.png").exists()
    for png in pngs[::25]:
        with Image.open(png) as im:
            assert im.size == (128, 64)
    with Image.open(out / "uk-sheet.png") as sheet:
        assert sheet.size[0] > 6 * 256 and sheet.size[1] > len(pngs) // 6 * 128
    words = (out / "uk-screens.txt").read_text(encoding="utf-8")
    blocks = re.findall(r"^(\d{3})  (\w+): ", words, re.MULTILINE)
    assert [f"{n}-{g}.png" for n, g in blocks] == [p.name for p in pngs]
    assert f"| {text('legend.title', 'uk')}" in words and "keys: " in words
    assert not (out / "cs-sheet.png").exists()


def test_the_command_refuses_an_unknown_language_or_an_unwritable_folder(tmp_path, capsys):
    assert main(["screens", "--out", str(tmp_path), "--lang", "de"]) == 2
    assert "no language 'de' (languages: en, cs, uk)" in capsys.readouterr().err
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert main(["screens", "--out", str(blocked), "--lang", "cs"]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err


#: a button's hint on a screen: OK, the number keys, Back, a tap, a numbered list
HINT = re.compile(r"OK|1-6|Back|[Tt]ap |^\d[: ]", re.M)
#: screens with nothing to press: the turn timer (beside the prompt), the box thinking, the
#: shop demo's ends (they go on by themselves), a note the enroller clears at the next input
QUIET = ("timer ", "time is up", "the box thinks", "winner", "nobody wins", "a shared win",
         "demo.versus_", "enrol: not saved")


def test_every_screen_says_which_button_to_press():
    """Issue 23 item 4: each screen of the sheet has its button hint (a menu's is its
    inverted row: the keys are said on the first menu, the language's)."""
    missing = [f"{s.group} | {s.name}: {s.screen.texts}" for s in shots("en")
               if s.group != "other" and ", row " not in s.name
               and not s.name.startswith(QUIET)
               and not HINT.search("\n".join(s.screen.texts))]
    assert missing == []
