"""The review sheet's screens of a game (:mod:`table.review.gallery`): setting up, the turn's
prompts, the steps to copy, the ends."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from itertools import permutations

from table.cards import library
from table.engine.decisions import PASS, SKIP, Decision, DecisionKind, Movement, Purpose, Way
from table.engine.setup import pile_worm
from table.engine.state import GameResult
from table.fonts import font
from table.hexgrid import neighbour
from table.ui import screens
from table.ui.changes import Change
from table.ui.screenfuls import off_lines, off_pages
from table.ui.instructions import Instruction
from table.ui.strings import FACES, LASTING_RULES, POOL_KINDS, TEAMS, text, worm_name

from table.review.kit import COUNTS, GRID, Draw, asked, drawn, table_view, widest, widest_card, widest_team
from table.app.showing.deckpages import deck_pages
from table.app.showing.stepscreens import deal_screen
from table.app.showing.views import Step, game_over
from table.app.asking.prompts import HexPick, View, for_decision


def setup(lang: str) -> Iterator[tuple[str, Draw]]:
    view = table_view(lang)
    team = widest_team(lang)
    yield from asked(view, Decision(DecisionKind.PILE, (pile_worm(team), "oil_drum", "mine", "crate"),
                                   pile_worm(team), Purpose.PLACE, team), "what to place")
    for item in (pile_worm(widest_team(lang, "team_adj")), "oil_drum", "mine", "crate"):
        yield from asked(view, Decision(DecisionKind.HEX, ((1, 0), (2, 0)), (1, 0), Purpose.PLACE, team,
                                        item=item),
                        f"where the {item} goes")
    yield from steps_of(view, [raw_step(changes=(Change("ch.place_worm", {"team": team, "n": "1"},
                                                   (0, 1)),) * 4)]
                      + [raw_step(changes=(Change(f"ch.place.{k}", {}, (0, 1)),) * 6)
                         for k in POOL_KINDS], "setting up")
    cards = library()
    weapons = [c for c in cards if cards[c].kind in ("starter", "supply", "superweapon")]
    hand = sorted(weapons, key=lambda c: -font(12).getlength(cards[c].name(lang)))[:5]
    deals: list[dict] = [{"team": team, "cards": hand},
                         {"team": team, "cards": ["uzi", "bazooka", "ninja_rope", "girder", "?"]},
                         {"teams": [team], "cards": ["uzi", "bazooka", "ninja_rope", "girder", "?"]}]
    supply = sorted((c for c in cards if cards[c].kind == "supply"),
                    key=lambda c: -font(12).getlength(cards[c].name(lang)))[:6]
    drop = [c for c in cards if cards[c].kind == "drop"][:3] * 4
    for decks in ({"supply": supply, "drop": drop, "bottom": "?"},      # (as many as fit)
                  {"supply": supply, "known": 12, "drop": drop, "bottom": "?"}):
        deals += deck_pages(decks, cards)
    for deal in deals:
        yield "dealing", partial(deal_screen, lang, deal, cards)
    sds = tuple(c for c in cards if cards[c].kind == "sudden_death")
    yield from asked(view, Decision(DecisionKind.CARD, sds, sds[0], Purpose.DRAFT, team),
                    "Sudden Death draft")


def turn(lang: str) -> Iterator[tuple[str, Draw]]:
    team = widest_team(lang)
    view = table_view(lang, team)
    here = view.worm_at()
    worms = tuple(w.id for w in view.board.worms(team))
    yield from asked(view, Decision(DecisionKind.WORM, worms, worms[0], Purpose.ACTIVATE, team),
                     "choose a worm")
    before = View(lang, view.board, GRID, team, None, view.cards)
    yield from asked(before, Decision(DecisionKind.WORM, worms, worms[0], Purpose.ACTIVATE, team),
                    "choose a worm (none yet)")
    assert here is not None
    n1, far = neighbour(here, 1), neighbour(neighbour(here, 4), 4)
    moves = (SKIP, Movement(Way.INCH, n1), Movement(Way.JUMP, n1), Movement(Way.JUMP, far))
    for phase in ("move1", "move2"):
        pv = table_view(lang, team, phase)
        yield from asked(pv, Decision(DecisionKind.MOVE, moves, moves[0], Purpose.MOVE, team),
                         f"{phase}")
    back = (SKIP, Movement(Way.JUMP, here), Movement(Way.INCH, n1))    # a jump that lands back

    def jumping(options: tuple, *presses: str) -> Callable[[], HexPick]:
        def make() -> HexPick:
            from table.devices.buttons import InputEvent
            p = for_decision(Decision(DecisionKind.MOVE, options, options[0], Purpose.MOVE, team),
                             view)
            for name in ("ok",) + presses:                # OK on the worm: where to jump?
                p.press(InputEvent(name))
            return p                                      # type: ignore[return-value]
        return make
    yield "where to jump", drawn(jumping(moves, "1"), view)
    yield "jump in place", drawn(jumping(back), view)
    hand = ("uzi", "bazooka", widest_card(lang))
    yield from asked(view, Decision(DecisionKind.CARD, hand + (PASS,), PASS, Purpose.WEAPON,
                                    team), "weapon")
    yield from asked(table_view(lang), Decision(DecisionKind.CARD, hand, hand[0], Purpose.PLAY),
                     "a card to play")
    for deck in ("supply", "drop"):
        yield from asked(view, Decision(DecisionKind.CARD_TAPPED, hand, hand[0], Purpose.DRAW,
                                        team, item=deck),
                        f"draw from the {deck} deck")
    yield from aiming(lang, view, team)
    yield from choices(lang, view, team)


def aiming(lang: str, view: View, team: str) -> Iterator[tuple[str, Draw]]:
    card = widest_card(lang)
    enemy = widest([w for w in view.board.worms() if w.team != team],
                   lambda w: worm_name(lang, w.team or "", 4))
    for n in COUNTS:
        d = Decision(DecisionKind.HEX, (enemy.at, (3, 0)), enemy.at, Purpose.TARGET, team,
                     card=card, info=(n, 1))
        yield from asked(view, d, f"aim ({n} dice)")
    d = Decision(DecisionKind.HEX, ((3, 0), (3, -1)), (3, 0), Purpose.MOVE, team, card=card)
    yield from asked(view, d, "a card's hex")
    d = Decision(DecisionKind.HEX, ((3, 0), enemy.at), (3, 0), Purpose.EMPTIEST, team)
    dropping = View(lang, view.board, GRID, team, view.worm, view.cards,
                    [{"event": "drop", "card": widest_card(lang, ("drop",))}])
    yield "where a drop card's Thing goes", lambda: for_decision(d, dropping).screen(dropping)
    mined = View(lang, view.board, GRID, team, view.worm, view.cards,
                 [{"event": "drop", "card": "mine_drop"}])
    yield "where a drop card's crate and its Mine go", lambda: for_decision(d, mined).screen(mined)
    d = Decision(DecisionKind.DIE_TYPED, FACES, FACES[0], Purpose.ROLL, team,
                 info=("accuracy", 1, 2, None))
    played = View(lang, view.board, GRID, team, view.worm, view.cards,
                  [{"event": "play", "card": card}])
    yield "a die typed for the card's accuracy", lambda: for_decision(d, played).screen(played)


def choices(lang: str, view: View, team: str) -> Iterator[tuple[str, Draw]]:
    card = widest_card(lang)
    things = tuple(t.id for t in view.board.things.values())
    asks = [Decision(DecisionKind.DIE, ("1", "hit", "wind", "6", "3"), "hit", Purpose.ACCURACY, team),
            Decision(DecisionKind.DIRECTION, tuple(range(1, 7)), 1, Purpose.KNOCKBACK, team),
            Decision(DecisionKind.DIRECTION, tuple(range(1, 7)), 1, Purpose.FACING, team, card=card),
            Decision(DecisionKind.DIRECTION, tuple(range(1, 7)), 1, Purpose.FACING, team),
            Decision(DecisionKind.THING, things, things[0], Purpose.PROD, team),
            Decision(DecisionKind.THING, things, things[0], Purpose.AFFECT, team, card=card),
            Decision(DecisionKind.THING, things, things[0], Purpose.NEXT, team),
            Decision(DecisionKind.ORDER, tuple(permutations(("crate", "mine", "fire"))),
                     ("crate", "mine", "fire"), Purpose.ENTRY, team),
            Decision(DecisionKind.DIE_TYPED, FACES, FACES[0], Purpose.ROLL, team),
            Decision(DecisionKind.FLIP_TYPED, ("safe", "danger"), "safe", Purpose.FLIP, team)]
    for d in asks:
        yield from asked(view, d, f"{d.kind} ({d.why})")


def raw_step(**fields):
    from table.app.showing.tracker import Step as Raw
    return Raw(**fields)


def steps_of(view: View, raws: list, name: str) -> Iterator[tuple[str, Draw]]:
    for i, raw in enumerate(raws, 1):
        yield f"{name} {i}", partial(Step(raw, 12, 12).screen, view)


def steps(lang: str) -> Iterator[tuple[str, Draw]]:
    """The board changes to copy, one hex a screen; the instructions."""
    view = table_view(lang)
    team = widest_team(lang)
    worm = {"team": team, "n": "4"}
    keys = ("ch.move_worm", "ch.worm_out", "ch.worm_sank", "ch.lay_down", "ch.heal",
            "ch.freeze", "ch.thaw", "ch.place_worm")
    lines = [Change(k, dict(worm), (1, 0)) for k in keys]
    lines += [Change(f"ch.{what}.{k}", {}, (1, 0)) for k in POOL_KINDS
              for what in ("place", "remove", "move")]
    lines += [Change(k, {}, (1, 0)) for k in ("ch.flood", "ch.target", "ch.missed", "ch.hit",
                                              "ch.target_off")]
    lines += [Change("ch.target_facing", {"d": 6}, (1, 0)), Change("ch.wind", {"d": 6}, (1, 0))]
    lines += [Change("ch.remove_list", {"things": ("oil_drum", "crate", "mine")}, (1, 0))]
    yield from steps_of(view, [raw_step(changes=g, at=(1, 0)) for g in _packed(lang, lines)],
                      "changes at a hex")
    two = (Change("ch.move.crate", {}, (4, -2), (0, 1)), Change("ch.place.crater", {}, (-4, 2)))
    yield "two hexes on a screen", partial(Step(raw_step(changes=two, at=(4, -2)), (11, 12), 12).screen,
                                           view)
    off = [Change("ch.remove_list", {"things": ("oil_drum", "crate", "mine")}, (0, i))
           for i in range(3)] + [Change("ch.worm_sank", {"team": t, "n": "4"}, (1, i))
                                 for i, t in enumerate(TEAMS)]
    for page in off_pages(off) + off_pages(off[:5]):       # by kind and worms on one line too
        yield "take these off", partial(_off, lang, page)
    yield from steps_of(view, [raw_step(instruction=i) for i in instructions(lang)], "instruction")
    yield from steps_of(view, [raw_step(instruction=Instruction("do.move_worm", {"team": t, "n": "4"},
                                                           (0, 1), (1, 0))) for t in TEAMS],
                      "each team's worm")


def _packed(lang: str, lines: list[Change]) -> list[tuple[Change, ...]]:
    """The changes as few to a screen as fit (a hex's screen holds several)."""
    groups: list[tuple[Change, ...]] = []
    for c in lines:
        trial = groups[-1] + (c,) if groups else ()
        if trial and not screens.changes("", [x.text(lang) for x in trial]).problems:
            groups[-1] = trial
        else:
            groups.append((c,))
    return groups


def _said_for(key: str, lang: str, team: str) -> str:
    return Instruction(key, {"team": team, "n": "4"}).text(lang)


def instructions(lang: str) -> list[Instruction]:
    """One instruction of every kind, for the team whose words are widest in it."""
    out = []
    for key in ("do.move_worm", "do.worm_sank", "do.worm_out", "do.lay_down", "do.heal",
                "do.place_worm", "do.freeze", "do.thaw"):
        team = widest(TEAMS, partial(_said_for, key, lang))
        out.append(Instruction(key, {"team": team, "n": "4"}, (0, 1), (1, 0)))
    team = widest_team(lang)
    out += [Instruction("do.draw", {"team": team}),
            Instruction("do.take", {"team": team, "card": widest_card(lang, ("supply",))})]
    out += [Instruction(f"do.{verb}.{kind}", {}, (0, 1))
            for kind in POOL_KINDS for verb in ("move", "remove", "place")]
    out += [Instruction(k, {}, (0, 1), (1, 0)) for k in ("do.flood", "do.target",
                                                          "do.move_target")]
    out += [Instruction("do.wind", {"d": 6}), Instruction("do.target_facing", {"d": 6}, (0, 1))]
    out += [Instruction("do.rule", {"rule": r}) for r in LASTING_RULES]
    out += [Instruction("do.drop", {"card": widest_card(lang, ("drop",))}),
            Instruction("do.sudden_death", {"card": widest_card(lang, ("sudden_death",))})]
    return out


def ends(lang: str) -> Iterator[tuple[str, Draw]]:
    """Summaries after a card, the end of the game, the timer."""
    view = table_view(lang)
    t1, t2 = sorted(TEAMS, key=lambda t: -font(12).getlength(text(f"team.{t}", lang)))[:2]
    card = widest_card(lang)
    for shot in ("hit", "miss"):
        summary = {"card": card, "shot": shot, "hurt": [(t1, "4")], "out": [(t2, "4")],
                   "sank": [(t1, "3")], "teams": [t1, t2]}
        yield from steps_of(view, [raw_step(summary=summary)], f"after a card ({shot})")
    yield from steps_of(view, [raw_step(summary={"card": card, "shot": "miss", "teams": [t1]})],
                      "after a card (nobody hurt)")
    ice = {"card": card, "shot": "hit", "iced": [(t1, "4")], "held": [(t2, "4")], "teams": [t1]}
    yield from steps_of(view, [raw_step(summary=ice)], "after a card (the ice)")
    yield from steps_of(view, [raw_step(summary={"card": card, "shield": t1, "teams": [t1]})],
                        "after Freeze")
    for winners in ((t1,), (t1, t2), ()):
        result = GameResult(winners, len(winners) > 1, "final_round",
                            {t: 4 for t in TEAMS}, {t: 4 for t in TEAMS}, 5) \
            if winners else None
        yield f"game over {winners}", partial(game_over(result, []).screen, view)
    for n in COUNTS:
        result = GameResult((t1,), False, "final_round", {t1: 4}, {t1: 4}, n)
        events = [{"event": "play"}] + [{"event": "move"}] * n
        yield f"game over ({n})", partial(game_over(result, events).screen, view)
    for team in (t1, None):
        yield f"timer {team}", partial(screens.timer, lang, 83, team)
    yield "time is up", lambda: screens.timer(lang, 0, t1)
    yield "winner", lambda: screens.winner(lang, t1)
    yield "nobody wins", lambda: screens.winner(lang, None)
    yield "a shared win", partial(screens.winner, lang, None, (t1, t2))


def _off(lang: str, page: list[Change]) -> screens.Screen:
    return screens.changes(text("ch.off_title", lang), off_lines(lang, page))
