"""What the players see between their answers: the board changes to copy (a screen a hex), the
summary after a card, the end of the game, and the refusals that say why; and what the daemon
and the shop demo both show of a game: its :func:`game_view`, the :func:`winner_frame`, a frame
on the LEDs (:func:`push_frame`).

The engine's decisions are asked by table/app/asking/prompts.py; this module holds the screens that
tell rather than ask.  A :class:`Step` is one screen of board changes (every change at one
hex), an announcement (a drop card, the wind) or a summary, confirmed with OK (the screens
it draws: table/app/showing/stepscreens.py); while it waits, the LEDs light every hex still to
change and flash the hex on show.
"""

from __future__ import annotations

from typing import Any, Mapping

from table.hexgrid import Hex
from table.devices.completion import Completion
from table.engine.state import GameResult
from table.engine.setup import HIDDEN
from table.ui import scenes, screens
from table.ui.summaries import game_summary
from table.ui.layout import card_name
from table.ui.strings import text

from table.app.asking.prompts import Answer, Notice, Prompt, Refuse, View
from table.app.showing import taps
from table.app.showing.stepscreens import changes_screen, deal_screen, summary_screen
from table.inputs import KEYS


class Step(Prompt):
    """One screen to copy onto the board (or to read), OK when done.  ``pending``: the hexes
    of the steps after this one, lit so the players see the whole chain at once."""

    def __init__(self, step, index: int | tuple[int, int], total: int,
                 pending: frozenset = frozenset()):
        self.step, self.index, self.total = step, index, total
        self.pending = pending
        self.animated = step.deal is None and (step.summary is None or step.at is not None or
                                               step.summary.get("token") is not None)

    @property
    def selected(self):
        return "ok"

    def screen(self, view: View) -> screens.Screen:
        s = self.step
        lang = view.lang
        if s.summary is not None and s.at is None:
            return summary_screen(lang, s, view.board, view.cards)
        if s.deal is not None:
            return deal_screen(lang, s.deal, view.cards)
        if s.changes:
            return changes_screen(lang, s, self.index, self.total)
        if s.instruction is not None:
            key = s.instruction.key
            if key in ("do.drop", "do.sudden_death"):
                title = text("drop.title" if key == "do.drop" else "sudden_death.title", lang)
                return screens.message(title, s.instruction.text(lang),
                                       footer=f"{text('button.ok', lang)} →")
            first = self.index if isinstance(self.index, int) else self.index[0]
            return screens.confirm(lang, s.instruction.text(lang), first, self.total)
        raise ValueError(f"a step with nothing to show: {s!r}")

    def frame(self, view: View, t: float) -> scenes.Frame:
        base = view.base()
        s = self.step
        if (s.summary is not None and s.at is None) or s.deal is not None:
            return _token_off(base, s.summary, t)
        # the hexes still to change breathe (their own colour, then dim), slower than the
        # blink of the hex on show: the whole chain at once, no colour of its own
        pending = {h: base[h] if scenes.on(t, 0.5) else scenes.scale(base[h], 0.15)
                   for h in self.pending if h in base}
        if s.changes:
            return _changes_frame(s, base, pending, t)
        ins = s.instruction
        if ins is None:
            return base
        if ins.key == "do.flood" and ins.at is not None:
            return scenes.new_water(base, [ins.at], 1.0)(t % 1.5)
        if ins.key == "do.wind":
            return scenes.wind_arrow(view.grid, ins.args["d"], base=scenes.dimmed(base))(t)
        return scenes.instruction(scenes.lit(base, pending), ins, t)

    @property
    def tapped_next(self) -> bool:
        """The card drawn is tapped next: its tap confirms this screen, then answers."""
        return taps.tapped_next(self.step)

    def press(self, event):
        return Answer(None) if event.name == "ok" and not event.long else None

    def tap(self, card_id):
        if card_id is not None and self.tapped_next:
            return Answer(None, then=card_id)        # OK, then the card for the draw
        return Refuse("error.finish_changes")


