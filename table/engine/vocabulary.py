"""The card vocabulary: what a printed card can say, as data, and the interpreter of its text.

A card's anatomy (the rulebook's "card anatomy" pages) is a :class:`Card`: its kind (the
Starter and Superweapon symbols, or a Drop or Sudden Death card), its target (the target
symbols: :data:`TARGETS`, with a range N for "within N" and extra hex terms in ``where``),
Accuracy X, the action line's symbols left to right (:data:`SYMBOLS`) and its text as ordered
steps, each a dict ``{"do": <step>, <param>: <value>, ...}`` from :data:`STEPS`.  Reading and
checking card files is :mod:`table.cards`' job (one validator for files, ``cards new``, the
page's form and scenario files); :data:`STEPS` is the one list of steps, their parameters and
their choices that all of them (and the box's teach walk) use.

:func:`resolve_step` resolves one step on a :class:`~table.engine.effects.Resolver`; the
steps (docs/cards.md has the table of the rulebook's words):

================  ============================================================================
``blast``         Blast (E2) at the target hex (``at``: or the worm's own hex; ``area``: the
                  hex, the six round it, or both); an ``airstrike`` card: its line of three
``damage``        Damage (E3) one Thing (the player's choice, E14) or all in the target hex
                  (``kinds``: only Things of those kinds)
``move_worm``     move the active worm to the target hex (E7)
``move``          move one or all Things of the target hex ``hexes`` hexes one way: chosen,
                  the wind's, rolled, or away from the active worm
``remove``        destroy one (or all) Things of ``kinds`` in the target hex
``place``         Place (E8) a Thing from the pool at the target, the emptiest hex (E9),
                  the hex of the previous ``place`` or the worm's own hex
``scatter``       Scatter (E5) the Target Token, the Things in its hex or the active worm
``knockback``     Knockback Scatter (E6) the same
``change_wind``   Change Wind (E10)
``new_target``    choose a new hex (not the token's) under the card's target rule; the steps
                  after it act there (a second shot)
``heal``          the active worm stands up again
``rule``          a lasting rule comes into force
``freeze``        Freeze: the player's worms are encased in ice instead of damaged
``by_hand``       text the vocabulary cannot say: the players resolve it themselves (the
                  box records a ``by_hand`` event and they tell it what changed)
================  ============================================================================
"""

from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

from table.hexgrid import DIRECTIONS, Hex, direction_to, hexagon, neighbour

from .board import FIXED, KINDS, Thing
from .decisions import DONE, Change, Edit, EditAt, Illegal, Purpose
from .effects import RULES, Resolver
from .events import EventKind
from .targeting import TARGET_RULES
from .tiles import REACH as MAP_REACH

CARD_KINDS = ("starter", "supply", "superweapon", "drop", "sudden_death")
WEAPON_KINDS = ("starter", "supply", "superweapon")
#: the action line's symbols: inch or jump, resolve the text, play another weapon card
SYMBOLS = ("MOVE", "TEXT", "PLAY")
#: the target symbols (E12); ``within`` and ``direct_within`` take a range N
TARGETS = ("own_hex", "adjacent", "direct", "within", "direct_within", "any", "airstrike", "new_hex")
RANGED = ("within", "direct_within")
#: hex terms a target may add (``where``): a land hex, a new hex (not the token's), a non-full
#: hex (fewer than three Things), an empty hex (none)
WHERE = ("land", "new", "non_full", "empty")

#: Bounds of one card (what the box and its map allow; a card beyond them is a typo).
#: The farthest a target can be: across the biggest automatic map and one ring of water.
MAP_SPAN = 2 * MAP_REACH + 1
MAX_RANGE = MAP_SPAN
#: Accuracy X: no card needs more than the map's span (at the farthest hex it still rolls one)
MAX_ACCURACY = MAP_SPAN
#: copies of one card in a box (the Drop deck of six players is 14 cards)
MAX_COPIES = 24
MAX_NAME = 40
MAX_ID = 40
MAX_NOTES = 500
MAX_STEPS = 20
MAX_SYMBOLS = 8
MAX_HEXES = MAP_SPAN
MAX_TEXT = 200

POOL_KINDS = tuple(k for k in KINDS if k != "worm")
PICKS = ("one", "all")
#: where a step acts: the Target Token's hex or the active worm's own hex
AT = ("target", "own_hex")
AREAS = ("hex", "around", "hex_and_around")
PLACE_AT = ("target", "emptiest", "same", "own_hex")
#: which way a ``move`` step goes
WAYS = ("choose", "wind", "roll", "away")
WHAT = ("target", "things", "worm")


