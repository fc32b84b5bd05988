"""What a director enters on the director's screen: a table of the session from its roster.

The form is the new-table form's (its option fields, ``option_values`` reading them, the same
``check_header`` through ``sessions.add_table``); only the players differ: each seat picks a name from
the session's roster, so a name off the roster can only come from a forged post, and is refused as the
API refuses it. A refused entry comes back with what was sent; nothing is stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from referee.games import GAMES
from referee.games import game as find_game
from referee.rules.base import Game
from referee.store.models import ClubSession
from referee.store.rounds import SEATS, rounds_of
from referee.store.sessions import add_table, roster_of, session_tables
from referee.store.sharing import set_confirm_corrections
from referee.store.tables import Created, current
from referee.web.site.pages import option_values
from referee.web.tables.access import held_links
from referee.web.tables.presenting import TableLine


def add_table_from(session: ClubSession, director_token: str, form: MultiDict[str, str]) -> tuple[Created, int]:
    """The table the form describes, added to the session, and its number; RuleError if refused."""
    game = find_game(form.get("game"))
    players = [p for p in form.getlist("players") if p.strip()]
    created, number = add_table(session, director_token, game.id, players, option_values(game, form))
    if form.get("confirm_corrections"):
        set_confirm_corrections(created.table, True)
    return created, number


def round_body(form: MultiDict[str, str]) -> dict[str, Any]:
    """The pairing form as the rounds API's body: one choice gives the method and its seats."""
    method = form.get("method", "")
    return {
        "game": form.get("game"),
        "method": method,
        "seats": SEATS.get(method),
        "absent": [int(p) for p in form.getlist("absent") if p.isdigit()],
    }


@dataclass(frozen=True)
class NamedRound:
    """A paired round as the screen shows it: tables as (table id, number, names in seat order)."""

    number: int
    game: Game[Any, Any]
    tables: tuple[tuple[str, int, tuple[str, ...]], ...]
    byes: tuple[str, ...]


def named_rounds(session: ClubSession) -> list[NamedRound]:
    names = roster_of(session)
    return [
        NamedRound(
            r.number,
            find_game(r.game),
            tuple((table_id, number, tuple(names[p] for p in seats)) for table_id, number, seats in r.tables),
            tuple(names[p] for p in r.byes),
        )
        for r in rounds_of(session)
    ]


def _game(game_id: Any) -> Game[Any, Any] | None:
    return GAMES.get(game_id) if isinstance(game_id, str) else None


@dataclass(frozen=True)
class Added:
    """The table added from this browser just now: its number on the board, its id, its game and players."""

    number: int
    id: str
    line: TableLine


@dataclass(frozen=True)
class Tools:
    """The director's tools as the screen shows them: the add-table form for ``add_game`` (with what
    ``add_form`` sent, ``given`` its seats, and ``roster`` to pick them from), the import form with
    the record ``pasted``, and the table ``added`` just now with the links to hand out."""

    roster: tuple[str, ...]
    add_game: Game[Any, Any] | None
    add_form: Mapping[str, Any] | None
    given: tuple[str, ...]
    add_error: str | None
    import_error: str | None
    pasted: str
    added: Added | None
    added_links: Mapping[str, str | None]


def tools(
    session: ClubSession,
    *,
    game_id: Any = None,
    form: Mapping[str, Any] | None = None,
    error: str | None = None,
    import_error: str | None = None,
    pasted: str = "",
    added: Any = None,
) -> Tools:
    """The director's tools for ``game_id``, with what ``form`` sent (or the defaults), and the table
    ``added`` just now, if it is one of the session's (its links are the ones this browser holds: it
    made the table)."""
    just_added = None
    links: Mapping[str, str | None] = {}
    if isinstance(added, str):
        found = next(((n, table) for n, table in session_tables(session) if table.id == added), None)
        if found is not None:
            just_added, links = Added(found[0], found[1].id, TableLine.of(current(found[1]))), held_links(found[1])
    game = _game(game_id)
    return Tools(
        roster=tuple(roster_of(session)) if game else (),  # read only when its seats are shown
        add_game=game,
        add_form=form,
        given=tuple(form.getlist("players")) if isinstance(form, MultiDict) else (),
        add_error=error,
        import_error=import_error,
        pasted=pasted,
        added=just_added,
        added_links=links,
    )
