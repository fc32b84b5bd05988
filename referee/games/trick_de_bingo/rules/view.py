"""What a Trick de Bingo table shows: totals (T3, T10, T17-T21), revokes found after the fact
(T11, README §6.4) and the ``detail``, typed below as :class:`Detail`.

Seats are ints (0-3), playing cards are written like ``"10H"``, condition cards by their id (``TB-07``
or a custom id), sentences are :class:`~referee.rules.message.Message`. The API, the templates
(``referee/games/trick_de_bingo/templates/trick_de_bingo``) and the score sheet (``referee/games/trick_de_bingo/printables.py``) read these keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

from referee.rules.base import Breach, View, _, param_text, word
from referee.rules.made_when_read import MadeWhenRead
from referee.rules.message import Message

from ..conditions import CardDetail, ConditionCard, ProofDetail
from ..conditions.language import TrickRecord
from .play import claimable, next_leader, play_order
from .state import (
    CHIP,
    PICKS,
    PLAYERS,
    BonusKind,
    Flip,
    Played,
    RoundScore,
    RoundState,
    State,
    drafted_cards,
    round_scores,
    totals,
)

Phase = Literal["start", "draft", "tricks", "round_over", "finished"]


class SheetCell(TypedDict):
    """One of a sheet's 9 cells (T7); the card's keys come once a card is placed on it."""

    cell: int  # 1-9, row by row, 5 is the centre
    card: str | None
    flipped: bool  # T14
    proof: ProofDetail | None  # why it flipped
    ja: NotRequired[str]
    en: NotRequired[str]
    bp: NotRequired[int]
    vp: NotRequired[int]
    type: NotRequired[str]  # trick | multi | cumul


class PlayedCard(TypedDict):
    seat: int
    card: str


class FlipDetailJSON(TypedDict):
    """A :class:`FlipDetail`'s keys and values, as the API writes them: a card flipped on a trick (T13-T14),
    on the trick itself or by a claim (manualClaims)."""

    seat: int
    cell: int
    card: str
    event: int  # the trick event, or the claim event
    proof: ProofDetail
    why: Message


class NewLine(TypedDict):
    seat: int
    cells: list[int]


class LineDetail(TypedDict):
    """A completed line of a sheet (T16)."""

    cells: list[int]
    trick: int


class BonusDetail(TypedDict):
    """First Bingo (T17) or Last Bingo (T18)."""

    seat: int
    kind: BonusKind
    points: int


class RoundBonus(BonusDetail):
    trick: int


class TrickDetailJSON(TypedDict):
    """A :class:`TrickDetail`'s keys and values, as the API writes them: one trick of the round and what
    it brought (T11, T13-T18)."""

    number: int  # 1-13
    event: int
    leader: int
    winner: int
    led_suit: str  # S | H | D | C
    cards: list[PlayedCard]  # in play order
    why: Message  # why the winner won
    flips: list[FlipDetail]
    new_lines: list[NewLine]
    bonuses: list[BonusDetail]


class ScoreRow(RoundScore):
    seat: int


class ScoreRound(TypedDict):
    """A round on the score sheet (T20): flips, lines and VP count once it is ``complete``."""

    round: int
    dealer: int
    complete: bool
    rows: list[ScoreRow]  # one per seat


class Claimable(TypedDict):
    """An achievement of the last trick nobody has claimed yet (manualClaims, T19)."""

    seat: int
    cell: int
    card: str
    trick: int


class MissedDetail(Claimable):
    """An achievement not claimed before the next trick: lost (T19)."""

    round: int


class Detail(TypedDict):
    """Trick de Bingo's ``View.detail``."""

    phase: Phase
    round: int  # 1-based, 0 before the first
    rounds: int  # agreed: 1, 2 or 4 (T4)
    dealer: int | None
    chip: list[int]  # the starting chip per seat (T3)
    score_rows: list[ScoreRound]
    custom_cards: list[CardDetail]
    to_pick: int | None  # drafting: whose pick is next
    pick: int | None  # drafting: the number of the next pick, 1-36
    to_lead: int | None  # playing: who leads the next trick
    trick: int | None  # playing: the number of the next trick, 1-13
    play_order: list[int] | None  # playing: the seats of the next trick in order
    used_cards: list[str]  # card ids drafted this round
    available_cards: list[str]  # the rest of the deck, catalog then custom
    sheets: list[list[SheetCell]]  # per seat, 9 cells
    lines: list[list[LineDetail]]  # per seat
    bonuses: list[RoundBonus]  # this round's
    tricks: list[TrickDetail]  # this round's: each a mapping with TrickDetailJSON's keys
    claimable: list[Claimable]  # manualClaims
    missed: list[MissedDetail]  # manualClaims, every round
    notes: list[Message]  # procedure reminders


