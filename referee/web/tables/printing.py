"""PDF downloads: blank sheets per game and sheets filled from a table. Builders are pure
(printables/); this module only gathers their input and translates their words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask import Blueprint, Response, abort, request
from flask_babel import format_date, gettext, ngettext

from printables.geometry import PAGE_SPECS, PageSpec
from printables.registry import Printable, PrintJob, find, printables_for
from referee.games import GAMES
from referee.rules.base import View
from referee.rules.numbers import shown_number, whole_number
from referee.store.tables import current
from referee.web.page import render_page
from referee.web.site.templating import totals_by_side
from referee.web.tables import service

from .race_chart import race_chart

bp = Blueprint("printing", __name__)


@dataclass(frozen=True)
class PrintIndex:
    """The printables of every game, by game id (a game with none is left out of the list)."""

    printables: dict[str, tuple[Printable, ...]]


def _translate(message: str, params: Mapping[str, object] | None = None) -> str:
    return gettext(message, **(params or {}))


def _spec() -> PageSpec:
    return PAGE_SPECS.get(request.args.get("paper", "a4").lower(), PAGE_SPECS["a4"])


def _pdf(data: bytes, name: str) -> Response:
    return Response(
        data, mimetype="application/pdf", headers={"Content-Disposition": f'inline; filename="{name}"'}
    )


def _link(path: str) -> str:
    return request.host_url.rstrip("/") + path


def match_result(view: View, players: tuple[str, ...]) -> str:
    """A finished table's outcome as the first page of its score sheet says it ("Ann wins the match:
    7–4."; with more sides every side's total; a partnership's names together; a tie shared), or "": a
    player looking at a filled sheet should not have to add up the last row to know who won."""
    if not view.finished or not view.winners:
        return ""
    sides = totals_by_side(view)
    won = [side for side in sides if set(side) & set(view.winners)]
    names = gettext(", ").join(" & ".join(gettext("%(name)s", name=players[i]) for i in side) for side in won)
    if len(sides) == 2 and len(won) == 1:
        lost = next(side for side in sides if side not in won)
        score = f"{shown_number(view.totals[won[0][0]])}–{shown_number(view.totals[lost[0]])}"
    else:
        score = gettext(", ").join(
            f"{' & '.join(players[i] for i in side)} {shown_number(view.totals[side[0]])}" for side in sides
        )
    if len(won) > 1:
        return gettext("%(names)s share the win: %(score)s.", names=names, score=score)
    return ngettext(
        "%(names)s wins the match: %(score)s.", "%(names)s win the match: %(score)s.", len(won[0]), names=names, score=score
    )


@bp.get("/print")
def index() -> str:
    return render_page("print_index.html", PrintIndex({g: printables_for(g) for g in GAMES}))


@bp.get("/print/<game_id>/<kind>.pdf")
def blank(game_id: str, kind: str) -> Response:
    printable = find(game_id, kind)
    game = GAMES.get(game_id)
    if printable is None or game is None:
        abort(404)
    count = whole_number(request.args.get("players")) or game.max_players
    count = min(max(count, game.min_players), game.max_players)
    names = tuple(gettext("Player %(n)s", n=i + 1) for i in range(count))
    job = PrintJob(
        players=names,
        options=game.resolve_options({}),
        spec=_spec(),
        translate=_translate,
        link=_link,
        params=request.args.to_dict(),
    )
    return _pdf(printable.build(job), f"{game_id}-{kind}.pdf")


@bp.get("/t/<table_id>/print/<kind>.pdf")
def filled(table_id: str, kind: str) -> Response:
    table, access = service.find(table_id) or abort(404)
    printable = find(table.game, kind)
    if printable is None:
        abort(404)
    rep = current(table)
    detail = access.visible_detail(rep)
    job = PrintJob(
        players=rep.players,
        options=rep.options,
        detail=detail if printable.fillable else None,
        totals=rep.view.totals,
        subtitle=gettext(
            "%(players)s · %(date)s", players=gettext(", ").join(rep.players), date=format_date(table.created_at)
        ),
        spec=_spec(),
        translate=_translate,
        link=_link,
        params=request.args.to_dict(),
        race=race_chart(rep, access).page() if printable.fillable else None,
        result=match_result(rep.view, rep.players) if printable.fillable else "",
    )
    return _pdf(printable.build(job), f"{table.game}-{kind}-{table_id[:8]}.pdf")
