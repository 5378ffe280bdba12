"""The simulator page's card form: a card checked as it is typed, and written once it is good.

Both take ``{"card": {...}}``, the card as a card file's table (docs/cards.md), and use the
same checks as ``worms-table cards new`` and the card files (table/cards/authoring.py)::

    POST /cards/check  -> {"ok": true, "valid": bool, "problems": [...], "toml": "..."}
    POST /cards/new    -> {"ok": true, "path": "<the file written>"}, or 422 naming every
                          problem (nothing written)

The file goes into the owner's card folder (the first folder of ``WORMS_TABLE_CARDS``, else
``~/.config/worms-table/cards``); the running table reads it when it next loads the library.
"""

from __future__ import annotations

from table.cards import CardError
from table.cards.authoring import check, to_toml, write

from .view import InputError


def _card(data: dict) -> dict:
    extra = sorted(set(data) - {"card"})
    if extra or not isinstance(data.get("card"), dict):
        raise InputError('send {"card": {...}}: the card as a card file\'s table '
                         "(docs/cards.md)" + (f"; unknown field(s) {', '.join(extra)}"
                                              if extra else ""))
    return data["card"]


def check_card(data: dict) -> dict:
    raw = _card(data)
    card, problems = check(raw)
    try:
        toml = to_toml(raw)
    except TypeError:
        toml = ""
    return {"valid": card is not None, "problems": problems, "toml": toml}


def new_card(data: dict) -> dict:
    raw = _card(data)
    try:
        path = write(raw)
    except CardError as err:
        raise InputError("; ".join(err.problems), status=422) from None
    return {"path": str(path)}
