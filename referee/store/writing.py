"""The one write command: who may write what at a table, decided once for every way in.

Every log line a phone or a script adds to a table comes through ``write`` (the table's forms, the
JSON API, undo, corrections, a seat's sealed bid or draft pick), and a seat's answer to a pending
correction through ``confirm``. They alone decide:

- who writes: the scorer anything, a seat only the events its game lets a seat write for itself
  (``Game.seat_events``: a sealed bid, a premium bid) for its own seat and the change of its own
  sealed entry, a viewer nothing (``Reason.FORBIDDEN``; to a seat with why, ``not_yours``);
- private entries: nobody else undoes or corrects a seat's sealed entry or one before it
  (``private.check_private``, ``Reason.PRIVATE``);
- stale pages: a write based on an older state than the table's is refused (``Reason.STALE``),
  except a seat's own entry made on a page that is out of date (``from_page``): it does not depend
  on what the table did meanwhile, and the replay still checks it; but not one that another seat's
  entry of its kind can outrank (``Game.contested_events``: a premium bid), checked as the scorer's is;
- corrections: at a table that confirms corrections a correction waits for a seat
  (``sharing.propose_correction``), except a seat's change of its own sealed entry (nobody else may
  see it to confirm it); every other line is appended at once;
- idempotency: a key seen before answers the first write's result (``Accepted.created`` False);
- roles: only the scorer hands out new links, the old one stopping at once (``renew_link``);
- the correction form: opened on an entry only by whoever may correct it, never on another seat's
  sealed entry, whose contents that phone may not see (``open_correction``).

The answer is a typed decision, never an exception for a refusal: the web only maps it to an HTTP
status and a sentence. Nothing is stored or pending after a refusal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from referee.games import game as find_game

from ..rules.base import RuleError, _
from .models import GameTable
from .private import PrivateEvent, may_change_own, private_seats
from .replay import Replayed, ReplayError, entry_index, replay_events
from .sharing import AlreadyDecided, PendingCorrection, decide, propose_correction, renew_token
from .tables import StaleWrite, append, current


@dataclass(frozen=True)
class Writer:
    """Who writes: the scorer (``seat`` None), a seat, or neither (a viewer, who writes nothing).
    ``via`` is how the scorer's lines are signed: ``scorer`` from the table's forms, ``api`` from
    the JSON API; a seat's lines are signed ``seat<n>`` whatever the way in."""

    scorer: bool = False
    seat: int | None = None
    via: str = "scorer"

    @property
    def may_write(self) -> bool:
        """A scorer or a seat; a viewer is refused whatever it sends (the API says so before reading it)."""
        return self.scorer or self.seat is not None

    @property
    def author(self) -> str:
        return self.via if self.seat is None else f"seat{self.seat}"


class Reason(StrEnum):
    """Why a write was refused."""

    FORBIDDEN = "forbidden"
    """This writer may not write this line (a viewer; a seat writing what is not its own: ``error``
    says so in its player's words)."""
    PRIVATE = "private_event"
    """It would change another seat's sealed entry, or an entry before one (``error`` says which)."""
    STALE = "stale"
    """It was based on an older state than the table's."""
    DECIDED = "decided"
    """The pending correction was confirmed or rejected on another phone first."""
    REFUSED = "refused"
    """The rules refuse it, or the request is malformed (``error`` says why)."""


@dataclass(frozen=True)
class Accepted:
    """The line is in the log: the table as it now stands and the line's seq; ``created`` False when
    its idempotency key was seen before (the first write's result stands)."""

    state: Replayed
    seq: int
    created: bool = True


@dataclass(frozen=True)
class Proposed:
    """A correction waiting for a seat to confirm it: nothing in the log yet."""

    state: Replayed
    pending: PendingCorrection


@dataclass(frozen=True)
class Decided:
    """A seat confirmed (the correction is appended) or rejected a pending correction."""

    state: Replayed


@dataclass(frozen=True)
class Refused:
    """Nothing stored, nothing pending: why, and the rules' refusal when they gave one."""

    reason: Reason
    table: GameTable
    error: RuleError | None = None
    seen: Replayed | None = None  # the table as the stale check read it

    @property
    def state(self) -> Replayed:
        """The table as it stands (read only when asked: a 403 shows none of it)."""
        return self.seen if self.seen is not None else current(self.table)


Written = Accepted | Proposed | Refused


def may_correct(rep: Replayed, writer: Writer, target: int) -> bool:
    """The scorer corrects any entry; a seat only its own sealed entry (at once: nobody else may see it)."""
    return writer.scorer or may_change_own(rep, writer.seat, "correct", {"target": target})


def open_correction(table: GameTable, rep: Replayed, writer: Writer, target: int) -> Refused | None:
    """Why ``writer`` may not open the correction form of the entry logged as ``target`` (None: they
    may): it is not theirs to correct (``may_correct``), or it is a seat's sealed entry and they are not
    that seat (the scorer included: its contents are shown to nobody else until it is opened)."""
    if not may_correct(rep, writer, target):
        return Refused(Reason.FORBIDDEN, table)
    owner = private_seats(rep).get(target)
    if owner is not None and owner != writer.seat:
        return Refused(Reason.PRIVATE, table)
    return None


