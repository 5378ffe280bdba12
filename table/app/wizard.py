"""The new-game wizard on the box: language, teams, optional rules, dice, decks, placement,
the map.

One :class:`Wizard` walks the stages; each stage is a prompt (table/app/asking/prompts.py), so the
buttons, the encoder and the browser view work it like any game decision.  OK chooses, Back
goes one stage back.  Map entry: lay the box's map tiles one by one (table/app/asking/tileplace.py),
or mark hexes: a cursor on the LED grid, OK makes the hex land or water, a long OK finishes;
the marked map starts as the last map played (or the standard map).  ``finish``
gives the :class:`GameConfig` and the settings to remember (language, map).

Every answer is kept in the settings as it is given (``memory``, the state folder:
settings.json's "wizard"),
so a box restarted during the wizard comes back at the same stage with the same answers and
language; a finished wizard's answers are the next one's defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from table.engine.config import LEVELS
from table.engine.game import OPTIONS, GameConfig
from table.hexgrid import Hex, neighbour
from table.engine.board import BOX, WORMS_PER_TEAM
from table.engine.setup import OBJECTS, capacity_problem, standard_land
from table.ui import scenes, screens, wizardscreens
from table.langs import LANGS
from table.ui.strings import OPTIONAL_RULES, TEAMS, text

from table.app.asking.prompts import Answer, Menu, Prompt, Refuse, View
from table.app.teach.teacher import SUPPLY_DECK, Count, TeachPass
from table.app.asking.tileplace import TilePlacer
from table.inputs import DIRECTIONS, TURNS

STAGES = ("lang", "teams", "seats", "rules", "dice", "decks", "placement", "map", "editor",
          "tiles", "count", "pass")
MINUTES = (1, 2, 3, 5, 10)


def map_refusal(land, teams: int) -> Refuse | None:
    """Why a map cannot be played by ``teams`` teams, in words the screen translates (the
    engine's :func:`capacity_problem` decides; its numbers are said with plural forms)."""
    if capacity_problem(land, teams) is None:
        return None
    things = teams * (WORMS_PER_TEAM + len(OBJECTS))
    if len(land) * 3 < things:
        return Refuse("map.too_small", {"n": len(land), "need": -(-things // 3)})
    return Refuse("map.too_many_teams", {"n": min(BOX[k] for k in OBJECTS)})


class MapEditor(Prompt):
    """Mark the land: the cursor steps over the grid; OK toggles land; a long OK finishes."""

    def __init__(self, grid, land, water: Hex | None, teams: int):
        self.grid = frozenset(grid)
        self.water = water                       # the Wind Dial's hex is always water
        self.land = {h for h in land if h in self.grid and h != water}
        self.teams = teams
        self.cursor = min(self.land, key=lambda h: (abs(h[0]) + abs(h[1]), h)) if self.land \
            else next(iter(sorted(self.grid)))

    @property
    def selected(self):
        return self.cursor

    def screen(self, view):
        return screens.message(text("map.title", view.lang), text("map.prompt", view.lang))

    def frame(self, view, t):
        frame = {h: ((90, 60, 0) if h in self.land else scenes.WATER) for h in self.grid}
        return scenes.cursor(frame, self.cursor, t)

    def next_hex(self, here: Hex, d: int) -> Hex:
        """Where direction button ``d`` takes the cursor from ``here`` (it stays on the grid)."""
        nxt = neighbour(here, d)
        return nxt if nxt in self.grid else here

    def press(self, event):
        name = event.name
        if name == "ok" and event.long:
            return map_refusal(self.land, self.teams) or Answer(tuple(sorted(self.land)))
        if event.long:
            return None
        if name in DIRECTIONS:
            self.cursor = self.next_hex(self.cursor, int(name))
        elif name in TURNS:
            order = sorted(self.grid)
            i = order.index(self.cursor)
            self.cursor = order[(i + (1 if name == "cw" else -1)) % len(order)]
        elif name == "ok" and self.cursor != self.water:
            self.land ^= {self.cursor}
        return None


class SeatsMenu(Menu):
    """Who plays each team: OK on a team goes round players and the box's levels; Start is
    refused while no team is left to people."""

    def __init__(self, box: dict[str, str], teams: list[str]):
        super().__init__("", [], teams + ["start"], len(teams),
                         draw=lambda v, c: wizardscreens.seats_menu(v.lang, teams, box, c))
        self.box = box
        self.teams = teams

    def press(self, event):
        out = super().press(event)
        if isinstance(out, Answer) and out.value == "start" and len(self.box) >= len(self.teams):
            return Refuse("wizard.seats_none", {})
        return out


class TeamsMenu(Menu):
    """The teams as checkboxes: OK on a colour ticks or clears it (any colours), OK on Start
    goes on once two or more are ticked (else says so)."""

    def __init__(self, chosen: set[str], draw):
        super().__init__("", [], ["start", *TEAMS], 0, draw=draw)
        self.chosen = chosen

    def press(self, event):
        if (event.name == "ok" and not event.long and self.selected == "start"
                and len(self.chosen) < 2):
            return Refuse("wizard.two_teams")
        return super().press(event)


class Wizard:
    def __init__(self, grid, lang: str = "en", last_map=None, water: Hex | None = (0, 0),
                 tiles=None, cards: Mapping | None = None, memory=None):
        self.cards = cards if cards is not None else {}   # the library (table/cards)
        self.grid = frozenset(grid)
        self.tiles = tiles                      # the box's map tiles (None: read when asked)
        self.water = water
        self.lang = lang if lang in LANGS else "en"
        if last_map is None and memory is not None:   # the map played last (settings.json)
            last_map = memory.settings.get("last_map")
        last = tuple(map(tuple, last_map or ()))
        # a last map off the box's grid (another box's settings, a damaged file) is not offered
        self.last_map = last if last and set(last) <= self.grid else None
        self.colours: set[str] = set(TEAMS[:2])
        self.box: dict[str, str] = {}           # the teams the box plays, and at what level
        self.rules: set[str] = set()
        self.own_dice = False
        self.own_decks = True                   # the players draw from the real decks
        self.deck_size = 30                     # the teach pass: cards in the Supply deck
        self.knows_cards = cards is not None
        self.placement = "auto"
        self.minutes = 1
        self.stage = "lang"
        self.result: GameConfig | None = None
        self.memory = memory                    # the state folder: answers kept in settings
        self._recall()
        self.prompt = self._make()

    @property
    def supply(self) -> tuple[int, bool] | None:
        """How many Supply cards the library knows, and whether the box can draw the deck
        ("Box draws" is offered only then; None: not known, offered); counted when asked, so
        the cards taught in the wizard count."""
        if not self.knows_cards:
            return None
        from table.cards import holds_supply_deck, supply_known
        return supply_known(self.cards)[0], holds_supply_deck(self.cards)

    @property
    def teams(self) -> int:
        return len(self.colours)

    @teams.setter
    def teams(self, n: int) -> None:
        """The first ``n`` team colours ticked."""
        self.colours = set(TEAMS[:n])

    # -- what a restart keeps ----------------------------------------------------------------
    def _recall(self) -> None:
        """The answers of a wizard the box was restarted in (its stage too; a finished one's
        answers as the defaults, from the first stage)."""
        kept = self.memory.settings.get("wizard") if self.memory is not None else None
        if not isinstance(kept, dict):
            return
        try:
            colours = {c for c in kept.get("colours", ()) if c in TEAMS}
            if len(colours) >= 2:
                self.colours = colours
            self.rules = {r for r in kept.get("rules", ()) if r in OPTIONAL_RULES}
            self.own_dice = bool(kept.get("own_dice", False))
            self.own_decks = bool(kept.get("own_decks", True))
            if kept.get("placement") in ("auto", "players"):
                self.placement = kept["placement"]
            if kept.get("minutes") in MINUTES:
                self.minutes = kept["minutes"]
            if kept.get("lang") in LANGS:
                self.lang = kept["lang"]
            box = kept.get("box") or {}
            self.box = {t: lv for t, lv in box.items() if t in self.colours and lv in LEVELS}
            if kept.get("stage") in STAGES and kept["stage"] not in ("editor", "tiles"):
                self.stage = kept["stage"]
        except (TypeError, AttributeError):     # a hand-edited file: start afresh
            return

    def _keep(self, done: bool = False) -> None:
        if self.memory is None:
            return
        settings = self.memory.settings
        settings["wizard"] = {"lang": self.lang, "stage": "lang" if done else self.stage,
                              "colours": sorted(self.colours, key=TEAMS.index),
                              "rules": sorted(self.rules), "own_dice": self.own_dice,
                              "own_decks": self.own_decks, "placement": self.placement,
                              "minutes": self.minutes, "box": dict(self.box)}
        settings["lang"] = self.lang
        self.memory.save_settings(settings)

    # -- stages ------------------------------------------------------------------------------
    def _make(self) -> Prompt:
        lang = self.lang
        if self.stage == "lang":
            return Menu("", list(LANGS), list(LANGS), LANGS.index(self.lang),
                        draw=lambda v, c: wizardscreens.language_menu(c))
        if self.stage == "teams":
            return TeamsMenu(self.colours,
                             draw=lambda v, c: wizardscreens.teams_menu(v.lang, self.colours, c))
        if self.stage == "seats":
            teams = [t for t in TEAMS if t in self.colours]
            return SeatsMenu(self.box, teams)
        if self.stage == "rules":
            return Menu("", [], list(OPTIONAL_RULES) + ["start"], len(OPTIONAL_RULES),
                        draw=lambda v, c: wizardscreens.rules_menu(v.lang, self.rules, c))
        if self.stage == "dice":
            return Menu("", [text("wizard.dice_auto", lang), text("wizard.dice_own", lang)],
                        ["auto", "own"], int(self.own_dice),     # (labels: the page marks one)
                        draw=lambda v, c: wizardscreens.dice_menu(v.lang, c))
        if self.stage == "decks":
            if self.supply is not None and not self.supply[1]:
                known = self.supply[0]
                return Menu("", [], ["players", "teach"], 0,
                            draw=lambda v, c: wizardscreens.decks_menu(v.lang, c, known=known))
            return Menu("", [], ["players", "box", "teach"], int(not self.own_decks),
                        draw=lambda v, c: wizardscreens.decks_menu(v.lang, c))
        if self.stage == "count":        # the teach pass (table/app/teach/teacher.py)
            known = sum(c.copies for c in self.cards.values() if c.kind in SUPPLY_DECK)
            return Count(text("teach.pass_title", lang), text("teach.pass_count", lang),
                         known or 30)
        if self.stage == "pass":
            return TeachPass(self.cards, self.deck_size)
        if self.stage == "placement":
            return Menu(lambda v: text("wizard.placement", v.lang),
                        [text("wizard.place_auto", lang), text("wizard.place_own", lang)],
                        ["auto", "players"], int(self.placement == "players"))
        if self.stage == "map":
            # (laying the box's tiles, the rulebook's way, before marking hexes one by one)
            values = (["last"] if self.last_map else []) + (["tiles"] if self._tiles() else [])
            values += ["new"]
            if "timer" in self.rules:
                values.append("timer")
            return Menu("", [], values, 0, draw=partial(self._map_menu, values))
        if self.stage == "tiles":
            return TilePlacer(self.grid, self._tiles(), self.water, self.teams, map_refusal)
        land = self.last_map or tuple(standard_land(self.teams))
        return MapEditor(self.grid, land, self.water, self.teams)

    def _tiles(self) -> list:
        """The box's map tiles for laying the map tile by tile (none if the file is bad: the
        map is then marked hex by hex)."""
        if self.tiles is None:
            from table.cards.tiles import TileError, box_tiles
            try:
                self.tiles = box_tiles()
            except TileError:
                self.tiles = []
        return self.tiles

    def _map_menu(self, values: list[str], view: View, cursor: int) -> screens.Screen:
        items = []
        for v in values:
            if v == "last":
                items.append(text("wizard.last_map", view.lang))
            elif v == "new":
                items.append(text("wizard.new_map", view.lang))
            elif v == "tiles":
                items.append(text("wizard.tile_map", view.lang))
            else:
                items.append(f"{text('wizard.timer', view.lang)}: "
                             f"{text('wizard.minutes', view.lang, n=self.minutes)}")
        value = values[cursor]
        return screens.explained_menu(text("wizard.title", view.lang), items,
                                      text(f"map_help.{value}", view.lang), cursor)

    def _go(self, stage: str) -> None:
        self.stage = stage
        self.prompt = self._make()
        self._keep()

    # -- inputs ------------------------------------------------------------------------------
    def back(self) -> None:
        i = STAGES.index(self.stage)
        if self.stage in ("editor", "tiles"):
            self._go("map")
        elif self.stage in ("count", "pass"):
            self._go("decks")
        elif i > 0:
            self._go(STAGES[i - 1])

    def answer(self, value) -> GameConfig | None:
        """Take the current prompt's answer; the config once the wizard is done."""
        s = self.stage
        if s == "lang":
            self.lang = value
            self._go("teams")
        elif s == "teams":
            if value == "start":
                self.box = {t: lv for t, lv in self.box.items() if t in self.colours}
                self._go("seats")
            else:
                self.colours ^= {value}
                if isinstance(self.prompt, Menu):
                    self.prompt.cursor = 0         # back on Start: most groups are done
                self._keep()
        elif s == "seats":
            self._seat(value)
            self._keep()
        elif s == "rules":
            if value == "start":
                self._go("dice")
            else:
                self.rules ^= {value}
                self._keep()
        elif s == "dice":
            self.own_dice = value == "own"
            self._go("decks")
        elif s == "decks" and value == "teach":
            self._go("count")
        elif s == "count":
            self.deck_size = value
            self._go("pass")
        elif s == "pass":
            self._go("decks")
        elif s == "decks":
            self.own_decks = value != "box"
            self._go("placement")
        elif s == "placement":
            self.placement = value
            self._go("map")
        elif s == "map":
            if value == "timer":
                self.minutes = MINUTES[(MINUTES.index(self.minutes) + 1) % len(MINUTES)] \
                    if self.minutes in MINUTES else MINUTES[0]
                self._keep()
            elif (value == "last" and self.last_map is not None
                  and not capacity_problem(set(self.last_map), self.teams)):
                return self._finish(self.last_map)
            elif value == "tiles":
                self._go("tiles")
            else:
                self._go("editor")
        elif s in ("editor", "tiles"):
            return self._finish(value)
        return None

    def _seat(self, value) -> None:
        """OK on a team: players, then the box at each level in turn; on Start: on (the menu
        refuses it while no team is left to people)."""
        if value != "start":
            order = [None, *LEVELS]
            nxt = order[(order.index(self.box.get(value)) + 1) % len(order)]
            if nxt is None:
                self.box.pop(value, None)
            else:
                self.box[value] = nxt
        elif len(self.box) < self.teams:
            self._go("rules")

    def _finish(self, land) -> GameConfig:
        options = tuple(o for o in OPTIONS if o in self.rules)
        colours = tuple(t for t in TEAMS if t in self.colours)
        self._keep(done=True)
        self.result = GameConfig(teams=self.teams, options=options,
                                  colours=None if colours == TEAMS[:self.teams] else colours,
                                  land=tuple(sorted(map(tuple, land))),
                                  placement=self.placement, own_dice=self.own_dice,
                                  own_decks=self.own_decks,
                                  box=tuple((t, self.box[t]) for t in TEAMS if t in self.box),
                                  timer_seconds=60 * self.minutes)
        return self.result
