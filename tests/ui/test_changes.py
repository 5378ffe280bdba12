"""Board changes grouped by hex, the summaries, and every screen of the turn's flow in every
language (through strings.text, so tests/ui/test_screens.py sees every key used)."""

import pytest

import table.ui.screens as screens
import table.ui.strings as strings
from table.cards import library
from table.engine.board import Board, Thing
from table.hexgrid import hexagon
from table.engine.state import GameResult
from table.ui.changes import Change, by_hex, diff
from table.ui.screenfuls import (fire_lines, fits, grouped, hurt_lines, off_lines, off_pages, pages,
                                 paired)
from table.ui.summaries import best_chain, card_summary, game_summary
from table.ui.strings import LANGS, POOL_KINDS, TEAMS


def t(key, lang, **args):
    return strings.text(key, lang, **args)


def widest_changes(lang):
    """One screen of each change, with the widest worm names (through strings.text)."""
    out = []
    for team in TEAMS:
        worm = strings.worm_name(lang, team, 4)
        for key in ("ch.move_worm", "ch.worm_out", "ch.worm_sank", "ch.lay_down", "ch.heal",
                    "ch.freeze", "ch.thaw", "ch.place_worm", "ch.came_back"):
            out.append(t(key, lang, worm=worm))
    for kind in POOL_KINDS:
        out += [t(f"ch.{what}.{kind}", lang) for what in ("place", "remove", "move")]
    out += [t(k, lang) for k in ("ch.flood", "ch.target", "ch.missed", "ch.hit",
                                 "ch.target_off")]
    out.append(t("ch.remove_list", lang, things=", ".join(
        t(f"thing.{k}", lang).lower() for k in ("oil_drum", "crate", "mine"))))
    out += [t("ch.target_facing", lang, d=d) for d in range(1, 7)]
    out += [t("ch.wind", lang, d=d) for d in range(1, 7)]      # (on a drop's last screen)
    for team in TEAMS:               # a crate opened by a worm, or dropped on it (issue 23)
        worm = strings.worm_name(lang, team, 4)
        out.append(t("ch.crate_opened", lang, worm=worm))
    out.append(t("ch.crate_by_worm", lang))
    out.append(t("ch.draw_tap", lang))
    out.append(t("ch.crate_tap", lang))          # (the crate and its card, one line)
    out.append(t("ch.drop_tap", lang))          # (on the last screen before the Drop card)
    t("ch.fires_title", lang)                # (the lines of a chain's fires: fire_lines)
    out += roll_lines(lang)
    return out


def roll_lines(lang):
    """The dice and coins behind a change (table/ui/rolls.py), their widest words."""
    out = []
    wind, hit = t("face_short.wind", lang), t("face_short.hit", lang)
    for why in ("jump", "scatter", "knockback", "blast", "move"):
        roll = t(f"roll_short.{why}", lang)
        out += [t("ch.roll", lang, what=roll, face=face, dir=t(f"dir.{d}", lang))
                for face, d in (("6", 6), (wind, 2))]
        out.append(t("ch.roll_hit", lang, what=roll, face=hit))
    out.append(t("ch.roll_dice", lang, what=t("roll_short.oil_drum", lang),
                 faces=", ".join([wind, hit, wind, hit, wind])))
    out += [t("ch.flip", lang, flip=t(f"thing.{kind}", lang), side=t(f"coin_short.{side}", lang))
            for kind in ("mine", "fire") for side in ("safe", "danger")]
    return out


