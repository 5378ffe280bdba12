"""The new-game wizard's OLED screens: the language, the teams, who plays each, the optional
rules, who draws the decks, whose dice (each a menu of table/ui/screens.py)."""

from table.langs import LANGS

from .layout import HEIGHT, WIDTH, Canvas
from .screens import MENU_ROWS, Screen, screen_of, explained_menu, menu
from .strings import OPTIONAL_RULES, TEAMS, text


def language_menu(cursor: int) -> Screen:
    """Languages, each in its own words, under a title in the highlighted language."""
    lang = LANGS[max(0, min(cursor, len(LANGS) - 1))]
    shown = menu(text("wizard.language", lang), [text(f"lang.{code}", code) for code in LANGS], cursor)
    if len(LANGS) >= MENU_ROWS:
        return shown
    c = Canvas(shown.image.copy(), list(shown.problems), list(shown.texts))   # what the
    c.line((1, HEIGHT - 12), text("wizard.keys", lang), width=WIDTH - 2, align="center")
    return screen_of(c, shown.selected)                                           # buttons do


def teams_menu(lang: str, chosen: set[str], cursor: int) -> Screen:
    """Start first, then every team colour as a checkbox (OK ticks or clears it), so the
    teams chosen show under Start."""
    items = [text("wizard.start", lang)] + [
        text("menu.on" if t in chosen else "menu.off", lang, item=text(f"team.{t}", lang))
        for t in TEAMS]
    return menu(text("wizard.teams", lang), items, cursor)


def seats_menu(lang: str, teams: list[str], box: dict[str, str], cursor: int) -> Screen:
    """Who plays each team: the players, or the box at a level (OK on a team changes it)."""
    items = [text("wizard.seat_box", lang, team=text(f"team.{t}", lang),
                  level=text(f"level.{box[t]}", lang)) if t in box
             else text("wizard.seat_players", lang, team=text(f"team.{t}", lang))
             for t in teams] + [text("wizard.start", lang)]
    return menu(text("wizard.seats", lang), items, cursor)


def rules_menu(lang: str, chosen: set[str], cursor: int) -> Screen:
    """The optional rules, two rows at a time, and a line or two saying what the one under
    the cursor does."""
    items = [text("menu.on" if r in chosen else "menu.off", lang, item=text(f"rule.{r}", lang))
             for r in OPTIONAL_RULES] + [text("wizard.start", lang)]
    keys = [f"rule_help.{r}" for r in OPTIONAL_RULES] + ["rule_help.start"]
    cursor = max(0, min(cursor, len(items) - 1))
    return explained_menu(text("wizard.rules", lang), items, text(keys[cursor], lang), cursor)


def decks_menu(lang: str, cursor: int, known: int | None = None) -> Screen:
    """Who draws the Supply and Drop cards, and a line saying what the one under the cursor
    means; ``known``: the box cannot draw the Supply deck (it knows only that many Supply
    cards), so "Box draws" is left out and the players' line says so."""
    keys: tuple[str, ...] = ("wizard.decks_players", "wizard.decks_box", "wizard.decks_teach")
    if known is not None:
        keys = tuple(k for k in keys if k != "wizard.decks_box")
    cursor = max(0, min(cursor, len(keys) - 1))
    players_only = known is not None and keys[cursor] == "wizard.decks_players"
    return explained_menu(text("wizard.decks", lang), [text(k, lang) for k in keys],
                          text("wizard.decks_box_unknown", lang, n=known) if players_only
                          else text(f"{keys[cursor]}_help", lang), cursor)


def dice_menu(lang: str, cursor: int) -> Screen:
    return menu(text("wizard.dice", lang),
                [text("wizard.dice_auto", lang), text("wizard.dice_own", lang)], cursor)
