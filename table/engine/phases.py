"""The rules of a game's phases: setup (the map, placing, the Sudden Death draft, the start)
and the turn (rulings T1-T8: activate, two movement steps, the weapon, End turn, the Drop
step, passing the Target Token; elimination and the final round).  Each phase's rule runs on a
:class:`State` with a :class:`PhaseRun` that asks its decisions and reveals its chance;
:data:`PHASE_RULES` says which rule runs at which phase.
"""

from __future__ import annotations

from typing import Callable

from .board import TEAMS, Thing
from .cards import Card, Play, resolve_drop, resolve_text, target_ok
from .config import GameConfig
from .decisions import PASS, SKIP, Movement, Purpose, Way, seat_actor
from .effects import accuracy_dice
from .events import EventKind
from table.hexgrid import Hex
from .rerun import PhaseRun, TimeUp
from .setup import (HIDDEN, arena, auto_layout, copies, deal_hands, drop_deck, make_map,
                    place_thing, supply_deck)
from .state import GameResult, Phase, Setup, State
from .targeting import inches, jumps
from .tiles import Tile


class PhaseRules:
    """The rules of the phases for one game: its settings, the cards it plays with (a card
    taught during the game: :meth:`with_card`), the box's map tiles, and a cache of the legal
    targets of a card from a hex (shared with the game's copies: it depends on neither)."""

    def __init__(self, config: GameConfig, cards: dict[str, Card], tiles: list[Tile] | None,
                 targets: dict | None = None):
        self.config = config
        self.cards = cards
        self.tiles = tiles
        #: (card, worm's hex) -> the target hexes and the Accuracy dice each would roll
        self.targets: dict[tuple[str, Hex], tuple[tuple[Hex, ...], tuple[int, ...] | None]] = \
            {} if targets is None else targets

    def with_card(self, card: Card) -> "PhaseRules":
        """These rules with one more card (the cards of a game's copies stay as they were)."""
        return PhaseRules(self.config, {**self.cards, card.id: card}, self.tiles, self.targets)

    # -- setup phases -------------------------------------------------------------------------

    def lay_map(self, st: State, run: PhaseRun) -> None:
        """T8: one map tile per player (every tile with Larger map), laid by the rulebook."""
        assert self.tiles is not None, "a Game refuses a game without land or tiles"
        data = make_map(st.board, self.tiles, len(st.teams), self.config.larger_map,
                        run.chance, _short(run))
        st.arena = arena(st.board.land)
        run.r.event(EventKind.MAP, **data)
        st.phase = st.after_map

    def place(self, st: State, run: PhaseRun) -> None:
        actor = seat_actor(st.place_seat)
        items = sorted(set(st.pile))
        item = run.ask("pile", items, items[0], Purpose.PLACE, actor)
        free = [h for h in sorted(st.board.land) if st.board.count(h) < 3]
        h = run.ask("hex", free, free[0], Purpose.PLACE, actor, item=item)
        thing = place_thing(st.board, item, h)
        run.r.event(EventKind.PLACE, thing=thing.id, kind=thing.kind, at=list(h), setup=True)
        st.pile.remove(item)
        st.place_seat = (st.place_seat + 1) % len(st.teams)
        if not st.pile:
            st.phase = Phase.DRAFT if ("sudden_death_draft" in self.config.options and
                                   "no_sudden_death" not in self.config.options) else Phase.START

    def draft(self, st: State, run: PhaseRun) -> None:
        """Sudden Death Draft: the Sudden Death cards dealt out as evenly as they go (extras
        back in the box), each player keeps one, one of the kept cards is drawn at random."""
        sds = sorted(c for c in self.cards if self.cards[c].kind == "sudden_death")
        run.chance.shuffle(sds, "sudden_death_draft")
        n = len(st.teams)
        each = max(1, len(sds) // n)
        kept = []
        for seat in range(n):
            dealt = sds[seat * each:(seat + 1) * each]
            if dealt:
                kept.append(run.ask("card", dealt, dealt[0], Purpose.DRAFT, seat_actor(seat)))
        st.drafted = run.chance.pick(kept, "sudden_death") if kept else None
        st.phase = Phase.START

    def start(self, st: State, run: PhaseRun) -> None:
        cfg, ch, board = self.config, run.chance, st.board
        if cfg.things is None and cfg.placement == "auto":
            auto_layout(board, st.teams, ch)
        st.worm_ids = sorted(w.id for w in board.worms())
        seats = list(st.teams)
        ch.shuffle(seats, "teams")
        st.seats = seats
        first = min(seats, key=TEAMS.index)
        s0 = seats.index(first)
        st.order = seats[s0:] + seats[:s0]
        short = _short(run)
        n = len(seats)
        if cfg.hands is not None:           # stated outright (a scenario): the decks hold the rest
            fixed = dict(cfg.hands)
            st.hands = {t: list(fixed.get(t, ())) for t in TEAMS if t in seats}
        else:
            st.hands = deal_hands(self.cards, [t for t in TEAMS if t in seats], ch, short,
                                  hidden=cfg.own_decks)
        st.supply = supply_deck(self.cards, n, "late_superweapons" in cfg.options, ch,
                                taken=[c for hand in st.hands.values() for c in hand])
        if cfg.drop_deck is not None:
            st.drops = list(cfg.drop_deck)
        else:
            st.drops = drop_deck(self.cards, n, "longer_game" in cfg.options,
                                 "no_sudden_death" in cfg.options, st.drafted, ch, short)
        if cfg.wind is not None:
            board.wind = cfg.wind
        else:
            while True:
                face = ch.roll(("wind", 1, 1, None))
                if face not in ("wind", "hit"):
                    board.wind = int(face)
                    break
        run.r.event(EventKind.SETUP, seats=seats, order=st.order, wind=board.wind,
                    drop_deck=len(st.drops), supply_deck=len(st.supply))
        ch.record("setup", lambda: Setup(board, st.hands, st.deck_cards(self.cards)).as_json())
        self._begin_turn(st, run, first)

    # -- the turn -----------------------------------------------------------------------------

    def _begin_turn(self, st: State, run: PhaseRun, team: str) -> None:
        st.turn_no += 1
        st.team, st.worm, st.hurt, st.timed_out = team, None, False, False
        st.phase = Phase.ACTIVATE
        run.r.active_team = team
        run.r.event(EventKind.TURN, number=st.turn_no, team=team)
        run.r.thaw(team)

    def activate(self, st: State, run: PhaseRun) -> None:
        r, board = run.r, st.board
        worms = sorted(w.id for w in board.worms(st.team))
        try:
            wid = run.ask("worm", worms, worms[0], Purpose.ACTIVATE)
        except TimeUp:
            st.phase = Phase.END
            return
        st.worm = wid
        r.activate(wid)
        worm = board.things[wid]
        r.event(EventKind.ACTIVATE, worm=wid, team=st.team, at=list(worm.at))
        for crate in [t for t in board.in_hex(worm.at) if t.kind == "crate"]:
            r.destroy(crate, "opened")
            team = st.turn_team()
            board.cards_drawn[team] = board.cards_drawn.get(team, 0) + 1
            r.event(EventKind.DRAW, team=st.team, worm=wid)
        if worm.damaged:
            worm.damaged = False
            r.event(EventKind.HEAL, worm=wid)
        st.phase = Phase.MOVE1

    def _turn_over(self, st: State, run: PhaseRun) -> bool:
        worm = st.board.things.get(st.worm) if st.worm else None
        return worm is None or run.r.active_hurt or st.timed_out

    def move1(self, st: State, run: PhaseRun) -> None:
        self._movement(st, run, Phase.MOVE2)

    def move2(self, st: State, run: PhaseRun) -> None:
        self._movement(st, run, Phase.WEAPON)

    def _movement(self, st: State, run: PhaseRun, then: Phase) -> None:
        if not self._turn_over(st, run):
            try:
                self._move(st, run)
            except TimeUp:
                pass
        st.hurt = run.r.active_hurt
        st.phase = Phase.END if self._turn_over(st, run) else then

    def _move(self, st: State, run: PhaseRun, card: str | None = None) -> None:
        board, worm = st.board, st.board.things[st.turn_worm()]
        opts = [SKIP]
        opts += [Movement(Way.INCH, h) for h in inches(board, worm.at)]
        opts += [Movement(Way.JUMP, h) for h in jumps(board, worm.at)]
        way, to = run.ask("move", opts, SKIP, Purpose.MOVE, card=card)
        if way == Way.INCH:
            run.r.inch(worm, to)
        elif way == Way.JUMP:
            run.r.jump(worm, to)

    def weapon(self, st: State, run: PhaseRun) -> None:
        if not self._turn_over(st, run):
            try:
                self._play_from_hand(st, run, Purpose.WEAPON)
            except TimeUp:
                pass
        st.hurt = run.r.active_hurt
        st.phase = Phase.END

    def _play_from_hand(self, st: State, run: PhaseRun, purpose: Purpose) -> None:
        # (at the start of the weapon step nothing is pending: every step ends with a sync,
        # so the step still asks before it changes anything, as ASK_FIRST requires)
        self.sync_draws(st, run)
        hand = st.hands[st.turn_team()]
        weapons = {c for c in hand if c in self.cards and self.cards[c].kind in WEAPONS}
        if HIDDEN in hand:              # the Starter dealt face down: whichever it turns out
            weapons |= {c for c, card in self.cards.items() if card.kind == "starter"}
        choice = run.ask("card", sorted(weapons) + [PASS], PASS, purpose)
        if choice == PASS:
            return
        card = self.cards[choice]
        hand.remove(choice if choice in hand else HIDDEN)
        st.discard.append(choice)
        worm = st.board.things[st.turn_worm()]
        r = run.r
        r.event(EventKind.PLAY, card=choice, team=st.team, worm=worm.id)
        play = Play(worm)
        for symbol in card.action:
            if not r.alive(worm) or r.active_hurt or st.timed_out:
                break
            if symbol == "TEXT":
                if card.target is not None:
                    play.target = self._target(st, run, card, worm)
                    if card.target == "airstrike":
                        play.facing = run.ask("direction", range(1, 7), 1, Purpose.FACING,
                                              card=card.id)
                resolve_text(r, card, play)
            elif symbol == "MOVE":
                self._move(st, run, card.id)
            elif symbol == "PLAY":
                self._play_from_hand(st, run, Purpose.PLAY)

    def _target(self, st: State, run: PhaseRun, card: Card, worm: Thing) -> Hex:
        key = (card.id, worm.at)
        cached = self.targets.get(key)
        if cached is None:
            assert card.target is not None, "only a card with a target rule asks for one"
            board = st.board
            legal = [h for h in st.arena if target_ok(card, worm.at, h, board)]
            if worm.at not in legal and target_ok(card, worm.at, worm.at, board):
                legal.insert(0, worm.at)
            dice = None
            if card.accuracy is not None:
                dice = tuple(accuracy_dice(worm.at, h, card.accuracy) for h in legal)
            cached = (tuple(legal), dice)
            if card.target != "new_hex" and not card.where:     # (these read the board)
                self.targets[key] = cached
        opts, info = cached
        return run.ask("hex", opts, opts[0], Purpose.TARGET, info=info, card=card.id)

    def end(self, st: State, run: PhaseRun) -> None:
        """End turn (no end-of-turn effects in the library yet), the Drop step, pass."""
        r = run.r
        r.active_team = st.team
        r.event(EventKind.END_TURN, team=st.team)
        self._drop(st, run)
        self.check_teams(st, run)
        self._pass(st, run)

    def _drop(self, st: State, run: PhaseRun) -> None:
        r, cards = run.r, self.cards
        if st.sudden is not None:
            r.event(EventKind.DROP, card=st.sudden, sudden_death=True)
            resolve_drop(r, cards[st.sudden], revealed=False)
            return
        if not st.drops and "no_sudden_death" in self.config.options:
            deck = copies(cards, ("drop",))
            run.chance.shuffle(deck, "drop")
            st.drops = deck
            r.event(EventKind.RESHUFFLE, deck="drop", cards=len(deck))
        if not st.drops:
            r.event(EventKind.DROP_EMPTY)
            return
        top = st.drops[0]
        cid = run.chance.reveal({"reveal": "drop", "card": top}, self._drop_deck(st),
                                st.team)["card"]
        # (the players' own deck: a card the box's count of the deck does not hold, or one
        # taught at this draw, is drawn all the same; the count goes down by one a draw)
        st.drops.remove(cid if cid in st.drops else top)
        card = cards[cid]
        if card.kind == "sudden_death":
            st.sudden = cid
            r.event(EventKind.SUDDEN_DEATH, card=cid, rule=card.lasting)
        else:
            r.event(EventKind.DROP, card=cid)
        resolve_drop(r, card)

    def _deck(self, shuffled: list[str], kinds: tuple[str, ...]) -> list[str]:
        """The cards a draw may reveal: the box's ``shuffled`` deck; with the players' own
        decks, any card known of ``kinds`` (a card taught at the draw among them)."""
        if not self.config.own_decks:
            return shuffled
        return sorted(c for c, card in self.cards.items() if card.kind in kinds)

    def _drop_deck(self, st: State) -> list[str]:
        """A Drop draw's cards: Sudden Death cards too, unless the game has none."""
        kinds = DROP_DECK[:1] if "no_sudden_death" in self.config.options else DROP_DECK
        return self._deck(st.drops, kinds)

    def _pass(self, st: State, run: PhaseRun) -> None:
        if st.result is not None:
            return
        order, team = st.order, st.turn_team()
        alive = [t for t in order if t not in st.out]
        if st.final_due and st.final is None:
            i = order.index(team)
            st.final = [t for t in order[i + 1:] + order[:i + 1]]
            run.r.event(EventKind.FINAL_ROUND, teams=[t for t in st.final if t not in st.out])
        nxt = None
        if st.final is not None:
            while st.final and nxt is None:
                t = st.final.pop(0)
                if t not in st.out:
                    nxt = t
            if nxt is None:
                self._finish(st, run, "final_round")
                return
        else:
            i = order.index(team)
            for t in order[i + 1:] + order[:i + 1]:
                if t in alive:
                    nxt = t
                    break
        limit = self.config.max_rounds
        if limit is not None and st.turn_no >= limit * len(order):
            self._finish(st, run, "round_limit")
            return
        if nxt is None:
            self._finish(st, run, "no_teams")
            return
        self._begin_turn(st, run, nxt)

    def check_teams(self, st: State, run: PhaseRun) -> None:
        if not st.order or st.result is not None:
            return
        alive = {t.team for t in st.board.things.values() if t.kind == "worm"}
        for t in st.order:
            if t not in st.out and t not in alive:
                st.out.append(t)
                run.r.event(EventKind.ELIMINATED, team=t)
                if "true_elimination" not in self.config.options:
                    st.final_due = True
        if "true_elimination" in self.config.options:
            if len([t for t in st.order if t not in st.out]) <= 1:
                self._finish(st, run, "true_elimination")

    def _finish(self, st: State, run: PhaseRun, reason: str) -> None:
        board = st.board
        worms = {t: len(board.worms(t)) for t in st.order}
        healthy = {t: sum(1 for w in board.worms(t) if not w.damaged) for t in st.order}
        best = max(worms.values())
        cands = [t for t in st.order if worms[t] == best]
        if len(cands) > 1:
            top = max(healthy[t] for t in cands)
            cands = [t for t in cands if healthy[t] == top]
        st.result = GameResult(tuple(cands), len(cands) > 1, reason, worms, healthy, st.turn_no)
        st.phase = Phase.OVER
        run.r.event(EventKind.GAME_OVER, **st.result.as_json())

    def sync_draws(self, st: State, run: PhaseRun) -> None:
        """Hand out the Supply cards the crates opened since the last look."""
        deck = self._deck(st.supply, SUPPLY_DECK)     # (st.supply itself, but own decks)
        for team, n in st.board.cards_drawn.items():
            while st.drawn.get(team, 0) < n:
                top = st.supply[0] if st.supply else deck[0] if deck else None
                card = run.chance.reveal({"reveal": "supply", "team": team, "card": top},
                                         deck, team)["card"]
                st.drawn[team] = st.drawn.get(team, 0) + 1    # (after a tap asked for)
                if card is None:
                    run.r.event(EventKind.SUPPLY_EMPTY, team=team)
                    continue
                if card in st.supply:
                    st.supply.remove(card)
                st.hands.setdefault(team, []).append(card)
                run.r.event(EventKind.CARD_DRAWN, team=team)


#: the kinds of card a Supply deck holds (every weapon card but the Starters)
SUPPLY_DECK = ("supply", "superweapon")
#: the kinds of card the Drop deck holds (T4)
DROP_DECK = ("drop", "sudden_death")
WEAPONS = ("starter",) + SUPPLY_DECK

#: the rule each phase runs (the game runs the one its state is at; ``over`` runs none)
PHASE_RULES: dict[Phase, Callable[[PhaseRules, State, PhaseRun], None]] = {
    Phase.MAP: PhaseRules.lay_map,
    Phase.PLACE: PhaseRules.place,
    Phase.DRAFT: PhaseRules.draft,
    Phase.START: PhaseRules.start,
    Phase.ACTIVATE: PhaseRules.activate,
    Phase.MOVE1: PhaseRules.move1,
    Phase.MOVE2: PhaseRules.move2,
    Phase.WEAPON: PhaseRules.weapon,
    Phase.END: PhaseRules.end,
}


def _short(run: PhaseRun):
    """What a deck (or the box's map tiles) running short says: a ``deck_short`` event."""
    def short(deck, wanted, have, card):
        run.r.event(EventKind.DECK_SHORT, deck=deck, card=card, wanted=wanted, have=have)
    return short

