"""The subcommands of `worms-table`: one module each, with ``configure(parser)`` and
``run(args) -> int``.  Only :mod:`table.cli` dispatches to them; they share nothing but
:mod:`.common` (the user's errors, the shared options, the state folder, the devices)."""
