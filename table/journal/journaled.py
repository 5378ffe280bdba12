"""A game that journals itself: every answer, and the chance outcomes it reveals, are committed
before :meth:`JournaledGame.answer` returns; :func:`resume` rebuilds the game in play."""

from __future__ import annotations

from .store import Journal, JournalError


class JournaledGame:
    """A game and the journal it is kept in.  Read the game through ``.game`` (or the
    ``request``, ``log`` and ``result`` shortcuts); change it only through this object."""

    def __init__(self, journal: Journal, game_id: int, game):
        self.journal = journal
        self.game_id = game_id
        self.game = game
        self._stale: JournalError | None = None     # set while memory may be ahead of the file

    @classmethod
    def new(cls, journal: Journal, config, seed, cards=None) -> "JournaledGame":
        """A new game of ``cards`` (None: the game class's default library), journaled."""
        game = journal.game_cls.new(config, seed) if cards is None else \
            journal.game_cls.new(config, seed, cards)
        kept = game.kept() if hasattr(game, "kept") else ()
        game_id = journal.new_game(config, seed, game.log, as_json(game.result), kept)
        return cls(journal, game_id, game)

    @classmethod
    def load(cls, journal: Journal, game_id: int) -> "JournaledGame":
        jg = cls(journal, game_id, journal.load(game_id))
        stored = journal.info(game_id).entries
        if len(jg.game.log) > stored:
            # a log an earlier build wrote while it asked a question this one passes over
            # (table/engine/oldlogs.py): the game went on to its next question and revealed
            # what came before it (a die): kept now, so the journal stays the game's log
            journal.extend(game_id, jg.game.log[stored:], result=as_json(jg.game.result))
        return jg

    @property
    def request(self):
        return self.game.request

    @property
    def log(self):
        return self.game.log

    @property
    def result(self):
        return self.game.result

    @property
    def can_undo(self) -> bool:
        return self.game.can_undo

    def answer(self, value) -> None:
        """Answer the game's request; returns once the answer is committed.  An illegal answer
        raises the game's Illegal and changes nothing, in the game or in the journal."""
        self._journaled(self.game.answer, value)

    def add_card(self, card) -> None:
        """The game's ``add_card()`` (a card taught during the game), journaled like an
        answer: a resumed game knows the card from its journal."""
        self._journaled(self.game.add_card, card)

    def time_up(self) -> None:
        """The game's ``time_up()`` (the Timer option ran out), journaled like an answer."""
        self._journaled(self.game.time_up)

    def _journaled(self, change, *args) -> None:
        self._check()
        before = len(self.game.log)
        change(*args)
        try:
            self.journal.extend(self.game_id, self.game.log[before:],
                                result=as_json(self.game.result))
        except BaseException:
            self._reload()
            raise

    def undo(self) -> bool:
        """Take back the last answer if the game allows it (never past a revealed random
        result); False if there is nothing to undo."""
        self._check()
        try:
            return self.journal.undo(self.game_id, self.game) is not None
        except BaseException:
            self._reload()
            raise

    def _reload(self) -> None:
        """After a failed write the game in memory may be ahead of the file: rebuild it.  If
        that fails too, every later change is refused (JournalError): the game must be loaded
        again (:meth:`load`, as the daemon resumes it); nothing is ever written after a gap."""
        try:
            self.game = self.journal.load(self.game_id)
            self._stale = None
        except JournalError as err:
            self._stale = err    # the original error is the one to report

    def _check(self) -> None:
        if self._stale is not None:
            raise type(self._stale)(      # (what went wrong: the class of the first error)
                f"game {self.game_id} may be ahead of {self.journal.path} after a failed write "
                f"({self._stale}); reload it from the journal")

    def close(self) -> None:
        self.journal.close()


def as_json(result):
    """A game's result as the journal keeps it: its JSON form (the engine's GameResult has
    ``as_json()``; a result that is plain data already is kept as it is)."""
    return result.as_json() if hasattr(result, "as_json") else result


def resume(path, *, keep_finished: int | None = None, game_cls=None) -> JournaledGame | None:
    """Open the journal at ``path`` and rebuild its latest unfinished game exactly where it
    was; None (journal closed) if no game is in play."""
    journal = Journal(path, keep_finished=keep_finished, game_cls=game_cls)
    try:
        game_id = journal.latest_unfinished()
        if game_id is None:
            journal.close()
            return None
        return JournaledGame.load(journal, game_id)
    except BaseException:
        journal.close()
        raise
