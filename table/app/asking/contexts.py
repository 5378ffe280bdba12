"""What each prompt is for, on its screen: aiming names the card, the dice and what stands on
the hex under the cursor; a drop card's Thing says which card and which Thing; Things and
piles by their names; the dice a pick is among, a direction's line.  (Screens for
table/app/asking/prompts.py; nothing here reads the inputs.)"""

from __future__ import annotations

from table.engine.board import split_id
from table.engine.setup import pile_team
from table.engine.decisions import Decision
from table.hexgrid import Hex, neighbour
from table.ui import scenes, screens
from table.ui.instructions import worm_number
from table.ui.layout import card_name, short
from table.ui.strings import sentence, text, worm_name


def _name(view, thing_id: str) -> str:
    t = view.board.things.get(thing_id)
    if t is not None and t.kind == "worm":
        return worm_name(view.lang, t.team, worm_number(t))
    kind = t.kind if t is not None else split_id(thing_id)[0]
    try:
        return text(f"thing.{kind}", view.lang)
    except KeyError:
        return thing_id


def _pile_label(lang: str, item: str) -> str:
    team = pile_team(item)
    if team is not None:                  # "Blue worm": a name in the nominative, one word order
        return sentence(text("worm.of_team", lang, team=text(f"team_adj.{team}", lang)))
    return text(f"thing.{item}", lang)


def _aim_draw(card_id: str | None, dice: dict):
    """Aiming: the card, the dice the hex under the cursor gets, and what stands there."""
    def draw(v, c: Hex) -> screens.Screen:
        name = card_name(v.cards, card_id, v.lang) if card_id is not None else None
        lines = [text("ask.aim", v.lang, card=name, n=dice[c]) if c in dice
                 else text("prompt.target" if dice else "prompt.target_plain", v.lang)]
        here = v.board.worms_first(c) if c is not None else []
        if here:
            lines.append(text("ask.aim_at", v.lang, what=_name(v, here[0].id)))
        title = text("turn.title", v.lang, team=text(f"team.{v.team}", v.lang),
                     n=worm_number(v.worm)) if v.team and v.worm else text("card.title", v.lang)
        return screens.message(title, "\n".join(lines), hint=screens.pick(v.lang))
    return draw


#: the events that put a card in play: a Drop card (or Sudden Death's) revealed, a card played
CARD_IN_PLAY = ("drop", "sudden_death", "play")
#: the events of a card's place step (its Thing placed, sunk, or none left in the pool)
PLACED = ("place", "sink", "pool_empty")


def _drop_card(view):
    """The card being resolved (the last one put in play: a Drop card, or a card played, such
    as one whose step places a crate on the emptiest hex), or None; the kinds of Thing it
    places in order, and which of its choices this is: ``(card, kinds, k, n)``, the ``k``-th
    of ``n`` hexes the players choose ("Crate 2 of 2")."""
    at = _in_play_at(view.events)
    card = view.cards.get(view.events[at]["card"]) if at is not None else None
    steps = (card.text if card is not None else ()) + (getattr(card, "drop", ()) or ())
    kinds = tuple(s.get("kind") for s in steps if s.get("do") == "place")
    n = sum(1 for s in steps if s.get("do") == "place" and s.get("at") == "emptiest")
    placed = sum(1 for e in view.events[(at or 0) + 1:] if e.get("event") in PLACED)
    chosen = sum(1 for s in steps[:placed] if s.get("at") == "emptiest")
    return card, kinds, min(chosen + 1, max(n, 1)), n


def placed_with(card, placed: int) -> tuple[str, ...]:
    """The kinds of Thing ``card`` places on the same hex right after its Thing number
    ``placed`` (from 0), for a Drop card: the Mine card's Mine with its crate.  The question
    that chooses that hex says so, so they are not said again once there
    (table/app/showing/tracker.py)."""
    if getattr(card, "kind", None) not in ("drop", "sudden_death"):
        return ()
    steps = [s for s in (card.text or ()) + (getattr(card, "drop", ()) or ())
             if s.get("do") == "place"]
    out = []
    for s in steps[placed + 1:]:
        if s.get("at") != "same":
            break
        out.append(s["kind"])
    return tuple(out)


