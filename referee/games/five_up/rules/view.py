"""What the table shows: totals, the winner, breaches proved after the fact, and the detail typed below.

Tiles are written ``"a-b"``, seats are ints, sentences are :class:`~referee.rules.message.Message`;
scores and points are per *side* (a seat, or a partnership with 4 players, F1) unless a key says per
seat. The API, the templates (``referee/games/five_up/templates/five_up``) and the tally sheet (``referee/games/five_up/printables.py``)
read these keys.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from referee.rules.base import View, _
from referee.rules.message import Message, message

from . import layout as lay
from .checks import breaches
from .layout import OpenEnd, PlacedTile
from .play import expected_leader
from .scoring import CLOU, seats_of, side_count, side_of, uncounted
from .state import HandState, PlayRecord, State, lowest_seats, name

Phase = Literal["hand", "lead", "play", "end", "over"]
"""``hand``: a new hand is due; ``end``: the pips are due; ``over``: the game (or match) is over."""


class PlayDetail(TypedDict):
    """A play and what it scored (F15-F16)."""

    event: int
    seat: int
    tile: str
    on: str | None
    count: int
    formula: str  # "2 + 1 + 4×2 + 5 + 4 = 20" (F-E1)
    points: int
    why: Message


class HandSummary(TypedDict):
    """A finished hand (``hands``)."""

    number: int
    set: int  # Le Quantette: the set it belongs to (1 with IDA)
    leader: int
    status: str  # play | domino | blocked | done | abandoned
    dominoer: int | None  # who went out
    pips: list[int | None] | None  # per seat, once entered; None for a hand not counted (F25: ``uncounted``)
    play_points: list[int]  # per side, scored by plays (and moved by muggins)
    end_points: list[int]  # per side, from the pips (F25-F27)
    domino_bonus: int  # F35: +2 for going out, credited at ``end``
    bonus_note: Message | None  # F35 with dominoBonus2, else None
    explanation: Message | None  # why the hand scored as it did


class HandDetail(HandSummary):
    """The current (or last) hand: its summary and the table as it lies."""

    turn: int | None  # None unless the hand is being played
    held: list[int]  # tiles per seat
    boneyard: int
    drawable: int  # the boneyard less its reserve (F8)
    passes_in_row: int
    layout: list[PlacedTile]
    open_ends: list[OpenEnd]
    open_numbers: list[int]
    count: int  # the count after the last play (F15)
    formula: str
    plays: list[PlayDetail]


class Legal(TypedDict):
    """The event types allowed next; ``seat``, ``numbers``, ``drawable`` during play; ``leader``,
    ``leader_choices``, ``leader_required`` before a hand."""

    events: list[str]
    leader: NotRequired[int | None]  # the leader the rules fix, None: to be given
    leader_choices: NotRequired[list[int]]
    leader_required: NotRequired[bool]
    seat: NotRequired[int]  # whose turn it is
    numbers: NotRequired[list[int]]  # the open numbers
    drawable: NotRequired[int]


class CallDetail(TypedDict):
    """A call that differs from the count (calledScore, muggins)."""

    event: int  # the play it calls
    seat: int
    called: int
    points: int  # what the play really scored
    muggins_to: int | None  # the seat the missed points went to


class AwaitingCall(TypedDict):
    event: int
    seat: int


class SetDetail(TypedDict):
    """A finished Le Quantette set (F36, F-Δ7)."""

    scores: list[int]  # per side
    winner: int  # side
    demi: bool  # a loser under 18
    value: int  # set wins it counts for (2 for a demi-score, F-Δ7)
    credited: list[int]  # per side, the points it adds to the totals


class Detail(TypedDict):
    """Five Up's ``View.detail``."""

    profile: str  # IDA | LeQuantette
    target: int  # 61 or 35
    hand_size: int
    reserve: int  # tiles left in the boneyard (F8)
    sides: list[list[int]]  # the seats of each side
    scores: list[int]  # per side, this game (Le Quantette: this set)
    phase: Phase
    events: int  # events applied
    first_leader: int | None
    hand: HandDetail | None
    hands: list[HandSummary]
    legal: Legal
    extra_hands_left: int | None  # hands left in a tie extension (F30)
    calls: list[CallDetail]
    awaiting_call: AwaitingCall | None  # the play whose call may still come
    sets: NotRequired[list[SetDetail]]  # Le Quantette
    sets_won: NotRequired[list[int]]  # Le Quantette, per seat (a demi-score set counts 2)
    game_points: NotRequired[list[int]]  # IDA, once over: per seat (F31-F34)
    winner_bonus: NotRequired[int]  # IDA, once over (F33)
    next_first_leader: NotRequired[list[int]]  # once over: the seats of the lowest side (F5)


def totals(state: State) -> tuple[int, ...]:
    """Per seat; partners share their side's total (F1). The winner's +10 (F33) is included."""
    n = state.n
    per_side = list(state.scores)
    if state.rules.profile == CLOU:
        for s in state.sets:
            per_side = [a + b for a, b in zip(per_side, s.credited, strict=True)]
    elif state.finished and state.winner is not None:
        per_side[state.winner] += state.winner_bonus
    return tuple(per_side[side_of(seat, n)] for seat in range(n))


def _phase(state: State) -> Phase:
    h = state.hand
    if state.finished:
        return "over"
    if h is None or h.status in ("done", "abandoned"):
        return "hand"
    if h.status in ("domino", "blocked"):
        return "end"
    return "lead" if not h.layout else "play"


