"""Dice and the Danger Flipper (rulings D1-D4), and the sources that produce them.

The engine never draws randomness itself: it is handed a *chance source* with two methods,
``roll()`` (one die face) and ``flip()`` (``"safe"`` or ``"danger"``).  Two sources exist:

* :class:`CounterRandom`: a seeded counter-based generator for play.  Result *k* of seed *s*
  is derived from BLAKE2b(s, k // 8), so the same seed gives the same game on every Python version
  and platform, and a game can resume from any point by knowing only the counter.
* :class:`Script`: results listed in advance (scenario files, tests).

>>> a, b = CounterRandom(7), CounterRandom(7)
>>> [a.roll() for _ in range(6)] == [b.roll() for _ in range(6)]
True
>>> CounterRandom(7, counter=6).roll() == a.roll()
True
"""

from __future__ import annotations

import hashlib

from .errors import EngineError

#: The eight faces of the custom die (D1): six directions, the wind face, the bullseye.
FACES = ("1", "2", "3", "4", "5", "6", "wind", "hit")
SIDES = ("safe", "danger")


class OutOfRandom(EngineError):
    """A scripted source ran out of results."""

    def __init__(self, what: str):
        super().__init__(f"the script has no {what} left")
        self.what = what


def face_direction(face: str, wind: int) -> int | None:
    """The direction a face points (D2): a number, the wind for ``wind``, None for ``hit``."""
    if face == "hit":
        return None
    if face == "wind":
        return wind
    return int(face)


class CounterRandom:
    """Seeded counter-based randomness, reproducible across Python versions."""

    def __init__(self, seed: int | str, counter: int = 0, faces: tuple[str, ...] = FACES):
        self.seed = str(seed)
        self.counter = counter
        self.faces = faces
        self._block = -1
        self._digest = b""

    def _word(self) -> int:
        """Word number ``counter`` of the stream: BLAKE2b of (seed, block) gives eight
        64-bit words a block."""
        block, slot = divmod(self.counter, 8)
        if block != self._block:
            self._digest = hashlib.blake2b(f"{self.seed}:{block}".encode(), digest_size=64,
                                           person=b"worms-table").digest()
            self._block = block
        self.counter += 1
        return int.from_bytes(self._digest[slot * 8:slot * 8 + 8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            w = self._word()
            if w < limit:
                return w % n

    def roll(self, about: tuple = ()) -> str:
        """A face (``about``, what the die is for, does not change it)."""
        return self.faces[self.below(len(self.faces))]

    def flip(self, about: tuple = ()) -> str:
        return SIDES[self.below(2)]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class Script:
    """Results given in advance, consumed in order."""

    def __init__(self, dice=(), flips=()):
        self.dice = [str(d) for d in dice]
        self.flips = list(flips)
        self._d = 0
        self._f = 0

    def roll(self, about: tuple = ()) -> str:
        if self._d >= len(self.dice):
            raise OutOfRandom("dice")
        self._d += 1
        return self.dice[self._d - 1]

    def flip(self, about: tuple = ()) -> str:
        if self._f >= len(self.flips):
            raise OutOfRandom("flips")
        self._f += 1
        return self.flips[self._f - 1]

    @property
    def unused(self) -> dict[str, int]:
        return {"dice": len(self.dice) - self._d, "flips": len(self.flips) - self._f}
