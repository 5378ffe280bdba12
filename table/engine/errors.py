"""The engine's one exception root.

Everything the rules refuse or cannot do is an :class:`EngineError`: :class:`~table.engine.
decisions.Illegal` (a move, target or answer the rules do not allow),
:class:`~table.engine.chance.OutOfRandom` (a scripted chance source ran dry) and
:class:`~table.engine.rerun.ReplayMismatch` (a log this game does not reproduce).
"""


class EngineError(Exception):
    """The root of the engine's errors: catch it to catch every one of them."""