_SUIT_NAMES = {
    "S": word(_("spades")),
    "H": word(_("hearts")),
    "D": word(_("diamonds")),
    "C": word(_("clubs")),
}


def _msg(msg: str, **params: Any) -> Message:
    return {"msg": msg, "params": {k: param_text(v) for k, v in params.items()}}


def revokes(state: State) -> tuple[Breach, ...]:
    """T11 post hoc: a seat that did not follow suit in trick k but plays that suit later held it."""
    out = []
    for rnd in state.rounds:
        tricks = rnd.tricks
        # the suits each seat played, trick by trick, read once: every seat of every trick is checked
        suits = [[t.record.cards[seat].suit for t in tricks] for seat in range(PLAYERS)]
        for i, t in enumerate(tricks):
            led = suits[t.record.leader][i]
            for seat, played in enumerate(suits):
                if played[i] == led or led not in played[i + 1 :]:
                    continue
                later = tricks[played.index(led, i + 1)]
                params = {
                    "player": state.players[seat],
                    "suit": _SUIT_NAMES[led],
                    "trick": str(t.record.number),
                    "round": str(rnd.number),
                    "card": later.record.cards[seat].face,
                    "later": str(later.record.number),
                }
                message = _(
                    "%(player)s did not follow %(suit)s in trick %(trick)s of round %(round)s but still held "
                    "%(card)s (played in trick %(later)s)."
                )
                out.append(Breach(t.event, "T11", seat, message, params, detected_at=later.event))
    return tuple(out)


def _proofs(rnd: RoundState) -> dict[tuple[int, int], ProofDetail]:
    """Each flipped cell's proof, by (seat, cell), written once per view: its cell on the sheet and
    its flip in the trick show the same proof (a cell flips once, T14)."""
    return {key: f.proof.as_json() for key, f in rnd.flips().items()}


def _sheets(
    rnd: RoundState, cards: Mapping[str, ConditionCard], proofs: Mapping[tuple[int, int], ProofDetail]
) -> list[list[SheetCell]]:
    """Every seat's 9 cells. A placed card's own keys (its texts, BP, VP and type) are written from
    the mapping the card keeps (``ConditionCard.sheet_keys``): every view writes 36 cells, so a cell
    is one dict made in one step, not a call that reads the card's five attributes."""
    out = []
    for seat in range(PLAYERS):
        placed = dict(rnd.sheet_cells(seat))
        row: list[SheetCell] = []
        for cell in range(1, 10):
            card_id = placed.get(cell)
            if card_id is None:
                row.append({"cell": cell, "card": None, "flipped": False, "proof": None})
            else:
                proof = proofs.get((seat, cell))
                row.append({"cell": cell, "card": card_id, "flipped": proof is not None, "proof": proof,
                            **cards[card_id].sheet_keys})  # fmt: skip
        out.append(row)
    return out


def _lines(rnd: RoundState) -> list[list[LineDetail]]:
    """Each seat's completed lines in the order they were made (``RoundState.lines``), in one pass
    over the tricks rather than one per seat."""
    out: list[list[LineDetail]] = [[] for _ in range(PLAYERS)]
    for t in rnd.tricks:
        for line in t.lines:
            out[line.seat].append({"cells": list(line.cells), "trick": line.trick})
    return out


def _why_won(players: tuple[str, ...], record: TrickRecord) -> Message:
    # the params as ``_msg`` writes them (a name and a word as they are, a card as its face), made directly
    return {
        "msg": _(
            "%(player)s won with %(card)s, the highest card of the suit led (%(suit)s); no trumps (T2, T11)."
        ),
        "params": {
            "player": players[record.winner],
            "card": record.cards[record.winner].face,
            "suit": _SUIT_NAMES[record.led.suit],
        },
    }


FLIP_KEYS = ("seat", "cell", "card", "event", "proof", "why")
"""A flip's keys in the order the API has always written them."""


class FlipDetail(MadeWhenRead[tuple[str, ...], Flip, ConditionCard, ProofDetail]):
    """A card flipped on a trick (T13-T14), read as the mapping :class:`FlipDetailJSON` declares (the API
    writes it whole). Its sentence (``why``, the proof's tricks and cards written out) is read by the API
    alone: a page says a flip in its own words, from the sheet's cell. It was a ninth of a view's cost (19
    flips in the golden record), so it is made at its first read (issue 29)."""

    __slots__ = ()
    LATER = frozenset({"why"})
    # made from the players, the flip, its card and its proof

    def _keys(self) -> tuple[str, ...]:
        return FLIP_KEYS

    def _made(self, whole: bool) -> dict[str, Any]:
        players, f, card, proof_json = self._of
        out: dict[str, Any] = {"seat": f.seat, "cell": f.cell, "card": f.card, "event": f.event,
                               "proof": proof_json}  # fmt: skip
        if whole:
            proof = f.proof
            out["why"] = {
                "msg": _("%(player)s flips %(card)s: %(text)s (tricks %(tricks)s, cards %(cards)s)."),
                "params": {
                    "player": players[f.seat],
                    "card": f.card,
                    "text": card.en,
                    "tricks": ", ".join([str(n) for n in proof.tricks]) or "-",
                    "cards": ", ".join([c.face for c in proof.cards]) or "-",
                },
            }
        return out


