"""The journal: every game kept in SQLite, so it survives power cuts and can be undone.

What it promises:

* every answer, and every chance outcome it reveals, is committed in one transaction (a
  rollback journal, ``synchronous=FULL``: no write-ahead log to lose) before
  :meth:`JournaledGame.answer` returns: after a kill or a power cut at any moment the game
  resumes with at most the answer being entered lost; a write that fails leaves the game in
  memory as the file has it (or refuses every change until it is reloaded);
* a game is rebuilt with the engine's ``Game.replay(config, seed, log)``; the engine decides
  what undo may take back (never a revealed die, flip or card), the journal follows it and
  marks the entries undone (kept in the file, never replayed);
* a file that is not a journal, a damaged or empty one, or one from a newer version raises
  :class:`JournalError` with a message naming the file and what to do; its class says what the
  caller can do (:class:`JournalDamaged`, :class:`JournalNewer`, :class:`JournalIOError` and its
  :class:`JournalFull`, :class:`JournalReplayError`);
* ``keep_finished=N`` keeps the newest N finished games and gives the space of older ones back;
* ``set_progress``/``progress`` keep, beside a game, how far the players have copied its board
  changes (committed like an answer), so a restart shows none of them twice;
* ``with journal.batch():`` commits every write of the block at once when it ends (the daemon
  wraps each press in one: its answer and the players' progress cost one sync, not two, and
  shows nothing of it before the block has ended).

The file (schema 1, ``PRAGMA application_id`` 0x576F524D, ``user_version`` 1): ``games`` (id,
created, config JSON, seed JSON, status playing/finished, result JSON) and ``entries`` (game_id,
seq, kind, payload JSON, undone).  JSON is written by :mod:`.codec`, which keeps tuples tuples.

>>> import tempfile, os
>>> from table.journal import Journal
>>> with tempfile.TemporaryDirectory() as d:
...     with Journal(os.path.join(d, "j.sqlite")) as j:
...         gid = j.new_game({"teams": 2}, 7)
...         j.append(gid, ("answer", (1, -1)))
...         j.entries(gid)
[('answer', (1, -1))]

Play a game that journals itself with :class:`JournaledGame` (``new``, ``load``, ``answer``,
``time_up``, ``undo``), and pick up the game in play after a restart with :func:`resume`.
"""

from .codec import NotPlainData, decode, encode
from .journaled import JournaledGame, resume
from .store import (APPLICATION_ID, SCHEMA_VERSION, GameInfo, Journal, JournalDamaged,
                    JournalError, JournalFull, JournalIOError, JournalNewer, JournalReplayError)

__all__ = [
    "APPLICATION_ID", "SCHEMA_VERSION", "GameInfo", "Journal", "JournalDamaged", "JournalError",
    "JournalFull", "JournalIOError", "JournalNewer", "JournalReplayError", "JournaledGame",
    "NotPlainData", "decode", "encode", "resume",
]
