"""The card vocabulary: every step a card's text can say, one record each, and their interpreter.

A card's anatomy (its kinds, target symbols, action line, bounds) is :mod:`.anatomy`; its text
is ordered steps, each a dict ``{"do": <step>, <param>: <value>, ...}``.  :data:`CARD_STEPS` is
the one definition of the steps: a :class:`~.anatomy.CardStep` record each (its parameters, its
resolver, when it needs the Target Token, its effect in words), from which the card checks
(:mod:`table.cards.schema`), ``cards new`` and the page's form (:mod:`table.cards.authoring`),
the box's teach walk (:mod:`table.app.teach.walk`) and docs/cards.md's table of steps
(:mod:`table.cards.stepdoc`) are all made.  A new step is one record here, its resolver beside
it: a record without a resolver is refused when it is made.

:func:`resolve_step` resolves one step on a :class:`~table.engine.effects.Resolver`.
"""

from typing import Any, Callable

from table.hexgrid import DIRECTIONS, Hex, direction_to, hexagon, neighbour

from .anatomy import (ALWAYS, AREAS, AT, CARD_KINDS, MAP_SPAN, MAX_ACCURACY, MAX_COPIES, MAX_HEXES,
                      MAX_ID, MAX_NAME, MAX_NOTES, MAX_RANGE, MAX_STEPS, MAX_SYMBOLS, MAX_TEXT,
                      PICKS, PLACE_AT, RANGED, SYMBOLS, TARGETS, WAYS, WEAPON_KINDS,
                      WHAT, WHERE, Card, CardStep, Param, Play, StepError, Targeted, choice,
                      extra, registry)
from .board import FIXED, POOL_KINDS, THING_KINDS, Thing
from .decisions import DONE, Illegal, Purpose
from . import entering
from .effects import RULES, Resolver
from .events import EventKind
from .handedits import apply_edit, hand_edits
from .targeting import check_target, describe_target, target_ok, where_ok


def arg(step: dict, key: str) -> Any:
    """A step's value for ``key``, or the parameter's default."""
    return CARD_STEPS[step["do"]].value(step, key)


def needs_target(step: dict) -> bool:
    """Whether ``step`` acts at the Target Token's hex or on the token or its Things (its
    record's ``target``): a weapon card with no target rule cannot have it (the library's
    check; the teach walk does not offer it); played with no token on the board (a Drop card)
    it does nothing."""
    return CARD_STEPS[step["do"]].needs_target(step)


def resolve_step(r: Resolver, card: Card, play: Play, step: dict) -> None:
    """Resolve one step of a card's text (its record's resolver; :func:`needs_target`)."""
    if r.board.target is None and needs_target(step):
        return
    CARD_STEPS[step["do"]].resolve(r, card, play, step)


# -- the resolvers ---------------------------------------------------------------------------

def _hexes(r: Resolver, card: Card, play: Play, step: dict) -> list[Hex]:
    """The hexes a step acts on: the target (an airstrike's line of three) or the own hex,
    widened by ``area``."""
    if arg(step, "at") == "own_hex":
        base = [play.worm.at]
    else:
        target = r.board.target
        if target is None:
            return []
        if card.target == "airstrike" and step["do"] == "blast":
            facing = r.board.target_facing or play.facing or 1
            base = [neighbour(target, facing, i) for i in range(3)]
        else:
            base = [target]
    area = arg(step, "area") if "area" in CARD_STEPS[step["do"]].params else "hex"
    out: list[Hex] = []
    for h in base:
        ring = [neighbour(h, d) for d in DIRECTIONS]
        out += [h] if area == "hex" else ring if area == "around" else [h] + ring
    return out


def _things(r: Resolver, h: Hex, step: dict, can: Callable[[Thing], bool]) -> list[Thing]:
    kinds = set(arg(step, "kinds")) if "kinds" in CARD_STEPS[step["do"]].params else set()
    return [t for t in r.board.worms_first(h) if can(t) and (not kinds or t.kind in kinds)]


def choose_thing(r: Resolver, play: Play, h: Hex, options: list[Thing], card: Card) -> Thing | None:
    """E14: one Thing in ``h`` the effect can affect; default the first, worms first (or the
    one the play named up front)."""
    ids = [t.id for t in options]
    if play.thing is not None:
        if play.thing not in ids:
            raise Illegal(f"{play.thing!r} is not a Thing {card.id} can affect in {list(h)} "
                          f"(there: {', '.join(ids) or 'none'})")
        return r.board.things[play.thing]
    if not ids:
        return None
    return r.board.things[r.ask("thing", ids, ids[0], Purpose.AFFECT, card=card.id)]


def _picked(r: Resolver, card: Card, play: Play, step: dict, h: Hex,
            can: Callable[[Thing], bool]) -> list[Thing]:
    options = _things(r, h, step, can)
    if arg(step, "pick") == "all":
        return options
    one = choose_thing(r, play, h, options, card)
    return [] if one is None else [one]