class Param(NamedTuple):
    """One parameter of a step: a choice (``choices``; ``many``: a list of them), a whole
    number (``number``: its bounds) or a line of text (``text``: its longest length).
    ``default`` None: required; the first choice is the default where there is one."""
    choices: tuple[str, ...] = ()
    many: bool = False
    number: tuple[int, int] | None = None
    text: int = 0
    default: Any = None
    #: asked for every such step (else an extra the player may set: a step line's
    #: ``key=value`` in ``cards new``, an "options" entry on the box)
    asked: bool = True


def _choice(choices: tuple[str, ...], required: bool = False, asked: bool = True) -> Param:
    return Param(choices, default=None if required else choices[0], asked=asked)


def _extra(choices: tuple[str, ...]) -> Param:
    return _choice(choices, asked=False)


#: Every step, its parameters in the order the box asks them (see the module doc).
STEPS: dict[str, dict[str, Param]] = {
    "blast": {"at": _extra(AT), "area": _extra(AREAS)},
    "damage": {"pick": _choice(PICKS), "kinds": Param(KINDS, many=True, default=(), asked=False),
               "at": _extra(AT)},
    "move_worm": {},
    "move": {"pick": _choice(PICKS), "way": _choice(WAYS),
             "hexes": Param(number=(1, MAX_HEXES), default=1),
             "kinds": Param(KINDS, many=True, default=(), asked=False), "at": _extra(AT)},
    "remove": {"kinds": Param(KINDS, many=True), "pick": _extra(PICKS), "at": _extra(AT)},
    "place": {"kind": _choice(POOL_KINDS, required=True), "at": _choice(PLACE_AT)},
    "scatter": {"what": _extra(WHAT)},
    "knockback": {"what": _extra(("things", "worm", "target"))},
    "change_wind": {},
    "new_target": {},
    "heal": {},
    "rule": {"rule": _choice(RULES, required=True)},
    "freeze": {},
    "by_hand": {"text": Param(text=MAX_TEXT)},
}
STEP_KINDS = tuple(STEPS)


class Card(NamedTuple):
    """A card's definition: what it is, its names, its target and the steps of its effect."""

    id: str
    kind: str
    names: dict[str, str]
    target: str | None = None          # one of TARGETS, or None
    range: int | None = None           # N of "within N"
    accuracy: int | None = None
    action: tuple[str, ...] = ()
    text: tuple[dict, ...] = ()
    lasting: str | None = None         # Sudden Death: the lasting rule
    drop: tuple[dict, ...] = ()        # Sudden Death: the Drop part
    notes: str = ""
    source: str = ""                   # the file it came from
    copies: int = 1                    # how many of this card the box holds
    where: tuple[str, ...] = ()        # extra hex terms of the target (WHERE)

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names.get("en") or self.id

    @property
    def moves(self) -> int:
        return self.action.count("MOVE")

    @property
    def by_hand(self) -> bool:
        """Some of its text is resolved by the players themselves."""
        return any(s.get("do") == "by_hand" for s in self.text + self.drop)


@dataclass
class Play:
    """What one card play needs besides the board: the choices given up front."""
    worm: Thing
    target: Hex | None = None
    facing: int | None = None
    thing: str | None = None
    placed_at: Hex | None = field(default=None)


def arg(step: dict, key: str) -> Any:
    """A step's value for ``key``, or the parameter's default."""
    if key in step:
        return step[key]
    return STEPS[step["do"]][key].default


# -- the interpreter -------------------------------------------------------------------------

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
    area = arg(step, "area") if "area" in STEPS[step["do"]] else "hex"
    out: list[Hex] = []
    for h in base:
        ring = [neighbour(h, d) for d in DIRECTIONS]
        out += [h] if area == "hex" else ring if area == "around" else [h] + ring
    return out


def _things(r: Resolver, h: Hex, step: dict, can: Callable[[Thing], bool]) -> list[Thing]:
    kinds = set(arg(step, "kinds")) if "kinds" in STEPS[step["do"]] else set()
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
        r.full_hex(h)


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


def hand_edits(board) -> tuple:
    """Every change the players may report after resolving text by hand: :data:`DONE`, then
    remove, damage or heal a Thing, place one from the pool on a land hex, move one to a land
    hex (a Thing gone into the water is removed)."""
    land = board.land_in_order()
    out: list = [DONE]
    for t in board.things.values():
        out.append(Edit(Change.REMOVE, t.id))
        if t.kind == "worm":
            out.append(Edit(Change.HEAL if t.damaged else Change.DAMAGE, t.id))
        out += [EditAt(Change.MOVE, t.id, h) for h in land if h != t.at]
    out += [EditAt(Change.PLACE, kind, h) for kind in POOL_KINDS if board.in_pool(kind) > 0
            for h in land]
    return tuple(out)


