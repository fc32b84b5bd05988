"""Bingo's web pieces: the declaration table for the declare form (numbers from the rules module)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, NotRequired, TypedDict

from flask import Blueprint, Response, jsonify
from flask_babel import gettext, lazy_gettext, ngettext

from referee.extensions import csrf
from referee.games.bingo.rules.quick_check import SCORING_OPTIONS, Line, check_claim, claim_lines, name_seats
from referee.games.bingo.rules.stats import BingoStats
from referee.games.bingo.rules.values import BINGO, DECLARATION_NAMES, DOUBLES, declaration_points
from referee.rules.base import RuleError
from referee.rules.forms import FormData
from referee.web.json_api.bodies import json_body
from referee.web.json_api.openapi_fields import answer, request_body
from referee.web.json_api.shapes import schema_of
from referee.web.site.i18n import say
from referee.web.tables.answer_breaches import Part
from referee.web.tables.correction_form import Correction
from referee.web.tables.game_defaults import as_recorded, one_part, seats_are_players
from referee.web.tables.presenting import error_response, refusal_status
from referee.web.tables.quick_checks import QuickCheck, number

bp = Blueprint(
    "bingo", __name__, template_folder="templates", static_folder="static", static_url_path="/static/games/bingo"
)


@bp.app_template_global("bingo_declarations")
def bingo_declarations() -> list[dict[str, Any]]:
    """One row per number of doubles shown (B27): name msgid, points, points with [0-0] among them."""
    plain = [d for d in DOUBLES if d != BINGO]
    rows = []
    for n in sorted(DECLARATION_NAMES):
        rows.append(
            {
                "n": n,
                "name": DECLARATION_NAMES[n],
                "points": declaration_points(plain[:n]) if n <= len(plain) else None,
                "with_bingo": declaration_points([BINGO, *plain[: n - 1]]),
            }
        )
    return rows


@bp.app_template_global("bingo_reason")
def bingo_reason(reason: Mapping[str, Any], names: Sequence[str]) -> str:
    """Why a settled deal scored what it did (``settle_claim``'s reason), the opponent by name."""
    [(msg, params)] = name_seats([(reason["msg"], reason["params"])], names)
    return say(msg, params)


@bp.app_template_global("bingo_claim_sum")
def bingo_claim_sum(points: Mapping[str, Any], name: str) -> str:
    """A claimer's points as one sum the table can check in the answer (newplayer9: "76 points, 70
    needed" alone left them unable to): the tricks, the declarations that count, the last trick."""
    parts = [
        ngettext(
            "%(points)s in %(num)s trick", "%(points)s in %(num)s tricks", points["trick_count"],
            points=points["trick_points"],
        )
    ]  # fmt: skip
    if points["declaration_points"]:
        parts.append(gettext("%(points)s declared", points=points["declaration_points"]))
    if points["last_trick"]:
        parts.append(gettext("%(points)s for the last trick", points=points["last_trick"]))
    return gettext("%(name)s: %(parts)s = %(total)s.", name=name, parts=" + ".join(parts), total=points["total"])


def stat_sentences(s: BingoStats) -> list[str]:
    """What stands out in a player's numbers at this game, for their club page (tiles as they write them)."""
    if not s.claims:
        return [gettext("No claim made.")]
    return [
        ngettext(
            "%(num)s claim made; %(failed)s failed.",
            "%(num)s claims made; %(failed)s failed.",
            s.claims,
            failed=s.failed,
        )
    ]


def is_turn_of(detail: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat``'s phone says "Your turn": the seat on lead while a deal is played."""
    return detail.get("turn") == seat


def settles(detail: Mapping[str, Any], entry_type: str) -> Part | None:
    """The claim (or the shown hand) that settles a deal lists every rule break of it (B24, B25, B-Δ7,
    B-Δ10: proved by later plays, each also said by the entry that proves it)."""
    return "deal" if detail.get("claim") and entry_type in ("claim", "show") else None


seat_names = seats_are_players


CORRECTION = Correction(
    surfaces={
        "trick": "bingo/_trick.html",
        "declare": "bingo/_declare.html",
        "deal": "bingo/_deal.html",
        "claim": "bingo/_claim.html",
        "close": "bingo/_claim.html",
        "show": "bingo/_show.html",
    },
    labels={
        "lead": lazy_gettext("Led tile"),
        "reply": lazy_gettext("Reply"),
        "indicator": lazy_gettext("Trump indicator"),
        "doubles": lazy_gettext("Doubles declared"),
        "tiles": lazy_gettext("Tiles"),
    },
    spent=frozenset({"lead", "reply", "tiles"}),
)
"""Every Bingo entry is corrected on its entry surface (a close on the claim's); its fields' labels
name what a form left empty."""


def claim_words(lines: Sequence[Line], names: Sequence[str]) -> list[str]:
    """A claim's breakdown in the request's language, players by name, declaration names translated."""
    out = []
    for msg, params in name_seats(lines, names):
        if "name" in params:
            word = str(params["name"])
            params = {**params, "name": gettext(word)}
        out.append(say(msg, params))
    return out


def report_lines(now: Mapping[str, Any], was: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """What an entry settled, for the dispute report, from the view before (``was``) and after (``now``):
    a settled claim line by line (B33-B44)."""
    claim = now.get("claim")
    if claim and claim != was.get("claim") and "claimer_points" in claim:
        return claim_words(claim_lines(claim), players)
    return []


value_words = as_recorded


history_parts = one_part


# --- the quick check of a claim (/check and its API), settled by the rules' quick_check (B33-B44) ----------


def claim_names() -> tuple[str, str]:
    """The two players of a claim told to the check, who have no names."""
    return gettext("Player 1"), gettext("Player 2")


@bp.post("/api/v1/checks/bingo-claim")
@csrf.exempt
def claim_api() -> Response:
    try:
        result = check_claim(json_body())
    except RuleError as err:
        return error_response(refusal_status(err), err)
    settled: ClaimAnswer = {
        "points": list(result.points),
        "correct": result.correct,
        "winner": result.winner,
        "gamePoints": result.game_points,
        "lines": claim_words(result.lines, claim_names()),
    }
    return jsonify(settled)


def claim_from_form(form: FormData) -> dict[str, Any]:
    """The API's request from the check page's form (tile pickers post lists of tiles): the page and
    ``POST /api/v1/checks/bingo-claim`` ask ``check_claim`` the same question."""
    declared: list[list[list[str]]] = [[], []]
    for seat in (0, 1):
        for group in ("a", "b"):
            doubles = form.getlist(f"decl{seat}{group}")
            if doubles:
                declared[seat].append(doubles)
    closed, closed_by = None, form.get("closed_by")
    if closed_by in ("0", "1"):
        closed = {
            "by": int(closed_by),
            "opponentPoints": number(form, "close_points") or 0,
            "opponentHadTrick": form.get("close_trick") == "yes",
        }
    last = form.get("last")
    return {
        "trump": number(form, "trump"),
        "claimer": number(form, "claimer"),
        "won": [form.getlist("won0"), form.getlist("won1")],
        "declarations": declared,
        "lastTrick": int(last) if last in ("0", "1") else None,
        "closed": closed,
        "options": {name: form.get(name) == "true" for name in SCORING_OPTIONS},
    }


def _claim(body: dict[str, Any]) -> dict[str, Any]:
    checked = check_claim(body)
    return {"check": checked, "lines": claim_words(checked.lines, claim_names())}


TileText = Annotated[str, {"pattern": "^[0-6]-[0-6]$", "example": "6-4"}]


class Closed(TypedDict):
    by: Literal[0, 1]
    opponentPoints: Annotated[int, {"minimum": 0}]
    opponentHadTrick: bool


class ClaimRequest(TypedDict):
    """``POST /api/v1/checks/bingo-claim``: a deal's piles and declarations, told (the rules' ``check_claim``
    reads and checks each field)."""

    trump: Annotated[int, {"minimum": 0, "maximum": 6, "description": "0 = blanks (B6)"}]
    claimer: Literal[0, 1]
    won: Annotated[
        list[list[TileText]],
        {"minItems": 2, "maxItems": 2, "description": "each seat's trick pile: tiles, each once, an even count"},
    ]
    declarations: Annotated[
        list[list[list[TileText]]],
        {
            "minItems": 2,
            "maxItems": 2,
            "description": "per seat, the declarations that count, each a list of 2-6 doubles (B27); "
            "B30 voiding is the caller's to apply",
        },
    ]
    lastTrick: NotRequired[Annotated[Literal[0, 1] | None, {"description": "B13; ignored when closed (B41)"}]]
    closed: NotRequired[Annotated[Closed | None, {"description": "the close's snapshot (B42)"}]]
    options: NotRequired[
        Annotated[
            dict[str, bool],
            {"properties": {name: {"type": "boolean"} for name in SCORING_OPTIONS}, "additionalProperties": False},
        ]
    ]


class ClaimAnswer(TypedDict):
    points: Annotated[list[int], {"description": "card points with declarations and the last trick's 10"}]
    correct: Annotated[bool, {"description": "the claimer has 70 or more (B33)"}]
    winner: Annotated[int, {"description": "the seat that wins the deal (B34)"}]
    gamePoints: Annotated[int, {"description": "what the winner scores (B44)"}]
    lines: Annotated[list[str], {"description": "the breakdown in words, in the request's language"}]


def claim_openapi(error: dict[str, Any]) -> dict[str, Any]:
    """The claim check's API operation, for /api/openapi.json."""
    return {
        "/api/v1/checks/bingo-claim": {
            "post": {
                "summary": "Check a Bingo claim without a recorded deal (B12-B14, B27, B30, B33-B34, B41-B44)",
                "requestBody": request_body(schema_of(ClaimRequest)),
                "responses": {
                    "200": answer("the claim settled", schema_of(ClaimAnswer)),
                    "400": answer("not JSON", error),
                    "422": answer("impossible input, with the reason", error),
                },
            }
        }
    }


QUICK_CHECKS = (
    QuickCheck("bingo-claim", lazy_gettext("Bingo claim"), claim_from_form, _claim, "bingo/_quick_check.html", place=10, head="bingo/_quick_check_head.html", openapi=claim_openapi),
)
"""Bingo's question for /check: does the claim reach 70?"""