def _changes_frame(s, base: scenes.Frame, pending: dict, t: float) -> scenes.Frame:
    """A screen of changes: its blast now and again, where the moved Things come from and its
    hexes flashing, the hexes of the steps still to come breathing (``pending``)."""
    if s.blast is not None and t % 3.0 < 0.8:        # the blast, now and again
        return scenes.blast(base, s.blast, 0.8)(t % 3.0)
    frame = scenes.lit(scenes.dimmed(base, 0.5), pending)
    lit = {}
    for c in s.changes:
        if c.src is not None and c.src in base:
            lit[c.src] = scenes.WHITE if not scenes.on(t) else scenes.OFF
    # (setting up several kinds at once: each hex flashes its Thing's own colour)
    own = {} if s.at is not None else {
        c.at: scenes.THING_COLOURS[c.key.rsplit(".", 1)[1]] for c in s.changes
        if c.key.startswith("ch.place.")}
    for h in {c.at for c in s.changes if c.at is not None}:
        if h in base:
            lit[h] = scenes.WHITE if scenes.on(t) else own.get(h, base[h])
    return scenes.lit(frame, lit)


def _token_off(base: scenes.Frame, summary: dict | None, t: float) -> scenes.Frame:
    """A card's summary: the Target Token's hex, to take it off, blinking (if it stood)."""
    h = tuple((summary or {}).get("token") or ())
    return scenes.lit(base, {h: scenes.WHITE if scenes.on(t) else base[h]}) if h in base else base


def land_of(game):
    """The land ``game`` was laid on: as its setup record holds it (:attr:`Game.setup`), or
    while setup still goes on, as the engine's board has it (its map's land, or an automatic
    map's tiles as the engine laid them: nothing floods before the setup is over)."""
    setup = game.setup
    return (setup.board if setup is not None else game.board).land


def setup_board(game):
    """The board just after setup: as the game's setup record holds it (:attr:`Game.setup`,
    read from the log, never replayed)."""
    return game.setup.board


def start_hands(game) -> dict:
    """Each team's hand as dealt at setup, and under ``"decks"`` what the decks held
    (supply, drop, bottom: :attr:`Game.setup`, read from the log, never replayed)."""
    setup = game.setup
    decks = dict(setup.decks)
    if game.config.own_decks:       # the players' own deck: how many of its cards the box knows
        decks["known"] = sum(1 for c in game.base_cards.values()
                             if c.kind in ("supply", "superweapon"))
    return {**setup.hands, "decks": decks}


def box_drawn(game) -> list[str]:
    """The Supply cards the box drew for the players (it keeps the decks), in order."""
    return [e["card"] for e in game.log if e.get("reveal") == "supply" and e.get("card")]


def pending_hexes(steps) -> frozenset[Hex]:
    """Every hex the steps still to come will change."""
    out: set = set()
    for s in steps:
        out |= s.hexes
    return frozenset(out)


#: the game's steps that are no team's turn
SETUP_STEPS = ("map", "place", "draft", "start", "over")


def game_view(lang: str, game, grid: frozenset, cards: Mapping, board=None) -> View:
    """What a prompt draws from for ``game``: its board (or ``board``, the board as the players
    have it so far), whose turn it is (no team during setup and at the end), its events."""
    turn = game.turn
    team = turn.team if turn.step not in SETUP_STEPS else None
    return View(lang, game.board if board is None else board, grid, team,
                turn.worm if team else None, cards, game.events, turn.step,
                frozenset(t for t, _ in game.config.box),
                team is not None and HIDDEN in game.hands.get(team, ()), game.config)


def winner_frame(view: View, winners, t: float = 0.0) -> scenes.Frame:
    """The board dimmed, the winners' worms lit in their team's colour (blinking with ``t``)."""
    base = scenes.dimmed(view.base())
    lit = {w.at: scenes.TEAM_COLOURS.get(w.team, scenes.WHITE)
           for w in view.board.worms() if w.team is not None and w.team in winners}
    return scenes.lit(base, lit) if scenes.on(t, 1.0) else base


def push_frame(leds, frame: scenes.Frame) -> Completion | None:
    """Stage ``frame`` on the LEDs (hexes without an LED left out) and hand it over without
    waiting: None once shown, or the completion that tells when the Pico has it (the
    supervisor watches it: :meth:`Supervisor.safely`)."""
    leds.stage(frame)
    return leds.post()


