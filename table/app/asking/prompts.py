"""Decision -> the prompt that asks it on the box: the one table of the game's questions.

:data:`ASKS` maps every :class:`~table.engine.decisions.DecisionKind` to an :class:`Ask`: the
function that builds the prompt asking such a decision (a widget of
:mod:`table.app.asking.pickers`, :mod:`table.app.asking.typed_dice` or
:mod:`table.app.asking.by_hand`, with its words and LED scene), and what the box says when an
answer of that kind is undone.  It is the app's one mapping of a decision kind (the engine's is
:data:`table.engine.decisions.DECISION_KINDS`); nothing else in the app compares
a decision's kind with a string (tests/test_complexity.py).

The widgets are re-exported here, so ``from table.app.asking.prompts import Menu`` keeps working.
"""

from typing import Any, Callable, Mapping, NamedTuple

from table.engine.board import FLIPPED_FOR, split_id
from table.engine.decisions import Decision, DecisionKind, Purpose
from table.engine.state import Phase
from table.hexgrid import Hex
from table.ui import scenes, screens
from table.ui.instructions import worm_number
from table.ui.layout import card_name
from table.ui.strings import text, worm_short

from table.app.asking.prompt import Answer, Prompt, Refuse, View
from table.app.asking.contexts import (_aim_draw, _direction_lights, _drop_draw, _name,
                                       _pile_label, _rolled)
from table.app.asking.cursor import aim_start
from table.app.asking.by_hand import EditPick
from table.app.asking.moving import MovePick, ask_move, undone_move
from table.app.asking.worm import WormPick, ask_worm
from table.app.asking.pickers import (INCH, JUMP, LEFT_RIGHT, OPTION, UP, WEAPONS, CardTap, DeckTap, DicePick,
                                      HexPick, Menu, Notice, scroll)
from table.app.asking.typed_dice import ROLL_FOR, FaceEntry

Words = Callable[[Any, str, Mapping], "str | None"]


def _no_words(value: Any, lang: str, cards: Mapping) -> str | None:
    return None


class Ask(NamedTuple):
    """How the box asks one kind of decision: ``make(decision, view)`` builds the prompt;
    ``undone(answer, lang, cards)`` says what an undone answer was (None: "a choice")."""
    make: Callable[[Decision, View], Prompt]
    undone: Words = _no_words


def for_decision(d: Decision, view: View) -> Prompt:
    """The prompt that asks ``d`` on the box."""
    p = ASKS[d.kind].make(d, view)
    if isinstance(p, HexPick):
        p.domain = frozenset(view.grid) | frozenset(p.options)
    if view.phase == Phase.WEAPON and not isinstance(p, CardTap):
        p.refuse_tap = Refuse("error.card_in_play")        # aiming, picking a die...
    elif view.phase in (Phase.ACTIVATE, Phase.MOVE1, Phase.MOVE2):
        p.refuse_tap = Refuse("error.no_card_now", {"phase": view.phase})
    return p


def undone(gone: list[dict], cards: Mapping) -> Notice:
    """"Undone", saying what: the worm, the move, the card, the face typed in..."""
    def what(lang: str) -> str:
        e = gone[-1] if gone else {}
        if e.get("chance") in ("die", "flip"):          # the players' own, typed in
            v = e["value"]
            said = (text(f"coin.{v}", lang) if e["chance"] == "flip" else v if v.isdigit()
                    else text(f"face_short.{v}", lang))
            return text(f"undo.{e['chance']}", lang, what=said)
        try:
            ask = ASKS[DecisionKind(str(e.get("kind")))]
        except ValueError:                               # not a decision's answer
            return text("undo.other", lang)
        return ask.undone(e.get("answer"), lang, cards) or text("undo.other", lang)
    return Notice(lambda v: screens.message(text("undo.done", v.lang),
                                            f"{what(v.lang)}\n{text('prompt.ok', v.lang)}"))


def undo_refused(last: dict, events: list[dict]) -> Notice:
    """Why nothing can be undone, in the players' words (``last``: the log's last entry): the
    die or coin the box rolled and what for (said with the changes it made), a card drawn, a
    deck shuffled, the time run out."""
    def why(lang: str) -> str:
        e: dict = next((e for e in reversed(events) if e.get("event") in ("roll", "flip")), {})
        what = e.get("for")
        if last.get("chance") == "die" and e.get("event") == "roll" and what in ROLL_FOR:
            face = e["face"] if e["face"].isdigit() else text(f"face_short.{e['face']}", lang)
            return text("error.undo_rolled", lang, what=f"{text(f'roll.for.{what}', lang)}: {face}")
        if last.get("chance") == "flip" and e.get("event") == "flip" and what in FLIPPED_FOR:
            side = text(f"coin.{e['side']}", lang)
            return text("error.undo_rolled", lang, what=f"{text(f'thing.{what}', lang)}: {side}")
        if "reveal" in last:
            return text("error.undo_drawn", lang)
        if last.get("chance") in ("shuffle", "pick"):
            return text("error.undo_shuffled", lang)
        if last.get("timeout"):
            return text("error.undo_time", lang)
        return text("error.undo_roll", lang)
    return Notice(lambda v: screens.message(text("error.title", v.lang), why(v.lang),
                                            footer=text("button.ok", v.lang)))


