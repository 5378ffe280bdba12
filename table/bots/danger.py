"""What the other side's reply may cost (issue 35 item 2): the danger a team's worms stand in
at the end of its turn, priced without searching the reply.

The hard level searches only its own turn; what it loses, it loses in the reply: a Blast that
throws a worm into the water, Powerful Explosives pushing one off the shore, a last worm within
an Uzi's reach.  :func:`danger` is the score the team can expect to lose to the best single
attack each other team could make next (one card a turn, T2), as the team can know it: the
cards come from the other hands of the bot's copy of the game (dealt from the cards the team
has not seen, never the real hands), the firing hex is any land within two inches of one of
their worms, and the Accuracy dice (E1) are rolled for the aim and the best one kept.

* a Blast (E2) where it lands damages each Thing there and throws it by a die: a worm thrown
  off the land is lost (the share of the eight faces that point at water); under *One Life* the
  damage destroys it; under *Powerful Explosives* (E15) every Thing round the hex is pushed one
  hex further away, into the water where that is water;
* a card that damages one Thing (the Uzi) takes a damaged worm, or a healthy one's first life;
* a worm in a hex of three Things that an enemy worm can reach may be prodded (E7.4) into the
  water by the one who enters;
* losing the team's every worm is losing the game (:data:`ELIMINATED`).

What the attacker would lose of its own in the same Blast counts against it, so it does not
aim where its own worms stand.  Scores are in :func:`~table.bots.greedy.score`'s points (two a
healthy worm, one a damaged worm).
"""

from __future__ import annotations

from functools import cached_property, lru_cache

from table.engine.effects import accuracy_dice
from table.engine.targeting import target_ok
from table.hexgrid import DIRECTIONS, distance, hexagon, neighbour

from .careful import water_share

#: what losing the team's every worm costs (a lost game is greedy.score's -100)
ELIMINATED = 100.0
#: how far an attacking worm can walk to its firing hex (two inches, T1)
WALK = 2


def danger(game, team, memo: dict | None = None) -> float:
    """The points ``team`` can expect to lose in the other teams' next turns (the sum of each
    one's best attack).  ``memo``: a dict that keeps the prices of positions already priced
    (the leaves of one search share many; only for copies of one game, the map being the
    same)."""
    board = game.board
    if game.result is not None or not board.worms(team):
        return 0.0
    hands = game.hands
    key = None
    if memo is not None:
        key = (team, board.wind, tuple(sorted(board.rules)), tuple(sorted(board.shielded)),
               tuple(sorted(board.frozen)), tuple((t, tuple(h)) for t, h in sorted(hands.items())),
               tuple((w.id, w.at, w.damaged, board.count(w.at)) for w in board.worms()))
        if key in memo:
            return memo[key]
    total = 0.0
    for other in game.teams:
        if other == team or not board.worms(other):
            continue
        total += Threat(game, team, other).best(hands.get(other, ()))
    if memo is not None:
        memo[key] = total
    return total


