"""Issue 24, item 1, measured from the shop's side: the card bounds of the one card validator
(table/cards: files, `cards new` and the page's form), and what a card at those bounds costs.

* ``card_attacks_refused``: each value an attacker used (copies 1,000,000; accuracy and range
  10^6; a name of 3,500 characters or with a line break; an id with a Cyrillic look-alike or
  of 300 characters), and whether the card file reader and the page's card form refuse it.
  Goal: every one refused by both.
* ``card_at_bounds_ms``: with the biggest card the bounds allow (the most copies, accuracy and
  range, the longest name), in the library: a new game with the box's decks built, and the
  decks screen drawn in every language.  Goal: well under the watchdog (20 s); a press's worth.

    python bench/security_cards.py
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

BASE = {"id": "sling", "kind": "supply", "names": {"en": "Sling"}, "target": "direct",
        "accuracy": 2, "action": ["TEXT"], "text": [{"do": "blast"}]}
ATTACKS = {
    "copies_1e6": {"copies": 1_000_000},
    "accuracy_1e6": {"accuracy": 10 ** 6},
    "range_1e6": {"target": "within", "range": 10 ** 6, "accuracy": None},
    "name_3500_chars": {"names": {"en": "Sling " * 583 + "xx"}},
    "name_line_break": {"names": {"en": "Sling\nSling"}},
    "id_cyrillic_lookalike": {"id": "bazook\u0430"},
    "id_300_chars": {"id": "s" * 300},
}


def _card(change: dict) -> dict:
    card = {**BASE, **change}
    return {k: v for k, v in card.items() if v is not None}


def _toml(card: dict) -> str:
    from table.cards.authoring import to_toml
    return to_toml(card)


def refused() -> dict:
    """{attack: {"file": refused?, "form": refused?}}."""
    from table.cards import CardError, library, load_file
    from table.cards.authoring import check
    out = {}
    with tempfile.TemporaryDirectory() as folder:
        os.environ["WORMS_TABLE_CARDS"] = folder
        try:
            for name, change in ATTACKS.items():
                card = _card(change)
                path = Path(folder) / "attack.toml"
                path.write_text(_toml(card), encoding="utf-8")
                try:
                    load_file(path)
                    by_file = False
                except CardError:
                    by_file = True
                finally:
                    path.unlink()
                out[name] = {"file": by_file, "form": check(card, library())[0] is None}  # as the form
        finally:
            del os.environ["WORMS_TABLE_CARDS"]
    return out


def at_bounds() -> dict:
    """Milliseconds for a new game and the decks screens with the biggest card allowed (None
    where the library has no bounds to go to)."""
    try:
        from table.engine.vocabulary import MAX_ACCURACY, MAX_COPIES, MAX_NAME
    except ImportError:
        return {"bounds": None}
    from table.cards import library, load_file
    from table.librarygame import GameConfig, LibraryGame
    card = _card({"copies": MAX_COPIES, "accuracy": MAX_ACCURACY,
                  "names": {lang: ("W" * MAX_NAME) for lang in ("en", "cs", "uk")}})
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.toml"
        path.write_text(_toml(card), encoding="utf-8")
        cards = dict(library(extra=[]))
        for c in load_file(path):
            cards[c.id] = c
        t = time.perf_counter()
        for seed in range(5):
            LibraryGame.new(GameConfig(teams=2), seed, cards=cards)
        new_game = (time.perf_counter() - t) / 5 * 1000
    return {"bounds": {"copies": MAX_COPIES, "accuracy": MAX_ACCURACY, "name": MAX_NAME},
            "new_game_ms": round(new_game, 1)}


def main() -> dict:
    attacks = refused()
    return {"card_attacks_refused": attacks,
            "card_attacks_refused_everywhere": sum(all(v.values()) for v in attacks.values()),
            "card_attacks": len(attacks), "card_at_bounds_ms": at_bounds()}


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
