"""The child of the kill test: plays seeded, journaled games one step per go-ahead.

    python -m tests.journal.stepper JOURNAL GAME SEED GAMES

GAME is ``standin`` or ``real`` (tests/journal/player.py); game *i* has seed SEED + i.  On start
it resumes the game in play from JOURNAL (or starts the next game) and writes ``ready``.  Then
each line ``go`` on stdin is one answer, committed before it writes ``ack GAME_ID ENTRIES``;
once all GAMES games are finished it writes ``done`` and exits 0.  At the end of stdin it plays
every remaining game straight through.  So how far it gets between two kills is set by the
parent, not by the speed of the machine.
"""

from __future__ import annotations

import os
import sys

from table.journal import Journal, JournaledGame
from tests.journal.player import choose, game_api


def _say(text: str) -> None:
    os.write(1, (text + "\n").encode())


def main(argv: list[str]) -> int:
    path, kind, seed, games = argv[0], argv[1], int(argv[2]), int(argv[3])
    api = game_api(kind)
    with Journal(path, game_cls=api.game_cls) as journal:

        def next_game():
            game_id = journal.latest_unfinished()
            if game_id is not None:
                return JournaledGame.load(journal, game_id)
            index = len(journal.games())
            if index >= games:
                return None
            return JournaledGame.new(journal, api.config_for(index), seed + index)

        def step(played):
            played.answer(choose(played.game, journal.info(played.game_id).seed))
            _say(f"ack {played.game_id} {len(played.log)}")
            return played if played.request is not None else next_game()

        played = next_game()
        _say("ready")            # the journal is open and the game in play rebuilt
        for line in sys.stdin.buffer:
            if line.strip() != b"go":
                continue
            if played is None:
                break
            played = step(played)
        else:
            while played is not None:          # stdin closed: play on to the end
                played = step(played)
        _say("done")
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
