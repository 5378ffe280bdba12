"""Golden figures: the same seeds give the same JSON, so a refactor that changes a ruling's
outcome, the log, the events or a selfplay result shows up here.  When a rule is meant to
change, regenerate them (`python tests/game/test_golden.py`) and say why in the commit."""

import json
import sys
from pathlib import Path

VECTORS = Path(__file__).resolve().parent.parent / "vectors"
SELFPLAY = VECTORS / "golden_selfplay.json"
GAMES = VECTORS / "golden_games.json"


def selfplay_figures() -> dict:
    from table.selfplay import selfplay
    out = selfplay(12, 7, ["greedy", "random"], teams=(2, 4), rules="random", max_rounds=30)
    return {k: v for k, v in out.items() if k not in ("seconds", "games_per_second")}


def game_records() -> list:
    from table.bots import RandomBot
    from table.engine.game import GameConfig
    from table.librarygame import LibraryGame

    records = []
    for seed, teams, options in ((11, 2, ()), (12, 3, ("parting_gifts", "longer_game")),
                                 (13, 4, ("reduced_blast", "timer"))):
        game = LibraryGame.new(GameConfig(teams=teams, options=options, max_rounds=15), seed)
        bot = RandomBot(seed)
        while game.request is not None:
            game.answer(bot(game))
        result = game.result
        records.append({"seed": seed, "log": game.log, "events": game.events,
                        "result": result.as_json() if hasattr(result, "as_json") else result})
    return json.loads(json.dumps(records))


def test_selfplay_gives_the_same_figures():
    assert selfplay_figures() == json.loads(SELFPLAY.read_text(encoding="utf-8"))


def test_seeded_games_give_the_same_log_events_and_result():
    assert game_records() == json.loads(GAMES.read_text(encoding="utf-8"))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    SELFPLAY.write_text(json.dumps(selfplay_figures(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    GAMES.write_text(json.dumps(game_records(), sort_keys=True) + "\n", encoding="utf-8")
    print("written", SELFPLAY, GAMES)
