"""A line of card text the steps cannot say, in the card's own words, on the buttons alone.

The teach walk's "Not listed: by hand" row opens this screen: the rulebook's effect words (and
the few joining words a card's sentence needs), a row each, in the box's language (the
catalogs' ``teach.word.<name>``, the printed words of the glossary), picked one after the
other; the title shows the end of the sentence so far.  "Done" keeps the sentence as the
line's words (a ``by_hand`` step's ``text``: the players resolve it themselves and tell the
box what changed), "Take the last back" drops the last word picked.
"""

from __future__ import annotations

from typing import Any

from table.engine.vocabulary import MAX_TEXT
from table.fonts import font
from table.ui.strings import text

from table.app.asking.prompts import Menu, Prompt

#: the words offered, in their order on the screen: the Danger Flipper and its sides first
#: (the commonest reason a line cannot be said), then the effects, the Things, where, and
#: the joining words
WORDS = ("flip", "danger", "safe", "then", "blast", "damage", "scatter", "knockback", "place",
         "move", "destroy", "heal", "change_wind", "draw", "worm", "thing", "oil_drum", "mine",
         "crate", "fire", "crater", "target_hex", "own_hex", "next_to", "each", "one", "all",
         "direction", "wind", "water", "team", "card", "end_of_turn", "next_turn", "instead",
         "and", "or", "not")
#: numbers as they are printed on cards (no words to translate)
NUMBERS = ("1", "2", "3", "4", "5", "6")
#: how wide the end of the sentence the title shows may be, in pixels (the title's room
#: beside the menu's arrows)
TAIL_PX = 100


def word(name: str, lang: str) -> str:
    """One word (or a number) of the picker in ``lang``."""
    return name if name in NUMBERS else text(f"teach.word.{name}", lang)


def sentence(names: list[str], lang: str) -> str:
    """The words picked, as the card's line."""
    return " ".join(word(n, lang) for n in names)


def tail(said: str) -> str:
    """The end of the sentence so far that fits the title ("…" before it when cut)."""
    f = font(12)
    if f.getlength(said) <= TAIL_PX:
        return said
    while said and f.getlength("…" + said) > TAIL_PX:
        said = said[1:]
    return "…" + said


def ask_words(w: Any) -> Prompt:
    """The words so far in the title; Done and Take back first once there is a word, then
    every word that still fits the line."""
    lang = w.lang
    said = list(w.pending["words"])
    so_far = sentence(said, lang)
    values: list = (["done", "undo"] if said else [])
    labels = [text("teach.done", lang), text("teach.undo", lang)] if said else []
    for name in WORDS + NUMBERS:
        if len(so_far) + 1 + len(word(name, lang)) <= MAX_TEXT:
            values.append(name)
            labels.append(word(name, lang))
    title = tail(so_far) if said else text("teach.ask.words", lang)
    return Menu(title, labels, values)


__all__ = ["NUMBERS", "WORDS", "ask_words", "sentence", "tail", "word"]
