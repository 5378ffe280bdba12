"""The answers a game-form scenario gives (docs/scenarios.md, "Whole turns"): each decision
of the game answered from the ``[[turns]]`` entry being played (its worm, movements, card,
target, facing and Thing, and the cards of its ``then`` played at PLAY symbols, each with its
own target, facing, Thing and moves), else from the file's ``[choices]`` queue of its kind,
else the ruling's default.  Before turn 1 no entry is being played: the decisions there (the
Sudden Death Draft's pick) come from ``[choices]`` or their defaults alone.
"""

from __future__ import annotations

from typing import Any, Callable

from table.engine.decisions import PASS, SKIP, Decision, DecisionKind, Purpose


class Wrong(Exception):
    """A turn entry that cannot be played as written (the scenario cannot run: exit 1)."""


_UNSAID = object()      # the turn entry does not answer this decision


class TurnAnswers:
    """The decider of one turn entry (``turn``; None: the decisions before turn 1), drawing
    on the file's ``queues`` (``[choices]``, shared by the whole file)."""

    def __init__(self, turn: dict | None, queues: dict[str, list]):
        self.turn = turn or {}
        self.queues = queues
        self.moves = list(self.turn.get("moves", []))       # the two movement steps
        self.then = list(self.turn.get("then", []))         # the cards for PLAY symbols
        #: card id -> (the entry that played it, the answers left for its MOVE symbols)
        self.plays: dict[str, tuple[dict, list]] = {}

    def __call__(self, d: Decision) -> Any:
        pick = _FROM_TURN.get(d.kind)
        answer = pick(self, d) if pick is not None else _UNSAID
        if answer is not _UNSAID:
            return answer
        queue = self.queues.get(d.kind)
        if queue:
            return queue.pop(0)
        return d.default

    def _entry(self, d: Decision, key: str) -> Any:
        """The value ``key`` of the entry that played the card ``d`` is asked for."""
        entry = self.plays.get(d.card or "", ({}, []))[0]
        return entry.get(key, _UNSAID)

    def _card(self, d: Decision) -> Any:
        if d.purpose is Purpose.WEAPON:
            card = self.turn.get("card", PASS)
            self.plays[card] = (self.turn, list(self.turn.get("card_moves", [])))
            return card
        if d.purpose is not Purpose.PLAY:
            return _UNSAID                  # (the Sudden Death Draft: [choices] card)
        if not self.then:
            return PASS
        k = len(self.turn["then"]) - len(self.then)
        entry = self.then.pop(0)
        if entry["card"] not in d.options:
            hand = ", ".join(o for o in d.options if o != PASS) or "none"
            raise Wrong(f"then[{k}].card: {entry['card']} is not a card in the hand at this "
                        f"PLAY symbol (the hand's weapon cards: {hand})")
        self.plays[entry["card"]] = (entry, list(entry.get("moves", [])))
        return entry["card"]

    def _move(self, d: Decision) -> Any:
        moves = self.moves if d.card is None else self.plays.get(d.card, ({}, []))[1]
        return moves.pop(0) if moves else SKIP


def _given(key: str, purpose: Purpose) -> Callable[[TurnAnswers, Decision], Any]:
    def pick(a: TurnAnswers, d: Decision) -> Any:
        return a._entry(d, key) if d.purpose is purpose else _UNSAID
    return pick


#: what a ``[[turns]]`` entry answers, by decision kind (the scenario layer's mapping of a
#: kind; the rest come from ``[choices]``, one queue a kind)
_FROM_TURN: dict[DecisionKind, Callable[[TurnAnswers, Decision], Any]] = {
    DecisionKind.WORM: lambda a, d: a.turn.get("worm", d.default),
    DecisionKind.MOVE: TurnAnswers._move,
    DecisionKind.CARD: TurnAnswers._card,
    DecisionKind.HEX: _given("target", Purpose.TARGET),
    DecisionKind.DIRECTION: _given("facing", Purpose.FACING),
    DecisionKind.THING: _given("thing", Purpose.AFFECT),
}


def check_plays(turn: dict, cards: dict) -> None:
    """A turn entry's ``then`` and MOVE answers against the cards it names: no more ``then``
    entries than the PLAY symbols of the cards played, no more ``moves`` in one than its
    card's MOVE symbols (Wrong: the scenario cannot run)."""
    then = turn.get("then", [])
    named = turn.get("card", PASS)
    played = ([cards[named]] if named != PASS else []) + [cards[e["card"]] for e in then]
    symbols = sum(c.action.count("PLAY") for c in played)
    if len(then) > symbols:
        raise Wrong(f"then: {len(then)} given, the cards played have {symbols} PLAY symbol(s)")
    for k, entry in enumerate(then):
        card = cards[entry["card"]]
        if len(entry.get("moves", [])) > card.moves:
            raise Wrong(f"then[{k}].moves: {len(entry['moves'])} given, {card.id} has "
                        f"{card.moves} MOVE symbol(s)")