class Threat:
    """The attacks ``other`` could make on ``team`` in its next turn."""

    def __init__(self, game, team, other):
        self.board = board = game.board
        self.cards = game.cards
        self.team, self.other = team, other
        self.wind = board.wind
        self.rules = board.rules
        self.mine = board.worms(team)
        self.theirs = board.worms(other)
        self._faces: dict = {}
        self._landed: dict = {}

    @cached_property
    def from_hexes(self) -> list:
        """The land hexes the attacker's worms can walk to (its firing hexes)."""
        return [h for h in {h for w in self.theirs for h in _near(w.at)} if self.board.is_land(h)]

    def best(self, hand) -> float:
        worst = 0.0
        for cid in dict.fromkeys(hand):
            card = self.cards.get(cid)
            if card is None:
                continue
            steps = [s.get("do") for s in card.text]
            if "blast" in steps and card.accuracy:
                worst = max(worst, self._blast_card(card))
            elif "damage" in steps:
                worst = max(worst, self._damage_card(card))
        return worst + self._prod()

    # -- a Blast card -----------------------------------------------------------------------
    def _blast_card(self, card) -> float:
        reach = 2 if "powerful_explosives" in self.rules else 1
        aims = {h for w in self.mine for h in hexagon(w.at, reach)}
        best = 0.0
        for aim in aims:
            n = self._dice(card, aim)
            if n:
                best = max(best, _best_of(n, self._landings(aim)))
        return best

    def _dice(self, card, aim) -> int:
        """The most Accuracy dice ``card`` rolls at ``aim`` from a hex the attacker reaches (0:
        it cannot aim there)."""
        most, x, board = 0, card.accuracy, self.board
        for h in self.from_hexes:
            n = accuracy_dice(h, aim, x)
            if n > most and target_ok(card, h, aim, board):
                most = n
                if most == x:
                    break
        return most

    def _landings(self, aim) -> list[float]:
        """What the Blast is worth where each of a die's eight faces lands it from ``aim``,
        lowest first."""
        if aim not in self._faces:
            values = []
            for face in _FACES:
                d = self.wind if face == WIND else face
                at = aim if d is None else neighbour(aim, d)
                if at not in self._landed:
                    self._landed[at] = self._blast_at(at)
                values.append(self._landed[at])
            self._faces[aim] = sorted(values)
        return self._faces[aim]

    def _blast_at(self, at) -> float:
        """What a Blast at ``at`` is worth to the attacker: the team's loss, less its own."""
        board = self.board
        if not board.is_land(at):
            return 0.0
        lost: dict[str, float] = {}          # worm id -> chance it is destroyed
        hurt: dict[str, float] = {}          # worm id -> chance it is only damaged
        wet = water_share(board, at)
        damages = "reduced_blast" not in self.rules
        for w in board.in_hex(at):
            if w.kind != "worm":
                continue
            if damages and not self._iced(w) and (w.damaged or "one_life" in self.rules):
                lost[w.id] = 1.0
            else:
                lost[w.id] = wet
                if damages and not self._iced(w):
                    hurt[w.id] = 1 - wet
        if "powerful_explosives" in self.rules:
            for d in DIRECTIONS:
                n = neighbour(at, d)
                if board.is_land(n) and not board.is_land(neighbour(n, d)):
                    for w in board.in_hex(n):
                        if w.kind == "worm":
                            lost[w.id] = 1.0
        return self._worth(lost, hurt)

    def _iced(self, w) -> bool:
        return w.id in self.board.frozen or w.team in self.board.shielded

    # -- a card that damages one Thing --------------------------------------------------------
    def _damage_card(self, card) -> float:
        best = 0.0
        for w in self.mine:
            if self._iced(w) or not any(target_ok(card, h, w.at, self.board) for h in self.from_hexes):
                continue
            if w.damaged or "one_life" in self.rules:
                best = max(best, self._worth({w.id: 1.0}, {}))
            else:
                best = max(best, self._worth({}, {w.id: 1.0}))
        return best

    # -- a prod into the water ----------------------------------------------------------------
    def _prod(self) -> float:
        board = self.board
        best = 0.0
        for w in self.mine:
            if board.count(w.at) < 3 or not any(distance(w.at, h) <= 1 for h in self.from_hexes):
                continue
            wet = water_share(board, w.at)
            if wet:
                best = max(best, self._worth({w.id: wet}, {}))
        return best

    # -- what it is worth ---------------------------------------------------------------------
    def _worth(self, lost: dict, hurt: dict) -> float:
        """The attacker's gain: the team's expected loss in points (and in the game, when every
        worm of it may go), less its own."""
        return self._side(self.mine, lost, hurt) - self._side(self.theirs, lost, hurt)

    @staticmethod
    def _side(worms, lost, hurt) -> float:
        points = 0.0
        all_gone = 1.0
        for w in worms:
            p = lost.get(w.id, 0.0)
            points += p * (1.0 if w.damaged else 2.0) + hurt.get(w.id, 0.0)
            all_gone *= p
        return points + ELIMINATED * all_gone


def _best_of(n: int, values: list[float]) -> float:
    """The expected value of the best of ``n`` dice, each face worth one of ``values`` (lowest
    first): the chance a face is the best rolled is ``P(best <= it) - P(best < it)``."""
    ev = 0.0
    for below, v in enumerate(values):
        ev += v * (((below + 1) / 8) ** n - (below / 8) ** n)
    return ev


@lru_cache(maxsize=4096)
def _near(h) -> tuple:
    """The hexes within two inches of ``h`` (on any map: the land is looked up after)."""
    return tuple(hexagon(h, WALK))


#: the faces of a die (D2) as directions: six numbers, the wind's (:data:`WIND`: looked up),
#: ``hit`` (None: the token stays)
WIND = 0
_FACES: tuple[int | None, ...] = (1, 2, 3, 4, 5, 6, WIND, None)

