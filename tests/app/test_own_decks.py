"""The players' own decks on the box (issue 11 item 6): a Supply card drawn from the real deck
is tapped, never named on the screen; a Drop card is turned over and tapped; a card not in the
deck is refused with why; with "the box draws" nothing is asked."""

import asyncio

from table.app.showing.views import start_hands
from table.app.asking.prompts import DeckTap
from table.bots import RandomBot
from table.cards import library
from table.ui.strings import LANGS

from .driver import running, seated, sim_daemon

SUPPLY_NAMES = {c.name(lang) for c in library().values() if c.kind in ("supply", "superweapon")
                for lang in LANGS}


def texts(daemon) -> str:
    return "\n".join(daemon.current().screen(daemon.view()).texts)


async def to_a_tap(daemon, p, bot, deck, limit=3000):
    """Play on (taps of the top card on the way) until a ``deck`` card is to be tapped."""
    for _ in range(limit):
        await p.confirm()
        d = daemon.game.request
        assert d is not None, "the game ended first"
        if d.kind == "card_tapped" and d.item == deck:
            return d
        await p.choose(bot(daemon.game))
    raise AssertionError(f"no {deck} card drawn")


def test_a_supply_card_drawn_is_tapped_and_named_nowhere(tmp_path):
    async def main():
        async with seated(tmp_path, 4) as (daemon, p):
            assert daemon.game.config.own_decks          # the players draw, by default
            bot = RandomBot(4)
            drop = await to_a_tap(daemon, p, bot, "drop")
            assert isinstance(daemon.current(), DeckTap)
            assert "turn over the top Drop card and tap it" in texts(daemon)
            await p.choose(drop.default)
            d = await to_a_tap(daemon, p, bot, "supply")
            team, hand = d.actor, daemon.game.hands[d.actor]
            shown = texts(daemon)
            assert isinstance(daemon.current(), DeckTap)
            assert "draw the top Supply card and tap it (keep it secret)" in shown
            assert not any(name in shown for name in SUPPLY_NAMES)
            # a card that is not in the Supply deck: refused with why, nothing changed
            wrong = next(c for c, card in sorted(daemon.cards.items())
                         if card.kind == "starter" and c not in d.options)
            log = list(daemon.game.log)
            await p.tap(p.tags[wrong])
            refused = texts(daemon)
            assert (f"{daemon.cards[wrong].name('en')} is not in the Supply deck: tap its top "
                    "card") in refused                   # why, and what to do (issue 32 item 3)
            assert daemon.game.log == log and daemon.game.request == d
            await p.press("ok")
            assert isinstance(daemon.current(), DeckTap)
            # the card drawn for real: not the one the box's shuffle has on top
            card = next((c for c in d.options if c != d.default), d.default)
            await p.tap(p.tags[card])
            after = texts(daemon)
            entry = {"reveal": "supply", "team": team, "card": card}
            return daemon.game, log, entry, hand, team, card, after

    game, log, entry, hand, team, card, after = asyncio.run(main())
    assert entry in game.log[len(log):]
    assert game.hands[team].count(card) == hand.count(card) + 1
    assert not any(name in after for name in SUPPLY_NAMES)


def test_the_tapped_cards_come_back_after_a_restart(tmp_path):
    async def first():
        async with seated(tmp_path, 4) as (daemon, p):
            d = await to_a_tap(daemon, p, RandomBot(4), "supply")
            await p.choose(d.options[-1])
            await p.confirm()
            state = (list(daemon.game.log), daemon.game.request, daemon.game.hands)
        daemon.close()
        return state

    async def second():
        daemon = sim_daemon(tmp_path, 4)
        async with running(daemon):
            state = (list(daemon.game.log), daemon.game.request, daemon.game.hands)
        daemon.close()
        return state

    before = asyncio.run(first())
    assert any(e.get("reveal") == "supply" for e in before[0])
    assert asyncio.run(second()) == before


def test_when_the_box_draws_nothing_is_tapped(tmp_path, monkeypatch):
    from table.cards import open_library
    monkeypatch.setenv("WORMS_TABLE_CARDS", "")
    open_library(examples=True)   # "Box draws" is offered when the library holds a Supply deck

    async def main():
        async with seated(tmp_path, 4, decks="box") as (daemon, p):
            bot, kinds, said = RandomBot(4), set(), []
            for _ in range(300):
                await p.confirm(lambda: said.append(texts(daemon).replace("\n", " ")))
                if daemon.game.request is None:
                    break
                kinds.add(daemon.game.request.kind)
                await p.choose(bot(daemon.game))
            return daemon.game, kinds, said

    game, kinds, said = asyncio.run(main())
    assert not game.config.own_decks and "card_tapped" not in kinds
    drawn = [e for e in game.log if e.get("reveal") == "supply" and e.get("card")]
    assert drawn                                                    # the box drew for them
    # and told the team which card to take
    first = drawn[0]
    name = game.cards[first["card"]].name("en")
    team = first["team"].capitalize()
    assert any(f"{team} team, take {name} from the Supply deck" in s for s in said), said[-5:]


