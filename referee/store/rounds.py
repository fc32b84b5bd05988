"""A session's paired rounds (issue 32): the director asks for the next round, and its tables are made
from the standings as they stand, by pairings.py's Swiss or rotating-partners rules.

Standings for pairing: each table of the game gives one point, shared by its winners when finished, by
the players leading on their current totals while it is still being played (nobody scores at a table
where everyone is level). Every table of the game in the session counts as a meeting, paired or added by
hand, so nobody is paired again against someone they have already played. A round claims its number
before its tables are made: two directors pairing at the same moment get one round, not two.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from referee.games import game as get_game

from ..rules.base import D, IllegalEvent, MalformedEvent, View, _
from ..rules.names import name_key
from .database import db
from .models import ClubSession, Seat, SessionRound, SessionTable
from .pairings import PairingError, Round, numbered, partners, swiss
from .record import check_header
from .sessions import add_table, table_rows
from .tables import Created

SEATS = {"swiss": 2, "partners": 4}
"""Each method's seats per table: Swiss rounds for 2-player games, partners at tables of four."""


@dataclass(frozen=True)
class PairedTable:
    created: Created
    number: int  # in the session, as for a table added by hand
    seats: tuple[int, ...]  # roster indices in seat order


@dataclass(frozen=True)
class RoundMade:
    number: int
    tables: tuple[PairedTable, ...]
    byes: tuple[int, ...]


@dataclass(frozen=True)
class RoundRow:
    """A paired round as it is listed: its tables as (table id, number, seats by roster index)."""

    number: int
    game: str
    method: str
    tables: tuple[tuple[str, int, tuple[int, ...]], ...]
    byes: tuple[int, ...]


@dataclass(frozen=True)
class Request:
    """The body of a pairing request, checked against the roster."""

    game: str
    method: str
    players: tuple[int, ...]  # the roster indices present, in roster order
    pinned: dict[int, int]


def _roster_index(raw: Any, size: int) -> int:
    index = int(raw) if isinstance(raw, str) and raw.isdigit() else raw
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < size:
        raise MalformedEvent(
            "bad_round", _("%(player)s is not a place on this session's roster."), player=str(raw)[:40]
        )
    return index


def check_request(session: ClubSession, body: Mapping[str, Any]) -> Request:
    """The game, method, present players and pins of a pairing request; a sentence for what is wrong."""
    game = get_game(body.get("game"))
    method = body.get("method")
    if method not in SEATS:
        raise MalformedEvent("bad_round", _("method must be swiss (2 seats) or partners (4 seats)."))
    if body.get("seats") != SEATS[method]:
        raise MalformedEvent(
            "bad_round", _("Swiss rounds have 2 seats a table and partner rounds 4: seats must match method.")
        )
    size = len(session.roster)
    absent_raw = body.get("absent", [])
    if not isinstance(absent_raw, list):
        raise MalformedEvent("bad_round", _("absent must be a list of roster places."))
    absent = {_roster_index(p, size) for p in absent_raw}
    pinned_raw = body.get("pinned", {})
    if not isinstance(pinned_raw, dict):
        raise MalformedEvent("bad_round", _("pinned must map roster places to table numbers."))
    pinned = {}
    for raw, table in pinned_raw.items():
        player = _roster_index(raw, size)
        if isinstance(table, bool) or not isinstance(table, int) or table < 1:
            raise MalformedEvent("bad_round", _("A pinned table's number must be 1 or more."))
        if player in absent:
            raise IllegalEvent("bad_round", _("An absent player cannot be pinned to a table."))
        pinned[player] = table
    players = tuple(p for p in range(size) if p not in absent)
    if len(players) < SEATS[method]:
        raise IllegalEvent(
            "pairing", _("At least %(n)s players must be here to pair a round."), n=SEATS[method]
        )
    names = [session.roster[p].name for p in players[: SEATS[method]]]
    check_header(game.id, names, None)  # the game takes this many seats, before anything is kept
    return Request(game.id, method, players, pinned)