def _blast(r: Resolver, card: Card, play: Play, step: dict) -> None:
    if card.target == "airstrike" and arg(step, "at") == "target" and arg(step, "area") == "hex":
        target = r.board.target
        if target is not None:
            r.airstrike(target, r.board.target_facing or play.facing or 1)
        return
    for h in _hexes(r, card, play, step):
        r.blast(h)


def _damage(r: Resolver, card: Card, play: Play, step: dict) -> None:
    for h in _hexes(r, card, play, step):
        if arg(step, "pick") == "all":
            for t in _things(r, h, step, lambda t: True):
                if r.alive(t, h):
                    r.damage(t)
        else:
            for t in _picked(r, card, play, step, h, lambda t: t.kind not in FIXED):
                r.damage(t)


def _move_worm(r: Resolver, card: Card, play: Play, step: dict) -> None:
    target = r.board.target
    if target is not None and r.alive(play.worm):
        r.move(play.worm, target, "card")


def _way(r: Resolver, card: Card, play: Play, step: dict, thing: Thing) -> int | None:
    way = arg(step, "way")
    if way == "wind":
        return r.board.wind
    if way == "roll":
        return r.direction_of(r.roll("move"))
    if way == "away":
        d = direction_to(play.worm.at, thing.at)
        if d is not None:
            return d
    return r.ask("direction", DIRECTIONS, DIRECTIONS[0], Purpose.FACING, card=card.id)


def _move(r: Resolver, card: Card, play: Play, step: dict) -> None:
    for h in _hexes(r, card, play, step):
        for t in _picked(r, card, play, step, h, lambda t: t.kind not in FIXED):
            if not r.alive(t, h):
                continue
            d = _way(r, card, play, step, t)
            if d is None:                  # a rolled bullseye: it stays
                continue
            for _ in range(arg(step, "hexes")):
                if not r.alive(t):
                    break
                r.move(t, neighbour(t.at, d), "card")


def _remove(r: Resolver, card: Card, play: Play, step: dict) -> None:
    for h in _hexes(r, card, play, step):
        for t in _picked(r, card, play, step, h, lambda t: True):
            if r.alive(t, h):
                r.destroy(t, "removed")


def _place(r: Resolver, card: Card, play: Play, step: dict) -> None:
    at = arg(step, "at")
    h: Hex | None
    if at == "emptiest":     # (no question whose answer cannot matter: an empty pool)
        h = r.emptiest(ask=r.board.in_pool(step["kind"]) > 0 or _same_after(card, step))
    elif at == "same":
        h = play.placed_at
    elif at == "own_hex":
        h = play.worm.at
    else:
        h = r.board.target
    if h is not None:
        r.place(step["kind"], h)
        play.placed_at = h
        entering.full_hex(r, h)


def _same_after(card: Card, step: dict) -> bool:
    """A later step of ``card`` places a Thing on the hex ``step`` placed its Thing on."""
    for steps in (card.text, card.drop):
        at = next((i for i, s in enumerate(steps) if s is step), len(steps))
        if any(s.get("do") == "place" and s.get("at") == "same" for s in steps[at + 1:]):
            return True
    return False


def _scatter(r: Resolver, card: Card, play: Play, step: dict) -> None:
    knock = step["do"] == "knockback"
    what = arg(step, "what")
    if what == "target":
        r.knockback_target() if knock else r.scatter_target()
        return
    if what == "worm":
        things = [play.worm] if r.alive(play.worm) else []
    else:
        target = r.board.target
        things = [] if target is None else [t for t in r.board.worms_first(target)
                                            if t.kind not in FIXED]
    for t in things:
        if r.alive(t):
            r.knockback(t) if knock else r.scatter(t)


def _new_target(r: Resolver, card: Card, play: Play, step: dict) -> None:
    board = r.board
    legal = [h for h in hexagon(play.worm.at, MAP_SPAN)
             if h != board.target and target_ok(card, play.worm.at, h, board)]
    if legal:
        h = r.ask("hex", legal, legal[0], Purpose.NEW_TARGET, card=card.id)
        aim(r, card, play, h)


def _heal(r: Resolver, card: Card, play: Play, step: dict) -> None:
    worm = play.worm
    if r.alive(worm) and worm.damaged:
        worm.damaged = False
        r.event(EventKind.HEAL, worm=worm.id)


def _rule(r: Resolver, card: Card, play: Play, step: dict) -> None:
    r.board.rules.add(step["rule"])
    r.event(EventKind.RULE, rule=step["rule"])


def _freeze(r: Resolver, card: Card, play: Play, step: dict) -> None:
    if play.worm.team is not None:           # (a Drop card has no player to protect)
        r.shield(play.worm.team)


def _by_hand(r: Resolver, card: Card, play: Play, step: dict) -> None:
    """The players resolve the text themselves, then tell the box each change they made (an
    ``edit`` decision, asked until ``done``), so the board the box keeps stays true."""
    r.event(EventKind.BY_HAND, card=card.id, text=step.get("text", ""))
    while True:
        change = r.ask("edit", hand_edits(r.board), DONE, Purpose.BY_HAND, card=card.id)
        if change == DONE:
            return
        apply_edit(r, change)


