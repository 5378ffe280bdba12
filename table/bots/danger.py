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
* a worm in a hex where three Things stay (table/bots/prods.py) that an enemy worm from
  outside it can reach may be prodded (E7.4) into the water by the one who enters (the
  bullseye's way chosen);
* losing the team's every worm is losing the game (:data:`ELIMINATED`).

What the attacker would lose of its own in the same Blast counts against it, so it does not
aim where its own worms stand.  Scores are in :func:`~table.bots.greedy.score`'s points (two a
healthy worm, one a damaged worm).
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property, lru_cache

from table.engine.belief import HAND_KINDS, public_cards
from table.engine.decisions import DecisionKind

from table.engine.effects import accuracy_dice
from table.engine.entering import FULL_HEX
from table.engine.targeting import target_ok
from table.hexgrid import DIRECTIONS, distance, hexagon, neighbour

from .careful import landings, water_share
from .prods import knock_share, staying

#: what losing the team's every worm costs (a lost game is greedy.score's -100)
ELIMINATED = 100.0
#: the kinds of card a team draws from the Supply deck (the rest of a hand is Starters, T8)
DRAWN_KINDS = ("supply", "superweapon")
#: how far an attacking worm can walk to its firing hex (two inches, T1)
WALK = 2


def danger(game, team, memo: dict | None = None, hands: "Hands | None" = None) -> float:
    """The points ``team`` can expect to lose in the other teams' next turns (the sum of each
    one's best attack).  ``hands``: what the team knows of the other hands (:class:`Hands`, made
    from the game itself once a decision), the unseen cards weighed by their chance; without
    it, the hands of ``game`` as they are (a bot's copy deals them).  ``memo``: a dict that keeps
    the prices of positions already priced (the leaves of one decision share many)."""
    board = game.board
    if game.result is not None or not board.worms(team):
        return 0.0
    held = game.hands if hands is None else None
    key = None
    if memo is not None:
        key = (team, board.wind, tuple(sorted(board.rules)), tuple(sorted(board.shielded)),
               tuple(sorted(board.frozen)),
               tuple((w.id, w.at, w.damaged, board.count(w.at), staying(board, w.at))
                     for w in board.worms()),
               None if held is None else tuple((t, tuple(h)) for t, h in sorted(held.items())))
        if key in memo:
            return memo[key]
    total = 0.0
    for other in game.teams:
        if other == team or not board.worms(other):
            continue
        threat = Threat(game, team, other)
        if hands is None:
            total += threat.best(held.get(other, ()) if held else ())
        else:
            total += threat.expected(hands.known.get(other, ()), hands.unseen.get(other, ()))
    if memo is not None:
        memo[key] = total
    return total


class Hands:
    """What ``team`` knows of the other hands (as belief.py deals them): the Starters each other
    team took and has not played (T8, :func:`~table.engine.belief.public_cards`), how many more
    it holds unseen, and the cards those can be (``pool``, copies by id): every copy of the
    box's hand cards less the team's own hand, the discard and the others' known cards.

    Where an unseen card came from is no secret: every player sees a team draw from the Supply
    deck (a crate opened, T2).  So ``unseen`` splits each team's unseen cards: those it drew
    and has not played are Supply cards (the pool's Supply and Superweapon copies), the rest
    its fifth Starter (the pool's Starters)."""

    def __init__(self, game, team):
        self.known: dict[str, list[str]] = {}
        self.hidden: dict[str, int] = {}
        pool = Counter({c: getattr(card, "copies", 1) for c, card in game.cards.items()
                        if card.kind in HAND_KINDS})
        pool.subtract(game.hands[team])
        pool.subtract(game.decks["discard"])
        for t in game.teams:
            if t != team:
                size = game.hand_size(t)
                self.known[t] = public_cards(game.log, t)[:size]
                self.hidden[t] = size - len(self.known[t])
                pool.subtract(self.known[t])
        self.pool = +pool
        cards = game.cards
        drawn = Counter(e.get("team") for e in game.log if e.get("reveal") == "supply")
        drawn.subtract(e.get("actor") for e in game.log if e.get("kind") == DecisionKind.CARD
                       and isinstance(e.get("answer"), str)
                       and getattr(cards.get(e["answer"]), "kind", None) in DRAWN_KINDS)
        supply = Counter({c: n for c, n in self.pool.items() if cards[c].kind in DRAWN_KINDS})
        rest = self.pool - supply
        self.unseen: dict[str, list[tuple[int, Counter]]] = {}
        for t, hidden in self.hidden.items():
            n = max(0, min(hidden, drawn[t]))
            self.unseen[t] = [(n, supply), (hidden - n, rest)]


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
        self._worth_of: dict = {}

    @cached_property
    def from_hexes(self) -> list:
        """The land hexes the attacker's worms can walk to (its firing hexes)."""
        return [h for h in {h for w in self.theirs for h in _near(w.at)} if self.board.is_land(h)]

    def best(self, hand) -> float:
        """The best attack with the cards of ``hand``."""
        return max((self.card(c) for c in hand), default=0.0) + self._prod(hand)

    def expected(self, known, unseen) -> float:
        """The best attack, expected, with the cards ``known`` and, for each ``(n, pool)`` of
        ``unseen``, ``n`` more drawn from ``pool``: the chance the best of them is worth at most
        ``v`` is the product, over the pools, of the share of each pool's copies worth at most
        ``v`` to the power of its ``n`` (each drawn alike)."""
        floor = max((self.card(c) for c in known), default=0.0)
        draws = []
        for n, pool in unseen:
            total = sum(pool.values())
            if n > 0 and total:
                levels: Counter = Counter()
                for c, k in pool.items():
                    levels[max(floor, self.card(c))] += k
                draws.append((n, total, levels))
        if not draws:
            return floor + self._prod(known)

        def at_most(v, strict=False) -> float:
            p = 1.0
            for n, total, levels in draws:
                p *= (sum(k for w, k in levels.items() if w < v or (w == v and not strict))
                      / total) ** n
            return p
        ev = sum(v * (at_most(v) - at_most(v, strict=True))
                 for v in sorted({v for _, _, levels in draws for v in levels}))
        return ev + self._prod(known)

    def card(self, cid) -> float:
        """The best attack with the card ``cid`` alone (0: it hurts nobody)."""
        if cid not in self._worth_of:
            card = self.cards.get(cid)
            steps = [s.get("do") for s in card.text] if card is not None else []
            worth = 0.0
            if "blast" in steps and card.accuracy:
                worth = self._blast_card(card)
            elif "damage" in steps:
                worth = self._damage_card(card)
            self._worth_of[cid] = worth
        return self._worth_of[cid]

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
            for at in landings(aim, self.wind):
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
    def _prod(self, hand) -> float:
        """A worm in a hex of three Things, prodded by an enemy worm that enters it (E7.4): one
        that walks there, or anywhere with a card that moves the worm (the Ninja Rope)."""
        board = self.board
        rope = any(s.get("do") == "move_worm" for c in hand if c in self.cards
                   for s in self.cards[c].text)
        best = 0.0
        for w in self.mine:
            # the worms already in the hex cannot enter it (out and back in leaves it as full)
            if staying(board, w.at) + 1 < FULL_HEX or not (rope or any(
                    distance(w.at, o.at) <= WALK + 1 for o in self.theirs if o.at != w.at)):
                continue
            wet = knock_share(board, w.at)
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

