"""Plays seeded, journaled games as fast as it can: the child process of the kill test.

    python -m tests.journal.player JOURNAL GAME SEED GAMES

GAME is ``standin`` (tests/journal/standin.py) or ``real`` (table.engine.game).  Game *i* has
seed SEED + i.  On start it resumes the game in play, if any, from JOURNAL; after each answer
is committed it writes ``ack GAME_ID ENTRIES`` to stdout (unbuffered), so the parent knows what
the journal has acknowledged when it kills the process.  The chooser is a function of the game
state only (seed and log length), so a resumed game goes on exactly as an uninterrupted one.
"""

from __future__ import annotations

import hashlib
import os
import sys

from table.journal import Journal, JournaledGame


def choose(game, seed):
    """The option at a hash of (seed, length of the log): a pure function of the game state."""
    options = game.request.options
    digest = hashlib.blake2b(f"{seed}:{len(game.log)}".encode(), digest_size=8).digest()
    return options[int.from_bytes(digest, "big") % len(options)]


def game_api(kind: str):
    """(Game class, config) for a kind of game."""
    if kind == "standin":
        from tests.journal.standin import Game, GameConfig

        return Game, GameConfig()
    raise SystemExit(f"unknown game kind {kind!r}")


def play_through(game, seed) -> None:
    while game.request is not None:
        game.answer(choose(game, seed))


def uninterrupted(kind: str, seed: int, games: int) -> list:
    """Each game's (log, board JSON, result) when played straight through, without a journal."""
    game_cls, config = game_api(kind)
    out = []
    for i in range(games):
        game = game_cls.new(config, seed + i)
        play_through(game, seed + i)
        out.append((game.log, game.board.as_json(), game.result))
    return out


def _say(text: str) -> None:
    os.write(1, (text + "\n").encode())


def main(argv: list[str]) -> int:
    path, kind, seed, games = argv[0], argv[1], int(argv[2]), int(argv[3])
    game_cls, config = game_api(kind)
    with Journal(path, game_cls=game_cls) as journal:
        _say("ready")
        while True:
            game_id = journal.latest_unfinished()
            if game_id is None:
                index = len(journal.games())
                if index >= games:
                    return 0
                played = JournaledGame.new(journal, config, seed + index)
            else:
                played = JournaledGame.load(journal, game_id)
            game_seed = journal.info(played.game_id).seed
            while played.request is not None:
                played.answer(choose(played.game, game_seed))
                _say(f"ack {played.game_id} {len(played.log)}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
