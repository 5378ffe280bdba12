"""A game's chance source, handed to it when it is made: where its dice, Danger coins,
random picks and shuffles come from.

* :class:`SeededDice`: the box rolls (a :class:`CounterRandom` from the game's seed), after
  any scripted faces and flips (scenario files).
* :class:`PlayersDice`: the players roll real dice and flip a real coin; each face is asked
  for (a ``die_typed`` or ``flip_typed`` decision) and typed in.  Picks and shuffles still
  come from the seed (nobody shuffles a hidden deck by hand).

Either may also let the players keep the decks (``GameConfig.own_decks``, :meth:`players_draw`):
each Supply or Drop card drawn is then asked for (a ``card_tapped`` decision, why
``draw:supply`` or ``draw:drop``: the distinct cards still in that deck, the seeded deck's
top card the default) and the card tapped on the reader is the one revealed.

Every outcome goes into the game's log as it is revealed, so a replay hands the logged faces
and cards back (:meth:`PlayersDice.from_log`, :meth:`players_draw`).

>>> dice = SeededDice(7, script=(["hit"], []))
>>> dice.roll(), dice.unused()
('hit', {'dice': 0, 'flips': 0})
>>> typed = PlayersDice(7)
>>> typed.roll()
Traceback (most recent call last):
...
table.engine.decisions.NeedDecision: roll
>>> typed.give("die_typed", "3"); typed.roll()
'3'
"""

from __future__ import annotations

from .chance import FACES, SIDES, CounterRandom
from .decisions import Decision, DecisionKind, Illegal, NeedDecision, Purpose
#: the decisions the players answer with what they rolled, flipped or drew for real (a row's
#: ``typed`` in decisions.DECISION_KINDS)
from .decisions import TYPED as TYPED


class SeededDice:
    """The box's own dice: scripted faces and flips first, then the seeded generator."""

    def __init__(self, seed: int | str, script: tuple | None = None):
        self.rng = CounterRandom(seed)
        self.script = script
        self.dice = list(script[0]) if script else []
        self.flips = list(script[1]) if script else []
        self.own_decks = False           # the players draw the Supply and Drop cards
        self.taps: list[str] = []        # cards tapped, not yet revealed

    def players_draw(self, log: list[dict] | None = None) -> "SeededDice":
        """Let the players keep the decks; a replay's cards are the ones ``log`` revealed."""
        self.own_decks = True
        self.taps = [e["card"] for e in log or () if e.get("reveal") and e.get("card") is not None]
        return self

    def roll(self, about: tuple = ()) -> str:
        return self.dice.pop(0) if self.dice else self.rng.roll()

    def flip(self, about: tuple = ()) -> str:
        return self.flips.pop(0) if self.flips else self.rng.flip()

    def below(self, n: int) -> int:
        return self.rng.below(n)

    def shuffle(self, items: list) -> None:
        self.rng.shuffle(items)

    def unused(self) -> dict[str, int]:
        """The scripted faces and flips not (yet) used."""
        return {"dice": len(self.dice), "flips": len(self.flips)}

    def reveal(self, entry: dict, deck: list[str], actor: str | None = None) -> dict:
        """The card drawn: ``entry`` (the top of the seeded deck) unless the players keep the
        decks, then the card they tapped (``card_tapped``).  An empty deck asks nothing."""
        if not self.own_decks or entry.get("card") is None:
            return entry
        if self.taps:
            return {**entry, "card": self.taps.pop(0)}
        options = tuple(sorted(set(deck)))
        raise NeedDecision(Decision(DecisionKind.CARD_TAPPED, options, entry["card"],
                                    Purpose.DRAW, actor, item=entry["reveal"]))

    def give(self, kind: str, value: str) -> None:
        if kind == DecisionKind.CARD_TAPPED and self.own_decks:
            self.taps.append(value)
            return
        raise Illegal("the box rolls in this game: there is no die to type in")

    def take_back(self, kind: str) -> None:
        if kind == DecisionKind.CARD_TAPPED and self.taps:
            self.taps.pop()


class PlayersDice(SeededDice):
    """The players' own dice: a face is asked for whenever the game needs one."""

    @classmethod
    def from_log(cls, seed: int | str, log: list[dict]) -> "PlayersDice":
        """The dice of a game being replayed: the faces and flips its log revealed."""
        dice = cls(seed)
        dice.dice = [e["value"] for e in log if e.get("chance") == "die"]
        dice.flips = [e["value"] for e in log if e.get("chance") == "flip"]
        return dice

    def roll(self, about: tuple = ()) -> str:
        """The next face typed in, else asked for (``about``, the decision's ``info``: what
        the die is for, which of how many, for which Thing: see Resolver.roll)."""
        if self.dice:
            return self.dice.pop(0)
        raise NeedDecision(Decision(DecisionKind.DIE_TYPED, FACES, FACES[0], Purpose.ROLL,
                                    info=tuple(about) or None))

    def flip(self, about: tuple = ()) -> str:
        if self.flips:
            return self.flips.pop(0)
        raise NeedDecision(Decision(DecisionKind.FLIP_TYPED, SIDES, SIDES[0], Purpose.FLIP,
                                    info=tuple(about) or None))

    def give(self, kind: str, value: str) -> None:
        """A face (``die_typed``) or a side (``flip_typed``) the players typed in."""
        if kind not in (DecisionKind.DIE_TYPED, DecisionKind.FLIP_TYPED):
            super().give(kind, value)
            return
        legal = FACES if kind == DecisionKind.DIE_TYPED else SIDES
        if value not in legal:
            what = "die face" if kind == DecisionKind.DIE_TYPED else "coin side"
            raise Illegal(f"{value!r} is not a {what}; legal: {', '.join(legal)}")
        (self.dice if kind == DecisionKind.DIE_TYPED else self.flips).append(value)

    def take_back(self, kind: str) -> None:
        """Forget the last face given (its step failed)."""
        if kind not in (DecisionKind.DIE_TYPED, DecisionKind.FLIP_TYPED):
            super().take_back(kind)
            return
        pending = self.dice if kind == DecisionKind.DIE_TYPED else self.flips
        if pending:
            pending.pop()


def dice_for(config, seed: int | str, script: tuple | None = None,
             log: list[dict] | None = None) -> SeededDice:
    """The chance source ``config`` asks for (``own_dice``: the players' dice; ``own_decks``:
    the players' decks), replaying ``log``."""
    dice = (PlayersDice.from_log(seed, log or []) if getattr(config, "own_dice", False)
            else SeededDice(seed, script))
    return dice.players_draw(log) if getattr(config, "own_decks", False) else dice