def flow_screens(lang):
    """Every screen of the turn's flow: changes, summaries, refusals, what prompts are for."""
    from table.ui.hexnames import hex_title
    title = hex_title(lang, 12, 12, (4, -2))    # the longest name: "2NE 2SE", two long legs

    lines = widest_changes(lang)
    out = [screens.changes(title, [line]) for line in lines]
    t("ch.off_title", lang), t("ch.off_worms", lang, who="")
    many = [Change("ch.remove_list", {"things": ("oil_drum", "crate", "mine")}, (0, i))
            for i in range(3)] + [Change("ch.worm_sank", {"team": team, "n": "4"}, (1, i))
                                  for i, team in enumerate(TEAMS)]
    for page in off_pages(many):
        out.append(screens.changes(strings.text("ch.off_title", lang), off_lines(lang, page)))
    fires = [Change("ch.place.fire", {}, h) for h in ((1, -1), (1, -1), (4, -2), (0, 3))]
    t("ch.fires_each", lang, n=9), t("ch.fires_more", lang, where="")
    hurt = [Change("ch.lay_down", {"team": team, "n": "4"}, (i, 0)) for i, team in enumerate(TEAMS[:4])]
    out.append(screens.changes(t("ch.hurt_title", lang), hurt_lines(lang, hurt)))
    out.append(screens.changes(t("ch.fires_title", lang), fire_lines(lang, fires)))
    out.append(two_hexes(lang))
    names = [c.name(lang) for c in library().values()]
    who = ", ".join(f"{t(f'team.{team}', lang)} 4" for team in TEAMS[:2])
    body = [t("sum.hit", lang), t("sum.miss", lang), t("sum.hurt", lang, who=who),
            t("sum.out", lang, who=who), t("sum.sank", lang, who=who), t("sum.nobody", lang),
            t("sum.left", lang, left=who), t("sum.iced", lang, who=who),
            t("sum.ice_holds", lang, who=who)]
    body += [t("sum.shield", lang, team=t(f"team.{team}", lang)) for team in TEAMS]
    out += [screens.message(t("sum.title", lang, card=n), b) for n in names[:1] for b in body]
    t("over.shared", lang, teams=who), t("over.title_turns", lang, n=120)
    t("over.chain", lang, n=24), t("over.title", lang)
    for winners in (["purple"], ["purple", "yellow"], []):
        for reason in ("final_round", "true_elimination", "round_limit", "no_teams"):
            result = GameResult(tuple(winners), len(winners) > 1, reason,
                                {team: 4 for team in TEAMS}, {team: 4 for team in TEAMS}, 120)
            out.append(screens.message(*game_summary(lang, result, [])))
    team = t("team.purple", lang)
    out += [screens.error(lang, "error.not_in_hand", card=n, team=team) for n in names]
    out += [screens.error(lang, "error.not_weapon", card=n) for n in names]
    out += [screens.error(lang, "error.unknown_not_in_hand", team=t(f"team.{team}", lang))
            for team in TEAMS] + [screens.error(lang, "error.answer_refused")]
    out += [screens.error(lang, k, team=team) if k == "error.not_a_worm"
            else screens.error(lang, k)
            for k in ("error.finish_changes", "error.card_in_play", "error.out_of_range",
                      "error.not_a_worm", "error.cannot_move", "error.not_lit")]
    out += [screens.error(lang, "error.no_card_now", what=t(f"phase.{p}", lang))
            for p in ("activate", "move1", "move2")]
    out += [screens.message("T", t("ask.aim", lang, card=n, n=5) + "\n"
                            + t("ask.aim_at", lang, what=strings.worm_name(lang, "purple", 4)))
            for n in names]
    out += [screens.message(t("drop.title", lang), t("ask.drop_where", lang, card=n,
                                                     thing=t(f"thing.{k}", lang).lower()))
            for n in names[:3] for k in POOL_KINDS]
    out += [screens.message(t("place.title", lang), t("ask.place_where", lang,
                                                      thing=t(f"thing.{k}", lang).lower()))
            for k in POOL_KINDS]
    out += [screens.message(t("place.title", lang), t("ask.place_where", lang, thing=t(
        "worm.of_team", lang, team=t(f"team_adj.{team}", lang)))) for team in TEAMS]
    out += [screens.message("T", t(k, lang)) for k in ("prompt.worm_steps", "hex.empty_land",
                                                       "hex.water")]
    from table.app.showing.views import legend_rows
    legend = legend_rows(lang)
    out += [screens.menu(t("legend.title", lang), legend, c) for c in range(len(legend))]
    out.append(screens.message("T", t("log.no_card", lang)))
    from table.app.showing.stepscreens import setup_lines
    t("ch.setup_worms", lang, team="", n=0), t("ch.setup_things", lang, thing="", n=0)
    out += [screens.changes(t("place.title", lang), setup_lines(lang, [
        Change("ch.place_worm", {"team": team, "n": "1"}, (0, 0))] * 4)) for team in TEAMS]
    out += [screens.changes(t("place.title", lang), setup_lines(lang, [
        Change(f"ch.place.{kind}", {}, (0, 0))] * 6)) for kind in POOL_KINDS]
    out.append(screens.changes(t("place.title", lang), setup_lines(lang, [
        Change(f"ch.place.{kind}", {}, (0, 0)) for kind in ("oil_drum", "mine", "crate")
        for _ in range(6)])))
    out.append(screens.menu(t("ask.knockback", lang), ["1"], 0))
    out.append(screens.menu(t("ask.for_card", lang, card=t("card.title", lang)), ["1"], 0))
    from table.app.showing.stepscreens import deal_screen
    t("deal.title", lang, team=""), t("deal.hand", lang, cards=""), t("deal.decks_title", lang)
    starters = ["uzi", "bazooka", "ninja_rope", "girder", "grenade"]
    out += [deal_screen(lang, {"team": team, "cards": starters}, library()) for team in TEAMS]
    t("deal.face_down", lang)                   # the fifth Starter of the players' own deal
    out += [deal_screen(lang, {"team": team, "cards": starters[:4] + ["?"]}, library())
            for team in TEAMS]
    out.append(deal_screen(lang, {"teams": list(TEAMS), "cards": starters[:4] + ["?"]}, library()))
    out.append(screens.message(t("demo.title", lang), f"{t('demo.invite', lang)}\n"
                                                      f"{t('demo.invite_keys', lang)}"))
    out += [screens.dice(lang, ["3"], title=t(f"roll.for.{w}", lang))
            for w in ("wind", "jump", "scatter", "knockback", "blast", "oil_drum", "move")]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_flow_screen_fits_the_oled(lang):
    found = [p for s in flow_screens(lang) for p in s.problems]
    assert found == []


