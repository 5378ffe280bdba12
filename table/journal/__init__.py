"""The journal: every game kept in SQLite so it survives power cuts and can be undone.

>>> import tempfile, os
>>> from table.journal import Journal
>>> with tempfile.TemporaryDirectory() as d:
...     with Journal(os.path.join(d, "j.sqlite")) as j:
...         gid = j.new_game({"teams": 2}, 7)
...         j.append(gid, ("answer", (1, -1)))
...         j.entries(gid)
[('answer', (1, -1))]

Use :class:`JournaledGame` to play a game that journals itself, and :func:`resume` to pick up
the game in play after a restart.
"""

from .codec import NotPlainData, decode, encode
from .journaled import JournaledGame, resume
from .store import APPLICATION_ID, SCHEMA_VERSION, GameInfo, Journal, JournalError

__all__ = [
    "APPLICATION_ID", "SCHEMA_VERSION", "GameInfo", "Journal", "JournalError", "JournaledGame",
    "NotPlainData", "decode", "encode", "resume",
]