# -- one builder a kind ---------------------------------------------------------------------

def _ask_worm(d: Decision, view: View) -> Prompt:
    """Which worm to activate: a direction picks the worm it reaches, OK the one under the
    cursor (worm.py)."""
    return ask_worm(d, view) or _fallback(d, view)


def _undone_worm(v: Any, lang: str, cards: Mapping) -> str | None:
    if isinstance(v, str) and "-" in v:
        return text("undo.worm", lang, worm=worm_short(lang, split_id(v)[0], worm_number(v)))
    return None


def _ask_move(d: Decision, view: View) -> Prompt:
    """A movement step: a direction inches at once where nothing can roll; inch and jump
    hexes lit on the grid; OK on the worm asks where to jump; Back skips (moving.py)."""
    return ask_move(d, view) or _fallback(d, view)


def _ask_card(d: Decision, view: View) -> Prompt:
    """A weapon card to tap (or pass); a Sudden Death draft is a menu of the cards."""
    if d.purpose in (Purpose.WEAPON, Purpose.PLAY):
        return CardTap(d.options, view.team, view.cards, view.face_down)
    names = [card_name(view.cards, c, view.lang) for c in d.options]
    return Menu(text("sudden_death.title", view.lang), names, list(d.options),
                cursor=list(d.options).index(d.default))


def _undone_card(v: Any, lang: str, cards: Mapping) -> str | None:
    return text("undo.card", lang, card=card_name(cards, v, lang)) if v in cards else None


def _ask_hex(d: Decision, view: View) -> Prompt:
    """A hex on the grid: a target (coloured by its Accuracy dice), where to place a Thing, one
    of the emptiest hexes, or any other hex."""
    dice = dict(zip(d.options, d.info or ()))
    colours = {h: scenes.accuracy_colour(n) for h, n in dice.items()}
    opts = {h: [(h, "")] for h in d.options}
    start, miss, snap = d.default, Refuse("error.not_lit"), False
    draw: Callable[[View, Hex], screens.Screen]
    if d.purpose in (Purpose.TARGET, Purpose.NEW_TARGET):
        start = aim_start(d.options, dice, view.board, view.grid, view.team, view.worm_at())
        miss = Refuse("error.out_of_range")
        draw = _aim_draw(d.card, dice)
    elif d.purpose is Purpose.PLACE and d.item is not None:
        draw = _place_draw(d.item)
    elif d.purpose is Purpose.EMPTIEST:     # E9: the first in reading order, the default
        draw, snap = _drop_draw(view), True     # (a few hexes far apart: from one to the next)
    else:
        def draw(v: View, c: Hex) -> screens.Screen:
            return v.header("prompt.hex")
    return HexPick(opts, colours, start, draw, keep=(view.worm_at(),), miss=miss, snap=snap)


def _place_draw(item: str) -> Callable[[View, Hex], screens.Screen]:
    def draw(v: View, c: Hex) -> screens.Screen:
        return screens.message(text("place.title", v.lang), text(
            "ask.place_where", v.lang, thing=_pile_label(v.lang, item).lower()),
            hint=screens.pick(v.lang))
    return draw


def _ask_die(d: Decision, view: View) -> Prompt:
    """The rolled dice, one to keep."""
    return DicePick(_rolled(view.events, d), d.options, d.default)


def _ask_direction(d: Decision, view: View) -> Prompt:
    """A direction 1..6: a menu like any other, its cursor on the ruling's default."""
    return Menu(_what_for(d, view),
                [f"{x} {text(f'dir.{x}', view.lang)}" for x in d.options], list(d.options),
                cursor=list(d.options).index(d.default),
                lights=_direction_lights(view.board.target or view.worm_at()))