def board():
    b = Board(land=set(hexagon((0, 0), 3)) - {(0, 0)}, wind=1)
    b.add(Thing("red-1", "worm", (1, 0), "red"))
    b.add(Thing("blue-1", "worm", (2, 0), "blue"))
    b.add(Thing("oil_drum-1", "oil_drum", (1, 1)))
    return b


def test_the_net_change_of_a_chain_grouped_by_hex():
    before = board()
    after = before.copy()
    red = after.things["red-1"]
    after.lift(red)
    after.put(red, (1, -1))                     # thrown twice: moved once
    red.damaged = True
    after.remove(after.things["oil_drum-1"])
    after.add(Thing("crater-1", "crater", (1, 1)))
    after.add(Thing("fire-1", "fire", (1, -1)))
    events = [{"event": "blast", "at": [1, 1]},
              {"event": "destroy", "thing": "oil_drum-1", "kind": "oil_drum", "at": [1, 1]},
              {"event": "move", "thing": "red-1", "from": [1, 0], "to": [2, -1]},
              {"event": "move", "thing": "red-1", "from": [2, -1], "to": [1, -1]}]
    changes = diff(before, after, events)
    groups = by_hex(changes)
    assert [h for h, _ in groups] == [(1, 1), (1, -1)]
    at_drum = [c.key for c in groups[0][1]]
    assert sorted(at_drum) == ["ch.place.crater", "ch.remove.oil_drum"]
    moved = groups[1][1]
    assert [c.key for c in moved] == ["ch.move_worm", "ch.lay_down", "ch.place.fire"]
    assert moved[0].src == (1, 0)
    assert moved[0].text("en") == "Red 1: move here"


