"""Quick checks without a recorded game: ``/check`` (tap tiles) and ``POST /api/v1/checks/bingo-claim``.

The rules answer (referee/games/bingo/rules/quick_check.py settles the told deal with the deal scoring);
this module only reads the request, puts the breakdown into the reader's language and renders it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Blueprint, Response, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from referee.games.bead_game.rules.quick_check import check_line
from referee.games.bingo.rules.quick_check import SCORING_OPTIONS, Line, check_claim, name_seats
from referee.games.five_up.rules.quick_check import check_count
from referee.games.ninety_nine.rules.deal_quick_check import check_deal
from referee.games.ninety_nine.rules.quick_check import check_bid, check_bid_cards

from ..extensions import csrf
from ..rules.base import MalformedEvent, RuleError, _
from ..rules.numbers import whole_number
from .bodies import json_body
from .i18n import explain, say
from .openapi_fields import json_content
from .presenting import error_response, refusal_status

bp = Blueprint("quick_check", __name__)


def seat_names() -> tuple[str, str]:
    return gettext("Player 1"), gettext("Player 2")


def claim_words(lines: Sequence[Line], names: Sequence[str]) -> list[str]:
    """A claim's breakdown in the request's language, players by name, declaration names translated."""
    out = []
    for msg, params in name_seats(lines, names):
        if "name" in params:
            word = str(params["name"])
            params = {**params, "name": gettext(word)}
        out.append(say(msg, params))
    return out


@bp.post("/api/v1/checks/bingo-claim")
@csrf.exempt
def bingo_claim_api() -> Response:
    try:
        result = check_claim(json_body())
    except RuleError as err:
        return error_response(refusal_status(err), err)
    return jsonify(
        points=list(result.points),
        correct=result.correct,
        winner=result.winner,
        gamePoints=result.game_points,
        lines=claim_words(result.lines, seat_names()),
    )


def _number(form: MultiDict[str, str], name: str) -> int | None:
    """A number box of a check form: None when left empty, its value when it holds ASCII digits,
    else a RuleError that says so (never a guess)."""
    raw = form.get(name, "").strip()
    if not raw:
        return None
    number = whole_number(raw)
    if number is None:
        message = _("%(value)s is not a number: use the digits 0 to 9.")
        raise MalformedEvent("not_a_number", message, value=raw[:20])
    return number


def claim_from_form(form: MultiDict[str, str]) -> dict[str, Any]:
    """The API's request from the check page's form (tile pickers post lists of tiles)."""
    declared: list[list[list[str]]] = [[], []]
    for seat in (0, 1):
        for group in ("a", "b"):
            doubles = form.getlist(f"decl{seat}{group}")
            if doubles:
                declared[seat].append(doubles)
    closed = None
    if form.get("closed_by") in ("0", "1"):
        closed = {
            "by": int(form["closed_by"]),
            "opponentPoints": _number(form, "close_points") or 0,
            "opponentHadTrick": form.get("close_trick") == "yes",
        }
    last = form.get("last")
    return {
        "trump": _number(form, "trump"),
        "claimer": _number(form, "claimer"),
        "won": [form.getlist("won0"), form.getlist("won1")],
        "declarations": declared,
        "lastTrick": int(last) if last in ("0", "1") else None,
        "closed": closed,
        "options": {name: form.get(name) == "true" for name in SCORING_OPTIONS},
    }


def _bingo(form: MultiDict[str, str]) -> dict[str, Any]:
    checked = check_claim(claim_from_form(form))
    return {"check": checked, "lines": claim_words(checked.lines, seat_names())}


def _count(form: MultiDict[str, str]) -> dict[str, Any]:
    """Five Up: ``tile<i>`` is the tile tapped at an open end, ``end<i>`` its free number and
    ``spinner<i>`` marks a double with both sides taken; ``end<i>`` alone is a bare number."""
    ends: list[tuple[Any, ...]] = []
    for i in range(END_SLOTS):
        free = _number(form, f"end{i}")
        if form.get(f"tile{i}"):
            ends.append(("tile", form[f"tile{i}"], free, bool(form.get(f"spinner{i}"))))
        elif free is not None:
            ends.append(("end", free))
    return {"check": check_count(ends)}


def _bid(form: MultiDict[str, str]) -> dict[str, Any]:
    return {"check": check_bid(form.getlist("bid"))}


def _line(form: MultiDict[str, str]) -> dict[str, Any]:
    """Bead game: ``bead<i>`` are the line's numbers in order, ``tile`` the tile laid on at its end."""
    values = [v for i in range(LINE_SLOTS) if (v := _number(form, f"bead{i}")) is not None]
    tile = form.get("tile") or None
    if tile and form.get("turn"):
        tile = "-".join(reversed(tile.split("-")))
    checked = check_line(values, tile)
    return {"check": checked, "refusal": explain(checked.refusal) if checked.refusal else None}


