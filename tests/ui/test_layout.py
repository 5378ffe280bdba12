"""Wrapping and measuring with the real OLED font; what counts as cut off or missing."""

from table.fonts import font
from table.ui.layout import Canvas, has_glyph, missing_glyphs, wrap
from table.ui.screens import message


def test_wrap_breaks_between_words_at_the_pixel_width():
    f = font(12)                                   # Terminus: 6 px a character
    lines, too_wide = wrap("aaa bbb ccc", f, 7 * 6)
    assert lines == ["aaa bbb", "ccc"] and too_wide == []
    assert wrap("one\ntwo", f, 128) == (["one", "two"], [])
    lines, too_wide = wrap("x" * 25, f, 60)
    assert lines == ["x" * 10, "x" * 10, "x" * 5] and too_wide == ["x" * 25]


def test_glyphs_of_czech_and_ukrainian_exist_and_others_do_not():
    for f in (font(12), font(12, bold=True), font(16, bold=True), font(32, bold=True)):
        assert missing_glyphs("Příliš žluťoučký kůň úpěl ďábelské ódy", f) == []
        assert missing_glyphs("Гей, ґава їсть щавель, є й юшка", f) == []
    assert not has_glyph(font(12), "中")
    assert has_glyph(font(12), " ")
    assert missing_glyphs("a中b語a", font(12)) == ["中", "語"]


def test_a_screen_reports_text_cut_off_and_missing_glyphs():
    assert message("Title", "short").problems == ()
    long = message("Title", "word " * 30)
    assert any("needs 8 lines, the box has 4" in p for p in long.problems)
    wide_title = message("A title far too long for the bar", "x")
    assert any("cut off: 'A title far too long" in p for p in wide_title.problems)
    tofu = message("Title", "Hello 世界")
    assert any("no glyph for '世' U+4E16, '界' U+754C" in p for p in tofu.problems)
    word = message("Title", "Donaudampfschifffahrtsgesellschaft")
    assert any("wider than its box" in p for p in word.problems)


def test_text_cut_off_is_still_drawn_up_to_the_edge():
    c = Canvas()
    c.line((0, 0), "m" * 40)
    assert c.problems and c.image.getbbox()[2] >= 120


def test_text_is_drawn_as_pils_text_draws_it_pixel_for_pixel():
    """Canvas.text draws each line once and stamps it again: the same pixels as
    ImageDraw.text, in every font size, black on white and white on black, at the edges."""
    from PIL import Image, ImageDraw
    said = ["Hex 1 of 3", "OK→", "↑↓ ×2 «Bazooka» …", "Příliš žluťoučký kůň", "Гей, ґава їсть",
            "Qy,j|", " a ", "W" * 30]
    for f in (font(12), font(12, bold=True), font(16, bold=True), font(9), font(20)):
        for s in said:
            for xy, fill in (((3, 5), 1), ((0, 0), 0), ((-4, 55), 1), ((100, -3), 0)):
                drawn = Image.new("1", (128, 64), 1 - fill)
                ImageDraw.Draw(drawn).text(xy, s, font=f, fill=fill)
                c = Canvas(image=Image.new("1", (128, 64), 1 - fill))
                c.text(xy, s, f, fill)
                c.text(xy, s, f, fill)                   # (the second time from the stamp)
                assert c.image.tobytes() == drawn.tobytes(), (f.size, s, xy, fill)


def test_a_pillow_without_freetype_stops_a_drawing_command_with_one_line(monkeypatch, capsys):
    """Issue 36: on the 32-bit OS a Pillow built without FreeType made the daemon crash at every
    start until systemd gave up; now it exits 2 (the unit does not restart it) saying what to do."""
    from PIL import ImageFont

    from table import cli, fonts

    def no_freetype(*args, **kwargs):
        raise ImportError("The _imagingft C module is not installed")
    monkeypatch.setattr(ImageFont, "truetype", no_freetype)
    fonts.font.cache_clear()
    try:
        assert cli.main(["selftest", "--sim", "--auto"]) == 2
    finally:
        fonts.font.cache_clear()
    err = capsys.readouterr().err
    assert err == ("worms-table selftest: this Pillow cannot load a font (The _imagingft C module is "
                   "not installed): it was built without FreeType; run scripts/install-pi again, which "
                   "says how to rebuild it\n")