def test_a_miss_says_so_and_the_token_goes_where_it_scattered():
    before = board()
    before.target = (2, 0)
    after = before.copy()
    after.target = (3, 0)
    events = [{"event": "accuracy", "dice": 2, "rolled": ["3", "4"], "picked": "3"},
              {"event": "target", "at": [3, 0], "facing": None, "by": "accuracy"}]
    (change,) = diff(before, after, events)
    assert (change.key, change.at, change.src) == ("ch.missed", (3, 0), (2, 0))
    assert change.text("en").startswith("Missed!")
    hit = diff(before, before.copy(), [{"event": "accuracy", "picked": "hit"}])
    assert [c.key for c in hit] == ["ch.hit"]


def test_pages_fit_four_lines_in_every_language_and_one_each_is_one_a_screen():
    many = [Change("ch.move_worm", {"team": "purple", "n": "4"}, (0, 1), (0, 2))] * 5
    assert all(len(p) <= 4 for p in pages(many))
    assert len(pages(many)) >= 2
    assert pages(many, one_each=True) == [[c] for c in many]


def test_card_and_game_summaries():
    b = board()
    title, body = card_summary("en", {"card": "bazooka", "shot": "miss", "hurt": [("red", "1")],
                                      "out": [], "sank": [("blue", "2")],
                                      "teams": ["blue", "red"]}, b)
    assert title == "Bazooka: result"
    assert body.split("\n") == ["Missed the aim", "Hurt: Red 1", "Drowned: Blue 2",
                                "Left: Blue ×1, Red ×1"]
    events = [{"event": "play"}] + [{"event": "move"}] * 5 + [{"event": "end_turn"},
                                                               {"event": "play"},
                                                               {"event": "damage"}]
    assert best_chain(events) == 5
    result = GameResult(("red",), False, "final_round", {"blue": 0, "red": 2},
                        {"blue": 0, "red": 1}, 14)
    title, body = game_summary("en", result, events)
    assert title == "Game over: 14 turns"
    assert body.split("\n") == ["Red team wins!", "After the final round", "Left: Red ×2",
                                 "Best chain: 5 changes"]


def test_the_end_says_why_it_ended_as_it_did():
    """Issue 37 item 5: a hard-won game ended in "Shared win" and nothing said why: the end
    says how it ended, the worms each team kept and the tie-break, on the OLED and the log."""
    from table.ui.story import turn_log
    shared = GameResult(("blue", "red"), True, "final_round", {"blue": 2, "red": 2, "green": 0},
                        {"blue": 1, "red": 1, "green": 0}, 21)
    assert game_summary("en", shared, [])[1].split("\n") == [
        "Shared win: Blue, Red", "After the final round", "2 worms each; unhurt: Blue ×1, Red ×1"]
    broken = shared._replace(winners=("blue",), shared=False, undamaged={"blue": 2, "red": 1})
    assert game_summary("en", broken, [])[1].split("\n")[-1] == \
        "2 worms each; unhurt: Blue ×2, Red ×1"
    alone = GameResult(("red",), False, "true_elimination", {"blue": 0, "red": 3},
                       {"blue": 0, "red": 3}, 30)
    assert "Only one team is left" in game_summary("en", alone, [])[1].split("\n")
    end = [{"event": "turn", "number": 21, "team": "red"},
           {"event": "game_over", **shared.as_json()}]
    assert turn_log(end, "en")[-1] == ("Shared win: Blue, Red · After the final round · "
                                       "Left: Blue ×2, Red ×2 · 2 worms each; unhurt: Blue ×1, "
                                       "Red ×1")
    for lang in LANGS:                  # every way a game ends, said in every language
        for reason in ("final_round", "true_elimination", "round_limit", "no_teams"):
            result = shared._replace(reason=reason, worms={t: 4 for t in TEAMS},
                                     undamaged={t: 4 for t in TEAMS})
            shot = screens.message(*game_summary(lang, result, []))
            said = "\n".join(shot.texts)
            assert shot.problems == () and strings.text(f"over.why.{reason}", lang) in said
            assert turn_log([{"event": "game_over", **result.as_json()}], lang)


