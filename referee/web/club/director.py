"""The director's screen ``/s/<id>``: every table of a session on one page, and the standings.

The director link (``?token=``) is checked, kept in the signed session cookie and dropped from the
address bar. The board follows the tables the way a table page does (``static/js/app.js``): it polls
``/s/<id>/live?since=V``, which answers 204 while ``V`` (every table's last seq and proposed or
decided corrections, and which tables are idle) is unchanged, and the fresh board otherwise. Building
``V`` takes grouped queries and no replay; the board takes each table from its kept snapshot when that
is at the seq ``V`` was read at, and loads and replays only the others (``sessions.board_states``), so
it is never stale.

The board is rendered once per change: its HTML is kept (``web/updates/cache.FragmentCache``) under the
session, the version ``V`` just read, the language and the minute (its "3 minutes ago" lines), and
served to the page and to every poll that reads the same ``V``. Each table's card is kept likewise by
that table's own part of ``V`` (``BoardRow.version``), so a new entry renders one card, not fifty.
Neither holds anything of one reader's (no token, no CSRF field), and both are only ever served after
the director's token was checked. The director's own tools (add a table, import a record, the links
of a table just added) are outside them. Measured: ``benchmarks/RESULTS.md`` section 9c.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Blueprint, Response, abort, current_app, g, redirect, request, url_for
from flask.sansio.blueprints import BlueprintSetupState
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, gettext, ngettext
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response as WerkzeugResponse

from printables.club import StandingRow, TableCard, build_standings_pdf, build_table_cards, standings_csv
from referee.games import game as find_game
from referee.rules.base import RuleError
from referee.rules.numbers import whole_number
from referee.store.models import ClubSession
from referee.store.refusals import STORM_REFUSALS, Refusals, refusals_of
from referee.store.replay import Replayed
from referee.store.results import result_of_replayed
from referee.store.rounds import pair_round as pair
from referee.store.rounds import rounds_of
from referee.store.sessions import (
    Activity,
    Standing,
    activity,
    board_states,
    get_session,
    import_into,
    roster_of,
    seat_links,
    session_results,
    session_tables,
    standings,
)
from referee.web.page import Named, render_page
from referee.web.site.i18n import explain
from referee.web.site.pages import posted_record
from referee.web.tables.access import director_token, remember_links
from referee.web.tables.presenting import TableLine
from referee.web.updates.cache import FragmentCache

from .director_forms import NamedRound, Tools, add_table_from, named_rounds, round_body, tools

bp = Blueprint("sessions_pages", __name__, url_prefix="/s")

IDLE = timedelta(minutes=10)
PROGRESS_EVENTS = {"deal", "hand", "round"}
BOARDS_KEPT = 256  # boards per worker: a version or two of each session's, in each language
ROWS_KEPT = 4096  # table cards per worker: a version or two of each table of a few busy sessions


@bp.record_once
def _keep_boards(state: BlueprintSetupState) -> None:
    state.app.extensions["session_boards"] = FragmentCache(BOARDS_KEPT)
    state.app.extensions["session_rows"] = FragmentCache(ROWS_KEPT)


@bp.url_value_preprocessor
def load_session(endpoint: str | None, values: dict[str, Any] | None) -> None:
    """The session, for its director only: the link's token, or the one this browser keeps."""
    found = get_session((values or {}).get("session_id", ""))
    if found is None:
        abort(404)
    g.club_session = found
    g.director_token = director_token("directors", found.id, found.director_token_hash)


@dataclass(frozen=True)
class BoardRow:
    number: int
    table_id: str
    rep: Replayed
    activity: Activity
    idle: bool
    refusals: Refusals = Refusals()

    @property
    def version(self) -> str:
        """Everything the row shows besides its minute line, as its key in the kept rows: the log line
        (state, progress, breaches), corrections, idle, refusals and the storm flag."""
        act, refused = self.activity, self.refusals
        return (
            f"{self.number}.{act.seq}.{act.proposed}.{act.decided}.{int(self.idle)}"
            f".{refused.count}.{int(refused.storm)}"
        )

    @property
    def progress(self) -> str:
        """``Deal 3``, ``Hand 5`` or ``Round 2``: how many deals (hands, rounds) have begun."""
        starts = [str(e.body["type"]) for e in self.rep.effective if e.body.get("type") in PROGRESS_EVENTS]
        if not starts:
            return gettext("Not started")
        n = len(starts)
        return {
            "deal": gettext("Deal %(n)s", n=n),
            "hand": gettext("Hand %(n)s", n=n),
            "round": gettext("Round %(n)s", n=n),
        }[starts[-1]]


