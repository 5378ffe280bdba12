"""A card the box does not know, through the daemon's inputs only (presses and taps): drawn
from the players' own Supply deck, played from the hand (the Starter dealt face down), taught
in the wizard's pass; known from then on, also after a restart."""

import asyncio

import pytest

from table.app.asking.prompts import CardTap, DeckTap, Menu
from table.app.teach.teacher import TeachPass
from table.bots import RandomBot
from table.engine.setup import HIDDEN
from tests.app.driver import Player, enrol_all, running, seated, sim_daemon

UNKNOWN = "04C0FFEE000001"           # a real NTAG's UID (04...) no card was enrolled to
BAZOOKA_LIKE = ("go", "supply", "direct", 4, ("TEXT", "MOVE"), {"do": "blast"}, {"do": "blast"},
                "done", "save")                # (the second: where, the target hex)
STARTER_LIKE = ("go", "any", 2, ("TEXT",), {"do": "blast"}, {"do": "blast"}, "done",
                "save")                        # (no kind asked)


#: every test here has an owner's card folder of its own, empty at first
pytestmark = pytest.mark.usefixtures("owner_cards")


async def teach(daemon, player, answers) -> int:
    """Answer the walk's screens with ``answers`` through presses; the presses it took."""
    before = player.presses
    for value in answers:
        p = daemon.current()
        assert daemon.teacher.owns(p) and isinstance(p, Menu), p
        for _ in range(len(p.values)):
            if p.selected == value:
                break
            await player.press("4")
        assert p.selected == value, (p.values, value)
        await player.press("ok")
    return player.presses - before


async def play_until(daemon, player, bot, done) -> None:
    from table.app.showing.views import Step
    from table.app.asking.prompts import Notice
    for _ in range(5000):
        cur = daemon.current()
        if done(cur):
            return
        if isinstance(cur, (Step, Notice)):
            await player.press("ok")
        else:
            await player.choose(bot(daemon.game))
    raise AssertionError("never got there")


def test_an_unknown_card_drawn_is_taught_on_the_spot_in_few_presses_and_kept(tmp_path,
                                                                            owner_cards):
    async def main():
        async with seated(tmp_path / "state", 4) as (daemon, player):
            assert daemon.game.config.own_decks          # the players draw (the default)
            await play_until(daemon, player, RandomBot(4),
                             lambda p: isinstance(p, DeckTap) and p.deck == "supply")
            team = daemon.game.request.actor
            held = list(daemon.game.hands[team])
            await player.tap(UNKNOWN)
            presses = await teach(daemon, player, BAZOOKA_LIKE)
            assert presses <= 40
            assert daemon.teacher.walk is None
            hand = daemon.game.hands[team]
            new = [c for c in hand if c not in held]
            assert new == ["card_1"], (held, hand)
            card = daemon.cards["card_1"]
            assert (card.kind, card.target, card.accuracy, card.action) == (
                "supply", "direct", 4, ("TEXT", "MOVE"))
            assert daemon.tags.card(UNKNOWN) == "card_1"
            assert (owner_cards / "card_1.toml").is_file()
            log = list(daemon.game.log)
        return presses, log

    presses, log = asyncio.run(main())
    assert presses == 14                       # (one OK: where, the target hex)

    async def again():                        # a restart: the game resumes, the card known
        daemon = sim_daemon(tmp_path / "state", seed=4)
        async with running(daemon):
            assert daemon.game is not None and daemon.game.log == log
            assert "card_1" in daemon.game.cards and daemon.tags.card(UNKNOWN) == "card_1"
    asyncio.run(again())


def test_the_face_down_starter_is_taught_and_played_at_once(tmp_path):
    async def main():
        async with seated(tmp_path / "state", 2) as (daemon, player):
            await play_until(daemon, player, RandomBot(2), lambda p: isinstance(p, CardTap))
            team = daemon.game.request.actor
            assert HIDDEN in daemon.game.hands[team]
            # the page: every hand's size; the hidden card is named face down, not shown
            from table.app.showing.pageview import page_view
            seen = page_view(daemon.current(), daemon.view(), daemon.game,
                             daemon.tracker.board, "en", sim=True, cards=daemon.cards)
            assert dict(seen["hands"]) == {"Blue": 5, "Red": 5}
            assert "a Starter, face down" in seen["hand"] and "?" not in seen["hand"]
            # no tag: the unknown-card button, where a card is asked for
            await player.press("4")
            walk = daemon.teacher.walk
            assert walk is not None and walk.kinds == ("starter",)   # the one card unknown
            await teach(daemon, player, STARTER_LIKE)
            assert HIDDEN not in daemon.game.hands[team]
            plays = [e for e in daemon.game.events if e["event"] == "play"]
            assert plays[-1]["card"] == "card_1" and plays[-1]["team"] == team
    asyncio.run(main())


