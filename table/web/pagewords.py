"""The simulator page's words in each language, taken from the gettext catalogs.

The page's own words are the catalogs' ``page.<key>`` entries, so a translator's tool sees them
beside the OLED's; the words the page shares with the OLED are the OLED's own entries (the
buttons, the directions, a card's kind and target, the lasting rules), so the two cannot say
a thing two ways.  The server sends them once as ``/strings.js``, which defines the page's
``T`` (language -> key -> words) before ``app.js`` runs.

>>> words("cs")["dirs"]
['S', 'SV', 'JV', 'J', 'JZ', 'SZ']
>>> words("uk")["back"]
'Назад'
"""

from __future__ import annotations

import json

from table.engine.anatomy import CARD_KINDS, TARGETS
from table.engine.effects import RULES
from table.inputs import DIRECTIONS
from table.langs import LANGS
from table.ui.strings import FORMS, text

PREFIX = "page."


def words(lang: str) -> dict:
    """Every word the page says in ``lang``: its own entries by their key after ``page.``,
    and the lists it shares with the OLED."""
    own = {key[len(PREFIX):]: text(key, lang) for key in FORMS if key.startswith(PREFIX)}
    return {**own,
            "ok": text("button.ok", lang), "back": text("button.back", lang),
            "dirs": [text(f"dir.{d}", lang) for d in DIRECTIONS],
            # "" is a card without a target; "X" stands for a card's range in the card form
            "targets": {t: text(f"teach.target.{t or 'none'}", lang, n="X") for t in ("",) + TARGETS},
            "lasting": {rule: text(f"rule.{rule}", lang) for rule in RULES},
            "kinds": {kind: text(f"teach.kind.{kind}", lang) for kind in CARD_KINDS}}


def script() -> bytes:
    """``/strings.js``: the page's ``T`` for every language."""
    table = json.dumps({lang: words(lang) for lang in LANGS}, ensure_ascii=False, indent=1)
    return f"// the page's words, from the catalogs (table/web/pagewords.py)\nconst T = {table};\n".encode()
