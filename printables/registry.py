"""Which PDFs each game offers: the ``PRINTABLES`` of every game's ``printables`` module, by game and kind. What a
builder gets and returns is in job.py (``PrintJob``, ``Printable``), below the builders, so that this
module imports them at its top."""

from __future__ import annotations

from printables.job import Printable, PrintJob
from referee.games import GAMES, part

__all__ = ["PrintJob", "Printable", "find", "printables_for"]


def _registry() -> tuple[Printable, ...]:
    modules = (part(game_id, "printables") for game_id in GAMES)
    return tuple(printable for module in modules for printable in module.PRINTABLES)


def printables_for(game_id: str) -> tuple[Printable, ...]:
    return tuple(p for p in _registry() if p.game == game_id)


def find(game_id: str, kind: str) -> Printable | None:
    return next((p for p in printables_for(game_id) if p.kind == kind), None)
