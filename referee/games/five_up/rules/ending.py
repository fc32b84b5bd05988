"""The end of a Five Up game or Le Quantette set (F29-F36), and called scores with muggins."""

from __future__ import annotations

from referee.rules.base import IllegalEvent, _, check_seat
from referee.rules.frozen import replace

from .events import Call
from .scoring import CLOU, game_points, side_of
from .state import CallRecord, SetRecord, State, add

# -- the target, the end of the game -----------------------------------------------------------


def _reached(state: State, score: int) -> bool:
    r = state.rules
    return score > r.target if r.strictly_over else score >= r.target  # F29, F-Δ5


def immediate_win(state: State) -> State:
    """``immediateWinAt61`` (F-Δ6): after any event, a side at the target wins at once, unless the hand
    is over (its ``end`` decides). With ``muggins`` the points of a play still awaiting its call are
    not credited yet (a call may move them), so the target is checked on the credited points: the game
    ends at the event that credits the points reaching it, a call or whatever event closes the
    previous play's window, a play included; that event is applied in full (README §8, ``muggins``)."""
    r = state.rules
    if r.immediate and not state.finished and state.hand and state.hand.status == "play":
        return check_target(state, at_hand_end=False, credited=_credited(state))
    return state


def _credited(state: State) -> tuple[int, ...]:
    """The scores less the points of a play whose muggins window is still open."""
    w = state.window
    if w is None or not state.rules.muggins:
        return state.scores
    return add(state.scores, side_of(w.seat, state.n), -w.points)


def check_target(state: State, at_hand_end: bool, credited: tuple[int, ...] | None = None) -> State:
    """F29-F30 (and F-Δ6 mid-hand, on the ``credited`` scores): end the game or the Le Quantette set,
    or extend a tie."""
    extra_hands = 3 if state.n == 3 else 2
    scores = state.scores if credited is None else credited
    top = max(scores)
    tied = scores.count(top) > 1
    if state.extra_left is not None:
        if not at_hand_end:
            return state
        left = state.extra_left - 1
        if left > 0:
            return replace(state, extra_left=left)
        if tied:  # F30: still tied, play more hands
            return replace(state, extra_left=extra_hands)
        return _finish(replace(state, extra_left=None), at_hand_end)
    if not any(_reached(state, s) for s in scores):
        return state
    if tied:
        return replace(state, extra_left=extra_hands) if at_hand_end else state
    return _finish(state, at_hand_end)


def _finish(state: State, at_hand_end: bool) -> State:
    r = state.rules
    scores = state.scores
    winner = scores.index(max(scores))
    h = state.hand
    hands = state.hands
    if h is not None and not at_hand_end:  # F-Δ6: the hand in progress is abandoned
        h = replace(h, status="abandoned")
        hands = hands + (h,)
    state = replace(state, hand=h, hands=hands)
    if r.profile == CLOU:  # F36: a 35-point set
        losers = [s for i, s in enumerate(scores) if i != winner]
        demi = min(losers) < 18
        credited = scores
        value = 1
        if demi and r.double_set_points:
            credited = add(scores, winner, scores[winner])
        elif demi:
            value = 2  # F-Δ7 default
        sets = state.sets + (SetRecord(scores, winner, demi, value, credited),)
        finished = len(sets) >= r.sets
        new = replace(state, sets=sets, scores=(0,) * len(scores), finished=finished)
        if finished:
            new = replace(new, winner=_match_winner(sets))
        return new
    bonus = 10 if r.winner_bonus else 0  # F33
    final = add(scores, winner, bonus)
    gp = game_points(final, winner, r.skunk10, r.skunk_double)  # F31-F34
    return replace(state, finished=True, winner=winner, winner_bonus=bonus, game_points=gp, scores=scores)


def _match_winner(sets: tuple[SetRecord, ...]) -> int:
    sides = len(sets[0].scores)
    won = [sum(s.value for s in sets if s.winner == side) for side in range(sides)]
    pts = [sum(s.credited[side] for s in sets) for side in range(sides)]
    return max(range(sides), key=lambda side: (won[side], pts[side]))


def close_pending_call(state: State, ev: object) -> State:
    """Any event but a ``call`` closes the window of the last play's call: a missing call counts as 0."""
    if state.window is not None and not isinstance(ev, Call):
        return close_window(state, 0)
    return state


def close_window(state: State, called: int) -> State:
    w = state.window
    assert w is not None
    note = None
    new = replace(state, window=None)
    if called != w.points:
        to = None
        if state.rules.muggins and called < w.points:
            to = (w.seat + 1) % state.n  # [P] missed points go to the next player in turn
            missed = w.points - called
            side, other = side_of(w.seat, state.n), side_of(to, state.n)
            scores = add(add(state.scores, side, -missed), other, missed)
            h = state.hand
            if h is not None:
                h = replace(h, points=add(add(h.points, side, -missed), other, missed))
            new = replace(new, scores=scores, hand=h)
        note = CallRecord(w.event, w.seat, called, w.points, to)
        new = replace(new, calls=state.calls + (note,))
    return new


def call(state: State, ev: Call) -> State:
    if not state.rules.called:
        raise IllegalEvent("no_calls", _("Calls are recorded only with the called-score option."))
    check_seat(ev.seat, state.n)
    if state.window is None or state.window.seat != ev.seat:
        raise IllegalEvent("bad_call", _("A call gives the points of the caller's own play, right after it."))
    if not 0 <= ev.points <= 100:
        raise IllegalEvent("bad_call", _("A call is a number of points from 0 to 100."))
    return close_window(state, ev.points)
