"""A whole game played on the box alone: only button presses and card taps reach the daemon,
and the game ends exactly as the same seed played by the same bot directly on the engine."""

import asyncio

import pytest

from table.bots import RandomBot
from table.engine.game import GameConfig
from table.librarygame import LibraryGame
from table.ui.strings import text

from .driver import Player, enrol_all, play_out, running, seated, sim_daemon


def bots_game(config, seed):
    """The reference: the same bot answering the engine's requests directly."""
    ref = LibraryGame.new(GameConfig(teams=config.teams, options=config.options, land=config.land,
                              placement=config.placement, own_decks=config.own_decks), seed)
    bot = RandomBot(seed)
    while ref.request is not None:
        ref.answer(bot(ref))
    return ref


@pytest.mark.parametrize("seed, teams, rules", [(3, 2, ()),
                                                (7, 3, ("parting_gifts", "reduced_blast"))])
def test_a_whole_game_through_presses_and_taps_ends_as_the_bots_game(tmp_path, seed, teams,
                                                                      rules):
    async def main():
        async with seated(tmp_path, seed, teams=teams, rules=rules) as (daemon, player):
            config = daemon.game.config
            assert (config.teams, set(config.options)) == (teams, set(rules))
            decisions = await play_out(daemon, player, RandomBot(seed))
            oled = daemon.dev["display"].image
            screen = daemon.current().screen(daemon.view())
            # the Wind Dial points where the game's wind is
            assert daemon.dev["wind"].direction == daemon.game.board.wind
            return daemon.game, config, decisions, player, oled, screen

    game, config, decisions, player, oled, screen = asyncio.run(main())
    ref = bots_game(config, seed)
    assert game.result == ref.result
    assert game.log == ref.log
    assert decisions > 20 and player.taps > 0 and player.presses > decisions
    # the end is on show: the winner's screen on the OLED
    winners = game.result.winners
    names = ", ".join(text(f"team.{t}", "en") for t in winners)
    expected = (text("over.winner", "en", team=names) if len(winners) == 1
                else text("over.shared", "en", teams=names) if winners
                else text("over.draw", "en"))
    body = "\n".join(screen.texts)
    assert expected in body
    # and the end summary: turns played, worms left (if any)
    assert f"Game over: {game.result.turns} turns" in body
    assert ("Left: " in body) == any(game.result.worms.values())
    assert oled.tobytes() == screen.image.tobytes()


def test_players_place_the_things_themselves(tmp_path):
    async def main():
        async with seated(tmp_path, 5, placement="players") as (daemon, player):
            assert daemon.game.request.kind == "pile"
            await play_out(daemon, player, RandomBot(5))
            return daemon.game

    game = asyncio.run(main())
    ref = bots_game(game.config, 5)
    assert game.config.placement == "players"
    assert game.result == ref.result and game.log == ref.log


def test_a_rotary_encoder_build_plays_the_same_game(tmp_path):
    from table.devices.buttons import SimButtons
    from table.inputs import ENCODER
    from table.devices.build import build_devices
    from table.profiles import load

    class EncoderBox:
        """The simulated devices with an encoder (cw/ccw, OK, Back) instead of six buttons."""
        def __init__(self):
            self.real = build_devices(load(None), sim=True)
            self.buttons = SimButtons(ENCODER)

        def __getattr__(self, name):
            return getattr(self.real, name)

    async def main():
        daemon = sim_daemon(tmp_path, 8, devices=EncoderBox())
        tags = enrol_all(daemon)
        async with running(daemon):
            player = Player(daemon, tags)
            await player.wizard(2)
            await play_out(daemon, player, RandomBot(8))
            return daemon.game

    game = asyncio.run(main())
    assert game.result == bots_game(game.config, 8).result