@dataclass(frozen=True)
class RowCard:
    """One table's card on the board, built from its row before rendering: its number and id, the
    version it is kept by, where the table stands (``TableLine``: a board holds tables of every game),
    how far it has got, its flags, and when its last entry was, in words."""

    number: int
    table_id: str
    version: str
    line: TableLine
    progress: str
    pending: bool
    """A correction waits at the table."""
    idle: bool
    refusals: Refusals
    since: str
    storm_refusals: int = STORM_REFUSALS

    @classmethod
    def of(cls, row: BoardRow, since: str) -> RowCard:
        return cls(
            row.number,
            row.table_id,
            row.version,
            TableLine.of(row.rep),
            row.progress,
            row.activity.pending > 0,
            row.idle,
            row.refusals,
            since,
        )


@dataclass(frozen=True)
class Board:
    """The live board: every table's card (rendered, each kept by its own version), the standings per
    game with the games' names, and the version the page polls from."""

    club: Named
    row_html: tuple[str, ...]
    standings: dict[str, list[Standing]]
    game_names: dict[str, str]
    version: str


@dataclass(frozen=True)
class Session:
    """The session as the director's screen shows it: its id, its name, and its club's id, if any."""

    id: str
    name: str
    club_id: str | None


@dataclass(frozen=True)
class DirectorPage:
    """The director's screen: the board (rendered), the director's link, the rounds and their form
    (as a refused post sent it, with why), and the director's tools."""

    club: Session
    board: str
    director_link: str
    roster_names: tuple[str, ...]
    rounds: list[NamedRound]
    round_form: MultiDict[str, str] | None
    round_error: str | None
    round_open: int | None  # the round not started yet that a pairing was asked over: sent again, it pairs
    tools: Tools


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _idle(act: Activity, now: datetime) -> bool:
    return now - (act.last_at or act.created_at or now) >= IDLE


