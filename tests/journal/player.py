"""Seeded games for the journal tests and the kill test's child (tests/journal/stepper.py):
the kinds of game (:func:`game_api`: ``standin``, tests/journal/standin.py, or ``real``,
table.engine.game; game *i* has a config of its own), and a chooser that is a function of the
game state only (seed and log length), so a resumed game goes on exactly as an uninterrupted
one (:func:`uninterrupted`).
"""

from __future__ import annotations

import hashlib


def choose(game, seed):
    """The option at a hash of (seed, length of the log): a pure function of the game state."""
    options = game.request.options
    board = getattr(getattr(game, "game", game), "board", None)
    if game.request.kind == "move" and board is not None:   # never a jump into water (T1
        options = [o for o in options                        # allows it), as the bots: so
                   if o[0] != "jump" or board.is_land(o[1])] or options   # that games last
    digest = hashlib.blake2b(f"{seed}:{len(game.log)}".encode(), digest_size=8).digest()
    return options[int.from_bytes(digest, "big") % len(options)]


class Api:
    """What the tests need of a kind of game: its class, the config of game number i, and a
    log entry its replay must refuse."""

    def __init__(self, game_cls, config_for, bogus):
        self.game_cls, self.config_for, self.bogus = game_cls, config_for, bogus


def _real_config(i: int):
    from table.engine.game import GameConfig

    options = [("longer_game",), (), ("parting_gifts", "reduced_blast"), ("true_elimination",),
               ("sudden_death_draft",), ("no_sudden_death", "late_superweapons")][i % 6]
    return GameConfig(teams=2 + i % 3, options=options,
                      placement="players" if i % 4 == 3 else "auto")


def game_api(kind: str) -> Api:
    if kind == "standin":
        from tests.journal.standin import Game, GameConfig

        return Api(Game, lambda i: GameConfig(), ("die", "no such face"))
    if kind == "real":
        from table.librarygame import LibraryGame

        return Api(LibraryGame, _real_config, {"chance": "die", "value": "no such face"})
    raise SystemExit(f"unknown game kind {kind!r}")


def play_through(game, seed) -> None:
    while game.request is not None:
        game.answer(choose(game, seed))


def uninterrupted(kind: str, seed: int, games: int) -> list:
    """Each game's (log, board JSON, result) when played straight through, without a journal."""
    api = game_api(kind)
    out = []
    for i in range(games):
        game = api.game_cls.new(api.config_for(i), seed + i)
        play_through(game, seed + i)
        out.append((game.log, game.board.as_json(), game.result))
    return out

