"""The box at a team's seat: it answers that team's decisions itself (issue 25).

A team the wizard gave to the box (``GameConfig.box``: team and level) is played by a bot of
that level (table/bots).  The box answers every decision of that team except the ones that
are things done at the table with real pieces: a die the players roll for it and type in, a
Danger Flipper they flip, a card they draw for it from their deck and tap (``PEOPLE``).

The bot for each decision is made afresh, seeded by the game's seed, the team and the
position (the log's length), and its budget is a count of trials, never a time: so the same
position always gets the same answer, and a replay of the journal, an undo or a resume after a
power cut choose exactly as before.

What the box did is said in one line when it plays a card (:func:`say`), under the title
"Box (Red)": "Grenade, aim: blue worm 2, 4 dice".
"""

from __future__ import annotations

from collections.abc import Mapping
import logging
import threading
from typing import Any, Callable

from table.engine import decisions
from table.engine.decisions import PASS, Decision, Purpose
from table.librarygame import LibraryGame
from table.ui import screens
from table.ui.instructions import worm_number
from table.ui.hexnames import hex_name
from table.ui.layout import card_name
from table.ui.strings import text, worm_short

from table.app.host import Host
from table.app.core.mode import Mode
from table.app.asking.prompts import Notice, Prompt, View

log = logging.getLogger("worms-table")

#: decisions people answer for the box with real pieces: typed dice, a flip, a tapped card
PEOPLE = frozenset(decisions.TYPED)


def team_of(game, d: Decision) -> str | None:
    """The team a decision belongs to (its actor: a team, or a seat before teams are dealt)."""
    return decisions.team_of(d.actor, game.seats)


def box_team(game) -> str | None:
    """The team whose decision the box answers now, or None (players answer it)."""
    d = game.request
    if d is None or d.kind in PEOPLE or game.result is not None:
        return None
    team = team_of(game, d)
    return team if game.config.box_level(team) else None


def choose(game, seed, level: str | None = None) -> Any:
    """The box's answer to ``game.request`` (a box team's decision): may take a while (the
    hard level's search), touches nothing of ``game``.  ``level``: the box's level at every
    seat (the shop demo's show, bots in all the seats); None: the level the game gives the
    team to answer."""
    from table.bots import for_level    # not before a box team's first turn: a start's CPU

    team = team_of(game, game.request)
    level = level or game.config.box_level(team)
    return for_level(level, f"{seed}:{team}:{len(game.log)}")(game)


def say(game, d: Decision, answer, lang: str, cards: Mapping) -> str | None:
    """The one line saying what the box does with ``answer`` to ``d``, where it is worth a
    line: the card it plays and where it aims (the worm and the hex in words), or that it
    plays none."""
    if d.purpose is Purpose.WEAPON and answer == PASS:
        return text("box.passes", lang)
    if d.purpose is Purpose.WEAPON and _card(cards, answer) is not None:
        # its cards lie face down at its place: the people show the one it plays
        return text("box.discard", lang, card=card_name(cards, answer, lang))
    if d.purpose is Purpose.TARGET and d.card is not None:
        dice = d.info[d.options.index(answer)] if d.info else None
        what = _at(game, answer, lang)
        if isinstance(dice, int) and dice > 0:
            return text("box.aims_dice", lang, card=card_name(cards, d.card, lang), target=what,
                        n=dice)
        return text("box.aims", lang, card=card_name(cards, d.card, lang), target=what)
    return None


def explain(game, d: Decision, answer, lang: str, cards: Mapping) -> str | None:
    """:func:`say`'s line and why, where a few words say it (table/bots/explain.py):
    "No weapon this turn: passing wins"."""
    from table.bots.explain import why    # (the box has chosen: the bots are loaded)

    line = say(game, d, answer, lang, cards)
    team = team_of(game, d)
    key = why(game, d, answer, team) if line is not None and team is not None else None
    return line if key is None else text("box.because", lang, line=line, why=text(key, lang))


