"""A hex named in words on its change screen (issue 37 item 2): the walk from the Wind Dial
the name says reaches the hex, and the title with its name fits the OLED in every language."""

from table.hexgrid import hexagon, neighbour
from table.langs import LANGS
from table.ui import screens
from table.ui.hexnames import DIAL, hex_name, hex_title
from table.ui.strings import text

GRID = hexagon(DIAL, 4)
DIRS = {lang: {text(f"dir.{d}", lang): d for d in range(1, 7)} for lang in LANGS}


def walk(lang: str, name: str):
    """Where the words lead: from the dial, each leg's count of hexes its way."""
    h = DIAL
    for leg in name.split():
        k, way = int(leg[0]), leg[1:]
        h = neighbour(h, DIRS[lang][way], k)
    return h


def test_every_hex_of_the_grid_is_named_by_a_walk_that_reaches_it():
    for lang in LANGS:
        names = {h: hex_name(lang, h) for h in GRID if h != DIAL}
        assert all(walk(lang, name) == h for h, name in names.items())
        assert len(set(names.values())) == len(names)          # no two hexes alike
        assert all(len(name.split()) <= 2 for name in names.values())


def test_the_title_says_the_count_and_the_name_and_always_fits():
    assert hex_title("en", 2, 3, (1, -3)) == "Hex 2/3: 2N 1NE"
    assert hex_title("cs", 2, 3, (0, 2)) == "Hex 2/3: 2J"
    for lang in LANGS:
        for n in (1, 9, 12, 20):
            for h in GRID:
                if h == DIAL:
                    continue
                title = hex_title(lang, n, n, h)
                assert title.endswith(hex_name(lang, h))
                shot = screens.changes(title, ["x"])
                assert shot.problems == (), (lang, title)
