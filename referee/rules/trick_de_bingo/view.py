"""What a Trick de Bingo table shows: totals (T3, T10, T17-T21), revokes found after the fact
(T11, README §6.4) and the ``detail`` documented in the package docstring."""

from __future__ import annotations

from typing import Any

from ..base import Breach, View, _, param_text, word
from .play import claimable, next_leader, play_order
from .state import CHIP, PICKS, PLAYERS, RoundState, State, round_score, totals

_SUIT_NAMES = {
    "S": word(_("spades")),
    "H": word(_("hearts")),
    "D": word(_("diamonds")),
    "C": word(_("clubs")),
}


def _msg(msg: str, **params: Any) -> dict[str, Any]:
    return {"msg": msg, "params": {k: param_text(v) for k, v in params.items()}}


def revokes(state: State) -> tuple[Breach, ...]:
    """T11 post hoc: a seat that did not follow suit in trick k but plays that suit later held it."""
    out = []
    for rnd in state.rounds:
        tricks = rnd.tricks
        for i, t in enumerate(tricks):
            led = t.record.led.suit
            for seat in range(PLAYERS):
                if t.record.cards[seat].suit == led:
                    continue
                later = next((u for u in tricks[i + 1 :] if u.record.cards[seat].suit == led), None)
                if later is None:
                    continue
                params = {
                    "player": state.players[seat],
                    "suit": _SUIT_NAMES[led],
                    "trick": str(t.record.number),
                    "round": str(rnd.number),
                    "card": str(later.record.cards[seat]),
                    "later": str(later.record.number),
                }
                message = _(
                    "%(player)s did not follow %(suit)s in trick %(trick)s of round %(round)s but still held "
                    "%(card)s (played in trick %(later)s)."
                )
                out.append(Breach(t.event, "T11", seat, message, params, detected_at=later.event))
    return tuple(out)


def _card_json(state: State, card_id: str) -> dict[str, Any]:
    card = state.drafted(card_id)
    return {"card": card.id, "ja": card.ja, "en": card.en, "bp": card.bp, "vp": card.vp, "type": card.type}


def _sheets(state: State, rnd: RoundState) -> list[list[dict[str, Any]]]:
    flips = rnd.flips()
    sheets = []
    for seat in range(PLAYERS):
        sheet = rnd.sheet(seat)
        cells = []
        for cell in range(1, 10):
            entry: dict[str, Any] = {"cell": cell, "card": None, "flipped": False, "proof": None}
            if cell in sheet:
                entry.update(_card_json(state, sheet[cell]))
                flip = flips.get((seat, cell))
                if flip is not None:
                    entry["flipped"] = True
                    entry["proof"] = flip.proof.as_json()
            cells.append(entry)
        sheets.append(cells)
    return sheets


def _why_won(state: State, record: Any) -> dict[str, Any]:
    return _msg(
        _("%(player)s won with %(card)s, the highest card of the suit led (%(suit)s); no trumps (T2, T11)."),
        player=state.players[record.winner],
        card=record.cards[record.winner],
        suit=_SUIT_NAMES[record.led.suit],
    )


def _tricks(state: State, rnd: RoundState) -> list[dict[str, Any]]:
    out = []
    for t in rnd.tricks:
        r = t.record
        out.append(
            {
                "number": r.number,
                "event": t.event,
                "leader": r.leader,
                "winner": r.winner,
                "led_suit": r.led.suit,
                "cards": [{"seat": s, "card": str(r.cards[s])} for s in r.order],
                "why": _why_won(state, r),
                "flips": [
                    {
                        "seat": f.seat,
                        "cell": f.cell,
                        "card": f.card,
                        "event": f.event,
                        "proof": f.proof.as_json(),
                        "why": _msg(
                            _("%(player)s flips %(card)s: %(text)s (tricks %(tricks)s, cards %(cards)s)."),
                            player=state.players[f.seat],
                            card=f.card,
                            text=state.drafted(f.card).en,
                            tricks=", ".join(str(n) for n in f.proof.tricks) or "-",
                            cards=", ".join(c.face for c in f.proof.cards) or "-",
                        ),
                    }
                    for f in t.flips
                ],
                "new_lines": [{"seat": line.seat, "cells": list(line.cells)} for line in t.lines],
                "bonuses": [{"seat": b.seat, "kind": b.kind, "points": b.points} for b in t.bonuses],
            }
        )
    return out


