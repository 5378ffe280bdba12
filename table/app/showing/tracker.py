"""The board as the players have it, followed event by event, and the steps they must take.

The engine's ``game.board`` is the state at the start of the phase in progress (a phase runs
again from its start with every answer), so the box keeps its own copy: a :class:`Tracker`
starts from the map and applies the engine's events as they come.  Its board is what the
LEDs show, and it names the Things of each new batch of events for
:func:`table.ui.instructions.instructions`.  :meth:`Tracker.steps` turns a batch into the
steps shown one at a time: physical changes to copy, each with the dice and coins rolled on
the way (table/ui/rolls.py).
"""

from typing import Callable, NamedTuple


from table.engine.board import Board, Thing, split_id
from table.hexgrid import Hex
from table.ui.changes import Change, diff
from table.ui.screenfuls import grouped, with_tap
from table.ui.instructions import Instruction, instructions, turn_instruction, worm_number
from table.app.asking.contexts import placed_with, placing
from table.ui.rolls import rolled, with_rolls

from table.app.showing.deckpages import deck_pages
from table.app.showing.joins import missed_told, summed, wind_joined

#: events said on a screen of their own, in order (not a change at a hex)
SAID = frozenset({"drop", "sudden_death", "rule", "wind", "supply_empty"})


class Step(NamedTuple):
    """One thing to show and confirm with OK: changes at a hex (with the dice and coins
    behind them), an instruction, a summary, or a deal."""
    instruction: Instruction | None = None
    blast: Hex | None = None       # a blast that caused it: flashed on the LEDs first
    changes: tuple[Change, ...] = ()   # every change at one hex (``at``), one OK for all;
    at: Hex | None = None              # (None: Things to take off, over several hexes)
    summary: dict | None = None    # what a card did (table.ui.summaries.card_summary; with
    #                                changes: said below them, joins.summed)
    deal: dict | None = None       # setup: the cards to give a team, or the decks to build

    @property
    def hexes(self) -> set:
        """The hexes this step changes (lit on the LEDs while it waits)."""
        out = {c.at for c in self.changes if c.at is not None}
        if self.instruction is not None:
            out |= {h for h in (self.instruction.at, self.instruction.to) if h is not None}
        if self.summary is not None and self.summary.get("token") is not None:
            out.add(tuple(self.summary["token"]))      # the Target Token to take off
        return out


