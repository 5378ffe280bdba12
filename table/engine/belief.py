"""A position one team could believe in: the hidden cards dealt again from what it has not seen.

A player at the table knows the board, its own hand, the cards played (the discard), how many
cards each hand and deck holds, and which cards the box holds in all; never the order of the
decks, the other teams' cards, the Starter copies left in the box, nor which Sudden Death card
lies under the Drop cards (unless a draft chose it).  :func:`deal_for` makes a copy's hidden
cards a function of what the team knows and the chance source alone: every unseen card is put
in a canonical order (sorted by id) before it is shuffled, so two games that differ only in what
the team cannot see give the same copies (issue 38 item 5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .decisions import DecisionKind
from .setup import STARTING_HAND
from .state import State

#: the kinds of card a hand or the Supply deck holds
HAND_KINDS = ("starter", "supply", "superweapon")


def public_cards(log: list[dict], team: str) -> list[str]:
    """The cards everyone knows ``team`` holds: the Starters every player takes (T8) that it
    has not played yet (the log's answers to its weapon questions)."""
    left = Counter(STARTING_HAND)
    left.subtract(e["answer"] for e in log if e.get("kind") == DecisionKind.CARD and e.get("why") == "weapon"
                  and e.get("actor") == team and isinstance(e.get("answer"), str))
    return sorted(left.elements())


def deal_for(st: State, cards: dict, viewer: str, chance, log: list[dict],
             pending: Iterable[dict] = (), late_superweapons: bool = False) -> None:
    """``st``'s hidden cards dealt again as ``viewer`` may believe them: each other team keeps
    the cards everyone knows it holds (:func:`public_cards`, at most its hand's size), the Supply
    deck (at its size, Superweapons at its bottom with *Late Superweapons*) and then the rest
    of the hands are dealt from every card of the box the viewer cannot place; the Drop deck
    from the box's Drop cards not yet drawn, the Sudden Death card under it drawn again from
    the ones it could be.  ``log``: the game's, for what was played and drawn in view;
    ``pending``: its chance outcomes that ``st`` does not show yet (a step run again)."""
    others = [t for t in st.hands if t != viewer]
    known = {t: public_cards(log, t)[:len(st.hands[t])] for t in others}
    pool = Counter(_unseen(st, cards, viewer, others))
    for t in others:
        pool.subtract(known[t])
    unseen = sorted((+pool).elements())
    chance.shuffle(unseen)
    # the Supply deck first (it holds no Starter), the hands from the rest
    in_supply = [i for i, c in enumerate(unseen)
                 if _kind(cards, c) in ("supply", "superweapon")][:len(st.supply)]
    supply = [unseen[i] for i in in_supply]
    unseen = [c for i, c in enumerate(unseen) if i not in in_supply]
    for t in others:
        k = len(st.hands[t]) - len(known[t])
        st.hands[t], unseen = known[t] + unseen[:k], unseen[k:]
    if late_superweapons:
        supply.sort(key=lambda c: _kind(cards, c) == "superweapon")     # (stable: order kept)
    st.supply = supply
    drawn = Counter(e["card"] for e in log if e.get("reveal") == "drop" and e.get("card"))
    drawn.subtract(e["card"] for e in pending if e.get("reveal") == "drop" and e.get("card"))
    _drops_for(st, cards, chance, +drawn)


def _unseen(st: State, cards: dict, viewer: str, others: list[str]) -> list[str]:
    """The cards ``viewer`` cannot place: the other hands, the Supply deck and the box's
    copies no hand, deck or discard holds (the Starter copies left over, the Supply cards
    *Late Superweapons* put back), as a multiset the viewer can count for itself."""
    box = Counter(c for c in sorted(cards) if cards[c].kind in HAND_KINDS
                  for _ in range(getattr(cards[c], "copies", 1)))
    placed = Counter(c for h in st.hands.values() for c in h)
    placed.update(st.supply)
    placed.update(st.discard)
    held = Counter(c for t in others for c in st.hands[t])
    held.update(st.supply)
    return list((held + (box - placed)).elements())


def _drops_for(st: State, cards: dict, chance, drawn: Counter) -> None:
    """The Drop deck at its size from the box's Drop cards not ``drawn`` yet, reshuffled; the
    Sudden Death card under it drawn again from the ones it could be (unless a draft chose)."""
    if not st.drops:
        return
    bottom = st.drops[-1] if _kind(cards, st.drops[-1]) == "sudden_death" else None
    size = len(st.drops) - (1 if bottom else 0)
    box = Counter(c for c in sorted(cards) if cards[c].kind == "drop"
                  for _ in range(getattr(cards[c], "copies", 1)))
    left = sorted((box - drawn).elements())
    if len(left) < size:                 # (cards taught since, or the players' own deck)
        left = sorted(st.drops[:size])
    chance.shuffle(left)
    if bottom is not None and st.drafted is None:
        could = sorted(c for c in cards if cards[c].kind == "sudden_death")
        bottom = could[chance.below(len(could))]
    st.drops = left[:size] + ([bottom] if bottom else [])


def _kind(cards: dict, cid: str) -> str | None:
    card = cards.get(cid)
    return card.kind if card is not None else None
