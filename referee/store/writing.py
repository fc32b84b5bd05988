"""The correction policy, decided once for every way in (the table's forms and the JSON API).

At a table that confirms corrections, a correction does not enter the log: it waits for a seat to
confirm it (``sharing.propose_correction``). A seat's change of its own sealed entry is the
exception (nobody else may see it to confirm it), and every other log line is appended at once.
The views only say who writes and what; whether it is appended or proposed is decided here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .models import GameTable
from .private import may_change_own
from .replay import Replayed
from .sharing import PendingCorrection, propose_correction
from .tables import append, current


@dataclass(frozen=True)
class Written:
    """What a write did: the table as it now stands and the new line's seq and whether it was
    stored by this call (False: the idempotency key was seen before), or the pending correction."""

    state: Replayed
    seq: int | None = None
    created: bool = True
    pending: PendingCorrection | None = None


def write(
    table: GameTable,
    kind: str,
    body: Mapping[str, Any],
    *,
    seat: int | None,
    author: str,
    based_on: int | None = None,
    idempotency_key: str | None = None,
) -> Written:
    """Append the log line, or keep a correction pending where the table confirms corrections.

    ``seat`` is the writer's seat (None: the scorer). Raises RuleError (nothing stored, nothing
    pending) or StaleWrite, as ``append`` and ``propose_correction`` do."""
    # Only a correction at a table that confirms them asks whose entry it changes: any other line
    # goes straight to ``append``, which reads the table once (a read of the log's tail saved).
    if kind == "correct" and table.confirm_corrections and not may_change_own(current(table), seat, kind, body):
        pending = propose_correction(
            table,
            body["target"],  # a correction line always names its target (api._log_line, the form's URL)
            body.get("event"),
            author=author,
            based_on=based_on,
            idempotency_key=idempotency_key,
        )
        return Written(current(table), pending=pending)
    state, seq, created = append(
        table,
        kind,
        body,
        author=author,
        based_on=based_on,
        idempotency_key=idempotency_key,
        seat=seat,
    )
    return Written(state, seq, created)
