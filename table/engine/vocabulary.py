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
                      PICKS, PLACE_AT, RANGED, SYMBOLS, TARGETS, THINGS_OR_THEM, WAYS,
                      WEAPON_KINDS, WHAT, WHERE, Card, CardStep, Param, Play, StepError, Targeted,
                      choice, extra, registry)
from .board import FIXED, POOL_KINDS, THING_KINDS, Thing
from .decisions import DONE, Purpose
from . import entering, reach
from .effects import RULES, Resolver
from .events import EventKind
from .handedits import apply_edit, hand_edits
from .reach import choose_thing
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

def _rec(step: dict):
    return CARD_STEPS[step["do"]]


def _hexes(r: Resolver, card: Card, play: Play, step: dict) -> list[Hex]:
    return reach.hexes(r, card, play, _rec(step), step)


def _them_or(r: Resolver, card: Card, play: Play, step: dict, h: Hex,
             can: Callable[[Thing], bool]) -> list[Thing]:
    """The Things a step acts on in ``h`` (:func:`.reach.picked`)."""
    return reach.picked(r, card, play, _rec(step), step, h, can)


def _acting_on_them(r: Resolver, play: Play, step: dict) -> list[Thing] | None:
    """The Things the step before acted on, for a step that says "it" or "them" (else None)."""
    return reach.them(r, play) if reach.value(_rec(step), step, "what") == "them" else None


def _blast(r: Resolver, card: Card, play: Play, step: dict) -> None:
    if card.target == "airstrike" and arg(step, "at") == "target" and arg(step, "area") == "hex":
        target = r.board.target
        if target is not None:
            r.airstrike(target, r.board.target_facing or play.facing or 1)
        return
    for h in _hexes(r, card, play, step):
        r.blast(h)


def _damage(r: Resolver, card: Card, play: Play, step: dict) -> None:
    done: list[Thing] = []
    if (mine := _acting_on_them(r, play, step)) is not None:
        for t in mine:
            if r.alive(t):
                done.append(t)
                r.damage(t)
    for h in [] if mine is not None else _hexes(r, card, play, step):
        if arg(step, "pick") == "all":
            for t in reach.things(r, h, _rec(step), step, lambda t: True):
                if r.alive(t, h):
                    done.append(t)
                    r.damage(t)
        else:
            for t in _them_or(r, card, play, step, h, lambda t: t.kind not in FIXED):
                done.append(t)
                r.damage(t)
    reach.acted(play, done)


def _move_worm(r: Resolver, card: Card, play: Play, step: dict) -> None:
    target = r.board.target
    if target is not None and r.alive(play.worm):
        r.move(play.worm, target, "card")
        reach.acted(play, [play.worm])


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


def _move_one(r: Resolver, card: Card, play: Play, step: dict, t: Thing) -> None:
    d = _way(r, card, play, step, t)
    if d is None:                  # a rolled bullseye: it stays
        return
    for _ in range(arg(step, "hexes")):
        if not r.alive(t):
            break
        r.move(t, neighbour(t.at, d), "card")


def _move(r: Resolver, card: Card, play: Play, step: dict) -> None:
    done: list[Thing] = []
    if (mine := _acting_on_them(r, play, step)) is not None:
        for t in mine:
            if r.alive(t) and t.kind not in FIXED:
                done.append(t)
                _move_one(r, card, play, step, t)
    for h in [] if mine is not None else _hexes(r, card, play, step):
        for t in _them_or(r, card, play, step, h, lambda t: t.kind not in FIXED):
            if r.alive(t, h):
                done.append(t)
                _move_one(r, card, play, step, t)
    reach.acted(play, done)


def _remove(r: Resolver, card: Card, play: Play, step: dict) -> None:
    done: list[Thing] = []
    if (mine := _acting_on_them(r, play, step)) is not None:
        done = [t for t in mine if r.alive(t)]
        for t in done:
            r.destroy(t, "removed")
    for h in [] if mine is not None else _hexes(r, card, play, step):
        for t in _them_or(r, card, play, step, h, lambda t: True):
            if r.alive(t, h):
                done.append(t)
                r.destroy(t, "removed")
    reach.acted(play, done)


def _place(r: Resolver, card: Card, play: Play, step: dict) -> None:
    at = arg(step, "at")
    spots: list[Hex | None]
    if at == "emptiest":     # (no question whose answer cannot matter: an empty pool)
        spots = [r.emptiest(ask=r.board.in_pool(step["kind"]) > 0 or _same_after(card, step))]
    elif at == "same":
        spots = [play.placed_at]
    elif at == "own_hex":
        spots = [play.worm.at]
    elif at == "them":
        spots = list(dict.fromkeys(t.at for t in reach.them(r, play)))
    else:
        spots = [r.board.target]
    placed: list[Thing] = []
    for h in spots:
        if h is not None:
            thing = r.place(step["kind"], h)
            placed += [thing] if thing is not None else []
            play.placed_at = h
            entering.full_hex(r, h)
    reach.acted(play, placed)


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
    elif what == "them":
        things = reach.them(r, play)
    else:
        things = [t for h in _hexes(r, card, play, step)
                  for t in _them_or(r, card, play, step, h, lambda t: t.kind not in FIXED)]
    done = [t for t in things if t.kind not in FIXED]
    for t in done:
        if r.alive(t):
            r.knockback(t) if knock else r.scatter(t)
    reach.acted(play, done)


def _new_target(r: Resolver, card: Card, play: Play, step: dict) -> None:
    board = r.board
    legal = [h for h in hexagon(play.worm.at, MAP_SPAN)
             if h != board.target and target_ok(card, play.worm.at, h, board)]
    if legal:
        h = r.ask("hex", legal, legal[0], Purpose.NEW_TARGET, card=card.id)
        aim(r, card, play, h)


