"""Five Up ``start`` and ``apply``: hands, turns, draws, passes and the end of a hand (F2-F28)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.base import IllegalEvent, _, check_seat
from referee.rules.dispatch import make_apply
from referee.rules.frozen import replace
from referee.rules.message import message
from referee.rules.tiles import Tile, double_set

from . import layout as lay
from .ending import call, check_target, close_pending_call, immediate_win
from .events import Call, Draw, End, Hand, Pass, Play
from .options import resolve
from .scoring import hand_points, side_count, side_of, uncounted
from .state import HandState, MoveRecord, PlayRecord, State, Window, add, lowest_seats, name


def start(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    rules = resolve(dict(options), len(players))
    return State(players=tuple(players), rules=rules, scores=(0,) * side_count(len(players)))


# -- hands -----------------------------------------------------------------------------------


def expected_leader(state: State) -> tuple[int | None, tuple[int, ...]]:
    """The leader the rules fix for the next hand (or None), and the seats allowed to lead."""
    n = state.n
    everyone = tuple(range(n))
    if not state.hands:
        return None, everyone  # the first leader: given, or drawn (F2-F3)
    last = state.hands[-1]
    if last.set_number <= len(state.sets):
        lows = lowest_seats(state.sets[-1].scores, n)  # F5 applied to a new Le Quantette set [P]
        return (lows[0] if len(lows) == 1 else None), lows
    if state.rules.dominoer_leads:
        if last.dominoer is not None:
            return last.dominoer, (last.dominoer,)  # F-Δ2: whoever went out
        return None, everyone  # F-Δ2: by lot after a block
    nxt = (last.leader + 1) % n  # F4: the lead passes clockwise
    return nxt, (nxt,)


def opening_leader(state: State, tiles: tuple[Tile, ...]) -> int:
    """F2-F3: the highest tile (total, then larger number) leads; partners are the two highest."""
    n = state.n
    if len(tiles) != n or len(set(tiles)) != n:
        raise IllegalEvent(
            "bad_opening", _("The opening draw needs %(n)s different tiles, one per seat."), n=n
        )
    order = sorted(range(n), key=lambda s: (tiles[s].pips, tiles[s].hi), reverse=True)
    if n == 4 and order[0] % 2 != order[1] % 2:
        raise IllegalEvent(
            "bad_opening",
            _(
                "The two highest tiles make the partners (F3): seat them opposite each other (seats 0+2 or 1+3)."
            ),
        )
    return order[0]


def _hand(state: State, ev: Hand) -> State:
    h = state.hand
    if h is not None and h.status in ("play", "domino", "blocked"):
        raise IllegalEvent("hand_not_over", _("The current hand is not over yet."))
    expected, allowed = expected_leader(state)
    leader = ev.leader
    if ev.opening is not None:
        if state.hands:
            raise IllegalEvent(
                "bad_opening", _("The opening draw decides only the first leader of the game.")
            )
        drawn = opening_leader(state, ev.opening)
        if leader is not None and leader != drawn:
            raise IllegalEvent(
                "leader_mismatch",
                _("The opening draw makes %(player)s the first leader."),
                player=name(state, drawn),
            )
        leader = drawn
    if leader is None:
        if expected is None:
            raise IllegalEvent("leader_required", _("Say who leads this hand (leader)."))
        leader = expected
    check_seat(leader, state.n)
    if leader not in allowed:
        raise IllegalEvent(
            "leader_mismatch",
            _("%(player)s cannot lead this hand; the rules say: %(allowed)s."),
            player=name(state, leader),
            allowed=tuple(name(state, s) for s in allowed),
        )
    r = state.rules
    new_hand = HandState(
        number=len(state.hands) + 1,
        set_number=len(state.sets) + 1,
        leader=leader,
        turn=leader,
        held=(r.hand_size,) * state.n,
        boneyard=r.boneyard,
        points=(0,) * side_count(state.n),
    )
    first = state.first_leader if state.first_leader is not None else leader
    return replace(state, hand=new_hand, first_leader=first)


def _in_play(state: State, seat: int) -> HandState:
    h = state.hand
    if h is None or h.status in ("done", "abandoned"):
        raise IllegalEvent("no_hand", _("Start a hand first (hand)."))
    if h.status != "play":
        raise IllegalEvent("hand_over", _("The hand is over: record the pips left in each hand (end)."))
    check_seat(seat, state.n)
    if seat != h.turn:
        raise IllegalEvent(
            "out_of_turn",
            _("It is %(player)s's turn, not %(other)s's."),
            player=name(state, h.turn),
            other=name(state, seat),
        )
    return h


def _play(state: State, ev: Play) -> State:
    h = _in_play(state, ev.seat)
    index = lay.find(h.layout, ev.tile)
    if index is not None:
        raise IllegalEvent(
            "already_played",
            _("%(tile)s was already played in this hand."),
            tile=ev.tile,
        )
    numbers = lay.open_numbers(h.layout)
    new_layout = lay.attach(h.layout, ev.tile, ev.on, ev.seat)  # F9-F14
    total, formula = lay.tally(new_layout)  # F15
    pts = lay.points(total)  # F16-F17
    side = side_of(ev.seat, state.n)
    held = add(h.held, ev.seat, -1)
    note = PlayRecord(state.events, ev.seat, ev.tile, ev.on, total, formula, pts)
    move = MoveRecord(state.events, ev.seat, "play", tile=ev.tile, numbers=numbers)
    dominoed = held[ev.seat] == 0  # F23: a domino ends the hand
    new_h = replace(
        h,
        layout=new_layout,
        held=held,
        passes=0,
        drew=False,
        plays=h.plays + (note,),
        moves=h.moves + (move,),
        points=add(h.points, side, pts),
        turn=ev.seat if dominoed else (ev.seat + 1) % state.n,
        status="domino" if dominoed else h.status,
        dominoer=ev.seat if dominoed else h.dominoer,
    )
    window = Window(state.events, ev.seat, pts) if state.rules.called else None
    return replace(state, hand=new_h, scores=add(state.scores, side, pts), window=window)


def _draw(state: State, ev: Draw) -> State:
    h = _in_play(state, ev.seat)
    if not h.layout:
        raise IllegalEvent("must_lead", _("The leader may lead any tile, so there is nothing to draw for."))
    if ev.count < 1:
        raise IllegalEvent("bad_count", _("A draw takes at least one tile."))
    drawable = h.boneyard - state.rules.reserve
    if ev.count > drawable:  # F8, F19
        raise IllegalEvent(
            "cannot_draw",
            _("Tiles that can be drawn now: %(n)s; the boneyard keeps its last %(reserve)s (F8)."),
            n=max(drawable, 0),
            reserve=state.rules.reserve,
        )
    move = MoveRecord(
        state.events, ev.seat, "draw", count=ev.count, first=not h.drew, numbers=lay.open_numbers(h.layout)
    )
    new_h = replace(
        h,
        boneyard=h.boneyard - ev.count,
        held=add(h.held, ev.seat, ev.count),
        drew=True,
        moves=h.moves + (move,),
    )
    return replace(state, hand=new_h)


def _pass(state: State, ev: Pass) -> State:
    h = _in_play(state, ev.seat)
    if not h.layout:
        raise IllegalEvent("must_lead", _("The leader may lead any tile, so cannot pass."))
    drawable = h.boneyard - state.rules.reserve
    if drawable > 0:  # F19-F20: draw before passing
        raise IllegalEvent(
            "must_draw",
            _("Tiles that can still be drawn: %(n)s; a player who cannot play draws (F19)."),
            n=drawable,
        )
    move = MoveRecord(state.events, ev.seat, "pass", numbers=lay.open_numbers(h.layout))
    passes = h.passes + 1
    new_h = replace(h, passes=passes, drew=False, moves=h.moves + (move,), turn=(ev.seat + 1) % state.n)
    if passes == state.n:  # F23: everyone passed in a row
        new_h = replace(new_h, status="blocked")
    return replace(state, hand=new_h)


def _end(state: State, ev: End) -> State:
    h = state.hand
    if h is None or h.status in ("done", "abandoned"):
        raise IllegalEvent("no_hand", _("Start a hand first (hand)."))
    if h.status == "play":
        raise IllegalEvent(
            "hand_not_over",
            _("The hand is still on: it ends when a player goes out or everyone passes in a row (F23)."),
        )
    _check_pips(state, h, ev.pips)
    r = state.rules
    pts, why = hand_points(state.n, ev.pips, h.dominoer, r.profile, r.subtract_own_twice)  # F25-F27
    named: dict[str, Any] = {  # name the players of each side the reason names, for the table
        key: " & ".join(name(state, s) for s in range(state.n) if side_of(s, state.n) == why["params"][key])
        for key in ("side", "low")
        if key in why["params"]
    }
    if "seat" in why["params"]:  # the one who went out, beside the pair that scores
        named["seat"] = name(state, why["params"]["seat"])
    if named:
        why = message(why["msg"], **{**why["params"], **named})
    bonus = 2 if r.domino_bonus and h.dominoer is not None else 0  # F35
    scores = tuple(s + p for s, p in zip(state.scores, pts, strict=True))  # F28
    if bonus and h.dominoer is not None:
        scores = add(scores, side_of(h.dominoer, state.n), bonus)
    new_h = replace(h, status="done", pips=tuple(ev.pips), end_points=pts, bonus=bonus, explanation=why)
    new = replace(state, hand=new_h, hands=state.hands + (new_h,), scores=scores)
    return check_target(new, at_hand_end=True)


def _check_pips(state: State, h: HandState, pips: tuple[int, ...]) -> None:
    """Refuse pips no choice of the tiles still out could give. The hand F25 does not count (``uncounted``)
    is entered as 0 and left out; a number given for it (an older record) is checked as any other."""
    if len(pips) != state.n:
        raise IllegalEvent("bad_pips", _("Give the pips left for each of the %(n)s seats."), n=state.n)
    on_table = {node.tile for node in h.layout}
    pool = sorted(t.pips for t in double_set() if t not in on_table)
    ignored = uncounted(state.n, h.dominoer)
    for seat, (p, k) in enumerate(zip(pips, h.held, strict=True)):
        if seat == ignored and p == 0:
            continue
        if k == 0 and p != 0:
            raise IllegalEvent(
                "bad_pips",
                _("%(player)s went out and holds no tiles: their pips are 0."),
                player=name(state, seat),
            )
        lo, hi = sum(pool[:k]), sum(pool[len(pool) - k :]) if k else 0
        if not lo <= p <= hi:
            raise IllegalEvent(
                "bad_pips",
                _("Tiles in %(player)s's hand: %(k)s. With the tiles still out, that is %(lo)s to %(hi)s pips."),
                player=name(state, seat),
                k=k,
                lo=lo,
                hi=hi,
            )
    checked = [seat for seat in range(state.n) if seat != ignored or pips[seat]]
    k = sum(h.held[seat] for seat in checked)
    total = sum(pips[seat] for seat in checked)
    least, most = sum(pool[:k]), sum(pool[len(pool) - k :])
    if least <= total <= most:
        return
    # the hands together cannot be: name the last hand entered that one other number would put right, and that
    # number's range, the others taken as entered ("76 pips cannot be made" left the player to find which, np13 #13)
    for seat in reversed(checked):
        held, others = h.held[seat], total - pips[seat]
        lo = max(sum(pool[:held]), least - others)
        hi = min(sum(pool[len(pool) - held :]), most - others)
        if held and lo <= hi:
            raise IllegalEvent(
                "bad_pips",
                _(
                    "%(player)s's pips cannot be %(pips)s with the other hands as entered: with %(k)s tiles from "
                    "those still out, %(lo)s to %(hi)s is possible."
                ),
                player=name(state, seat),
                pips=pips[seat],
                k=held,
                lo=lo,
                hi=hi,
            )
    raise IllegalEvent(
        "bad_pips",
        _("The hands hold %(k)s tiles together: %(total)s pips cannot be made from the tiles still out."),
        k=k,
        total=total,
    )


apply = make_apply(
    {Hand: _hand, Play: _play, Draw: _draw, Pass: _pass, End: _end, Call: call},
    _("Five Up records hand, play, draw, pass, end and call."),
    before=close_pending_call,
    after=immediate_win,
)
