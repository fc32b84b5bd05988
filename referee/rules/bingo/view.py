"""Bingo: the table as ``View`` (totals = match game points, B2/B47) with a JSON-able ``detail``.

The detail keys are documented in the package docstring (``referee/rules/bingo/__init__.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import View, _
from ..tiles import Tile
from .checks import deal_breaches
from .scoring import next_leader, seat_points, settle_played_out
from .state import PHASE_ONE_TRICKS, DealState, State
from .values import BINGO, DECLARATION_NAMES, DOUBLES, MATCH_TARGET


def _tiles(tiles: Any) -> list[str]:
    return [str(t) for t in tiles]


def _trick(t: Any) -> dict[str, Any]:
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


def _declaration(deal: DealState, d: Any) -> dict[str, Any]:
    has_trick = deal.tricks_won(d.seat) > 0
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
        "doubles": _tiles(d.doubles),
        "name": DECLARATION_NAMES[len(d.doubles)],
        "points": d.points,
        "before_trick": d.before_trick,
        "status": status,
    }


def _close(deal: DealState) -> dict[str, Any] | None:
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


def _settlement(deal: DealState) -> dict[str, Any] | None:
    s = deal.settlement
    if s is None:
        return None
    return dict(s.breakdown)


def _summary(deal: DealState) -> dict[str, Any]:
    """One row of the score sheet (B44-B46)."""
    gp = [0, 0]
    s = deal.settlement
    if s is not None and s.winner is not None:
        gp[s.winner] += s.game_points
    captures = [{"seat": t.capture, "trick": t.no} for t in deal.tricks if t.capture is not None]
    for c in captures:
        gp[c["seat"]] += 1
    claim = None
    if s is not None and s.kind in ("claim", "implied_claim"):
        claim = {
            "seat": s.claimer,
            "kind": s.kind,
            "total": s.breakdown["total"],
            "correct": s.breakdown["correct"],
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
        "result": None
        if s is None
        else {
            "kind": s.kind,
            "row": s.row,
            "winner": s.winner,
            "game_points": s.game_points,
            "reason": dict(s.breakdown.get("reason", {})),
        },
        "captures": captures,
        "game_points": gp,
    }


def _status(state: State, deal: DealState | None) -> str:
    if state.finished:
        return "match_over"
    if deal is None:
        return "no_deal"
    if deal.settled:
        return "settled"
    if deal.played_out:
        return "played_out"
    return "playing"


def _declarable(deal: DealState, seat: int) -> list[Tile]:
    used, declared = deal.used(), deal.declared()
    other = set(deal.known_in_hand(1 - seat))
    out = []
    for d in DOUBLES:
        if d in used or d in declared or d in other:
            continue
        if d == deal.indicator and deal.indicator_holder != seat:
            continue
        out.append(d)
    return out


def _next(state: State, deal: DealState | None, ends_match: bool) -> dict[str, Any]:
    """What may come next. ``ends_match``: the record, ended here, is a finished match (B40 may
    still let a claim after the last trick come first)."""
    over = state.finished
    playing = deal is not None and deal.in_play and not over
    nxt: dict[str, Any] = {
        "can_deal": not ends_match and (deal is None or deal.settled or deal.played_out),
        "next_deal_leader": None if deal is None or playing else next_leader(state),
        "can_declare": False,
        "declarable": [],
        "can_close": False,
        "can_claim": [],
        "can_show": [],
        "must_lead_one_of": [],
        "lead_seat": None,
        "reply_seat": None,
    }
    if deal is None or over:
        return nxt
    if playing:
        lead = deal.on_lead
        nxt["lead_seat"], nxt["reply_seat"] = lead, 1 - lead
        declarable = _declarable(deal, lead)
        nxt["can_declare"] = deal.pending is None and len(declarable) >= 2
        nxt["declarable"] = _tiles(declarable) if nxt["can_declare"] else []
        done = len(deal.tricks)
        nxt["can_close"] = (
            deal.close is None
            and done < PHASE_ONE_TRICKS
            and (done > 0 or bool(state.opt("closeBeforeFirstTrick")))
        )
        if deal.pending is not None:
            nxt["must_lead_one_of"] = _tiles(deal.pending.doubles)
    if not deal.settled:
        nxt["can_claim"] = [0, 1]
    elif deal.settlement is not None and deal.settlement.kind == "claim":
        nxt["can_show"] = [s for s in (0, 1) if deal.shown(s) is None]
    return nxt


def view(state: State) -> View[dict[str, Any]]:
    raw_deal = state.deal
    # The record ends here: a played-out deal nobody claimed settles now (B37, B40).
    ended = settle_played_out(state)
    deal = ended.deal
    names = state.players
    breaches = tuple(b for d in ended.deals for b in deal_breaches(d, state.options, names))
    finished = ended.finished
    totals = tuple(ended.game_points)
    winners = tuple(s for s in (0, 1) if totals[s] >= MATCH_TARGET) if finished else ()
    detail: dict[str, Any] = {
        "status": _status(ended, raw_deal),
        "game_points": list(totals),
        "target": MATCH_TARGET,
        "show_running_points": bool(state.opt("showRunningPoints")),
        "deal_no": None,
        "deals": [_summary(d) for d in ended.deals],
        "next": _next(state, raw_deal, finished),
    }
    if deal is not None:
        used = deal.used()
        on_lead = deal.on_lead
        indicator_state = (
            "taken" if deal.indicator_holder is not None else ("face_down" if deal.close else "face_up")
        )
        detail.update(
            {
                "deal_no": deal.no,
                "deal_leader": deal.leader,
                "indicator": str(deal.indicator),
                "indicator_state": indicator_state,
                "indicator_holder": deal.indicator_holder,
                "trump": deal.trump,
                "blanks_are_trump": deal.trump == 0,
                "bingo_tile": str(BINGO),
                "phase": deal.phase,
                "trick_no": min(len(deal.tricks) + 1, deal.total_tricks),
                "total_tricks": deal.total_tricks,
                "lead": on_lead if deal.in_play else None,
                "turn": on_lead if deal.in_play and not finished else None,
                "tiles_used": _tiles(sorted(used, reverse=True)),
                "tiles_out_of_play": _tiles([deal.indicator]) if deal.indicator_holder is None else [],
                "known_in_hand": [_tiles(deal.known_in_hand(s)) for s in (0, 1)],
                "hand_size": deal.hand_size if len(deal.tricks) + 1 >= deal.phase_two_from else 7,
                "tricks_won": [deal.tricks_won(s) for s in (0, 1)],
                "card_points": [seat_points(deal, s)["total"] for s in (0, 1)],
                "points_breakdown": [seat_points(deal, s) for s in (0, 1)],
                "tricks": [_trick(t) for t in deal.tricks],
                "declarations": [_declaration(deal, d) for d in deal.declarations],
                "pending_declaration": None
                if deal.pending is None
                else {"seat": deal.pending.seat, "doubles": _tiles(deal.pending.doubles)},
                "close": _close(deal),
                "claim": _settlement(deal),
                "implied": raw_deal is not None and not raw_deal.settled and deal.settled,
                "shows": [{"seat": s.seat, "tiles": _tiles(s.tiles)} for s in deal.shows],
            }
        )
    if deal is not None and deal.settlement is not None and deal.settlement.kind == "implied_claim":
        detail["claim"] = {**detail["claim"], "settled_at": deal.tricks[-1].event}
        if finished:  # Rules notes: the implied claim settles at the last trick, so the match ends there
            detail["claim"]["note"] = {
                "msg": _(
                    "%(player)s's claim implied by the close settles the deal at its last trick and ends the "
                    "match (B40, B47): no further deal can be recorded, but a claim may still come first."
                ),
                "params": {"player": names[deal.close.seat] if deal.close else ""},
            }
    if finished:
        detail["result"] = {
            "msg": _("%(player)s wins the match with %(gp)s game points"),
            "params": {"player": names[winners[0]], "gp": str(totals[winners[0]])},
        }
    return View(totals=totals, finished=finished, winners=winners, breaches=breaches, detail=detail)


_RUNNING = ("card_points", "points_breakdown")


def redact(detail: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """B35: while a deal is being played, nobody at the table may keep count of card points, so the
    running totals (and what would let a reader add them up: each trick's points, the close snapshot)
    are dropped unless ``showRunningPoints`` is on. Game points and settled deals stay visible. The
    same for every reader (``seat`` is not used): the scorer is a player too."""
    out = dict(detail)
    if detail.get("show_running_points") or detail.get("status") != "playing":
        return out
    for key in _RUNNING:
        out.pop(key, None)
    out["tricks"] = [{k: v for k, v in t.items() if k != "points"} for t in detail.get("tricks") or []]
    close = detail.get("close")
    if close:
        out["close"] = _hide_snapshot(close)
    deals = list(detail.get("deals") or [])
    if deals and deals[-1].get("result") is None:
        last = dict(deals[-1])
        if last.get("close"):
            last["close"] = _hide_snapshot(last["close"])
        deals[-1] = last
    out["deals"] = deals
    return out


def _hide_snapshot(close: Mapping[str, Any]) -> dict[str, Any]:
    hidden = ("opponent_card_points", "opponent_declaration_points", "opponent_points")
    return {k: v for k, v in close.items() if k not in hidden}