def game_over(result: GameResult | None, events: list, frame=None) -> Notice:
    """The end: who won, worms left, turns played, the best chain; OK for a new game."""
    def draw(v: View) -> screens.Screen:
        title, body = game_summary(v.lang, result, events)
        return screens.message(title, body, hint=screens.go_on(v.lang))
    return Notice(draw, frame=frame)


def refusal(out: Refuse, lang: str) -> screens.Screen:
    """A refusal on the OLED: why, in the players' words."""
    if out.message:
        return screens.message(text("error.title", lang), out.message)
    return screens.error(lang, out.key, **_named(out.args, lang))


def _named(args: Mapping[str, Any], lang: str) -> dict:
    """Refusal arguments in words: a card id as its printed name, a team as its name."""
    out = dict(args)
    if "card" in out:
        from table.cards import library
        out["card"] = card_name(library(), out["card"], lang)
    if "team" in out:
        out["team"] = text(f"team.{out['team']}", lang)
    if "phase" in out:
        out["what"] = text(f"phase.{out.pop('phase')}", lang)
    return out


def legend_rows(lang: str) -> list[str]:
    """The colour legend's rows: each LED colour's meaning, then how to abandon the game."""
    return [*(text(key, lang, **args) for _, key, args, _ in scenes.LEGEND),
            text("legend.abandon", lang)]


class Legend(Prompt):
    """What each LED colour means (a long press of OK): a list on the OLED; the LEDs light
    the colour of the row under the cursor on every hex that holds it (or a ring round the
    dial when none does).  Its last row says that holding OK abandons the game (asked first,
    table/app/abandon.py).  OK or Back closes it."""
    animated = True

    def __init__(self):
        self.cursor = 0

    def screen(self, view: View) -> screens.Screen:
        return screens.menu(text("legend.title", view.lang), legend_rows(view.lang), self.cursor)

    def frame(self, view: View, t: float) -> scenes.Frame:
        base = scenes.dimmed(view.base(), 0.15)
        if self.cursor == len(scenes.LEGEND):          # the abandon row: no colour to light
            return base
        what, _, _, colour = scenes.LEGEND[self.cursor]
        board = view.board
        hexes = [h for h in base if what in scenes.THING_COLOURS
                 and any(th.kind == what for th in board.in_hex(h))]
        if what == "water":
            hexes = [h for h in base if not board.is_land(h)]
        elif what == "land":
            hexes = [h for h in base if board.is_land(h) and not board.in_hex(h)]
        if not hexes:
            from table.hexgrid import ring
            hexes = [h for h in ring((0, 0), 1) if h in base]
        return scenes.lit(base, {h: colour for h in hexes}) if scenes.on(t, 1.0) else base

    def press(self, event):
        if event.long:
            return None
        if event.name in KEYS:
            return Answer(None)
        from table.app.asking.prompts import UP, scroll
        if event.name in UP:
            self.cursor = scroll(self.cursor, len(scenes.LEGEND) + 1, event.name)
        return None

    def tap(self, card_id):
        return None


def fault_notice(name: str, err) -> Notice:
    """A device failed (``err``) or, with ``err`` None, works again."""
    from table.app.core.supervisor import ui_name
    if err is not None:
        return Notice(lambda v: screens.fault(v.lang, ui_name(name, err)))
    return Notice(lambda v: screens.message(
        text("fault.title", v.lang),
        text("fault.back", v.lang, name=text(f"device.{ui_name(name, None)}", v.lang)),
        mark=screens.OK_ON))


def with_clock(image, seconds: float):
    """The prompt's screen with the turn timer's minutes:seconds at the right of its title."""
    from PIL import ImageDraw
    from table.fonts import font
    left = max(0, int(seconds + 0.999))
    label = f"{left // 60}:{left % 60:02d}"
    image = image.copy()
    draw = ImageDraw.Draw(image)
    f = font(12)
    w = int(f.getlength(label)) + 4
    draw.rectangle((128 - w, 0, 127, 12), fill=0)
    draw.text((128 - w + 2, 0), label, font=f, fill=1)
    return image


def fault_frame(frame, t: float):
    """A device is missing: the outer ring of the grid pulses red, the rest stays."""
    if (t % 4) >= 1.5:
        return frame
    from table.hexgrid import distance
    far = max((distance((0, 0), h) for h in frame), default=0)
    return scenes.lit(frame, {h: (255, 0, 0) for h in frame if distance((0, 0), h) == far})