def _card(cards: Mapping, card_id):
    return cards.get(card_id) if isinstance(card_id, str) else None


def _at(game, hex_, lang: str) -> str:
    """What the box aims at: the first worm on the hex, else the hex, and where it is in
    words (walked from the Wind Dial, as the LEDs light it)."""
    where = hex_name(lang, hex_)
    worms = [t for t in game.board.in_hex(hex_) if t.kind == "worm"]
    if worms:
        w = worms[0]
        return text("box.worm_at", lang, worm=worm_short(lang, w.team, worm_number(w)), where=where)
    return text("box.hex_at", lang, where=where)


class Thinking(Prompt):
    """On show while the box works out its answer: the board as it stands; inputs wait."""

    animated = False

    def __init__(self, team: str):
        self.team = team

    def screen(self, view: View) -> screens.Screen:
        return screens.box_thinking(view.lang, self.team)

    def frame(self, view: View, t: float):
        return view.base()

    def press(self, event):
        return None

    def tap(self, card_id):
        return None


class BoxPlayer:
    """The daemon's box seats: starts the box thinking when a box team's decision is on show
    (off the loop, in a worker thread: the hard level's search may take seconds on a Pi),
    then, back on the loop, gives its answer and shows what it does before its steps.

    While it thinks, nothing else may change the game (the thread reads it): the daemon shows
    :attr:`prompt` (which takes no input) and refuses undo and the timer (:attr:`busy`)."""

    def __init__(self, daemon: Host, run_in_thread: Callable[..., Any] | None = None):
        self.daemon = daemon
        self.run_in_thread = run_in_thread or _thread
        self.off = False            # True: another part answers for the box (the demo's show)

    @property
    def prompt(self) -> Thinking | None:
        """On show while the box thinks (the table's state holds it)."""
        return self.daemon.state.thinking

    @property
    def busy(self) -> bool:
        return self.prompt is not None

    def poll(self) -> None:
        """Start thinking if the box is to answer the game's request now (nothing else on
        show first: the steps to copy, a notice) and is not yet at it."""
        d = self.daemon
        game = d.game
        if (self.off or self.prompt is not None or game is None or d.mode != Mode.PLAY
                or d.overlay is not None or d.queue):
            return
        team = box_team(game)
        if team is None:
            return
        d.state.set(thinking=Thinking(team))
        at = len(game.log)

        def work() -> None:
            try:
                value = choose(game, game.seed)
            except Exception:                 # never a dead table: the players see the prompt
                log.exception("the box failed to choose for %s", team)
                d.bridge.call(self._done, game, None, -1)
                return
            d.bridge.call(self._done, game, value, at)
        self.run_in_thread(work)

    def _done(self, game: LibraryGame, value: Any, at: int) -> None:
        d = self.daemon
        d.state.set(thinking=None)
        if game is d.game and len(game.log) == at and box_team(game) is not None:
            notice = said(game, value, d.lang)
            d.answer(value)
            d.state.set(overlay=d.overlay or notice)
        d.render()


def said(game, value, lang: str) -> Notice | None:
    """What the box is about to do with ``value`` (before it is given: the target is named as
    it stands), as a notice until OK; None where it is not worth a screen."""
    d = game.request
    team = team_of(game, d)
    line = explain(game, d, value, lang, game.cards)
    if line is None or team is None:
        return None
    log.info("box (%s): %s", team, explain(game, d, value, "en", game.cards))
    short = say(game, d, value, lang, game.cards)
    return Notice(lambda v: screens.box_turn(v.lang, team, line, short))


def unwind(jg) -> None:
    """After an undo, go on undoing the box's own answers, back to the last one people gave
    (the box would only give its answers again); stops where nothing more can be undone."""
    while box_team(jg.game) is not None and jg.can_undo:
        if not jg.undo():
            return


def _thread(fn: Callable[[], None]) -> None:
    threading.Thread(target=fn, name="box-thinking", daemon=True).start()