def test_things_to_take_off_over_several_hexes_are_one_screen():
    changes = [Change("ch.remove.mine", {}, (0, 1)), Change("ch.remove.crate", {}, (0, 1)),
               Change("ch.worm_sank", {"team": "red", "n": "2"}, (2, 0)),
               Change("ch.remove.oil_drum", {}, (1, 1)),
               Change("ch.place.crater", {}, (3, 0)), Change("ch.place.fire", {}, (3, 0)),
               Change("ch.place.fire", {}, (3, 0))]
    screens_ = grouped(changes)
    assert [h for h, _ in screens_] == [None, (3, 0)]
    off = screens_[0][1]
    assert {c.at for c in off} == {(0, 1), (2, 0), (1, 1)}     # flashed all at once
    assert off_lines("en", off) == ["Remove: mine, supply crate", "Red 2: drowned",
                                    "Remove the oil drum"]
    assert [c.text("en") for c in screens_[1][1]] == ["Put a crater here", "Put a fire here ×2"]
    # the owner's setting: one change a screen (the same change twice at a hex is one)
    assert len(grouped(changes, one_each=True)) == 5


def test_the_turn_log_tells_each_turn_in_a_line():
    from table.ui.story import turn_log
    events = [{"event": "turn", "number": 1, "team": "blue"},
              {"event": "activate", "worm": "blue-2", "team": "blue", "at": [0, 1]},
              {"event": "play", "card": "bazooka", "team": "blue", "worm": "blue-2"},
              {"event": "accuracy", "picked": "3"},
              {"event": "damage", "thing": "red-1", "at": [1, 0]},
              {"event": "destroy", "thing": "red-3", "kind": "worm", "at": [2, 0],
               "cause": "sank"},
              {"event": "turn", "number": 2, "team": "red"},
              {"event": "activate", "worm": "red-1", "team": "red", "at": [1, 0]}]
    assert turn_log(events, "en", library()) == [
        "1. Blue 2: Bazooka · Missed the aim · Hurt: Red 1 · Drowned: Red 3",
        "2. Red 1: no card"]
    assert turn_log(events, "cs", library())[0].startswith("1. Modrý 2: Bazuka")


def test_a_chains_fires_over_several_hexes_are_one_screen():
    """Issue 37 item 1: a chain of Oil Drums put a fire at six hexes, a screen each with the
    hex's other changes; now one screen says them all (the LEDs flash every fire's hex), the
    hexes that take two named; the hexes' other changes keep their own screens."""
    fires = [Change("ch.place.fire", {}, h) for h in ((1, -1), (1, -1), (0, -1), (1, 1))]
    drum = Change("ch.remove.oil_drum", {}, (1, 1))
    out = grouped(fires + [drum])
    assert out == [((1, 1), [drum]), (None, fires)]
    assert fire_lines("en", fires) == ["A fire on each flashing hex (3)", "Two on: 1NE"]
    assert grouped(fires[:2] + [drum]) == [((1, 1), [drum, Change(    # one hex: said with its
        "ch.place.fire", {"times": 2}, (1, -1))])]                    # own (two hexes a screen)
    assert all(h is not None for h, _ in grouped(fires + [drum], one_each=True))


def test_worms_hurt_at_several_hexes_are_laid_down_from_one_screen():
    """Issue 37 item 1: a chain that hurt four worms at four hexes took a screen a hex for
    "lay down"; now one screen names them (every one of their hexes flashing)."""
    hurt = [Change("ch.lay_down", {"team": "red", "n": n}, (n, 0)) for n in (1, 2)]
    move = Change("ch.move_worm", {"team": "red", "n": 1}, (1, 0), (0, 0))
    assert grouped([move] + hurt) == [((1, 0), [move]), (None, hurt)]
    assert hurt_lines("en", hurt) == ["Red 1: lay down", "Red 2: lay down"]
    assert grouped([move, hurt[0]]) == [((1, 0), [move, hurt[0]])]     # one hex: its screen