def _history(session: ClubSession, game: str) -> tuple[dict[int, float], list[Round]]:
    """The game's points so far (see the module's docstring) and its rounds: each paired round with
    its byes, and each table added by hand as a round of its own. Unfinished tables count by their
    current totals, so each is read as it now stands (a kept result holds finished tables only)."""
    round_of = {
        table_id: number
        for table_id, number in db.session.execute(
            select(SessionTable.table_id, SessionTable.round).where(SessionTable.session_id == session.id)
        )
    }
    index = {r.key: r.index for r in session.roster}
    scores: dict[int, float] = {}
    by_round: dict[int, list[tuple[int, ...]]] = {}
    loose: list[Round] = []
    for row in table_rows(session):
        if row.rep.game.id != game:
            continue
        seats = tuple(index[name_key(p)] for p in row.rep.players)
        scorers = _scorers(row.rep.view)
        for seat in scorers:
            scores[seats[seat]] = scores.get(seats[seat], 0.0) + 1 / len(scorers)
        round_number = round_of.get(row.table.id)
        if round_number is None:
            loose.append(Round((seats,)))
        else:
            by_round.setdefault(round_number, []).append(seats)
    paired = db.session.scalars(
        select(SessionRound).where(SessionRound.session_id == session.id, SessionRound.game == game)
    )
    rounds = [Round(tuple(by_round.get(r.number, ())), tuple(r.byes)) for r in paired]
    return scores, rounds + loose


def _scorers(view: View[D]) -> tuple[int, ...]:
    """The seats a table's point goes to: its winners, or while it is played its leaders."""
    if view.finished:
        return tuple(view.winners)
    if not view.totals or min(view.totals) == max(view.totals):
        return ()
    top = max(view.totals)
    return tuple(seat for seat, total in enumerate(view.totals) if total == top)


def _claim(session: ClubSession, req: Request, byes: Sequence[int]) -> int:
    """The next round's number, kept with its byes; a refusal if another request took it first."""
    number = (
        db.session.scalar(select(func.max(SessionRound.number)).where(SessionRound.session_id == session.id))
        or 0
    ) + 1
    db.session.add(
        SessionRound(session_id=session.id, number=number, game=req.game, method=req.method, byes=list(byes))
    )
    try:
        db.session.commit()
    except IntegrityError as err:
        db.session.rollback()
        raise IllegalEvent(
            "round_taken", _("Another round was paired at the same moment: look at the rounds before pairing again.")
        ) from err
    return number


def pair_round(session: ClubSession, director_token: str, body: Mapping[str, Any]) -> RoundMade:
    """The next round's tables, made in table-number order, and its byes; PairingError (nothing kept)
    when the round cannot keep its rules."""
    req = check_request(session, body)
    scores, rounds = _history(session, req.game)
    rnd = swiss(req.players, scores, rounds) if req.method == "swiss" else partners(req.players, rounds)
    if any(table > len(rnd.tables) for table in req.pinned.values()):
        raise PairingError(
            "pinned", _("This round has %(n)s tables: a pinned table's number may be at most that."), n=len(rnd.tables)
        )
    places = numbered(rnd, req.pinned)
    number = _claim(session, req, rnd.byes)
    tables = []
    for _place, seats in sorted(places.items()):
        names = [session.roster[p].name for p in seats]
        created, table_number = add_table(session, director_token, req.game, names, None, number)
        tables.append(PairedTable(created, table_number, seats))
    return RoundMade(number, tuple(tables), rnd.byes)


def rounds_of(session: ClubSession) -> list[RoundRow]:
    """The session's paired rounds in order, each with its tables in number order."""
    index = {r.key: r.index for r in session.roster}
    tables: dict[int, list[tuple[str, int, tuple[int, ...]]]] = {}
    for link in db.session.scalars(
        select(SessionTable)
        .where(SessionTable.session_id == session.id, SessionTable.round.is_not(None))
        .order_by(SessionTable.number)
    ):
        seats = tuple(index[name_key(s.name)] for s in link.table.seats)
        tables.setdefault(link.round or 0, []).append((link.table_id, link.number, seats))
    return [
        RoundRow(r.number, r.game, r.method, tuple(tables.get(r.number, ())), tuple(r.byes))
        for r in db.session.scalars(
            select(SessionRound).where(SessionRound.session_id == session.id).order_by(SessionRound.number)
        )
    ]


def next_table(table_id: str, seat: int) -> tuple[str, int] | None:
    """The table (id, number) where this seat's player sits in the latest paired round after this table,
    if a later round of its session seats them: what their phone shows as "your next table"."""
    link = db.session.get(SessionTable, table_id)
    if link is None:
        return None
    name = select(Seat.name).where(Seat.table_id == table_id, Seat.index == seat).scalar_subquery()
    row = db.session.execute(
        select(SessionTable.table_id, SessionTable.number)
        .join(Seat, Seat.table_id == SessionTable.table_id)
        .where(
            SessionTable.session_id == link.session_id,
            SessionTable.round.is_not(None),
            SessionTable.number > link.number,
            Seat.name == name,
        )
        .order_by(SessionTable.number.desc())
        .limit(1)
    ).first()
    return (row[0], row[1]) if row else None