TRICK_KEYS = ("number", "event", "leader", "winner", "led_suit", "cards", "why", "flips", "new_lines",
              "bonuses")  # fmt: skip
"""A trick's keys in the order the API has always written them."""


class TrickDetail(
    MadeWhenRead[tuple[str, ...], Played, Mapping[str, ConditionCard], Mapping[tuple[int, int], ProofDetail]]
):
    """One trick of the round, read as the mapping :class:`TrickDetailJSON` declares (the API writes it
    whole). A page reads every trick's cards but the sentence of the last one only (why its card won,
    in the verdict), so the sentence is made at its first read, the rest at the first read of any
    other key (issue 29). Reading the sentence after the rest keeps what was made (the flips' own
    sentences among it)."""

    __slots__ = ()
    LATER = frozenset({"why"})
    # made from the players, the trick, the round's cards by id and its proofs by (seat, cell)

    def _keys(self) -> tuple[str, ...]:
        return TRICK_KEYS

    def _made(self, whole: bool) -> dict[str, Any]:
        if whole:
            short = self._short
            if short is None:
                short = self._short = self._made(whole=False)
            why = _why_won(self._of[0], self._of[1].record)
            return {key: why if key == "why" else short[key] for key in TRICK_KEYS}
        players, t, cards, proofs = self._of
        r = t.record
        played = r.cards
        return {
            "number": r.number,
            "event": t.event,
            "leader": r.leader,
            "winner": r.winner,
            "led_suit": played[r.leader].suit,
            "cards": [{"seat": s, "card": str(played[s])} for s in r.order],
            "flips": [FlipDetail(players, f, cards[f.card], proofs[f.seat, f.cell]) for f in t.flips],
            "new_lines": [{"seat": line.seat, "cells": list(line.cells)} for line in t.lines],
            "bonuses": [{"seat": b.seat, "kind": b.kind, "points": b.points} for b in t.bonuses],
        }


def _phase(state: State, rnd: RoundState | None) -> Phase:
    if rnd is None:
        return "start"
    if state.finished:
        return "finished"
    if len(rnd.picks) < PICKS:
        return "draft"
    return "round_over" if rnd.complete else "tricks"


def _score_rows(state: State, scores: list[tuple[RoundScore, ...]]) -> list[ScoreRound]:
    return [
        {
            "round": rnd.number,
            "dealer": rnd.dealer,
            "complete": rnd.complete,
            "rows": [ScoreRow(**score, seat=seat) for seat, score in enumerate(row)],
        }
        for rnd, row in zip(state.rounds, scores, strict=True)
    ]


def view(state: State) -> View[Detail]:
    rnd = state.current
    phase = _phase(state, rnd)
    cards = drafted_cards(state)
    scores = round_scores(state, cards)
    detail: Detail = {
        "phase": phase,
        "round": rnd.number if rnd else 0,
        "rounds": state.rounds_agreed,
        "dealer": rnd.dealer if rnd else None,
        "chip": [CHIP] * PLAYERS,
        "score_rows": _score_rows(state, scores),
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
        detail["used_cards"] = [p.card for p in rnd.picks]
        used = set(detail["used_cards"])
        detail["available_cards"] = [c.id for c in state.deck() if c.id not in used]
        proofs = _proofs(rnd)
        detail["sheets"] = _sheets(rnd, cards, proofs)
        detail["lines"] = _lines(rnd)
        detail["bonuses"] = [
            {"seat": b.seat, "kind": b.kind, "trick": b.trick, "points": b.points} for b in rnd.bonuses()
        ]
        detail["tricks"] = [TrickDetail(state.players, t, cards, proofs) for t in rnd.tricks]
        if phase == "draft":
            detail["to_pick"] = (rnd.dealer + len(rnd.picks)) % PLAYERS
            detail["pick"] = len(rnd.picks) + 1
            if state.options["placeBlindBeforeLooking"]:
                detail["notes"].append(
                    _msg(_("A blind card is placed on its square before it is turned over (T-Δ1)."))
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
    all_totals = totals(state, scores)
    best = max(all_totals)
    winners = tuple(s for s in range(PLAYERS) if all_totals[s] == best) if finished else ()  # T21, T-Δ7
    return View(totals=all_totals, finished=finished, winners=winners, breaches=revokes(state), detail=detail)
