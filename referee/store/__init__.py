"""Persistence: tables, seats and their append-only event logs; state is always a replay."""

from . import pragmas as _pragmas  # noqa: F401  (registers the SQLite connection settings on import)
