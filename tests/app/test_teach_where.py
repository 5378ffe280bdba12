"""Where the teach walk starts (issue 32 item 3): it offers only what can be true there.  At
the weapon prompt only a card in the hand can be played, and the only card of a hand the box
may not know is the Starter dealt face down; a team with none is refused, whole, in the
game's language."""

import asyncio

from table.app.asking.prompts import CardTap
from table.bots import RandomBot
from table.engine.setup import HIDDEN
from tests.app.driver import seated
from tests.app.test_teach_daemon import UNKNOWN, play_until


def test_an_unknown_card_at_the_weapon_prompt_is_the_face_down_starter_or_refused(tmp_path,
                                                                                 monkeypatch):
    """Issue 32 item 3: at the weapon prompt only a card in the hand can be played, and the
    only one the box may not know is the Starter dealt face down.  A tag the box does not
    know, tapped there by a team with no such card (here the box dealt every hand), starts no
    walk: the refusal says why and what to do, whole, in the game's language, naming no card
    of the hand; the screen offers no "unknown card" button."""
    from table.cards import open_library
    monkeypatch.setenv("WORMS_TABLE_CARDS", "")
    open_library(examples=True)   # "Box draws" is offered when the library holds a Supply deck

    async def main():
        async with seated(tmp_path / "state", 2, lang="cs", decks="box") as (daemon, player):
            await play_until(daemon, player, RandomBot(2), lambda p: isinstance(p, CardTap))
            team = daemon.game.request.actor
            assert HIDDEN not in daemon.game.hands[team]
            asked = daemon.current()
            assert "↓" not in " ".join(asked.screen(daemon.view()).texts)
            await player.press("4")                         # the unknown-card button: nothing
            assert daemon.teacher.walk is None and daemon.current() is asked
            await player.tap(UNKNOWN)
            assert daemon.teacher.walk is None
            said = daemon.current().screen(daemon.view())
            words = " ".join(said.texts)
            assert said.problems == (), said.problems
            assert "Modří" in words or "Červení" in words, words
            assert "nezná" in words and "Přiložte kartu z ruky" in words, words
            assert not any(c in words for c in daemon.game.hands[team]), words
            await player.press("ok")
            assert daemon.current() is asked and daemon.tags.card(UNKNOWN) is None
    asyncio.run(main())