def deal_line_words(line: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line of a Ninety-Nine deal's score (``score_deal``) in words, a ``seat`` param by name."""
    params = dict(line["params"])
    if "seat" in params:
        params["seat"] = names[int(params["seat"])]
    return say(line["msg"], params)


def _deal(form: MultiDict[str, str]) -> dict[str, Any]:
    """Ninety-Nine: ``players`` (3 or 4), ``bidcards<i>`` (or the number ``bid<i>``) and ``tricks<i>`` per player, ``premium`` seat and
    ``premium_kind``."""
    players = 4 if form.get("players") == "4" else 3
    # bids read from the tapped bid cards (N3); a player with none tapped may have the bid told as a number
    hands = [form.getlist(f"bidcards{i}") for i in range(players)]
    read = check_bid_cards(players, [hand for hand in hands if hand])
    bids = [read.pop(0) if hand else _number(form, f"bid{i}") for i, hand in enumerate(hands)]
    tricks = [_number(form, f"tricks{i}") for i in range(players)]
    if any(v is None for v in (*bids, *tricks)):
        raise RuleError("each_player", _("Give every player's bid and tricks."))
    seat = _number(form, "premium")
    premium = (seat, form.get("premium_kind", "declare")) if seat is not None else None
    result = check_deal(players, [int(b or 0) for b in bids], [int(t or 0) for t in tricks], premium, {})
    names = [gettext("Player %(n)s", n=i + 1) for i in range(players)]
    lines = [
        [(deal_line_words(line, names), line["points"]) for line in seat_lines] for seat_lines in result.lines
    ]
    trump = {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}.get(result.next_trump or "", gettext("no trump"))
    return {"check": result, "names": names, "lines": lines, "next_trump": trump, "bids": bids}


CHECKS = {
    "ninety-nine-deal": _deal,
    "bingo-claim": _bingo,
    "five-up-count": _count,
    "ninety-nine-bid": _bid,
    "bead-line": _line,
}
END_SLOTS = 6
LINE_SLOTS = 8


@bp.route("/check", methods=["GET", "POST"])
def page() -> tuple[str, int]:
    """The check page: one form per question; the answer shows above the form that asked."""
    result, error, status, kind = None, None, 200, None
    form = request.form if request.method == "POST" else MultiDict()
    if request.method == "POST":
        kind = request.form.get("check", "bingo-claim")
        run = CHECKS.get(kind, _bingo)
        try:
            result = run(request.form)
        except RuleError as err:
            error, status = explain(err), 422
    return (
        render_template(
            "quick_check/page.html",
            form=form,
            kind=kind,
            result=result,
            error=error,
            names=seat_names(),
            end_slots=END_SLOTS,
            line_slots=LINE_SLOTS,
        ),
        status,
    )


MOMENT_PARAMETER = {
    "name": "at",
    "in": "query",
    "required": False,
    "schema": {"type": "integer", "minimum": 0},
    "description": "time travel: the state exactly as the table answered when its seq was this (0..seq), "
    "with the same redaction for the caller's role; 422 outside 0..seq",
}

_TILES = {"type": "array", "items": {"type": "string", "pattern": "^[0-6]-[0-6]$", "example": "6-4"}}
CLAIM_REQUEST = {
    "type": "object",
    "properties": {
        "trump": {"type": "integer", "minimum": 0, "maximum": 6, "description": "0 = blanks (B6)"},
        "claimer": {"type": "integer", "enum": [0, 1]},
        "won": {
            "type": "array",
            "minItems": 2,
            "maxItems": 2,
            "items": _TILES,
            "description": "each seat's trick pile: tiles, each once, an even count",
        },
        "declarations": {
            "type": "array",
            "minItems": 2,
            "maxItems": 2,
            "items": {"type": "array", "items": _TILES},
            "description": "per seat, the declarations that count, each a list of 2-6 doubles (B27); "
            "B30 voiding is the caller's to apply",
        },
        "lastTrick": {
            "type": "integer",
            "enum": [0, 1, None],  # OpenAPI 3.0: an enum lists null itself, nullable or not
            "nullable": True,
            "description": "B13; ignored when closed (B41)",
        },
        "closed": {
            "type": "object",
            "nullable": True,
            "properties": {
                "by": {"type": "integer", "enum": [0, 1]},
                "opponentPoints": {"type": "integer", "minimum": 0},
                "opponentHadTrick": {"type": "boolean"},
            },
            "required": ["by", "opponentPoints", "opponentHadTrick"],
            "description": "the close's snapshot (B42)",
        },
        "options": {
            "type": "object",
            "properties": {name: {"type": "boolean"} for name in SCORING_OPTIONS},
            "additionalProperties": False,
        },
    },
    "required": ["trump", "claimer", "won", "declarations"],
}
CLAIM_ANSWER = {
    "type": "object",
    "properties": {
        "points": {
            "type": "array",
            "items": {"type": "integer"},
            "description": "card points with declarations and the last trick's 10",
        },
        "correct": {"type": "boolean", "description": "the claimer has 70 or more (B33)"},
        "winner": {"type": "integer", "description": "the seat that wins the deal (B34)"},
        "gamePoints": {"type": "integer", "description": "what the winner scores (B44)"},
        "lines": {
            "type": "array",
            "items": {"type": "string"},
            "description": "the breakdown in words, in the request's language",
        },
    },
    "required": ["points", "correct", "winner", "gamePoints", "lines"],
}


def openapi_paths(error: dict[str, Any]) -> dict[str, Any]:
    """The check's operation for /api/openapi.json."""
    return {
        "/api/v1/checks/bingo-claim": {
            "post": {
                "summary": "Check a Bingo claim without a recorded deal (B12-B14, B27, B30, B33-B34, B41-B44)",
                "requestBody": {"required": True, "content": json_content(CLAIM_REQUEST)},
                "responses": {
                    "200": {"description": "the claim settled", "content": json_content(CLAIM_ANSWER)},
                    "400": {"description": "not JSON", "content": json_content(error)},
                    "422": {"description": "impossible input, with the reason", "content": json_content(error)},
                },
            }
        }
    }
