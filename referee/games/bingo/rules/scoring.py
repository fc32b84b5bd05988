"""Bingo deal scoring: card points per player (B12, B13, B27, B30), claims (B32-B34), the close
snapshot (B42), the game-point table (B44) with its variants (B-Δ2, B-Δ3)."""

from __future__ import annotations

from typing import Any

from referee.rules.base import _
from referee.rules.frozen import replace

from .settlement import AtClose, ClaimDetail, ClaimKind, ScoredDeclaration, SeatPoints
from .state import DealState, Settlement, State, award
from .values import DECLARATION_NAMES, TARGET


def seat_points(deal: DealState, seat: int) -> SeatPoints:
    """Everything ``seat`` has scored in the deal so far, itemised (JSON-able)."""
    won = [t for t in deal.tricks if t.winner == seat]
    has_trick = bool(won)
    decls: list[ScoredDeclaration] = [
        {
            "event": d.event,
            "doubles": [str(x) for x in d.doubles],
            "name": DECLARATION_NAMES[len(d.doubles)],
            "points": d.points,
            # B30: counts only once its maker has won a trick.
            "counts": has_trick,
        }
        for d in deal.declarations
        if d.seat == seat
    ]
    # B13 / B41: the last trick's 10, in a deal played out without a close.
    last = 10 if deal.played_out and not deal.close and deal.tricks and deal.tricks[-1].winner == seat else 0
    trick_points = sum(t.points for t in won)
    declared = sum(d["points"] for d in decls if d["counts"])
    return {
        "seat": seat,
        "tricks": [{"no": t.no, "lead": str(t.lead), "reply": str(t.reply), "points": t.points} for t in won],
        "trick_count": len(won),
        "trick_points": trick_points,
        "declarations": decls,
        "declaration_points": declared,
        "last_trick": last,
        "total": trick_points + declared + last,
    }


# B44 rows 1 and 2 by the game points of the ladder (``_ladder``): why a correct claim scores what it does,
# in the words a player checks it by (the opponent's tricks, then points against 30). ``opponent`` is a seat.
_CLAIMS = {
    3: _("A correct claim: %(total)s points, %(target)s needed, and %(opponent)s won no trick."),
    2: _("A correct claim: %(total)s points, %(target)s needed, and %(opponent)s has only %(points)s points (under 30)."),
    1: _("A correct claim: %(total)s points, %(target)s needed; %(opponent)s has %(points)s points (30 or more)."),
}
_CLOSER_CLAIMS = {
    3: _(
        "A correct claim by the closer: %(total)s points, %(target)s needed, and %(opponent)s had won no trick at "
        "the close."
    ),
    2: _(
        "A correct claim by the closer: %(total)s points, %(target)s needed, and %(opponent)s had only %(points)s "
        "points at the close (under 30)."
    ),
    1: _(
        "A correct claim by the closer: %(total)s points, %(target)s needed; %(opponent)s had %(points)s points at "
        "the close (30 or more)."
    ),
}


def _ladder(points: int, tricks: int) -> int:
    """B44 rows 1-2 (B-Δ1 reconstruction): 3 if no trick, 2 if under 30, else 1."""
    if tricks == 0:
        return 3
    return 2 if points < 30 else 1


