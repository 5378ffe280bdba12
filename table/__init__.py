"""worms-table: a Raspberry Pi referee for *Worms: The Board Game*."""

__version__ = "0.1.0"