def apply_edit(r: Resolver, change: tuple) -> None:
    """One change made by hand (an :class:`Edit` or :class:`EditAt`, or the plain tuple it
    stands for), as it is: no consequences follow (the players resolved them)."""
    board = r.board
    if change[0] == Change.PLACE:
        _, kind, h = change
        t = board.add(Thing(board.new_id(kind), kind, h))
        r.event(EventKind.PLACE, thing=t.id, kind=kind, at=list(h))
        return
    t = board.things[change[1]]
    if t.id == r.active_worm and change[0] in (Change.REMOVE, Change.DAMAGE):
        r.active_hurt = True
    if change[0] == Change.REMOVE:
        board.remove(t)
        r.event(EventKind.DESTROY, thing=t.id, kind=t.kind, at=list(t.at), cause="by_hand")
    elif change[0] == Change.DAMAGE:
        t.damaged = True
        r.event(EventKind.DAMAGE, thing=t.id, at=list(t.at))
    elif change[0] == Change.HEAL:
        t.damaged = False
        r.event(EventKind.HEAL, worm=t.id)
    else:
        start = t.at
        board.lift(t)
        board.put(t, change[2])
        r.event(EventKind.MOVE, thing=t.id, by="hand", **{"from": list(start)}, to=list(change[2]))


def _change_wind(r: Resolver, card: Card, play: Play, step: dict) -> None:
    r.change_wind()


RESOLVE: dict[str, Callable[[Resolver, Card, Play, dict], None]] = {
    "blast": _blast, "damage": _damage, "move_worm": _move_worm, "move": _move,
    "remove": _remove, "place": _place, "scatter": _scatter, "knockback": _scatter,
    "change_wind": _change_wind, "new_target": _new_target, "heal": _heal, "rule": _rule,
    "freeze": _freeze, "by_hand": _by_hand,
}


#: the steps that act at the Target Token's hex (unless ``at`` says another hex)
AT_TARGET = ("blast", "damage", "move_worm", "move", "remove", "place")


def needs_target(step: dict) -> bool:
    """Whether ``step`` acts at the Target Token's hex or scatters the token or its Things:
    a weapon card with no target rule cannot have it (the library's check; the teach walk
    does not offer it); played with no token on the board (a Drop card) it does nothing."""
    do = step["do"]
    return ((do in AT_TARGET and step.get("at", "target") == "target")
            or (do in ("scatter", "knockback") and arg(step, "what") in ("target", "things")))


def resolve_step(r: Resolver, card: Card, play: Play, step: dict) -> None:
    """Resolve one step of a card's text (the module doc; :func:`needs_target`)."""
    if r.board.target is None and needs_target(step):
        return
    RESOLVE[step["do"]](r, card, play, step)


# -- targets (E12) ---------------------------------------------------------------------------

def target_ok(card: Card, worm_hex: Hex, h: Hex, board) -> bool:
    """``h`` is a legal target of ``card`` from ``worm_hex`` (its rule, then its hex terms)."""
    if card.target is None:
        return True
    return (TARGET_RULES[card.target](worm_hex, h, card.range, board)
            and where_ok(card.where, h, board))


def describe_target(card: Card) -> str:
    rule = f"{card.target} {card.range}" if card.target in RANGED else (card.target or "none")
    return " ".join((rule,) + card.where)


def check_target(r: Resolver, card: Card, worm: Thing, target: Hex | None) -> Hex:
    if card.target is None:
        return worm.at
    if target is None:
        raise Illegal(f"{card.id} needs a target hex")
    if not target_ok(card, worm.at, target, r.board):
        raise Illegal(f"{list(target)} is not a legal target for {card.id} from {list(worm.at)} "
                      f"(target rule: {describe_target(card)})")
    return target


def aim(r: Resolver, card: Card, play: Play, target: Hex) -> None:
    """Every card puts the Target Token on its target, with or without Accuracy (E12)."""
    if card.accuracy is not None:
        r.accuracy(play.worm.at, target, card.accuracy, play.facing)
    else:
        r.set_target(target, play.facing)


def where_ok(where: tuple[str, ...], h: Hex, board) -> bool:
    """``h`` has every hex term of ``where`` (WHERE)."""
    for term in where:
        if term == "land" and not board.is_land(h):
            return False
        if term == "new" and h == board.target:
            return False
        if term == "non_full" and (not board.is_land(h) or board.count(h) >= 3):
            return False
        if term == "empty" and board.count(h) > 0:
            return False
    return True
