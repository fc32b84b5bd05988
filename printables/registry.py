"""Which PDFs each game offers: every builder module's ``PRINTABLES``, by game and kind. What a
builder gets and returns is in job.py (``PrintJob``, ``Printable``), below the builders, so that this
module imports them at its top."""

from __future__ import annotations

from printables.job import Printable, PrintJob
from referee.games.bead_game import printables as bead_game
from referee.games.bingo import printables as bingo
from referee.games.five_up import printables as five_up
from referee.games.ninety_nine import printables as ninety_nine
from referee.games.score_pad import printables as score_pad
from referee.games.trick_de_bingo import printables as trick_de_bingo

__all__ = ["PrintJob", "Printable", "find", "printables_for"]


def _registry() -> tuple[Printable, ...]:
    modules = (score_pad, bingo, five_up, ninety_nine, trick_de_bingo, bead_game)
    return tuple(printable for module in modules for printable in module.PRINTABLES)


def printables_for(game_id: str) -> tuple[Printable, ...]:
    return tuple(p for p in _registry() if p.game == game_id)


def find(game_id: str, kind: str) -> Printable | None:
    return next((p for p in printables_for(game_id) if p.kind == kind), None)
