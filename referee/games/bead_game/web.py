"""The Domino Bead Game's own pages: forms that build ``hand``, ``place`` and ``end`` events from
taps on the board, the "cannot play?" list (D19), and the geometry of the board picture.

No rules here: the events go through the table's usual path (``service.record``), and the legal
placements come from ``referee.games.bead_game.rules.play.legal_placements``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, g, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext, lazy_gettext, ngettext
from werkzeug.wrappers import Response as WerkzeugResponse

from referee.extensions import htmx
from referee.games.bead_game.rules import GAME
from referee.games.bead_game.rules.grid import PlacementDetail
from referee.games.bead_game.rules.play import legal_placements
from referee.games.bead_game.rules.quick_check import check_line
from referee.games.bead_game.rules.state import DOUBLE_PENALTY, PENALTY
from referee.games.bead_game.rules.stats import BeadGameStats
from referee.games.bead_game.rules.view import Detail
from referee.rules.base import RuleError
from referee.rules.forms import FormData, FormEvent, FormReader
from referee.rules.numbers import shown_number, whole_number
from referee.rules.tiles import Tile
from referee.store.replay import Replayed
from referee.store.tables import current, current_of
from referee.web.page import render_page
from referee.web.site.i18n import explain, say
from referee.web.tables import service
from referee.web.tables.access import Access
from referee.web.tables.correction_form import Correction
from referee.web.tables.game_defaults import (
    as_recorded,
    nothing_settled,
    one_part,
    seats_are_players,
    settles_nothing,
)
from referee.web.tables.quick_checks import QuickCheck, number
from referee.web.tables.table_page import TableLink, link_of

bp = Blueprint(
    "bead_game", __name__, template_folder="templates", static_folder="static", static_url_path="/static/games/bead_game"
)

CELL = 48  # SVG units (CSS pixels at 100 %) per board cell: a thumb-sized target
LABEL = 22  # room for the row and column numbers
PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
}
PICKABLE_MARGIN = 2  # empty cells drawn around the layout to tap: a touching tile reaches two cells out
STARTER_CELLS = ("00", "01", "10", "11")  # top left, top right, bottom left, bottom right


bp.url_value_preprocessor(service.table_loader("bead-game"))


@bp.app_template_global()
def say_nested(message: Mapping[str, Any] | None) -> str:
    """A rules message whose params may themselves be messages (a line's name inside a reason)."""
    if not message:
        return ""
    params = {
        k: say_nested(v) if isinstance(v, Mapping) and "msg" in v else v
        for k, v in (message.get("params") or {}).items()
    }
    return say(message["msg"], params)


@bp.app_template_global()
def bead_gone(detail: Mapping[str, Any]) -> list[str]:
    """The designs whose two copies are both on the table this hand (greyed out in the pickers)."""
    if not detail.get("board"):
        return []
    unseen = detail.get("unseen") or {}
    return [f"{hi}-{lo}" for hi in range(5, 0, -1) for lo in range(hi, 0, -1) if f"{hi}-{lo}" not in unseen]


@bp.app_template_global()
def bead_picture(detail: Mapping[str, Any], pickable: bool = False) -> dict[str, Any] | None:
    """Where everything goes in the board's SVG: tiles, halves and pips, the empty cells one may
    tap (``pickable``), the row and column numbers, and the lines the last placement counted."""
    board = detail.get("board") or []
    bounds = detail.get("bounds")
    if not board or not bounds:
        return None
    margin = PICKABLE_MARGIN if pickable else 1
    top, bottom = int(bounds["top"]) - margin, int(bounds["bottom"]) + margin
    left, right = int(bounds["left"]) - margin, int(bounds["right"]) + margin

    def x(c: int) -> int:
        return LABEL + (c - left) * CELL

    def y(r: int) -> int:
        return LABEL + (r - top) * CELL

    occupied = {tuple(h["cell"]): h for h in board}
    last_turn = max(h["turn"] for h in board)
    groups: dict[int, list[Mapping[str, Any]]] = {}
    for half in board:
        groups.setdefault(half["tile_id"], []).append(half)
    tiles = []
    for tile_id, halves in sorted(groups.items()):
        rows = [h["cell"][0] for h in halves]
        cols = [h["cell"][1] for h in halves]
        tiles.append(
            {
                "id": tile_id,
                "x": x(min(cols)) + 3,
                "y": y(min(rows)) + 3,
                "w": (max(cols) - min(cols) + 1) * CELL - 6,
                "h": (max(rows) - min(rows) + 1) * CELL - 6,
                "starter": halves[0]["turn"] == 0,
                "last": last_turn > 0 and halves[0]["turn"] == last_turn,
                "tile": halves[0]["tile"],
                "halves": [_half(h, x(h["cell"][1]), y(h["cell"][0])) for h in halves],
                "bar": _bar(halves, x, y),
            }
        )
    empty = []
    if pickable:
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                if (r, c) not in occupied:
                    empty.append({"r": r, "c": c, "x": x(c), "y": y(r), "row": r - top + 1, "col": c - left + 1})
    bands = []
    last = next((row for row in reversed(detail.get("sheet") or []) if row.get("kind") == "place"), None)
    if last and last_turn > 0 and last.get("hand") == detail.get("hand"):
        for factor in last["factors"]:
            if factor["counted"]:
                cells = factor["line"]["cells"]
                rs = [cell[0] for cell in cells]
                cs = [cell[1] for cell in cells]
                bands.append(
                    {
                        "x": x(min(cs)) + 10,
                        "y": y(min(rs)) + 10,
                        "w": (max(cs) - min(cs) + 1) * CELL - 20,
                        "h": (max(rs) - min(rs) + 1) * CELL - 20,
                    }
                )
    width = LABEL + (right - left + 1) * CELL
    height = LABEL + (bottom - top + 1) * CELL
    return {
        "width": width,
        "height": height,
        "cell": CELL,
        "label": LABEL,
        "tiles": tiles,
        "empty": empty,
        "bands": bands,
        # numbered from 1 at the top left as drawn: the board's own coordinates run negative as it grows
        "columns": [{"n": c - left + 1, "x": x(c) + CELL // 2} for c in range(left, right + 1)],
        "rows": [{"n": r - top + 1, "y": y(r) + CELL // 2} for r in range(top, bottom + 1)],
    }


@bp.app_template_global()
def bead_cell_words(detail: Mapping[str, Any], cell: list[int]) -> str:
    """A cell as the player finds it on the board the placement form draws (``bead_picture`` with
    ``pickable``): "row 3, column 4", counted from 1 at the drawn top left, never negative."""
    bounds = detail.get("bounds") or {"top": 0, "left": 0}
    top, left = bounds["top"] - PICKABLE_MARGIN, bounds["left"] - PICKABLE_MARGIN
    return gettext("row %(r)s, column %(c)s", r=cell[0] - top + 1, c=cell[1] - left + 1)


@bp.app_template_global()
def bead_penalty_words(items: list[Mapping[str, Any]]) -> str:
    """Why a hand's penalty is what it is (D21), counted by kind: "1 tile at −25, 1 double at −5";
    the tiles themselves are in the entry's own sentence."""
    if not items:
        return gettext("no tile left")
    doubles = sum(1 for item in items if Tile.parse(item["tile"]).is_double)
    singles = len(items) - doubles
    parts = []
    if singles:
        parts.append(
            ngettext("%(num)s tile at %(points)s", "%(num)s tiles at %(points)s each", singles, points=shown_number(-PENALTY))
        )
    if doubles:
        parts.append(
            ngettext(
                "%(num)s double at %(points)s",
                "%(num)s doubles at %(points)s each",
                doubles,
                points=shown_number(-DOUBLE_PENALTY),
            )
        )
    return gettext(", ").join(parts)


def _half(half: Mapping[str, Any], x0: int, y0: int) -> dict[str, Any]:
    pips = [(round(x0 + fx * CELL, 1), round(y0 + fy * CELL, 1)) for fx, fy in PIPS.get(half["value"], ())]
    return {"r": half["cell"][0], "c": half["cell"][1], "value": half["value"], "pips": pips}


def _bar(halves: list[Mapping[str, Any]], x: Callable[[int], int], y: Callable[[int], int]) -> tuple[int, int, int, int] | None:
    """The dividing line between a tile's two halves."""
    if len(halves) != 2:
        return None
    (r1, c1), (r2, c2) = sorted(tuple(h["cell"]) for h in halves)
    if r1 == r2:  # lying along a row
        bx = x(c2)
        return (bx, y(r1) + 9, bx, y(r1) + CELL - 9)
    by = y(r2)
    return (x(c1) + 9, by, x(c1) + CELL - 9, by)


# --- entry forms ----------------------------------------------------------------------------


def _cell(text: str) -> tuple[int, int] | None:
    numbers = [whole_number(part, signed=True) for part in text.split(",")]  # the board grows every way
    if len(numbers) != 2 or None in numbers:
        return None
    return numbers[0], numbers[1]  # type: ignore[return-value]


def _turned(tile: str) -> str:
    a, sep, b = tile.partition("-")
    return f"{b}-{a}" if sep else tile


def placement(form: FormData) -> FormEvent:
    """The ``place`` event from two tapped cells (``cell``), the tile and which way round (``turn``):
    the higher number goes on the top or left cell unless turned. Or, with the sentence why not,
    what was tapped (a refused correction's sheet shows it again)."""
    cells = [_cell(v) for v in form.getlist("cell")]
    tile = form.get("tile", "")
    if form.get("turn") == "1":
        tile = _turned(tile)
    body = {
        "type": "place",
        "seat": form.get("seat", ""),
        "tile": tile,
        "cells": [list(c) for c in sorted(c for c in cells if c is not None)],
    }
    if len(cells) != 2 or None in cells:
        return FormEvent(body, gettext("Tap two empty cells side by side, then the tile."))
    if not tile:
        return FormEvent(body, gettext("Tap the tile you placed."))
    return FormEvent(body)


@bp.app_template_global()
def bead_picked(body: Mapping[str, Any]) -> dict[str, Any]:
    """A placement as its surface shows it ticked: the tile as the picker names it (higher number
    first), which way round it lies (``turn``) and its cells as the board's boxes name them."""
    a, _sep, b = str(body.get("tile") or "").partition("-")
    turned = a.isdigit() and b.isdigit() and int(a) < int(b)
    return {
        "tile": f"{b}-{a}" if turned else f"{a}-{b}",
        "turn": "1" if turned else "0",
        "cells": [f"{r},{c}" for r, c in body.get("cells") or []],
    }


@bp.post("/t/<table_id>/bead-game/place")
def place(table_id: str) -> ResponseReturnValue:
    """Two tapped cells and a tile (``placement``)."""
    return service.enter(placement)


@bp.post("/t/<table_id>/bead-game/hand")
def hand(table_id: str) -> ResponseReturnValue:
    """The starter square from its four tapped numbers and whether its tiles stand or lie."""
    return service.enter(starter)


def starter(form: FormData) -> FormEvent:
    """The ``hand`` event from the starter square's four tapped numbers (``v00`` top left ... ``v11``
    bottom right), whether its tiles lie one above the other (``layout=rows``) or stand side by side,
    and the first hand's leader; or, with the sentence why not, what was tapped."""
    values = {pos: whole_number(form.get("v" + pos, "")) for pos in STARTER_CELLS}
    # one tile above the other, both lying (rows); or side by side, both standing
    rows = form.get("layout") == "rows"
    pairs = (("00", "01"), ("10", "11")) if rows else (("00", "10"), ("01", "11"))
    body: dict[str, Any] = {
        "type": "hand",
        "starter": [
            {"tile": f"{values[a]}-{values[b]}", "cells": [[int(a[0]), int(a[1])], [int(b[0]), int(b[1])]]}
            for a, b in pairs
        ],
    }
    if form.get("leader", "") != "":
        body["leader"] = form.get("leader", "")
    if None in values.values():
        return FormEvent(body, gettext("Tap a number for each of the four starter cells."))
    return FormEvent(body)


@bp.app_template_global()
def bead_square(body: Mapping[str, Any]) -> dict[str, Any]:
    """A recorded starter as its square shows it ticked: ``layout`` (rows or columns) and the number
    on each cell (``v00`` top left ... ``v11`` bottom right)."""
    picked: dict[str, Any] = {"layout": "columns"}
    for placed in body.get("starter") or []:
        (r1, c1), (r2, c2) = placed["cells"]
        if r1 == r2:
            picked["layout"] = "rows"
        a, _sep, b = str(placed["tile"]).partition("-")
        picked[f"v{r1}{c1}"], picked[f"v{r2}{c2}"] = a, b
    return picked


@bp.app_template_global()
def bead_tiles(tiles: list[str]) -> list[str]:
    """Tiles as the picker names them, higher number first ("3-1" for a recorded "1-3")."""
    return ["-".join(sorted(str(t).split("-"), reverse=True)) for t in tiles]


@bp.post("/t/<table_id>/bead-game/end")
def end(table_id: str) -> ResponseReturnValue:
    """The tiles left in each hand, one picker per seat."""
    rep = current(g.table)
    return service.enter(hands_left(len(rep.players)))


def hands_left(players: int) -> FormReader:
    """The ``end`` event from the tiles ticked for each seat (``left0``, ``left1``, ...)."""
    return lambda form: FormEvent({"type": "end", "hands": [form.getlist(f"left{seat}") for seat in range(players)]})


@dataclass(frozen=True)
class LegalPage:
    """D19's answer as the "cannot play?" sheet (or a page of its own) shows it: the tiles the player
    showed, every legal placement of them with its score, best first, or why none is listed; with
    the table as it stands and the reader's rights, for the "Place this" buttons."""

    table: TableLink
    rep: Replayed[Detail]
    access: Access
    shown: tuple[str, ...]
    found: tuple[PlacementDetail, ...]
    error: str | None


def legal_page(table: TableLink, rep: Replayed[Detail], access: Access, shown: tuple[str, ...]) -> LegalPage:
    """The legal placements of ``shown`` on the table as ``rep`` has it (an empty hand or a tile not in
    the set is said, not listed)."""
    found: tuple[PlacementDetail, ...] = ()
    error = None
    if not shown:
        error = gettext("Tap the tiles in the hand first.")
    else:
        try:
            found = tuple(s.to_json() for s in legal_placements(rep.state, shown))
        except RuleError as err:
            error = explain(err)
    return LegalPage(table, rep, access, shown, found, error)


@bp.get("/t/<table_id>/bead-game/legal")
def legal(table_id: str) -> str:
    """D19: every legal placement of the tiles a player shows, with its score, best first."""
    rep = current_of(g.table, GAME)
    page = legal_page(link_of(g.table), rep, g.access, tuple(request.args.getlist("hand")))
    return render_page("bead_game/_legal.html" if htmx else "bead_game/legal_page.html", page)


@bp.route("/t/<table_id>/bead/<any(place, hand, end, legal):action>", methods=["GET", "POST"])
def old_address(table_id: str, action: str) -> WerkzeugResponse:
    """The addresses from before the game's own name (``/bead/...``) still answer: a permanent
    redirect that keeps the method, the form and the query (308)."""
    return redirect(service.same_query(url_for(f"bead_game.{action}", table_id=table_id)), 308)


def stat_sentences(s: BeadGameStats) -> list[str]:
    """What stands out in a player's numbers at this game, for their club page (tiles as they write them)."""
    if s.best is None:
        return [gettext("No tile placed yet.")]
    return [
        gettext("Best placement: %(tile)s, scoring %(text)s.", tile=s.best.tile, text=s.best.text)
    ]


def is_turn_of(detail: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat``'s phone says "Your turn": the seat to place a tile or pass."""
    return detail.get("to_move") == seat


seat_names = seats_are_players


CORRECTION = Correction(
    surfaces={"place": "bead_game/_place.html", "hand": "bead_game/_square.html", "end": "bead_game/_left.html"},
    readers={
        "place": lambda rep, seq: placement,
        "hand": lambda rep, seq: starter,  # the starter square, as at the entry
        "end": lambda rep, seq: hands_left(len(rep.players)),
    },
    spent=frozenset({"tile"}),
    tiles=(5, 1),
)
"""Every bead entry is corrected on the board and pickers it was entered with; its tiles run 5-5 to 1-1."""


report_lines = nothing_settled


settles = settles_nothing  # the game finds no rule break after the fact


value_words = as_recorded


history_parts = one_part


LINE_BEADS = 8  # the numbers along a line the line check asks for


def line_asked(form: FormData) -> tuple[list[int], str | None]:
    """The line check's form as ``check_line`` reads it: ``bead<i>`` are the line's numbers in order,
    ``tile`` the tile laid on at its end (turned round when ``turn`` is ticked)."""
    values = [v for i in range(LINE_BEADS) if (v := number(form, f"bead{i}")) is not None]
    tile = form.get("tile") or None
    if tile and form.get("turn"):
        tile = "-".join(reversed(tile.split("-")))
    return values, tile


def _line(asked: tuple[list[int], str | None]) -> dict[str, Any]:
    checked = check_line(*asked)
    return {"check": checked, "refusal": explain(checked.refusal) if checked.refusal else None}


QUICK_CHECKS = (QuickCheck("bead-line", lazy_gettext("Bead line"), line_asked, _line, "bead_game/_quick_check.html", place=50, slots=LINE_BEADS),)
"""The bead game's question for /check: is the line a pattern, and what does a tile laid on it score?"""