def _ask_thing(d: Decision, view: View) -> Prompt:
    """A Thing: a menu of their names, the one under the cursor lit on the grid, the cursor on
    the ruling's default (E7.4: the first worm in hex order; E14: the first the card can
    affect, worms first)."""
    names = [_name(view, t) for t in d.options]
    title = text("prompt.next", view.lang) if d.purpose is Purpose.NEXT else \
        _what_for(d, view, "prompt.thing")      # (E2.7: the first in hex order preselected)
    return Menu(title, names,
                list(d.options), cursor=list(d.options).index(d.default),
                lights=lambda v, tid, t: _light_hex(
                    v.board.things[tid].at if tid in v.board.things else None)(v, tid, t),
                draw=_full_hex_draw(names) if d.purpose is Purpose.PROD else None)


def _ask_order(d: Decision, view: View) -> Prompt:
    """An order of simultaneous entry effects."""
    return Menu(text("prompt.order", view.lang),
                [", ".join(text(f"thing.{k}", view.lang) for k in o) for o in d.options],
                list(d.options), cursor=list(d.options).index(d.default))


def _ask_pile(d: Decision, view: View) -> Prompt:
    """Which Thing of the setup pile to place next."""
    return Menu(text("place.title", view.lang), [_pile_label(view.lang, i) for i in d.options],
                list(d.options), cursor=list(d.options).index(d.default))


def _ask_typed(d: Decision, view: View) -> Prompt:
    """The players' own die or coin, its face typed in."""
    return FaceEntry(d)


def _ask_tapped(d: Decision, view: View) -> Prompt:
    """A card drawn from the players' own deck, tapped."""
    return DeckTap(d, view.team)


def _ask_edit(d: Decision, view: View) -> Prompt:
    """The changes made by hand resolving a card's text, told back hex by hex."""
    return EditPick(d, view)


#: The app's one mapping of a decision kind: how the box asks it, what an undo of it says.
ASKS: dict[DecisionKind, Ask] = {
    DecisionKind.WORM: Ask(_ask_worm, _undone_worm),
    DecisionKind.MOVE: Ask(_ask_move, undone_move),
    DecisionKind.CARD: Ask(_ask_card, _undone_card),
    DecisionKind.HEX: Ask(_ask_hex),
    DecisionKind.DIE: Ask(_ask_die),
    DecisionKind.DIRECTION: Ask(_ask_direction),
    DecisionKind.THING: Ask(_ask_thing),
    DecisionKind.ORDER: Ask(_ask_order),
    DecisionKind.PILE: Ask(_ask_pile),
    DecisionKind.DIE_TYPED: Ask(_ask_typed),
    DecisionKind.FLIP_TYPED: Ask(_ask_typed),
    DecisionKind.CARD_TAPPED: Ask(_ask_tapped),
    DecisionKind.EDIT: Ask(_ask_edit),
}


# -- what the builders share ----------------------------------------------------------------

def _light_hex(h: Hex | None) -> Callable[[View, Any, float], scenes.Frame]:
    def lights(view: View, value: Any, t: float) -> scenes.Frame:
        base = view.base(t)
        return scenes.cursor(scenes.dimmed(base), h, t) if h in base else base
    return lights


def _full_hex_draw(names: list[str]) -> Callable[[View, int], screens.Screen]:
    """A full hex (E7.4): says so, and that the Thing chosen is knocked away."""
    def draw(v: View, cursor: int) -> screens.Screen:
        return screens.message(text("ask.full_hex_title", v.lang), "\n".join(
            [text("ask.full_hex", v.lang), f"→ {names[cursor]}"]), mark="OK")
    return draw


def _what_for(d: Decision, view: View, plain: str = "prompt.direction") -> str:
    """A menu's title that says what the choice is for: the knockback, or the card."""
    lang = view.lang
    if d.purpose is Purpose.KNOCKBACK:
        return text("ask.knockback", lang)
    card = view.cards.get(d.card) if d.card is not None else None
    if card is None:
        return text(plain, lang)
    from table.fonts import font
    for title in (text("ask.for_card", lang, card=card.name(lang)), card.name(lang)):
        if font(12, bold=True).getlength(title) <= 110:      # room left of the ↑↓ marks
            return title
    return text(plain, lang)


def _fallback(d: Decision, view: View) -> Prompt:
    """A plain menu of the options, should a prompt not fit the board on show."""
    labels = [_name(view, o) if isinstance(o, str) and o in view.board.things else str(o)
              for o in d.options]
    return Menu(d.why, labels, list(d.options), cursor=list(d.options).index(d.default))


__all__ = ["ASKS", "Answer", "Ask", "CardTap", "DeckTap", "DicePick", "FaceEntry", "HexPick",
           "INCH", "JUMP", "LEFT_RIGHT", "Menu", "MovePick", "Notice", "OPTION", "Prompt", "Refuse", "UP",
           "View", "WEAPONS", "WormPick", "for_decision", "scroll", "undo_refused", "undone"]
