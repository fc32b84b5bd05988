"""Everything about Bingo in one folder.

``rules/`` (pure: no Flask, SQL or I/O), ``web.py`` (its pages, a blueprint), ``printables.py`` (its PDFs) and
``referee/games/bingo/templates/bingo/`` (its page parts). ``GAME`` is the game's descriptor; importing this package loads
the rules only.
"""

from __future__ import annotations

from .rules import GAME

__all__ = ["GAME"]
