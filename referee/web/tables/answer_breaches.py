"""The rule breaks the answer to the latest entry says (issue 27), chosen before rendering (issue 30).

A rule break found after the fact is said where the player looks after tapping: by the entry that
proves it (the breach's ``detected_at``), and by the entry that settles a deal or a hand, every rule
break of that deal or hand, counted from the last entry that opened it. Which entry settles which part
is the game's to say (``settles(detail, entry_type)`` in its ``web`` module: Bingo's claim, Five Up's
end of a hand, Ninety-Nine's scored deal). The template ``table/_breaches.html`` only prints what is
chosen here; until issue 30 it chose them itself, out of mypy's sight and of any unit test.

Only the view's breaches are said, the ones the history shows every reader: a game's rules keep out a
breach that would open something sealed (Ninety-Nine's card in a sealed bid waits for the deal's end).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from referee.games import part
from referee.rules.base import Breach, View
from referee.store.replay import Effective

Part = Literal["deal", "hand"]
"""What an entry settles, named by the type of the entry that opens it."""


def settled_part(game_id: str, detail: Mapping[str, Any], latest: Mapping[str, Any] | None) -> Part | None:
    """The part the entry ``latest`` (its body as this reader sees it; None: nothing is recorded) settles,
    by the game's word."""
    if latest is None:
        return None
    settles: Part | None = part(game_id, "web").settles(detail, latest["type"])
    return settles


def answer_breaches(view: View[Any], effective: Sequence[Effective], settles: Part | None) -> tuple[Breach, ...]:
    """The breaks of ``view`` (this reader's) the answer to the last of ``effective`` says: with
    ``settles``, every one since the last entry opening that part; else those the last entry proves."""
    if settles is None:
        last = len(effective) - 1
        return tuple(b for b in view.breaches if b.detected_at == last)
    start = next((i for i in range(len(effective) - 1, -1, -1) if effective[i].body.get("type") == settles), 0)
    return tuple(b for b in view.breaches if b.event >= start)