def _play_note(state: State, p: PlayRecord) -> PlayDetail:
    who = state.players[p.seat]
    if p.points:
        why = message(
            _("%(formula)s is a multiple of 5: %(player)s scores %(points)s (F16)."),
            formula=p.formula,
            player=who,
            points=p.points,
        )
    else:
        why = message(_("%(formula)s is not a positive multiple of 5: no points (F16)."), formula=p.formula)
    return {
        "event": p.event,
        "seat": p.seat,
        "tile": str(p.tile),
        "on": None if p.on is None else str(p.on),
        "count": p.count,
        "formula": p.formula,
        "points": p.points,
        "why": why,
    }


def _bonus_note(state: State, h: HandState) -> Message | None:
    """F35 in the hand's breakdown: the +2 for going out is credited at ``end``, with the hand's
    points, not at the last play (the digest does not say when; README, 'Rules notes')."""
    if not state.rules.domino_bonus or h.dominoer is None:
        return None
    player = name(state, h.dominoer)
    if h.status == "domino":
        return message(
            _("%(player)s went out: +2 for going out (F35) is added when the pips are entered."),
            player=player,
        )
    if h.bonus:
        return message(
            _("%(player)s went out: +2 for going out (F35), added at the end of the hand."), player=player
        )
    return None


def _pips(state: State, h: HandState) -> list[int | None] | None:
    """The pips entered for each seat, None for the hand F25 does not count (what a record gives for it
    never scores, so the table says "not counted" rather than a number that reads as if it did)."""
    if h.pips is None:
        return None
    ignored = uncounted(state.n, h.dominoer)
    return [None if seat == ignored else p for seat, p in enumerate(h.pips)]


def _hand_detail(state: State, h: HandState) -> HandDetail:
    drawable = max(h.boneyard - state.rules.reserve, 0)
    return {
        "number": h.number,
        "set": h.set_number,
        "leader": h.leader,
        "status": h.status,
        "dominoer": h.dominoer,
        "turn": h.turn if h.status == "play" else None,
        "held": list(h.held),
        "boneyard": h.boneyard,
        "drawable": drawable,
        "passes_in_row": h.passes,
        "layout": lay.describe(h.layout),
        "open_ends": lay.open_ends(h.layout),
        "open_numbers": sorted(lay.open_numbers(h.layout)),
        "count": lay.count(h.layout),
        "formula": lay.formula(h.layout),
        "plays": [_play_note(state, p) for p in h.plays],
        "play_points": list(h.points),
        "pips": _pips(state, h),
        "end_points": list(h.end_points),
        "domino_bonus": h.bonus,
        "bonus_note": _bonus_note(state, h),
        "explanation": h.explanation,
    }


def _legal(state: State, phase: Phase) -> Legal:
    h = state.hand
    if phase == "over":
        return {"events": []}
    if phase == "hand":
        leader, allowed = expected_leader(state)
        return {
            "events": ["hand"],
            "leader": leader,
            "leader_choices": list(allowed),
            "leader_required": leader is None,
        }
    assert h is not None
    if phase == "end":
        return {"events": ["end"] + (["call"] if state.window else [])}
    events = ["play"]
    drawable = max(h.boneyard - state.rules.reserve, 0)
    if h.layout:
        events.append("draw" if drawable else "pass")
    if state.window:
        events.append("call")
    return {
        "events": events,
        "seat": h.turn,
        "numbers": sorted(lay.open_numbers(h.layout)),
        "drawable": drawable,
    }


def view(state: State) -> View[Detail]:
    n = state.n
    r = state.rules
    phase = _phase(state)
    winners: tuple[int, ...] = ()
    detail: Detail = {
        "profile": r.profile,
        "target": r.target,
        "hand_size": r.hand_size,
        "reserve": r.reserve,
        "sides": [seats_of(side, n) for side in range(side_count(n))],
        "scores": list(state.scores),
        "phase": phase,
        "events": state.events,
        "first_leader": state.first_leader,
        "hand": None if state.hand is None else _hand_detail(state, state.hand),
        "hands": [
            {
                "number": h.number,
                "set": h.set_number,
                "leader": h.leader,
                "status": h.status,
                "dominoer": h.dominoer,
                "pips": _pips(state, h),
                "play_points": list(h.points),
                "end_points": list(h.end_points),
                "domino_bonus": h.bonus,
                "bonus_note": _bonus_note(state, h),
                "explanation": h.explanation,
            }
            for h in state.hands
        ],
        "legal": _legal(state, phase),
        "extra_hands_left": state.extra_left,
        "calls": [
            {
                "event": c.event,
                "seat": c.seat,
                "called": c.called,
                "points": c.points,
                "muggins_to": c.muggins_to,
            }
            for c in state.calls
        ],
        "awaiting_call": None
        if state.window is None
        else {"event": state.window.event, "seat": state.window.seat},
    }
    if r.profile == CLOU:
        detail["sets"] = [
            {
                "scores": list(s.scores),
                "winner": s.winner,
                "demi": s.demi,
                "value": s.value,
                "credited": list(s.credited),
            }
            for s in state.sets
        ]
        detail["sets_won"] = [
            sum(s.value for s in state.sets if s.winner == side_of(seat, n)) for seat in range(n)
        ]
    if state.finished and state.winner is not None:
        winners = tuple(seats_of(state.winner, n))
        if r.profile != CLOU and state.game_points is not None:
            detail["game_points"] = [state.game_points[side_of(s, n)] for s in range(n)]  # F31-F34
            detail["winner_bonus"] = state.winner_bonus
        final = (
            state.scores
            if r.profile != CLOU
            else tuple(sum(s.credited[side] for s in state.sets) for side in range(side_count(n)))
        )
        detail["next_first_leader"] = list(lowest_seats(final, n))  # F5
    return View(
        totals=totals(state), finished=state.finished, winners=winners, breaches=breaches(state), detail=detail
    )