def placing(e: dict, in_play: tuple[str, int] | None) -> tuple[str, int] | None:
    """The card being resolved and how many of its Things were placed, after the event ``e``
    (``in_play``: before it), for :func:`placed_with`."""
    if e["event"] in CARD_IN_PLAY:
        return (e["card"], 0)
    if e["event"] in PLACED and in_play is not None:
        return (in_play[0], in_play[1] + 1)
    return in_play


def _in_play_at(events: list) -> int | None:
    """Where the card being resolved was put in play (the index of its event), or None."""
    return max((i for i, e in enumerate(events) if e.get("event") in CARD_IN_PLAY),
               default=None)


def wind_turned(events: list[dict]) -> int | None:
    """The wind the Drop step just turned (a wind change after the turn's end, before the next
    worm is activated), said on the question that chooses that worm; None if none."""
    for e in reversed(events):
        if e.get("event") == "wind":
            return int(e["to"])
        if e.get("event") in ("end_turn", "activate"):
            return None
    return None


def _drop_draw(view):
    """A card's Thing to place where the players choose: the card, the Thing, and which of
    the card's choices it is when there are several.  A Drop card's is "Drop card" over
    "Drop: <card>. Where does ... go?"; a card played says its own name over "Where does ...
    go?" (never the name of an earlier Drop card)."""
    card, kinds, k, n = _drop_card(view)
    kind = kinds[0] if kinds else None
    at = _in_play_at(view.events)
    played = at is not None and view.events[at].get("event") == "play" and card is not None
    placed = sum(1 for e in view.events[(at or 0) + 1:] if e.get("event") in PLACED)
    with_it = placed_with(card, placed) if card is not None and at is not None else ()

    def draw(v, c: Hex) -> screens.Screen:
        thing = text(f"thing.{kind or 'crate'}", v.lang).lower()
        name = short(card.name(v.lang)) if card is not None else text("drop.title", v.lang)
        title = name if played else text("drop.title", v.lang)
        if n > 1:
            title = f"{title} {text('ask.nth', v.lang, k=k, n=n)}"
        also = ", ".join(text(f"thing.{k}", v.lang).lower() for k in with_it
                         if v.board.in_pool(k))                 # (not said again once there)
        body = text("ask.place_where", v.lang, thing=thing) if played else \
            text("ask.drop_where" + ("_also" if also else ""), v.lang, card=name, thing=thing,
                 also=also)
        if (kind or "crate") == "crate" and any(t.kind == "worm" for t in v.board.in_hex(c)):
            body += "\n" + text("ask.crate_by_worm", v.lang)     # (T2; not said again)
        return screens.message(title, body, hint=screens.pick(v.lang))
    return draw


def _rolled(events: list, d: Decision) -> list[str]:
    """The dice just rolled for this pick: the last run of rolls "for" its purpose."""
    def match(e):
        return e.get("event") == "roll" and e.get("for") == d.purpose
    i = len(events) - 1
    while i >= 0 and not match(events[i]):
        i -= 1
    faces = []
    while i >= 0 and match(events[i]):
        faces.append(events[i]["face"])
        i -= 1
    faces.reverse()
    if not faces or not set(d.options) <= set(faces):
        faces = [str(o) for o in d.options]
    return faces


def _direction_lights(origin: Hex | None):
    def lights(view, d: int, t: float) -> scenes.Frame:
        base = scenes.dimmed(view.base(t))
        if origin is None:
            return base
        line, h = {}, origin
        for _ in range(8):
            h = neighbour(h, d)
            if h not in base:
                break
            line[h] = scenes.WHITE
        return scenes.lit(scenes.cursor(base, origin, t, scenes.WHITE), line)
    return lights
