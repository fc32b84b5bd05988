"""Everything about the score pad in one folder.

``rules/`` (pure: no Flask, SQL or I/O), ``printables.py`` (its PDFs) and
``referee/games/score_pad/templates/score_pad/`` (its page parts). ``GAME`` is the game's descriptor; importing this package loads
the rules only.
"""

from __future__ import annotations

from .rules import GAME

__all__ = ["GAME"]