def test_the_setup_says_what_each_deck_holds_for_the_players_count(tmp_path):
    async def main():
        async with seated(tmp_path, 4, teams=3) as (daemon, p):
            shown = []
            await p.confirm(lambda: shown.append(texts(daemon).replace("\n", " ")))
            return shown, start_hands(daemon.game)["decks"]

    shown, held = asyncio.run(main())
    cards = library()
    drop = " ".join(s for s in shown if "Drop deck, shuffled:" in s)
    # the players keep the decks (the default): the Supply deck is theirs, every weapon card
    # but the Starters; the box says how many of them it knows and how to teach it the rest
    supply = next(s for s in shown if s.startswith("Build the decks")
                  and "Supply deck: all weapons" in s)
    assert len(held["drop"]) == 2 * 3 + 2 and held["bottom"] is not None   # T4, three teams
    for cid in set(held["drop"]):
        assert f"{held['drop'].count(cid)}× {cards[cid].name('en')}" in drop
    # the Sudden Death card goes under them unseen: not named before it is revealed
    bottom = next(s for s in shown if "Under the Drop deck" in s)
    assert "a Sudden Death card, face down, unseen" in bottom
    assert not any(cards[held["bottom"]].name("en") in s for s in shown)
    known = sum(1 for c in cards.values() if c.kind in ("supply", "superweapon"))
    assert held["known"] == known
    assert f"The box knows {known}; tap new ones" in supply


def test_the_tap_of_a_card_a_crate_gave_is_the_ok_of_the_crates_screen(tmp_path):
    """Issue 37 item 1: "Blue 3: opens the crate, remove it" took an OK, then the card drawn
    its tap; now that screen says to draw and tap the card, and the tap is its OK and the
    draw's answer at once (an OK there still leads to the tap's own screen)."""
    from table.app.showing.views import Step

    async def main():
        async with seated(tmp_path, 4) as (daemon, p):
            bot = RandomBot(4)
            for _ in range(3000):
                shown, asked = daemon.current(), daemon.game.request
                if isinstance(shown, Step) and shown.tapped_next and asked.item == "supply":
                    break
                if isinstance(shown, Step) or daemon.game.request is None:
                    await p.press("ok")
                else:
                    await p.choose(bot(daemon.game))
            else:
                raise AssertionError("no crate opened at the end of a batch")
            said = texts(daemon)     # (its own line, or one with the crate: "ch.crate_tap")
            assert "Draw a Supply card, tap it (secret)" in said or \
                "Remove the crate, draw a card, tap it" in said
            d = daemon.game.request
            assert d.kind == "card_tapped" and d.item == "supply"
            log, hand = list(daemon.game.log), list(daemon.game.hands[d.actor])
            await p.tap(p.tags[d.default])
            return daemon.game, log, hand, d, isinstance(daemon.current(), Step) and \
                daemon.current() is shown

    game, log, hand, d, still = asyncio.run(main())
    assert not still                                     # the screen confirmed
    assert {"reveal": "supply", "team": d.actor, "card": d.default} in game.log[len(log):]
    assert game.hands[d.actor].count(d.default) == hand.count(d.default) + 1


def test_the_tap_of_the_drop_card_is_the_ok_of_the_turns_last_screen(tmp_path):
    """Issue 37: the turn's last screen of changes, before the players turn over the Drop
    card, says to turn it over and tap it ("Turn over a Drop card, tap it"), and that tap is
    its OK and the Drop card's answer at once."""
    from table.app.showing.views import Step

    async def main():
        async with seated(tmp_path, 5, teams=3) as (daemon, p):
            bot = RandomBot(5)
            for _ in range(3000):
                shown = daemon.current()
                d = daemon.game.request
                if isinstance(shown, Step) and shown.tapped_next and d.item == "drop":
                    break
                if isinstance(shown, Step) or d is None:
                    await p.press("ok")
                elif isinstance(shown, DeckTap):
                    await p.tap(p.tags[d.default])
                else:
                    await p.choose(bot(daemon.game))
            else:
                raise AssertionError("no turn ended on a screen of changes")
            said = texts(daemon)
            log = list(daemon.game.log)
            await p.tap(p.tags[d.default])
            return said, d, daemon.game.log[len(log):], daemon.current() is shown

    said, d, after, still = asyncio.run(main())
    assert "Turn over a Drop card, tap it" in said
    assert not still                                     # the screen confirmed
    assert after[0] == {"reveal": "drop", "card": d.default}      # the draw's answer
