"""A restart after an owner card was added (or broken) mid-game resumes the game (issue 19:
it used to say "Cannot resume ... OK: new game", the library having changed under it)."""

import asyncio

from table.bots import RandomBot
from table.cards.authoring import write

from .driver import running, seated, sim_daemon

CARD = {"id": "pea_shooter", "kind": "supply", "copies": 3, "names": {"en": "Pea Shooter"},
        "target": "direct_within", "range": 3, "action": ["TEXT"],
        "text": [{"do": "damage", "pick": "one"}]}


def test_a_restart_after_a_card_was_added_mid_game_resumes_the_game(tmp_path, monkeypatch):
    folder = tmp_path / "cards"
    folder.mkdir()
    monkeypatch.setenv("WORMS_TABLE_CARDS", str(folder))

    async def first():
        async with seated(tmp_path / "state", 7) as (daemon, p):
            bot = RandomBot(7)
            for _ in range(12):
                await p.confirm()
                await p.choose(bot(daemon.game))
            await p.confirm()
            write(CARD, folder, daemon.cards)          # the page's "Add a card", mid-game
            (folder / "zz_broken.toml").write_text("[[cards]]\nid = 'x'\n", encoding="utf-8")
            state = (list(daemon.game.log), daemon.game.request, daemon.game.hands)
        daemon.close()
        return state

    async def second():
        daemon = sim_daemon(tmp_path / "state", 7)
        async with running(daemon):
            state = (list(daemon.game.log), daemon.game.request, daemon.game.hands)
            mode = daemon.mode
        daemon.close()
        return state, mode

    before = asyncio.run(first())
    assert any("answer" in e for e in before[0])
    after, mode = asyncio.run(second())
    assert mode == "play" and after == before
