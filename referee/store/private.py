"""Which undo and corrections may touch a seat's private event (a sealed Ninety-Nine bid).

The game marks its private events in ``detail["private_events"]`` as ``[index, seat]`` pairs. While
one is private, only its seat changes it (a correction by that seat applies at once: nobody else
could confirm cards they may not see). Nobody else undoes or corrects it, and nobody else corrects
an event that comes before it: replaying the log would check the private event against the
corrected one, and a refusal there would tell the writer what it holds. These rules look only at
what everyone sees (which events are private, and whose), never at their contents, so a refusal
reveals nothing. Once the game opens the event (Ninety-Nine: the deal is complete), it is
corrected like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.base import RuleError, _
from .replay import Replayed


class PrivateEvent(RuleError):
    """The writer may not change this private event, or an event before it (403)."""


def private_seats(rep: Replayed) -> dict[int, int]:
    """``seq -> seat`` of every event still private to a seat."""
    pairs = rep.view.detail.get("private_events") or ()
    return {rep.effective[i].seq: seat for i, seat in pairs if 0 <= i < len(rep.effective)}


def check_private(rep: Replayed, seat: int | None, kind: str, body: Mapping[str, Any]) -> None:
    """Refuse (PrivateEvent) an undo or a correction by ``seat`` (None: the scorer) that would change
    another seat's private event or replay it against a changed earlier event."""
    private = private_seats(rep)
    if not private or kind == "event":
        return
    if kind == "undo":
        last = rep.effective[-1].seq if rep.effective else None
        if last in private and private[last] != seat:
            raise PrivateEvent(
                "private_event",
                _("The last entry is a player's sealed entry: only that player can change it."),
            )
        return
    target = body.get("target")
    if not isinstance(target, int):
        return  # no such event: the replay refuses it
    event = body.get("event") or {}
    owner = private.get(target)
    if owner is not None:
        if owner != seat:
            raise PrivateEvent(
                "private_event",
                _("Only its player can change a sealed entry; once it is shown it can be corrected."),
            )
        original = next(e.body for e in rep.effective if e.seq == target)
        if event.get("type") != original.get("type") or event.get("seat") not in (seat, str(seat)):
            raise PrivateEvent(
                "private_event", _("A sealed entry can only be replaced by the same player's entry.")
            )
        return
    if any(seq > target and who != seat for seq, who in private.items()):
        raise PrivateEvent(
            "private_event",
            _("This entry comes before a sealed entry: correct it once the sealed entries are shown."),
        )


def may_change_own(rep: Replayed, seat: int | None, kind: str, body: Mapping[str, Any]) -> bool:
    """A seat's correction of its own private event (written by that seat, applied without confirmation)."""
    target = body.get("target")
    return (
        kind == "correct"
        and seat is not None
        and isinstance(target, int)
        and private_seats(rep).get(target) == seat
    )