def settle_claim(
    deal: DealState, claimer: int, options: dict[str, Any], kind: ClaimKind, event: int | None
) -> Settlement:
    """B33-B34, B40, B42-B44: who wins the deal on this claim, and by how many game points."""
    opp = 1 - claimer
    mine, theirs = seat_points(deal, claimer), seat_points(deal, opp)
    correct = mine["total"] >= TARGET  # B33
    cards_only = bool(options.get("thresholdCardPointsOnly"))  # B-Δ3
    close = deal.close
    at_close: AtClose | None = None
    if close is not None:
        at_close = {
            "closer": close.seat,
            "after_trick": close.after_trick,
            "card_points": close.opp_card_points,
            "declaration_points": close.opp_declared,
            "points": close.opp_card_points + close.opp_declared,
            "tricks": close.opp_tricks,
        }
    if correct:
        winner = claimer
        if close is not None and close.seat == claimer:  # B44 row 2, B42
            pts = close.opp_card_points + (0 if cards_only else close.opp_declared)
            row, gp = 2, _ladder(pts, close.opp_tricks)
            reason = _CLOSER_CLAIMS[gp]
            params = {"points": pts}
        elif close is not None:  # B44 row 3
            row, gp = 3, 2
            reason = _(
                "A correct claim against the closer: %(total)s points, %(target)s needed; such a claim always "
                "scores %(gp)s."
            )
            params = {"gp": 2}
        else:  # B44 row 1
            pts = (
                theirs["trick_points"]
                + theirs["last_trick"]
                + (0 if cards_only else theirs["declaration_points"])
            )
            row, gp = 1, _ladder(pts, theirs["trick_count"])
            reason = _CLAIMS[gp]
            params = {"points": pts}
    else:  # B44 row 4, B-Δ2
        winner = opp
        row = 4
        if options.get("threeIfNonClaimerTrickless"):
            trickless = theirs["trick_count"] == 0
        else:
            trickless = mine["trick_count"] == 0 or theirs["trick_count"] == 0
        gp = 3 if trickless else 2
        if trickless:
            reason = _("A failed claim: %(total)s points, %(target)s needed, while a player had won no trick.")
        else:
            # who scores is the award's own line, said just before (np13: the answer said it twice)
            reason = _("A failed claim: %(total)s points, %(target)s needed.")
        params = {}
    # the claimer's count against 70, right or wrong; ``opponent`` is a seat, named where the reason is said
    params = {"total": mine["total"], "target": TARGET, "opponent": opp, **params}
    breakdown: ClaimDetail = {
        "kind": kind,
        "event": event,
        "claimer": claimer,
        "after_trick": len(deal.tricks),
        "claimer_points": mine,
        "opponent_points": theirs,
        "total": mine["total"],
        "target": TARGET,
        "correct": correct,
        "at_close": at_close,
        "row": row,
        "winner": winner,
        "game_points": gp,
        "reason": {"msg": reason, "params": {k: str(v) for k, v in params.items()}},
    }
    return Settlement(
        kind=kind, winner=winner, game_points=gp, row=row, event=event, claimer=claimer, breakdown=breakdown
    )


def settle_unclaimed(deal: DealState, options: dict[str, Any]) -> Settlement:
    """B40 (a closed deal settles as the closer's claim after the last trick) or B37 (nothing)."""
    if deal.close is not None:
        return settle_claim(deal, deal.close.seat, options, "implied_claim", None)
    return Settlement(
        kind="no_claim",
        winner=None,
        game_points=0,
        row=5,
        breakdown={
            "kind": "no_claim",
            "row": 5,
            "game_points": 0,
            "reason": {"msg": _("Played out with no close and no claim: nobody scores"), "params": {}},
        },
    )


def next_leader(state: State) -> int | None:
    """B45 / B-Δ4: who leads the next deal (None before the first deal: chosen freely, B15)."""
    deal = state.deal
    if deal is None:
        return None
    settlement = deal.settlement or (settle_unclaimed(deal, dict(state.options)) if deal.played_out else None)
    if state.opt("alternateLead"):
        return 1 - deal.leader
    if settlement is None or settlement.winner is None:
        return 1 - deal.leader  # B-Δ4 default after a no-score deal [P]
    return settlement.winner


def settle_played_out(state: State) -> State:
    """B37/B40: a played-out deal nobody claimed settles when the next deal starts or the record ends,
    unless a capture at its last trick has already ended the match (B2, B47): nothing is scored after
    that, so the closer's implied claim is not."""
    deal = state.deal
    if deal is None or deal.settled or not deal.played_out or state.finished:
        return state
    settlement = settle_unclaimed(deal, dict(state.options))
    return state.with_deal(
        replace(deal, settlement=settlement),
        award(state.game_points, settlement.winner, settlement.game_points),
    )