def _phase(state: State, rnd: RoundState | None) -> str:
    if rnd is None:
        return "start"
    if state.finished:
        return "finished"
    if len(rnd.picks) < PICKS:
        return "draft"
    return "round_over" if rnd.complete else "tricks"


def _score_rows(state: State) -> list[dict[str, Any]]:
    return [
        {
            "round": rnd.number,
            "dealer": rnd.dealer,
            "complete": rnd.complete,
            "rows": [dict(round_score(state, rnd, seat), seat=seat) for seat in range(PLAYERS)],
        }
        for rnd in state.rounds
    ]


def view(state: State) -> View[dict[str, Any]]:
    rnd = state.current
    phase = _phase(state, rnd)
    detail: dict[str, Any] = {
        "phase": phase,
        "round": rnd.number if rnd else 0,
        "rounds": state.rounds_agreed,
        "dealer": rnd.dealer if rnd else None,
        "chip": [CHIP] * PLAYERS,
        "score_rows": _score_rows(state),
        "custom_cards": [c.as_json() for c in state.custom],
        "to_pick": None,
        "pick": None,
        "to_lead": None,
        "trick": None,
        "play_order": None,
        "used_cards": [],
        "available_cards": [],
        "sheets": [],
        "lines": [],
        "bonuses": [],
        "tricks": [],
        "claimable": [],
        "missed": [],
        "notes": [],
    }
    if rnd is not None:
        used = [p.card for p in rnd.picks]
        detail["used_cards"] = used
        detail["available_cards"] = [c.id for c in state.deck() if c.id not in used]
        detail["sheets"] = _sheets(state, rnd)
        detail["lines"] = [
            [{"cells": list(line.cells), "trick": line.trick} for line in rnd.lines(seat)]
            for seat in range(PLAYERS)
        ]
        detail["bonuses"] = [
            {"seat": b.seat, "kind": b.kind, "trick": b.trick, "points": b.points} for b in rnd.bonuses()
        ]
        detail["tricks"] = _tricks(state, rnd)
        if phase == "draft":
            detail["to_pick"] = (rnd.dealer + len(rnd.picks)) % PLAYERS
            detail["pick"] = len(rnd.picks) + 1
            if state.options["placeBlindBeforeLooking"]:
                detail["notes"].append(
                    _msg(_("A blind card is placed in its cell before it is turned over (T-Δ1)."))
                )
            else:
                detail["notes"].append(
                    _msg(_("A blind card may be looked at before it is placed (T7, T-Δ1)."))
                )
        if phase == "tricks":
            leader = next_leader(rnd)
            detail["to_lead"] = leader
            detail["trick"] = len(rnd.tricks) + 1
            detail["play_order"] = list(play_order(state, leader))
        if state.options["manualClaims"]:
            detail["claimable"] = [
                {"seat": m.seat, "cell": m.cell, "card": m.card, "trick": m.trick}
                for m in claimable(state, rnd)
            ]
            detail["missed"] = [
                {"seat": m.seat, "cell": m.cell, "card": m.card, "trick": m.trick, "round": r.number}
                for r in state.rounds
                for m in r.missed
            ]
            if detail["claimable"]:
                detail["notes"].append(
                    _msg(_("Unclaimed achievements will be lost when the next trick starts (T19)."))
                )
    finished = state.finished
    all_totals = totals(state)
    best = max(all_totals)
    winners = tuple(s for s in range(PLAYERS) if all_totals[s] == best) if finished else ()  # T21, T-Δ7
    return View(totals=all_totals, finished=finished, winners=winners, breaches=revokes(state), detail=detail)
