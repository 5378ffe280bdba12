"""A game's chance source, handed to it when it is made: where its dice, Danger coins,
random picks and shuffles come from.

* :class:`SeededDice`: the box rolls (a :class:`CounterRandom` from the game's seed), after
  any scripted faces and flips (scenario files).
* :class:`PlayersDice`: the players roll real dice and flip a real coin; each face is asked
  for (a ``die_typed`` or ``flip_typed`` decision) and typed in.  Picks and shuffles still
  come from the seed (nobody shuffles a hidden deck by hand).

Every outcome goes into the game's log as it is revealed, so a replay hands the logged faces
back (:meth:`PlayersDice.from_log`).

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
from .decisions import Decision, Illegal, NeedDecision, Purpose

TYPED = ("die_typed", "flip_typed")


class SeededDice:
    """The box's own dice: scripted faces and flips first, then the seeded generator."""

    def __init__(self, seed: int | str, script: tuple | None = None):
        self.rng = CounterRandom(seed)
        self.script = script
        self.dice = list(script[0]) if script else []
        self.flips = list(script[1]) if script else []

    def roll(self) -> str:
        return self.dice.pop(0) if self.dice else self.rng.roll()

    def flip(self) -> str:
        return self.flips.pop(0) if self.flips else self.rng.flip()

    def below(self, n: int) -> int:
        return self.rng.below(n)

    def shuffle(self, items: list) -> None:
        self.rng.shuffle(items)

    def unused(self) -> dict[str, int]:
        """The scripted faces and flips not (yet) used."""
        return {"dice": len(self.dice), "flips": len(self.flips)}

    def give(self, kind: str, value: str) -> None:
        raise Illegal("the box rolls in this game: there is no die to type in")

    def take_back(self, kind: str) -> None:  # pragma: no cover - give() never succeeds
        pass


class PlayersDice(SeededDice):
    """The players' own dice: a face is asked for whenever the game needs one."""

    @classmethod
    def from_log(cls, seed: int | str, log: list[dict]) -> "PlayersDice":
        """The dice of a game being replayed: the faces and flips its log revealed."""
        dice = cls(seed)
        dice.dice = [e["value"] for e in log if e.get("chance") == "die"]
        dice.flips = [e["value"] for e in log if e.get("chance") == "flip"]
        return dice

    def roll(self) -> str:
        if self.dice:
            return self.dice.pop(0)
        raise NeedDecision(Decision("die_typed", FACES, FACES[0], Purpose.ROLL.value))

    def flip(self) -> str:
        if self.flips:
            return self.flips.pop(0)
        raise NeedDecision(Decision("flip_typed", SIDES, SIDES[0], Purpose.FLIP.value))

    def give(self, kind: str, value: str) -> None:
        """A face (``die_typed``) or a side (``flip_typed``) the players typed in."""
        legal = FACES if kind == "die_typed" else SIDES
        if value not in legal:
            what = "die face" if kind == "die_typed" else "coin side"
            raise Illegal(f"{value!r} is not a {what}; legal: {', '.join(legal)}")
        (self.dice if kind == "die_typed" else self.flips).append(value)

    def take_back(self, kind: str) -> None:
        """Forget the last face given (its step failed)."""
        pending = self.dice if kind == "die_typed" else self.flips
        if pending:
            pending.pop()


def dice_for(config, seed: int | str, script: tuple | None = None,
             log: list[dict] | None = None) -> SeededDice:
    """The chance source ``config`` asks for (``own_dice``: the players'), replaying ``log``."""
    if getattr(config, "own_dice", False):
        return PlayersDice.from_log(seed, log or [])
    return SeededDice(seed, script)