def not_yours(table: GameTable, writer: Writer, kind: str, body: Mapping[str, Any]) -> RuleError | None:
    """Why a seat may not write this line, in words for its player (None: it may, or the writer is no
    seat): a seat writes only its game's ``seat_events`` for its own seat, and the change of its own
    sealed entry. The sentence says only what the line itself asks, never what the table holds."""
    seat = writer.seat
    if writer.scorer or seat is None:
        return None
    if kind == "correct":
        if may_change_own(current(table), seat, kind, body):
            return None
        return RuleError("not_yours", _("A player's phone changes only that player's own sealed entry."))
    if kind == "event" and body.get("type") in find_game(table.game).seat_events:
        if body.get("seat") in (seat, str(seat)):
            return None
        return RuleError("not_yours", _("This phone enters only its own player's entries, not another player's."))
    return RuleError("not_yours", _("A player's phone cannot enter this: it is entered on the scorer's phone."))


def write(
    table: GameTable,
    writer: Writer,
    kind: str,
    body: Mapping[str, Any],
    *,
    based_on: int | None = None,
    from_page: bool = False,
    idempotency_key: str | None = None,
) -> Written:
    """Append one log line in the record's spelling (``kind`` event, undo or correct), keep a
    correction pending where the table confirms corrections, or say why not.

    ``based_on`` is the seq the writer saw: an If-Match the writer set, or (``from_page``) the seq of
    the page a form was made on, which a seat's own entry need not match."""
    if not writer.may_write:
        return Refused(Reason.FORBIDDEN, table)
    refusal = not_yours(table, writer, kind, body)
    if refusal is not None:
        return Refused(Reason.FORBIDDEN, table, refusal)
    seat = writer.seat
    if kind == "correct" and seat is None and isinstance(body.get("event"), Mapping):
        # the scorer's correction that puts a card in two bids is refused at once (N3)
        hidden = new_hidden_refusals(current(table), body.get("target"), body["event"])
        if hidden:
            return Refused(Reason.REFUSED, table, hidden[0])
    if from_page and seat is not None and body.get("type") not in find_game(table.game).contested_events:
        based_on = None  # a seat writes only its own entries (not_yours)
    try:
        # Only a correction at a table that confirms them asks whose entry it changes: any other line
        # goes straight to ``append``, which reads the table once (a read of the log's tail saved).
        if kind == "correct" and table.confirm_corrections and not may_change_own(current(table), seat, kind, body):
            pending = propose_correction(
                table,
                body["target"],  # a correction line always names its target (api._log_line, the form's URL)
                body.get("event"),
                author=writer.author,
                based_on=based_on,
                idempotency_key=idempotency_key,
            )
            return Proposed(current(table), pending)
        state, seq, created = append(
            table,
            kind,
            body,
            author=writer.author,
            based_on=based_on,
            idempotency_key=idempotency_key,
            seat=seat,
        )
    except StaleWrite as stale:
        return Refused(Reason.STALE, table, seen=stale.current)
    except PrivateEvent as err:
        return Refused(Reason.PRIVATE, table, err)
    except RuleError as err:
        return Refused(Reason.REFUSED, table, err)
    return Accepted(state, seq, created)


def confirm(table: GameTable, writer: Writer, pending_id: int, *, accept: bool) -> Decided | Refused:
    """A seat (not the scorer, who proposed it) confirms (``accept``) or rejects a pending correction."""
    if writer.scorer or writer.seat is None:
        return Refused(Reason.FORBIDDEN, table)
    try:
        return Decided(decide(table, pending_id, by=writer.author, confirm=accept))
    except AlreadyDecided:
        return Refused(Reason.DECIDED, table)
    except RuleError as err:
        return Refused(Reason.REFUSED, table, err)


def renew_link(table: GameTable, writer: Writer, role: str) -> str | Refused:
    """A new token for ``scorer`` or ``seat<n>`` (the old link stops working), the scorer's alone to
    make, as the roles are; KeyError for a seat the table does not have."""
    if not writer.scorer:
        return Refused(Reason.FORBIDDEN, table)
    return renew_token(table, role)


def new_hidden_refusals(rep: Replayed, target: object, event: Mapping[str, Any]) -> tuple[RuleError, ...]:
    """The refusals a correction of the entry logged as ``target`` to ``event`` would add that the
    rules hold back while a bid is sealed (Ninety-Nine: a card in two bids, N3). Only for the scorer's
    phone, which enters or sees every bid: said to a seat phone, such a refusal would tell it what
    another seat's sealed bid holds. Empty when the corrected table does not replay (the write then
    refuses it with its own sentence)."""
    hidden = rep.game.hidden_errors
    index = entry_index(rep, target)
    if hidden is None or index is None:
        return ()
    bodies = [e.body for e in rep.effective]
    bodies[index] = event
    try:
        state = replay_events(rep.game, rep.players, rep.options, bodies)
    except ReplayError:
        return ()
    known = {(i, str(err)) for i, err in hidden(rep.state)}
    return tuple(err for i, err in hidden(state) if (i, str(err)) not in known)