def _change_wind(r: Resolver, card: Card, play: Play, step: dict) -> None:
    r.change_wind()


def aim(r: Resolver, card: Card, play: Play, target: Hex) -> None:
    """Every card puts the Target Token on its target, with or without Accuracy (E12)."""
    if card.accuracy is not None:
        r.accuracy(play.worm.at, target, card.accuracy, play.facing)
    else:
        r.set_target(target, play.facing)


# -- the steps, one record each --------------------------------------------------------------

#: the steps that act at the Target Token's hex unless ``at`` says another hex
_AT_TARGET = Targeted("at", ("target",))
#: a Scatter or Knockback Scatter of the token or of the Things in its hex
_SCATTERS_TARGET = Targeted("what", ("target", "things"))
_KINDS = Param(THING_KINDS, many=True, default=(), asked=False)

#: Every step of a card's text, in the order the checks list them (see the module doc).
CARD_STEPS = registry(
    CardStep("blast", _blast, {"at": extra(AT), "area": extra(AREAS)}, _AT_TARGET,
             "Blast (E2) the hex (an `airstrike` card: the three hexes of its line); `around`: "
             "the six hexes round it, directions 1 to 6", teach_row=1),
    CardStep("damage", _damage, {"pick": choice(PICKS), "kinds": _KINDS, "at": extra(AT)},
             _AT_TARGET, "Damage (E3) one Thing of the player's choice (E14) in the hex, or all "
             "of them (only Things of `kinds`, when given)", teach_row=2),
    CardStep("move_worm", _move_worm, {}, ALWAYS, "move the active worm to the target hex (E7)",
             teach_row=3),
    CardStep("move", _move, {"pick": choice(PICKS), "way": choice(WAYS),
                             "hexes": Param(number=(1, MAX_HEXES), default=1), "kinds": _KINDS,
                             "at": extra(AT)}, _AT_TARGET,
             "move one (or all) Things of the hex `hexes` hexes, one at a time, the way chosen, "
             "the wind's, a die's (a hit: it stays) or away from the active worm (chosen when "
             "not in line)", teach_row=11),
    CardStep("remove", _remove, {"kinds": Param(THING_KINDS, many=True), "pick": extra(PICKS),
                                 "at": extra(AT)}, _AT_TARGET,
             "destroy one (or all) Things of those kinds in the hex", teach_row=5),
    CardStep("place", _place, {"kind": choice(POOL_KINDS, required=True),
                               "at": choice(PLACE_AT)}, _AT_TARGET,
             "Place (E8) a Thing from the pool; `emptiest`: the emptiest hex (E9); `same`: the "
             "hex of the previous `place`", teach_row=4),
    CardStep("scatter", _scatter, {"what": extra(WHAT)}, _SCATTERS_TARGET,
             "Scatter (E5) the Target Token, the Things in its hex, or the active worm",
             teach_row=6),
    CardStep("knockback", _scatter, {"what": extra(("things", "worm", "target"))},
             _SCATTERS_TARGET, "Knockback Scatter (E6) the same", teach_row=12),
    CardStep("change_wind", _change_wind, {}, None, "Change Wind (E10): roll for the wind",
             teach_row=7),
    CardStep("new_target", _new_target, {}, None,
             "choose a new hex (not the token's) under the card's target rule and hex terms, "
             "and aim again there (with Accuracy when the card has it); the steps after it act "
             "there", teach_row=8),
    CardStep("heal", _heal, {}, None, "the active worm stands up again", teach_row=13),
    CardStep("rule", _rule, {"rule": choice(RULES, required=True)}, None,
             "the lasting rule comes into force", teach_row=10),
    CardStep("freeze", _freeze, {}, None,
             "until the start of the player's next turn, each of their worms that would be "
             "damaged is encased in ice instead, and then ignores damage (not water)",
             teach_row=9),
    CardStep("by_hand", _by_hand, {"text": Param(text=MAX_TEXT)}, None,
             "text the vocabulary cannot say: the box shows it, the players resolve it "
             "themselves and tell the box each change they made (removed, damaged, healed, "
             "placed, moved: the game's `edit` decision, docs/game.md) until done"),
)
STEP_KINDS = tuple(CARD_STEPS)

__all__ = ["CARD_KINDS", "CARD_STEPS", "MAP_SPAN", "MAX_ACCURACY", "MAX_COPIES", "MAX_HEXES", "MAX_ID",
           "MAX_NAME", "MAX_NOTES", "MAX_RANGE", "MAX_STEPS", "MAX_SYMBOLS", "MAX_TEXT", "PLACE_AT",
           "POOL_KINDS", "RANGED", "STEP_KINDS", "SYMBOLS", "TARGETS", "WEAPON_KINDS", "WHERE",
           "Card", "CardStep", "Param", "Play", "StepError", "Targeted", "aim", "apply_edit", "arg",
           "check_target", "choose_thing", "describe_target", "hand_edits", "needs_target",
           "resolve_step", "target_ok", "where_ok"]