def test_back_leaves_the_walk_and_the_question_is_asked_again(tmp_path):
    async def main():
        async with seated(tmp_path / "state", 2) as (daemon, player):
            await play_until(daemon, player, RandomBot(2), lambda p: isinstance(p, CardTap))
            asked = daemon.current()
            await player.tap(UNKNOWN)
            await teach(daemon, player, ("go",))
            await player.press("back")
            await player.press("back")
            assert daemon.teacher.walk is None and daemon.current() is asked
            assert daemon.tags.card(UNKNOWN) is None
    asyncio.run(main())


def test_the_teach_pass_ticks_known_cards_and_teaches_the_rest(tmp_path):
    async def main():
        daemon = sim_daemon(tmp_path / "state", seed=2)
        tags = enrol_all(daemon)
        async with running(daemon):
            player = Player(daemon, tags)
            w = daemon.wizard
            await player.choose("en")
            await player.choose("start")                   # two teams (Blue, Red ticked)
            await player.choose("start")                   # seats: people play both
            await player.choose("start")                   # no optional rules
            await player.choose("auto")
            await player.choose("teach")
            assert w.stage == "count"
            count = w.prompt
            for _ in range(20):
                if count.n == 3:
                    break
                await player.press("1" if count.n < 3 else "4")
            await player.press("ok")
            p = daemon.current()
            assert isinstance(p, TeachPass) and p.left == 3
            assert "3 cards left" in " ".join(p.screen(daemon.view()).texts)
            uid = {c: u for u, c in tags.items()}
            await player.tap(uid["freeze"])                # known: ticked off
            assert p.left == 2
            await player.tap(uid["bazooka"])               # a Starter: not in this deck
            assert p.left == 2
            said = " ".join(daemon.current().screen(daemon.view()).texts)
            assert "Bazooka is not a Supply card: tap the Supply deck's cards" in said, said
            await player.press("ok")                       # (the refusal read)
            await player.tap(UNKNOWN)
            await teach(daemon, player, BAZOOKA_LIKE)
            assert daemon.current() is p and p.left == 1 and p.taught == ["card_1"]
            await player.press("ok")                       # the deck is done
            assert w.stage == "decks"
    asyncio.run(main())


def test_a_whole_game_where_every_supply_card_drawn_is_taught_on_the_spot(tmp_path,
                                                                           owner_cards):
    """Players draw; each Supply card drawn is a new tag the box does not know, taught with
    the walk as offered; the group (a random bot) plays on, the taught cards among its
    choices, to the end of the game."""
    async def main():
        async with seated(tmp_path / "state", 6) as (daemon, player):
            bot, taught, n = RandomBot(6), 0, 0
            from table.app.showing.views import Step
            from table.app.asking.prompts import Notice
            while daemon.mode != "over":
                n += 1
                assert n < 20000, "the game did not end"
                cur = daemon.current()
                if isinstance(cur, (Step, Notice)):
                    await player.press("ok")
                elif isinstance(cur, DeckTap) and cur.deck == "supply":
                    taught += 1
                    uid = f"04AB{taught:010X}"
                    await player.tap(uid)
                    await teach(daemon, player, ("go", "supply", "any", None, ("TEXT",),
                                                 {"do": "blast"}, {"do": "blast"}, "done",
                                                 "save"))
                    player.tags[f"card_{taught}"] = uid
                else:
                    await player.choose(bot(daemon.game))
            game = daemon.game
            drawn = [e["card"] for e in game.log if e.get("reveal") == "supply"]
            played = [e["card"] for e in game.events if e["event"] == "play"]
            return taught, drawn, played, game.result
    taught, drawn, played, result = asyncio.run(main())
    assert taught >= 2 and drawn == [f"card_{i}" for i in range(1, taught + 1)]
    assert any(c.startswith("card_") for c in played) and result is not None
    assert len(list(owner_cards.glob("card_*.toml"))) == taught


def test_an_unknown_drop_card_drawn_is_taught_and_drawn(tmp_path):
    """The players' own Drop deck: a Drop card the box does not know, tapped at the Drop draw,
    is taught on the spot and drawn (its steps resolved), not refused as outside the deck."""
    async def main():
        async with seated(tmp_path / "state", 4) as (daemon, player):
            await play_until(daemon, player, RandomBot(4),
                             lambda p: isinstance(p, DeckTap) and p.deck == "drop")
            left = daemon.game.decks["drop"]
            await player.tap(UNKNOWN)
            await teach(daemon, player, ("go", "drop", {"do": "change_wind"}, "done", "save"))
            assert daemon.teacher.walk is None
            assert daemon.cards["card_1"].kind == "drop"
            assert [e for e in daemon.game.events if e.get("event") == "drop"][-1]["card"] \
                == "card_1"
            assert daemon.game.decks["drop"] == left - 1
    asyncio.run(main())