def since_text(at: datetime | None, now: datetime) -> str:
    if at is None:
        return gettext("Nothing recorded yet.")
    minutes = int((now - at).total_seconds() // 60)
    if minutes < 1:
        return gettext("just now")
    return ngettext("%(num)s minute ago", "%(num)s minutes ago", minutes)


def board_version(
    acts: dict[str, Activity], now: datetime, refused: dict[str, Refusals] | None = None
) -> str:
    """Changes whenever the board would, and only grows (app.js swaps in a poll answer only when its
    version is newer, compared part by part): log lines and tables, then corrections proposed, then
    decided, then tables gone idle. A table stops being idle only through a new log line, which the
    first part counts. Then refused entries, then storms over: a storm starts only with a refusal,
    which the part before counts."""
    lines = sum(a.seq for a in acts.values()) + len(acts)
    proposed = sum(a.proposed for a in acts.values())
    decided = sum(a.decided for a in acts.values())
    idle = sum(1 for a in acts.values() if _idle(a, now))
    refusals = (refused or {}).values()
    storms_over = sum(1 for r in refusals if r.storm_over)
    return f"{lines}.{proposed}.{decided}.{idle}.{sum(r.count for r in refusals)}.{storms_over}"


def _board(
    club: ClubSession, acts: dict[str, Activity], refused: dict[str, Refusals], now: datetime, version: str
) -> Board:
    rows = []
    for number, table_id, rep in board_states(club, {table_id: act.seq for table_id, act in acts.items()}):
        act = acts.get(table_id, Activity())
        rows.append(BoardRow(number, table_id, rep, act, _idle(act, now), refused.get(table_id, Refusals())))
    minute, language = f"@{now:%Y-%m-%dT%H:%M}", str(get_locale())

    def row_html(row: BoardRow) -> str:
        return rows_kept().fragment(
            f"row:{row.table_id}",
            row.version,
            minute,
            language,
            lambda: render_page("session/_board_row.html", RowCard.of(row, since_text(row.activity.last_at, now))),
        )

    return Board(
        club=Named(club.id, club.name),
        row_html=tuple(row_html(r) for r in rows),
        standings=standings(result_of_replayed(r.rep) for r in rows),
        game_names={r.rep.game.id: r.rep.game.name for r in rows},
        version=version,
    )


def boards() -> FragmentCache:
    """This worker's rendered boards (``renders`` counts the boards actually rendered)."""
    kept: FragmentCache = current_app.extensions["session_boards"]
    return kept


def rows_kept() -> FragmentCache:
    """This worker's rendered table cards: a board rendered for a change at one table renders that
    table's card, and takes the others as they were."""
    kept: FragmentCache = current_app.extensions["session_rows"]
    return kept


def read_board(club: ClubSession) -> tuple[str, Callable[[], str]]:
    """The board's version as the database now stands, and its HTML at that version: kept from an
    earlier render at the same version, language and minute, or rendered now (and then kept)."""
    now, acts = _now(), activity(club)
    refused = refusals_of(acts, now)
    version = board_version(acts, now, refused)

    def html() -> str:
        return boards().fragment(
            f"session:{club.id}",
            version,
            f"board@{now:%Y-%m-%dT%H:%M}",
            str(get_locale()),
            lambda: render_page("session/_board.html", _board(club, acts, refused, now, version)),
        )

    return version, html


def _page(status: int = 200, **shown: Any) -> tuple[str, int]:
    """The director's screen: the board (rendered first, before the tools' CSRF field exists), then
    the director's tools with whatever a refused form sent."""
    club: ClubSession = g.club_session
    board = read_board(club)[1]()
    director_link = url_for(
        "sessions_pages.director", session_id=club.id, token=g.director_token, _external=True
    )
    page = DirectorPage(
        club=Session(club.id, club.name, club.club_id),
        board=board,
        director_link=director_link,
        roster_names=tuple(roster_of(club)),
        rounds=named_rounds(club),
        round_form=shown.get("round_form"),
        round_error=shown.get("round_error"),
        round_open=shown.get("round_open"),
        tools=tools(club, **{k: v for k, v in shown.items() if not k.startswith("round_")}),
    )
    return render_page("session/director.html", page), status


@bp.get("/<session_id>")
def director(session_id: str) -> ResponseReturnValue:
    if request.args.get("token"):
        return redirect(url_for("sessions_pages.director", session_id=session_id))
    return _page(game_id=request.args.get("game"), added=request.args.get("added"))


@bp.get("/<session_id>/live")
def poll(session_id: str) -> Response:
    """204 while the board is as the page shows it; otherwise the board as it now is."""
    version, html = read_board(g.club_session)
    if request.args.get("since") == version:
        return Response(status=204, headers={"Cache-Control": "no-store"})
    return Response(html(), headers={"Cache-Control": "no-store"})


def _added(
    table_id: str, scorer_token: str, seat_tokens: tuple[str, ...], game_id: str | None = None
) -> WerkzeugResponse:
    """After a table joins: this browser holds its links (as after starting a table), and the
    screen shows them with the table on the board; the add form stays on the same game."""
    remember_links(table_id, scorer_token, seat_tokens)
    return redirect(
        url_for(
            "sessions_pages.director",
            session_id=g.club_session.id,
            game=game_id,
            added=table_id,
            _anchor="added",
        )
    )


@bp.post("/<session_id>/tables")
def add_table(session_id: str) -> ResponseReturnValue:
    """A table from the roster, checked as every new table is; refused: the form again as sent."""
    try:
        created, _number = add_table_from(g.club_session, g.director_token, request.form)
    except RuleError as err:
        return _page(422, game_id=request.form.get("game"), form=request.form, error=explain(err))
    return _added(created.table.id, created.scorer_token, created.seat_tokens, created.table.game)


@bp.post("/<session_id>/records")
def add_record(session_id: str) -> ResponseReturnValue:
    """A record into the session (its players on the roster); refused: the pasted text kept."""
    parsed, error, pasted = posted_record()
    if parsed is not None:
        try:
            created, _number = import_into(g.club_session, g.director_token, parsed)
        except RuleError as err:
            error = explain(err)
        else:
            return _added(created.table.id, created.scorer_token, created.seat_tokens)
    return _page(422, import_error=error, pasted=pasted)


@bp.post("/<session_id>/rounds")
def pair_round(session_id: str) -> ResponseReturnValue:
    """The next round paired from the form (rounds.py); its tables' links are held by this browser, as
    after adding a table. Refused: the form again as sent, with the reason. While the last round has not
    started, a pairing asks first (newplayer11 #14: a second tap paired round 2 at once, round 1 not begun):
    the form comes back saying so, and sent again it pairs."""
    club: ClubSession = g.club_session
    still_open = _not_started(club)
    if still_open is not None and request.form.get("anyway") != "yes":
        error = gettext(
            "Round %(n)s has not started yet: none of its tables has an entry. Tap “Pair the round” again to "
            "pair round %(next)s all the same.",
            n=still_open,
            next=still_open + 1,
        )
        return _page(409, round_form=request.form, round_error=error, round_open=still_open)
    try:
        made = pair(g.club_session, g.director_token, round_body(request.form))
    except RuleError as err:
        return _page(422, round_form=request.form, round_error=explain(err))
    for table in made.tables:
        remember_links(table.created.table.id, table.created.scorer_token, table.created.seat_tokens)
    return redirect(url_for("sessions_pages.director", session_id=session_id, _anchor="rounds"))


def _not_started(club: ClubSession) -> int | None:
    """The last paired round's number while none of its tables has an entry, else None."""
    rounds = rounds_of(club)
    if not rounds:
        return None
    acts = activity(club)
    last = rounds[-1]
    return last.number if all(acts.get(table_id, Activity()).seq == 0 for table_id, _n, _s in last.tables) else None


# --- paper for the evening: pure builders (printables/club.py), fed here -------------------------


def _translate(message: str, params: Any = None) -> str:
    return gettext(message, **dict(params or {}))


def _named_standings(club: ClubSession) -> dict[str, list[StandingRow]]:
    """The standings per game name in the reader's language, from the tables' kept results."""
    return {
        gettext(find_game(game).name): [StandingRow(s.player, s.played, s.won, s.points) for s in ranked]
        for game, ranked in standings(session_results(club)).items()
    }


def _download(data: bytes, mimetype: str, name: str) -> Response:
    return Response(data, mimetype=mimetype, headers={"Content-Disposition": f'inline; filename="{name}"'})


@bp.get("/<session_id>/cards.pdf")
def cards(session_id: str) -> Response:
    """A card per table with a QR code per seat that joins that seat; ``?round=N``: only that paired
    round's tables (what the director prints once a round is paired), under a title naming the round."""
    club: ClubSession = g.club_session
    host = request.host_url.rstrip("/")
    asked = request.args.get("round")
    if asked is None:
        title, tables, name = club.name, session_tables(club), "tables.pdf"
    else:
        round_number = whole_number(asked)
        tables = session_tables(club, round_number) if round_number else []
        if not tables:
            message = gettext("There is no round %(n)s in this session.", n=asked.strip()[:12])
            return Response(message, status=422, mimetype="text/plain")
        title = gettext("%(session)s, round %(n)s", session=club.name, n=round_number)
        name = f"round-{round_number}-tables.pdf"
    made = []
    for number, table in tables:  # what a card shows is the table's own: nothing replayed
        links = tuple(
            host + url_for("table.join", table_id=table.id, token=token) if token else ""
            for token in seat_links(g.director_token, table)
        )
        made.append(TableCard(number, gettext(find_game(table.game).name), table.players, links))
    return _download(build_table_cards(title, made, translate=_translate), "application/pdf", name)


@bp.get("/<session_id>/standings.pdf")
def standings_pdf(session_id: str) -> Response:
    club: ClubSession = g.club_session
    data = build_standings_pdf(club.name, _named_standings(club), translate=_translate)
    return _download(data, "application/pdf", "standings.pdf")


@bp.get("/<session_id>/standings.csv")
def standings_as_csv(session_id: str) -> Response:
    data = standings_csv(_named_standings(g.club_session), translate=_translate)
    return _download(data, "text/csv; charset=utf-8", "standings.csv")
