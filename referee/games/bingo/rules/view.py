"""Bingo: the table as ``View`` (totals = match game points, B2/B47) with its ``detail`` typed below.

Tiles are written ``"a-b"``, seats are ints, sentences are :class:`~referee.rules.message.Message`.
The API, the templates (``referee/games/bingo/templates/bingo``) and the score sheet (``referee/games/bingo/printables.py``) read these
keys; ``redact`` removes the running card points (B35), so those keys are ``NotRequired``.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from referee.rules.base import View, _
from referee.rules.message import Message, message

from .checks import deal_breaches
from .next_steps import Next, next_steps
from .scoring import seat_points, settle_played_out
from .settlement import ClaimDetail, ClaimKind, SeatPoints
from .state import DealState, DeclarationRecord, State, TrickRecord
from .values import BINGO, DECLARATION_NAMES, MATCH_TARGET, tile_texts

Status = Literal["no_deal", "playing", "played_out", "settled", "match_over"]
DeclarationStatus = Literal["valid", "pending", "void", "invincible"]
"""``pending``: it counts once its maker wins a trick; ``void``: the deal ended before that (B30)."""


class TrickDetail(TypedDict):
    """One trick of the deal (B11, B12, B46)."""

    no: int  # 1-based within the deal
    event: int
    phase: int  # 1 or 2 (B23)
    leader: int
    lead: str
    reply: str
    winner: int
    points: NotRequired[int]  # its card points; dropped by ``redact`` while the deal is played (B35)
    why: Message  # why the winner won (B11)
    capture: int | None  # the seat that played [0-0] onto the trump double (B46)


class DeclarationDetail(TypedDict):
    """A declaration (B27-B31)."""

    event: int
    seat: int
    doubles: list[str]
    name: str  # msgid of its name (B27)
    points: int
    before_trick: int  # the number of the trick it leads (B28)
    status: DeclarationStatus


class CloseDetail(TypedDict):
    """The close and the B42 snapshot of the opponent; ``redact`` drops the snapshot's points (B35)."""

    event: int
    seat: int
    after_trick: int
    opponent_card_points: NotRequired[int]
    opponent_declaration_points: NotRequired[int]
    opponent_points: NotRequired[int]
    opponent_tricks: int


class SheetClaim(TypedDict):
    seat: int | None
    kind: ClaimKind
    total: int
    correct: bool


class DealResult(TypedDict):
    kind: ClaimKind
    row: int
    winner: int | None
    game_points: int
    reason: Message


class Capture(TypedDict):
    seat: int
    trick: int


class DealRow(TypedDict):
    """One row of the score sheet (B44-B46); ``result`` None while the deal is unsettled."""

    no: int
    event: int
    leader: int
    indicator: str
    trump: int  # 0 = blanks
    tricks_played: int
    declarations: list[DeclarationDetail]
    close: CloseDetail | None
    claim: SheetClaim | None
    result: DealResult | None
    captures: list[Capture]
    game_points: list[int]  # per seat, this deal's settlement and captures


class PendingDeclaration(TypedDict):
    seat: int
    doubles: list[str]


class Shown(TypedDict):
    seat: int
    tiles: list[str]


class Detail(TypedDict):
    """Bingo's ``View.detail``. The keys from ``deal_leader`` to ``shows`` come once a deal has started."""

    status: Status
    game_points: list[int]  # the match, = totals
    target: int  # 7 (B2)
    show_running_points: bool  # B35: unless true, ``redact`` hides the running card points
    deal_no: int | None
    deals: list[DealRow]
    next: Next
    deal_leader: NotRequired[int]
    indicator: NotRequired[str]
    indicator_state: NotRequired[Literal["face_up", "face_down", "taken"]]
    indicator_holder: NotRequired[int | None]
    trump: NotRequired[int]  # 0 = blanks
    blanks_are_trump: NotRequired[bool]
    bingo_tile: NotRequired[str]
    phase: NotRequired[int]  # of the next trick (or the last, once played out)
    trick_no: NotRequired[int]
    total_tricks: NotRequired[int]
    lead: NotRequired[int | None]  # None when no trick can come
    turn: NotRequired[int | None]
    tiles_used: NotRequired[list[str]]  # played this deal
    tiles_out_of_play: NotRequired[list[str]]  # the untaken indicator
    known_in_hand: NotRequired[list[list[str]]]  # per seat: declared unplayed doubles, the taken indicator
    hand_size: NotRequired[int]
    tricks_won: NotRequired[list[int]]
    card_points: NotRequired[list[int]]  # per seat; dropped by ``redact`` (B35)
    points_breakdown: NotRequired[list[SeatPoints]]  # per seat; dropped by ``redact`` (B35)
    tricks: NotRequired[list[TrickDetail]]
    declarations: NotRequired[list[DeclarationDetail]]
    pending_declaration: NotRequired[PendingDeclaration | None]
    close: NotRequired[CloseDetail | None]
    claim: NotRequired[ClaimDetail | None]
    implied: NotRequired[bool]  # settled only because the record ends here (B37, B40)
    shows: NotRequired[list[Shown]]  # tiles shown after a claim
    result: NotRequired[Message]  # once finished: who won the match