def _heal(r: Resolver, card: Card, play: Play, step: dict) -> None:
    what = arg(step, "what")
    if what == "worm":
        worms = [play.worm]
    elif what == "them":
        worms = reach.them(r, play)
    else:
        worms = [t for h in _hexes(r, card, play, step)
                 for t in reach.things(r, h, _rec(step), step, lambda t: True)]
    done = [w for w in worms if w.kind == "worm" and r.alive(w)]
    for worm in done:
        if worm.damaged:
            worm.damaged = False
            r.event(EventKind.HEAL, worm=worm.id)
    reach.acted(play, done)


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

#: the steps that act at the Target Token's hex unless ``at`` says another hex (or they act
#: on what the step before acted on)
_AT_TARGET = Targeted("at", ("target",), "what", ("them",))
_AT = Targeted("at", ("target",))
#: a Scatter or Knockback Scatter of the token or of the Things in its hex
_SCATTERS_TARGET = Targeted("what", ("target", "things"))
_KINDS = Param(THING_KINDS, many=True, default=(), asked=False)
#: which Things: those where the step acts, or "it"/"them" (what the step before acted on)
_WHAT = extra(THINGS_OR_THEM)
#: how many hexes a line area holds
_LENGTH = Param(number=(1, MAX_HEXES), default=3, asked=False)

#: Every step of a card's text, in the order the checks list them (see the module doc).
CARD_STEPS = registry(
    CardStep("blast", _blast, {"at": extra(AT), "area": extra(AREAS), "length": _LENGTH}, _AT,
             "Blast (E2) the hex (an `airstrike` card: the three hexes of its line); `around`: "
             "the six hexes round it, directions 1 to 6; `line`: `length` hexes from the worm "
             "toward it; `beyond`: `length` hexes from it on, away from the worm; `facing`: "
             "`length` hexes from it along the token's facing", teach_row=1),
    CardStep("damage", _damage, {"pick": choice(PICKS), "kinds": _KINDS, "at": extra(AT),
                                 "area": extra(AREAS), "length": _LENGTH, "what": _WHAT},
             _AT_TARGET, "Damage (E3) one Thing of the player's choice (E14) in the hexes, or "
             "all of them (only Things of `kinds`, when given); `what = \"them\"`: the Things "
             "the step before acted on", teach_row=2, names_them=True),
    CardStep("move_worm", _move_worm, {}, ALWAYS, "move the active worm to the target hex (E7)",
             teach_row=5, names_them=True),
    CardStep("move", _move, {"pick": choice(PICKS), "way": choice(WAYS),
                             "hexes": Param(number=(1, MAX_HEXES), default=1), "kinds": _KINDS,
                             "at": extra(AT), "area": extra(AREAS), "length": _LENGTH,
                             "what": _WHAT}, _AT_TARGET,
             "move one (or all) Things of the hexes `hexes` hexes, one at a time, the way chosen, "
             "the wind's, a die's (a hit: it stays) or away from the active worm (chosen when "
             "not in line)", teach_row=6, names_them=True),
    CardStep("remove", _remove, {"kinds": Param(THING_KINDS, many=True), "pick": extra(PICKS),
                                 "at": extra(AT), "area": extra(AREAS), "length": _LENGTH,
                                 "what": _WHAT}, _AT_TARGET,
             "destroy one (or all) Things of those kinds in the hexes", teach_row=4,
             names_them=True),
    CardStep("place", _place, {"kind": choice(POOL_KINDS, required=True),
                               "at": choice(PLACE_AT)}, _AT,
             "Place (E8) a Thing from the pool; `emptiest`: the emptiest hex (E9); `same`: the "
             "hex of the previous `place`; `them`: each hex the step before acted on",
             teach_row=3, names_them=True),
    CardStep("scatter", _scatter, {"what": extra(WHAT), "kinds": _KINDS,
                                   "pick": extra(("all", "one")), "area": extra(AREAS),
                                   "length": _LENGTH}, _SCATTERS_TARGET,
             "Scatter (E5) the Target Token, the Things in its hex (or its `area`; only `kinds`, "
             "when given; `pick = \"one\"`: one of the player's choice), the active worm, or "
             "`them`: the Things the step before acted on", teach_row=7, names_them=True),
    CardStep("knockback", _scatter, {"what": extra(("things", "worm", "target", "them")),
                                     "kinds": _KINDS, "pick": extra(("all", "one")),
                                     "area": extra(AREAS), "length": _LENGTH},
             _SCATTERS_TARGET, "Knockback Scatter (E6) the same", teach_row=11, names_them=True),
    CardStep("change_wind", _change_wind, {}, None, "Change Wind (E10): roll for the wind",
             teach_row=13),
    CardStep("new_target", _new_target, {}, None,
             "choose a new hex (not the token's) under the card's target rule and hex terms, "
             "and aim again there (with Accuracy when the card has it); the steps after it act "
             "there", teach_row=12),
    CardStep("heal", _heal, {"what": extra(("worm", "things", "them")), "area": extra(AREAS),
                             "length": _LENGTH}, Targeted("what", ("things",)),
             "a damaged worm stands up again: the active worm, the worms in the target hex "
             "(`things`, or its `area`), or `them`", teach_row=10, names_them=True),
    CardStep("rule", _rule, {"rule": choice(RULES, required=True)}, None,
             "the lasting rule comes into force", teach_row=9),
    CardStep("freeze", _freeze, {}, None,
             "until the start of the player's next turn, each of their worms that would be "
             "damaged is encased in ice instead, and then ignores damage (not water)",
             teach_row=8),
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
