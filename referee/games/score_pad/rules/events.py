"""The score pad's one event of docs/record-format.md: ``round``, the points each seat scored."""

from __future__ import annotations

from referee.rules.events import event


@event("round")
class Round:
    """One round's points, one whole number per seat in seat order."""

    points: tuple[int, ...]


EVENTS = (Round,)