def _trick(t: TrickRecord) -> TrickDetail:
    return {
        "no": t.no,
        "event": t.event,
        "phase": t.phase,
        "leader": t.leader,
        "lead": str(t.lead),
        "reply": str(t.reply),
        "winner": t.winner,
        "points": t.points,
        "why": {"msg": t.why["msg"], "params": dict(t.why["params"])},
        "capture": t.capture,
    }


def _declaration(deal: DealState, d: DeclarationRecord) -> DeclarationDetail:
    has_trick = deal.tricks_won(d.seat) > 0
    status: DeclarationStatus
    if len(d.doubles) == 7:
        status = "invincible"
    elif has_trick:
        status = "valid"
    elif deal.settled or deal.played_out:
        status = "void"  # B30
    else:
        status = "pending"  # B30: counts once its maker wins a trick
    return {
        "event": d.event,
        "seat": d.seat,
        "doubles": tile_texts(d.doubles),
        "name": DECLARATION_NAMES[len(d.doubles)],
        "points": d.points,
        "before_trick": d.before_trick,
        "status": status,
    }


def _close(deal: DealState) -> CloseDetail | None:
    c = deal.close
    if c is None:
        return None
    return {
        "event": c.event,
        "seat": c.seat,
        "after_trick": c.after_trick,
        "opponent_card_points": c.opp_card_points,
        "opponent_declaration_points": c.opp_declared,
        "opponent_points": c.opp_card_points + c.opp_declared,
        "opponent_tricks": c.opp_tricks,
    }


def _settlement(deal: DealState) -> ClaimDetail | None:
    s = deal.settlement
    if s is None:
        return None
    return s.breakdown.copy()


def _summary(deal: DealState) -> DealRow:
    """One row of the score sheet (B44-B46)."""
    gp = [0, 0]
    s = deal.settlement
    if s is not None and s.winner is not None:
        gp[s.winner] += s.game_points
    captures: list[Capture] = [{"seat": t.capture, "trick": t.no} for t in deal.tricks if t.capture is not None]
    for c in captures:
        gp[c["seat"]] += 1
    claim: SheetClaim | None = None
    if s is not None and s.kind in ("claim", "implied_claim"):
        claim = {
            "seat": s.claimer,
            "kind": s.breakdown["kind"],
            "total": s.breakdown["total"],
            "correct": s.breakdown["correct"],
        }
    result: DealResult | None = None
    if s is not None:
        result = {
            "kind": s.breakdown["kind"],
            "row": s.row,
            "winner": s.winner,
            "game_points": s.game_points,
            "reason": s.breakdown["reason"].copy(),
        }
    return {
        "no": deal.no,
        "event": deal.event,
        "leader": deal.leader,
        "indicator": str(deal.indicator),
        "trump": deal.trump,
        "tricks_played": len(deal.tricks),
        "declarations": [_declaration(deal, d) for d in deal.declarations],
        "close": _close(deal),
        "claim": claim,
        "result": result,
        "captures": captures,
        "game_points": gp,
    }


def _status(state: State, deal: DealState | None) -> Status:
    if state.finished:
        return "match_over"
    if deal is None:
        return "no_deal"
    if deal.settled:
        return "settled"
    if deal.played_out:
        return "played_out"
    return "playing"