def test_a_hex_whose_things_went_off_by_a_die_joins_the_take_off_screen():
    """Issue 37: a worm a Blast's die sent into the water took a screen of its own for the
    die's line and "drowned"; now the die's line and the worm join the other Things taken off
    (one screen, every hex flashing) where they all fit a line each, and keep their own
    screen where they do not."""
    sank = [Change("ch.worm_sank", {"team": team, "n": "4"}, (0, i))
            for i, team in enumerate(("red", "yellow"))]
    die = [Change("ch.roll", {"roll": "blast", "face": "5", "dir": 5}, (-1, -1)),
           Change("ch.worm_sank", {"team": "yellow", "n": "2"}, (-1, -1))]
    crater = Change("ch.place.crater", {}, (2, 0))
    assert grouped(sank + die + [crater]) == [(None, sank + die), ((2, 0), [crater])]
    assert off_lines("en", sank + die) == ["Red 4: drowned", "Yellow 4: drowned",
                                           "Blast die: 5 → SW", "Yellow 2: drowned"]
    more = sank + [Change("ch.remove.mine", {}, (3, 0))]           # four lines: no room
    assert grouped(more + die) == [(None, more), ((-1, -1), die)]
    assert grouped(die) == [((-1, -1), die)]                       # alone: its hex's screen
    assert all(h is not None for h, _ in grouped(sank + die, one_each=True))


def test_two_short_hexes_share_a_screen_each_named():
    """Issue 37: a hex whose changes take a line (a crater, a crate moved) took a screen of its
    own; two such hexes now share one, each named on a line above its changes, where all fit
    four lines in every language; a longer hex keeps its screen."""
    crater = Change("ch.place.crater", {"times": 2}, (0, 2))
    crate = Change("ch.move.crate", {}, (-2, 2), (1, 1))
    worm = [Change("ch.move_worm", {"team": "blue", "n": "2"}, (2, -2), (1, -1)),
            Change("ch.lay_down", {"team": "blue", "n": "2"}, (2, -2))]
    assert grouped([crater, crate]) == [((0, 2), [crater, crate])]
    assert grouped([crater] + worm) == [((0, 2), [crater]), ((2, -2), worm)]   # 1 + 2 + two names
    assert grouped(worm + [crater, crate]) == [((2, -2), worm), ((0, 2), [crater, crate])]
    assert fits([crater, crate]) and not fits([crater, crate, Change("ch.place.fire", {}, (1, 0))])
    assert paired([((0, 2), [crater]), ((0, 2), [crater])]) == [((0, 2), [crater])] * 2  # one hex
    assert paired([(None, [crater]), ((-2, 2), [crate])]) == [(None, [crater]), ((-2, 2), [crate])]
    assert len(grouped([crater, crate], one_each=True)) == 2          # the owner's setting


def two_hexes(lang: str, far=(4, -2)):
    """A screen of two hexes' changes: a crate moved to ``far``, a mine off at another."""
    from table.app.showing.tracker import Step as Raw
    from table.app.showing.views import Step
    from table.review.kit import table_view            # (a made-up table)
    changes = (Change("ch.move.crate", {}, far, (0, 1)), Change("ch.remove.mine", {}, (-4, 2)))
    assert fits(changes)
    return Step(Raw(changes=changes, at=far), (11, 12), 12).screen(table_view(lang))


def test_a_screen_of_two_hexes_names_each_and_fits_in_every_language():
    from table.hexgrid import hexagon
    from table.ui.hexnames import hex_name
    far = max(hexagon((0, 0), 4), key=lambda h: max(len(hex_name(lang, h)) for lang in LANGS))
    for lang in LANGS:
        shot = two_hexes(lang, far)
        assert shot.problems == (), (lang, shot.problems)
        assert shot.texts[0] == strings.text("ch.title_hexes", lang, i=11, j=12, n=12)
        assert [t for t in shot.texts[2:] if t.endswith(":")] == [
            hex_name(lang, far) + ":", hex_name(lang, (-4, 2)) + ":"]
