"""Club pages: start a club, its director's page (sessions, roster, a new session), and a page per
player with their history in plain words; and a session of one evening with no club at all.

The club page needs the director link (``?token=``, then kept in the signed session cookie, as the
director's screen does); the players' pages need only the club's id, like a table's viewer link, so
the director can hand them round. A session started here opens its director's screen at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, g, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from referee.games import part
from referee.rules.base import RuleError
from referee.store.clubs import (
    add_players,
    create_club,
    create_club_session,
    get_club,
    player_at,
    roster_names,
    session_token,
    sessions_of,
)
from referee.store.history import GameHistory, club_results, player_history
from referee.store.models import Club
from referee.store.ratings import Rating
from referee.store.sessions import create_session
from referee.web.club.ratings import Matchup, Recent, page_ratings
from referee.web.page import Named, render_page
from referee.web.site.i18n import explain
from referee.web.tables.access import director_token

bp = Blueprint("clubs_pages", __name__)


@dataclass(frozen=True)
class FormPage:
    """A form to start something (a club, a session): the refusal of the last try and what it sent."""

    error: str | None
    form: MultiDict[str, str]


@dataclass(frozen=True)
class SessionLink:
    """One of the club's sessions on its page: the director's link to it."""

    name: str
    day: str
    tables: int
    url: str


@dataclass(frozen=True)
class ClubPage:
    """The club's director page. ``form_at`` is the form a refusal is shown in ("session" or
    "players"), ``form`` what that form sent."""

    club: Named
    players: tuple[tuple[int, str], ...]
    sessions: tuple[SessionLink, ...]
    director_link: str
    error: str | None
    form_at: str
    form: MultiDict[str, str]


@dataclass(frozen=True)
class RosterPage:
    """The players' pages, one link each (``players``: their index in the roster and name)."""

    club: Named
    players: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class PlayerPage:
    """One player's page: per game their results and what stands out, their ratings and match-ups."""

    club: Named
    player: str
    index: int
    rows: tuple[tuple[GameHistory, list[str]], ...]
    played: int
    won: int
    ratings: list[tuple[str, str, Rating, str]]
    recent: list[Recent]
    matchups: list[Matchup]
    best: Matchup | None
    worst: Matchup | None


def _named(club: Club) -> Named:
    return Named(club.id, club.name)


def _roster(club: Club) -> tuple[tuple[int, str], ...]:
    return tuple(enumerate(roster_names(club)))


def _lines(text: str | None) -> list[str]:
    return [line for line in (text or "").splitlines() if line.strip()]


def _director_club(club_id: str) -> Club:
    """The club, for its director only: the link's token, or the one this browser keeps."""
    club = get_club(club_id)
    if club is None:
        abort(404)
    g.club_token = director_token("club_directors", club.id, club.director_token_hash)
    return club


@bp.route("/clubs/new", methods=["GET", "POST"])
def new_club() -> ResponseReturnValue:
    error = None
    if request.method == "POST":
        try:
            made = create_club(request.form.get("name"), _lines(request.form.get("players")))
        except RuleError as err:
            error = explain(err)
        else:
            return redirect(url_for("clubs_pages.club", club_id=made.club.id, token=made.director_token))
    return render_page("club/new.html", FormPage(error, request.form)), 422 if error else 200


@bp.route("/sessions/new", methods=["GET", "POST"])
def new_session_alone() -> ResponseReturnValue:
    """A session with no club: its name and roster (one name per line); then its director's screen,
    where tables are added from the browser, so an evening needs no API at all."""
    error = None
    if request.method == "POST":
        names = _lines(request.form.get("players"))
        try:
            made = create_session(request.form.get("name"), names)
        except RuleError as err:
            empty = err.code == "bad_players" and not names
            error = gettext("Write at least one name, one per line.") if empty else explain(err)
        else:
            return redirect(
                url_for("sessions_pages.director", session_id=made.session.id, token=made.director_token)
            )
    return render_page("session/new.html", FormPage(error, request.form)), 422 if error else 200


def _club_page(club: Club, error: str | None = None, status: int = 200, form_at: str = "session") -> tuple[str, int]:
    """The club's page; a refusal is shown in the form that was sent (``form_at``: "session" at the
    top, "players" at the foot, where the thumb is), that form keeping what was typed."""
    token = g.club_token
    sessions = tuple(
        SessionLink(
            s.session.name,
            s.session.created_at.strftime("%Y-%m-%d"),
            s.tables,
            url_for("sessions_pages.director", session_id=s.session.id, token=session_token(token, s.session.id)),
        )
        for s in sessions_of(club)
    )
    link = url_for("clubs_pages.club", club_id=club.id, token=token, _external=True)
    page = ClubPage(_named(club), _roster(club), sessions, link, error, form_at, request.form)
    return render_page("club/club.html", page), status


@bp.get("/club/<club_id>")
def club(club_id: str) -> ResponseReturnValue:
    found = _director_club(club_id)
    if request.args.get("token"):
        return redirect(url_for("clubs_pages.club", club_id=club_id))
    return _club_page(found)


@bp.post("/club/<club_id>/sessions")
def new_session(club_id: str) -> ResponseReturnValue:
    found = _director_club(club_id)
    players = [*request.form.getlist("players"), *_lines(request.form.get("new_players"))]
    try:
        made, token = create_club_session(found, g.club_token, request.form.get("name"), players)
    except RuleError as err:
        return _club_page(found, explain(err), 422)
    return redirect(url_for("sessions_pages.director", session_id=made.id, token=token))


@bp.post("/club/<club_id>/players")
def new_players(club_id: str) -> ResponseReturnValue:
    found = _director_club(club_id)
    names = _lines(request.form.get("players"))
    if not names:
        return _club_page(found, gettext("Write at least one name, one per line."), 422, "players")
    try:
        add_players(found, names)
    except RuleError as err:
        return _club_page(found, explain(err), 422, "players")
    return redirect(url_for("clubs_pages.club", club_id=club_id, _anchor="players"))


@bp.get("/club/<club_id>/players")
def roster(club_id: str) -> str:
    """The players' pages, one link each: what the director hands round."""
    found = get_club(club_id)
    if found is None:
        abort(404)
    return render_page("club/roster.html", RosterPage(_named(found), _roster(found)))


def stat_sentences(row: GameHistory) -> list[str]:
    """What stands out in one game's history, in sentences a player reads: each game says its own."""
    if row.stats is None:
        return []
    sentences: list[str] = part(row.game, "web").stat_sentences(row.stats)
    return sentences


@bp.get("/club/<club_id>/players/<int:index>")
def player(club_id: str, index: int) -> str:
    found = get_club(club_id)
    if found is None:
        abort(404)
    name = player_at(found, index)
    if name is None:
        abort(404)
    rows = player_history(club_results(found, name), name)
    page = PlayerPage(
        club=_named(found),
        player=name,
        index=index,
        rows=tuple((row, stat_sentences(row)) for row in rows),
        played=sum(r.played for r in rows),
        won=sum(r.won for r in rows),
        **page_ratings(found, name),  # ratings and match-ups (issue 32)
    )
    return render_page("club/player.html", page)