def _deal_detail(detail: Detail, state: State, raw_deal: DealState | None, deal: DealState, finished: bool) -> None:
    """The keys of the deal in hand (the last one, settled as the record would end here)."""
    used = deal.used()
    on_lead = deal.on_lead
    detail["deal_no"] = deal.no
    detail["deal_leader"] = deal.leader
    detail["indicator"] = str(deal.indicator)
    detail["indicator_state"] = (
        "taken" if deal.indicator_holder is not None else ("face_down" if deal.close else "face_up")
    )
    detail["indicator_holder"] = deal.indicator_holder
    detail["trump"] = deal.trump
    detail["blanks_are_trump"] = deal.trump == 0
    detail["bingo_tile"] = str(BINGO)
    detail["phase"] = deal.phase
    detail["trick_no"] = min(len(deal.tricks) + 1, deal.total_tricks)
    detail["total_tricks"] = deal.total_tricks
    detail["lead"] = on_lead if deal.in_play else None
    detail["turn"] = on_lead if deal.in_play and not finished else None
    detail["tiles_used"] = tile_texts(sorted(used, reverse=True))
    detail["tiles_out_of_play"] = tile_texts([deal.indicator]) if deal.indicator_holder is None else []
    detail["known_in_hand"] = [tile_texts(deal.known_in_hand(s)) for s in (0, 1)]
    detail["hand_size"] = deal.hand_size if len(deal.tricks) + 1 >= deal.phase_two_from else 7
    detail["tricks_won"] = [deal.tricks_won(s) for s in (0, 1)]
    points = [seat_points(deal, s) for s in (0, 1)]
    detail["card_points"] = [p["total"] for p in points]
    detail["points_breakdown"] = points
    detail["tricks"] = [_trick(t) for t in deal.tricks]
    detail["declarations"] = [_declaration(deal, d) for d in deal.declarations]
    detail["pending_declaration"] = (
        None if deal.pending is None else {"seat": deal.pending.seat, "doubles": tile_texts(deal.pending.doubles)}
    )
    detail["close"] = _close(deal)
    claim = _settlement(deal)
    detail["claim"] = claim
    detail["implied"] = raw_deal is not None and not raw_deal.settled and deal.settled
    detail["shows"] = [{"seat": s.seat, "tiles": tile_texts(s.tiles)} for s in deal.shows]
    if claim is not None and claim["kind"] == "implied_claim":
        claim["settled_at"] = deal.tricks[-1].event
        if finished:  # Rules notes: the implied claim settles at the last trick, so the match ends there
            claim["note"] = message(
                _(
                    "%(player)s's claim implied by the close settles the deal at its last trick and ends the "
                    "match (B40, B47): no further deal can be recorded, but a claim may still come first."
                ),
                player=state.players[deal.close.seat] if deal.close else "",
            )


def view(state: State) -> View[Detail]:
    raw_deal = state.deal
    # The record ends here: a played-out deal nobody claimed settles now (B37, B40).
    ended = settle_played_out(state)
    deal = ended.deal
    names = state.players
    breaches = tuple(b for d in ended.deals for b in deal_breaches(d, state.options, names))
    finished = ended.finished
    totals = tuple(ended.game_points)
    winners = tuple(s for s in (0, 1) if totals[s] >= MATCH_TARGET) if finished else ()
    detail: Detail = {
        "status": _status(ended, raw_deal),
        "game_points": list(totals),
        "target": MATCH_TARGET,
        "show_running_points": bool(state.opt("showRunningPoints")),
        "deal_no": None,
        "deals": [_summary(d) for d in ended.deals],
        "next": next_steps(state, raw_deal, finished),
    }
    if deal is not None:
        _deal_detail(detail, state, raw_deal, deal, finished)
    if finished:
        detail["result"] = message(
            _("%(player)s wins the match with %(gp)s game points"),
            player=names[winners[0]],
            gp=str(totals[winners[0]]),
        )
    return View(totals=totals, finished=finished, winners=winners, breaches=breaches, detail=detail)


def redact(detail: Detail, seat: int | None) -> Detail:
    """B35: while a deal is being played, nobody at the table may keep count of card points, so the
    running totals (and what would let a reader add them up: each trick's points, the close snapshot)
    are dropped unless ``showRunningPoints`` is on. Game points and settled deals stay visible. The
    same for every reader (``seat`` is not used): the scorer is a player too."""
    out = detail.copy()
    if detail["show_running_points"] or detail["status"] != "playing":
        return out
    out.pop("card_points", None)
    out.pop("points_breakdown", None)
    tricks = []
    for t in detail.get("tricks") or []:
        hidden = t.copy()
        hidden.pop("points", None)
        tricks.append(hidden)
    out["tricks"] = tricks
    close = detail.get("close")
    if close:
        out["close"] = _hide_snapshot(close)
    deals = list(detail["deals"])
    if deals and deals[-1]["result"] is None:
        last = deals[-1].copy()
        last_close = last["close"]
        if last_close:
            last["close"] = _hide_snapshot(last_close)
        deals[-1] = last
    out["deals"] = deals
    return out


def _hide_snapshot(close: CloseDetail) -> CloseDetail:
    hidden = close.copy()
    hidden.pop("opponent_card_points", None)
    hidden.pop("opponent_declaration_points", None)
    hidden.pop("opponent_points", None)
    return hidden