class Tracker:
    """``setup``: a callable giving the board right after setup, for a game whose Things the
    box laid out itself (the engine records no event per Thing then)."""

    def __init__(self, land, wind: int = 1, setup=None, one_each: bool = False, deal=None,
                 drawn=None, box=(), cards=None):
        self.board = Board(land=set(map(tuple, land)), wind=wind)
        self.setup = setup
        self.deal = deal              # a callable: the starting hands and the decks' sizes
        self.cards = cards            # a callable: the game's cards (the decks' pages name them)
        # "the box keeps the decks": a callable giving the Supply cards the box drew, in
        # order, so each team is told which card to take (None: the players draw and tap)
        self.drawn = drawn
        self.n_drawn = 0              # the Supply cards handed out so far
        self.one_each = one_each      # one change a screen (the owner's setting)
        self.box = frozenset(box)     # the teams the box plays (their inches are said)
        self.teams: list[str] = []
        self.card: dict | None = None  # the card in play and what it has done so far
        self.token = False            # the Target Token stands on the board
        self.sudden = None            # the Sudden Death card just revealed (named once)
        self.active: str | None = None    # the active worm (its jump's die is said by it)
        self.ended = False            # the turn has ended (its Drop step comes next)
        self.opening: dict | None = None  # the first event of the batch in :meth:`steps`
        self.in_play: tuple[str, int] | None = None  # the card resolved, its Things placed
        # after :meth:`steps`: (n, board, e) where its first n steps, made of its first e
        # events, leave the board (a copy)
        self.marks: list[tuple[int, Board, int]] = []

    def _laid_out(self) -> list[Instruction]:
        """Things the box laid out at setup, added to the board; an instruction each."""
        if self.setup is None:
            return []
        out = []
        if not hasattr(self, "_setup_board"):
            self._setup_board = self.setup()
        for t in sorted(self._setup_board.things.values(),
                        key=lambda t: (t.kind == "worm", t.id)):
            if t.id in self.board.things:
                continue
            self.board.add(Thing(t.id, t.kind, t.at, t.team, t.damaged))
            if t.kind == "worm":
                out.append(Instruction("do.place_worm", {"team": t.team, "n": worm_number(t)},
                                       t.at))
            else:
                out.append(Instruction(f"do.place.{t.kind}", {}, t.at))
        return out

    def apply(self, events) -> None:
        b = self.board
        for e in events:
            name = e["event"]
            thing = b.things.get(e.get("thing") or e.get("worm") or "")
            self._follow(e, thing)
            if name == "place" and e["thing"] not in b.things:
                team = split_id(e["thing"])[0] if e["kind"] == "worm" else None
                b.add(Thing(e["thing"], e["kind"], tuple(e["at"]), team))
            elif name == "move" and thing is not None:
                b.lift(thing)
                b.put(thing, tuple(e["to"]))
            elif name == "destroy" and thing is not None:
                b.remove(thing)
            elif name == "damage" and thing is not None:
                thing.damaged = True
            elif name == "heal" and thing is not None:
                thing.damaged = False
            elif name == "freeze" and thing is not None:      # an ice token beside it
                b.frozen.add(thing.id)
            elif name == "thaw":
                b.frozen.discard(e["thing"])
            elif name == "flood":
                b.land.discard(tuple(e["at"]))
            elif name == "target":
                b.target = tuple(e["at"])
                b.target_facing = e.get("facing")
            elif name == "wind":
                b.wind = int(e["to"])
            elif name == "card_drawn":
                self.n_drawn += 1
            elif name == "setup":
                b.wind = int(e["wind"])
                self.teams = list(e.get("order") or [])
                self._laid_out()

    def _follow(self, e: dict, thing) -> None:
        """What the card in play has done (for its summary); where the Target Token is."""
        name = e["event"]
        card = self.card
        self.in_play = placing(e, self.in_play)
        if name == "play":                    # (a card played at a PLAY symbol: its own)
            self.card = {"card": e["card"], "team": e.get("team"), "shot": None, "hurt": [],
                         "out": [], "sank": [], "iced": [], "held": [], "shield": None,
                         "teams": self.teams, "changes": 0}
            return
        if name == "end_turn":
            self.card = None
            self.token = False
            self.ended = True
        elif name == "target":
            self.token = True
        elif name == "activate":
            self.active = e["worm"]
            self.ended = False
        if card is None:
            return
        who = None
        if thing is not None and thing.kind == "worm":
            who = (thing.team, worm_number(thing))
        if name == "accuracy":
            card["shot"] = "hit" if e.get("picked") == "hit" else "miss"
        elif name == "damage" and who and who not in card["hurt"]:
            card["hurt"].append(who)
        elif name in ("freeze", "ice_holds") and who:     # encased; the ice held
            key = "iced" if name == "freeze" else "held"
            if who not in card[key]:
                card[key].append(who)
        elif name == "shield":
            card["shield"] = e["team"]
        elif name == "destroy" and who:
            card["sank" if e.get("cause") == "sank" else "out"].append(who)
            if who in card["hurt"]:
                card["hurt"].remove(who)
        if name in ("move", "destroy", "damage", "place", "flood"):
            card["changes"] += 1

    def _dealt(self, e: dict) -> list[Step]:
        """Setup: what each team is dealt, then the decks to build (with their counts)."""
        if self.deal is None:
            return []
        hands = dict(self.deal())
        decks = hands.pop("decks")             # what each deck holds (present.start_hands)
        order = e.get("order") or sorted(hands)
        dealt = [list(hands.get(team, ())) for team in order]
        if len(order) > 1 and all(d == dealt[0] for d in dealt):    # (the Starters, one face
            out = [Step(deal={"teams": list(order), "cards": dealt[0]})]   # down): one screen
        else:
            out = [Step(deal={"team": team, "cards": d}) for team, d in zip(order, dealt)]
        out += [Step(deal=page) for page in deck_pages(decks, self.cards() if self.cards else {})]
        return out

    def steps(self, events, tap_asked: bool = False, worm_asked: bool = False) -> list[Step]:
        """The steps for a new batch of events (and the tracker moves past them): the net
        changes grouped by hex, a screen each; a drop card, a rule or the wind said on a
        screen of its own; after a card, the Target Token off and a summary (said on the last
        screen of the batch's changes where it fits: joins.py).  Dice and coins the box rolled
        are not steps of their own: they are said beside what they did.
        ``tap_asked``: the players' tap of the Supply card the batch drew is asked next (the
        daemon knows): the last screen says so, and that tap can be its OK.  ``worm_asked``:
        the players choose the next turn's worm next: a wind change of the Drop step (after
        the turn's end) is said on that question (``contexts.wind_turned``), not on a screen."""
        out: list[Step] = []
        chunk: list[dict] = []
        self.marks = []
        self.opening = events[0] if events else None
        for i, e in enumerate(events):
            said = self._said_alone(e, chunk)
            if said is None:
                chunk.append(e)
                continue
            drawn = e["event"] == "draw"
            if drawn:                         # (a crate opened: said with the change it ends)
                chunk.append(e)
            out.extend(self._changes(chunk))
            self._mark(len(out), i + drawn)
            chunk = []
            asked = e["event"] == "wind" and worm_asked and self.ended
            joined = not asked and wind_joined(e, out, self.one_each)
            told = [] if joined or asked else said(e)
            implied = missed_told(out[-1:], told)       # (the summary in its place)
            del out[len(out) - implied:]
            last = summed(out[-1] if out else None, told[0].summary) \
                if len(told) == 1 and told[0].summary is not None else None
            if last is not None:                         # (on the last screen of changes)
                out[-1], told = last, []
            out += told
            self.apply([e])
            self._mark(len(out), i + 1, again=joined or implied or last is not None)
        out.extend(self._changes(chunk, tapped_next=tap_asked and self._tapped_next(chunk, events)))
        self._mark(len(out), len(events))
        return out

    def _tapped_next(self, chunk: list[dict], events) -> bool:
        """The batch drew one card from the players' own Supply deck (a crate opened) and
        its last screens are ``chunk``'s changes (nothing said on a screen of its own after
        them), so its tap, asked next, can confirm the last of them too."""
        draws = [e for e in events if e["event"] == "draw"]
        return (self.drawn is None and not self.one_each and len(draws) == 1
                and bool(chunk) and chunk[-1] is events[-1])

    def _own_answer(self, chunk: list[dict], event: str, kind: str | None = None) -> Hex | None:
        """Where ``chunk`` opens its batch with the players' own answer, for a team the
        players play: a crate placed where they chose it to go (a Drop card's or a card's: they
        put it there as they chose it; the question said when a worm there opens it), the
        Target Token where they aimed (they put it there as they aimed; the Accuracy dice that
        move it are said where it lands), the worm they chose (the question said it stands up,
        T2); else None.  (A batch is one answer's.)"""
        e = chunk[0]
        worm = e.get("worm") if event == "activate" else self.active
        if e is not self.opening or e["event"] != event or e.get("kind") != kind or \
                e.get("by") is not None or worm is None or split_id(worm)[0] in self.box:
            return None
        return tuple(e["at"])

    def _own_move(self, chunk: list[dict]) -> bool:
        """``chunk`` opens its batch with the players' inch or jump of a worm of a team they
        play, to the hex they chose: they have moved it there themselves as they chose it (a
        jump's die then says where it lands, if elsewhere)."""
        e = chunk[0]
        worm = self.board.things.get(e.get("thing") or "")
        return e is self.opening and e["event"] == "move" and e.get("by") in ("inch", "jump") \
            and worm is not None and worm.kind == "worm" and worm.team not in self.box

    def _mark(self, n: int, made_of: int, again: bool = False) -> None:
        """The first ``n`` steps made, of the first ``made_of`` events, leave the board as it
        is now (:attr:`marks`); ``again``: the last step took one more event's change."""
        while self.marks and self.marks[-1][0] > n:     # (a step taken back: joined)
            self.marks.pop()
        if again and self.marks and self.marks[-1][0] == n:
            self.marks[-1] = (n, self.board.copy(), made_of)
        elif n > (self.marks[-1][0] if self.marks else 0):
            self.marks.append((n, self.board.copy(), made_of))

    def _said_alone(self, e: dict, chunk: list[dict]) -> Callable[[dict], list[Step]] | None:
        """How an event said on screens of its own is said (before the changes since the last
        such event, ``chunk``, are applied), or None for an event whose changes are shown by
        hex."""
        name = e["event"]
        if name in ("roll", "flip"):
            return None
        if name == "setup":
            return self._setup_steps
        if self.drawn is not None and name in ("draw", "card_drawn"):
            return self._drawn_steps         # the box drew: it names the card to take
        if name == "draw":                   # the players draw: the card's tap asks for it
            return None
        if name in SAID:
            return self._said_steps
        if name in ("eliminated", "final_round") or (
                name == "activate" and len(self.board.worms(e.get("team"))) == 1):
            return _turn_said                # a turn that changes without a question: said
        if name == "end_turn":
            return self._end_turn_steps
        if name == "play" and (self.card is not None or any(c["event"] == "play" for c in chunk)):
            return self._summary_steps       # a card played at a PLAY symbol: the one before
        return None

    def _changes(self, chunk: list[dict], tapped_next: bool = False) -> list[Step]:
        """The net changes of ``chunk`` (applied), a step a hex; a blast flashed first; none
        for what the players just did or chose themselves (:meth:`_own_answer`; a worm they
        moved, :meth:`_own_move`: the changes after it are from where they put it).
        ``tapped_next``: a card drawn is tapped next, said on the last screen ("ch.draw_tap",
        :func:`with_tap`), whose OK that tap can be."""
        if not chunk:
            return []
        active, moved = self.active, self._own_move(chunk)
        worm = self.board.things.get((chunk[0].get("thing") if moved else next(
            (e["worm"] for e in chunk if e["event"] == "activate"), active)) or "")
        # (the worm whose turn it is: the players chose it and moved it)
        mover = (worm.team, worm_number(worm)) if worm is not None and worm.team else None
        crate = self._own_answer(chunk, "place", "crate")
        chosen = {"ch.place.crate": crate, "ch.crate_by_worm": crate,
                  "ch.target": self._own_answer(chunk, "target"),
                  "ch.heal": self._own_answer(chunk, "activate")}
        if crate is not None and self.in_play is not None and self.cards is not None:
            card = self.cards().get(self.in_play[0])    # (its question said what goes with it)
            chosen.update({f"ch.place.{k}": crate for k in
                           (placed_with(card, self.in_play[1]) if card is not None else ())})
        if moved:                    # (the players moved it there: what follows is from there)
            self.apply(chunk[:1])
            chunk = chunk[1:]
        before = self.board.copy()
        blast = next((tuple(e["at"]) for e in chunk if e["event"] == "blast"), None)
        self.apply(chunk)
        changes = with_rolls(diff(before, self.board, chunk),
                             rolled(chunk, before, self.board, active))
        changes = [c for c in changes if c.at is None or chosen.get(c.key) != c.at]
        screens = grouped(changes, self.one_each)
        if tapped_next:
            screens = with_tap(screens, Change("ch.draw_tap", {}), mover)
        return [Step(changes=tuple(page), at=at, blast=blast if i == 0 else None)
                for i, (at, page) in enumerate(screens)]

    def _setup_steps(self, e: dict) -> list[Step]:
        return self._dealt(e) + _by_kind(self._laid_out(), self.one_each)

    def _drawn_steps(self, e: dict) -> list[Step]:
        if e["event"] != "card_drawn":
            return []
        cards = self.drawn() if self.drawn is not None else []
        card = cards[self.n_drawn] if self.n_drawn < len(cards) else None
        return [Step(instruction=Instruction(
            "do.take" if card else "do.draw",
            {"team": e["team"], "card": card} if card else {"team": e["team"]}))]

    def _said_steps(self, e: dict) -> list[Step]:
        name = e["event"]
        out: list[Step] = []
        if name == "drop" and self.drawn is None:
            pass              # the players turned the Drop card over and tapped it: they know
        elif not (name == "rule" and e.get("card") is not None and e["card"] == self.sudden):
            out = [Step(instruction=i) for i in instructions([e], self.board)]
        if name in ("drop", "sudden_death"):
            self.sudden = e["card"] if name == "sudden_death" else None
        return out

    def _end_turn_steps(self, e: dict) -> list[Step]:
        """The Target Token taken off (on the card's summary, where a card was played) and
        the summary."""
        token = self.board.target if self.token else None
        if token is not None and self.card is None:
            off = Change("ch.target_off", {}, token)
            return [Step(changes=(off,), at=off.at)]
        return self._summary_steps(e, token)

    def _summary_steps(self, e: dict, token: Hex | None = None) -> list[Step]:
        """What the card in play did, on a screen of its own (before the next card played at
        its PLAY symbol, or at the end of the turn, with the Target Token to take off)."""
        if self.card is None:
            return []
        summary = {k: (list(v) if isinstance(v, list) else v) for k, v in self.card.items()}
        lost = {t for t, _ in (*summary["out"], *summary["sank"])}    # (what is new of it)
        summary["left"] = [(t, len(self.board.worms(t))) for t in summary["teams"] if t in lost]
        if token is not None:
            summary["token"] = list(token)
        return [Step(summary=summary)]


def _turn_said(e: dict) -> list[Step]:
    """A team out, the final round, or a team's last worm activated (nobody chose it)."""
    return [Step(instruction=turn_instruction(e))]


def _by_kind(laid: list[Instruction], one_each: bool = False) -> list[Step]:
    """The Things the box laid out, a screen for each team's worms (the figures are all alike
    at the start, so the flashing hexes say where each goes) and one for the other Things
    (each kind flashes in its own colour) (``one_each``: a screen for each Thing)."""
    groups: dict = {}
    for i in laid:
        key = "ch.place_worm" if i.key == "do.place_worm" else "ch." + i.key[3:]
        team = i.args.get("team") if key == "ch.place_worm" else None
        groups.setdefault((key == "ch.place_worm", team), []).append(
            Change(key, dict(i.args), i.at))
    if one_each:
        return [Step(changes=(c,), at=c.at) for cs in groups.values() for c in cs]
    return [Step(changes=tuple(cs)) for cs in groups.values()]
