"""Bead-game ``start`` and ``apply``: hands, turns, placements, passes, the end of a hand (D1-D22)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from referee.rules.base import IllegalEvent, MalformedEvent, _, check_seat
from referee.rules.dispatch import make_apply
from referee.rules.drafts import grown, update, writable
from referee.rules.frozen import replace
from referee.rules.tiles import Tile

from .events import End, Hand, Pass, Place, Placement, bead_tile
from .grid import Scored, are_adjacent, place_on, placements
from .state import COPIES, DOUBLE_PENALTY, HAND_SIZE, PENALTY, HandState, Laid, State, TurnRecord


def first_leader(draws: Iterable[object]) -> int | None:
    """D3: the seat whose drawn tile has the highest pip total, ties going to the larger number.

    None when the best tile was drawn twice (possible with two sets): those players draw again.
    """
    tiles = [bead_tile(t) for t in draws]
    best = max(tiles, key=lambda t: (t.pips, t.hi))
    seats = [i for i, t in enumerate(tiles) if (t.pips, t.hi) == (best.pips, best.hi)]
    return seats[0] if len(seats) == 1 else None


def penalty(tile: Tile) -> int:
    """D21: -25 for a tile left in hand, -5 for a double."""
    return -DOUBLE_PENALTY if tile.is_double else -PENALTY


def start(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    if len(players) not in HAND_SIZE:  # D2
        raise MalformedEvent("bad_players", _("This game needs %(min)s to %(max)s players."), min=2, max=4)
    return State(players=tuple(players), single_hand=bool(options.get("singleHand", False)))


# --- hand (D3-D6) ------------------------------------------------------------------------------


def _new_hand(state: State, ev: Hand) -> State:
    cur = state.current
    if cur is not None and not cur.ended:
        raise IllegalEvent(
            "hand_in_progress", _("Hand %(number)s is not over: record its end first."), number=cur.number
        )
    if cur is None:
        if ev.leader is None:
            raise IllegalEvent(
                "leader_required", _("The first hand needs its leader (D3: the highest draw).")
            )
        check_seat(ev.leader, state.seats)
        leader = ev.leader
    else:
        leader = (cur.leader + 1) % state.seats  # D4: the lead passes to the left
        if ev.leader is not None and ev.leader != leader:
            raise IllegalEvent(
                "wrong_leader",
                _("%(leader)s leads this hand: the lead passes to the left after every hand."),
                leader=state.players[leader],
            )
    laid = _starter(ev.starter, state.events)
    board = {c: v for lay in laid for c, v in zip(lay.cells, lay.values, strict=True)}
    owner = {c: lay.id for lay in laid for c in lay.cells}
    zeros = (0,) * state.seats
    rnd = HandState(
        number=len(state.hands) + 1,
        leader=leader,
        laid=laid,
        on_table=Counter(lay.tile for lay in laid),
        board=board,
        owner=owner,
        turns=(),
        to_move=leader,
        placed=zeros,
        scores=zeros,
    )
    return replace(state, hands=state.hands + (rnd,))


def _starter(starter: tuple[Placement, ...], index: int) -> tuple[Laid, ...]:
    """D6: two parallel tiles side by side, long edge to long edge, forming a 2x2 square."""
    if len(starter) != 2:
        raise MalformedEvent("bad_starter", _("The starter is exactly two tiles."))
    laid = []
    for i, p in enumerate(starter):
        a, b = p.cells
        if not are_adjacent(a, b):  # D7
            raise IllegalEvent(
                "not_adjacent",
                _("The two cells are not side by side: a tile covers two cells that share an edge."),
                a=list(a),
                b=list(b),
            )
        laid.append(Laid(i, bead_tile(p.tile), (a, b), p.values, None, 0, index))
    cells = [c for lay in laid for c in lay.cells]
    rows = {r for r, _c in cells}
    cols = {c for _r, c in cells}
    square = (
        len(set(cells)) == 4
        and len(rows) == 2
        and len(cols) == 2
        and max(rows) - min(rows) == 1
        and max(cols) - min(cols) == 1
    )
    if not square:
        raise IllegalEvent(
            "bad_starter",
            _("The two starter tiles must lie side by side, long edge to long edge, as a 2×2 square."),
        )
    return tuple(laid)


# --- place and pass (D7-D20) -------------------------------------------------------------------


def _playing(state: State, seat: int) -> HandState:
    check_seat(seat, state.seats)
    cur = state.current
    if cur is None or cur.ended:
        raise IllegalEvent("no_hand", _("No hand is being played: record a new hand with its starter first."))
    if cur.over is not None:
        raise IllegalEvent(
            "hand_over", _("Play in this hand has stopped: record the tiles left in each hand (end).")
        )
    if seat != cur.to_move:  # D18
        raise IllegalEvent(
            "out_of_turn",
            _("It is %(to_move)s's turn, not %(seat)s's."),
            to_move=state.players[cur.to_move],
            seat=state.players[seat],
        )
    return cur


def _place(state: State, ev: Place) -> State:
    index = state.events
    cur = _playing(state, ev.seat)
    a, b = ev.cells
    va, vb = ev.values
    tile = Tile.of(va, vb)
    if cur.on_table.get(tile, 0) >= COPIES:  # D1
        raise IllegalEvent(
            "no_copy_left",
            _("Both copies of %(tile)s are already on the table; there is no third."),
            tile=tile,
        )
    # In a replay's draft the hand's board, owners and copies are its own, changed in place: copied
    # once per hand, not at every placement (rules/drafts.py); elsewhere each is a new copy.
    board = writable(cur.board)
    scored = place_on(board, a, b, va, vb)  # D7-D16
    turn = len(cur.turns) + 1
    laid = Laid(len(cur.laid), tile, (a, b), (va, vb), ev.seat, turn, index, scored)
    placed = _bump(cur.placed, ev.seat, 1)
    out, final_turns_left = cur.out, cur.final_turns_left
    seats = len(state.players)
    if out is None and placed[ev.seat] == HAND_SIZE[seats]:  # D20: every other player gets one more turn
        out, final_turns_left = ev.seat, seats - 1
    elif out is not None:
        final_turns_left -= 1
    on_table = writable(cur.on_table)
    on_table[tile] = on_table.get(tile, 0) + 1
    owner = writable(cur.owner)
    owner[a] = owner[b] = laid.id
    changes = {
        "laid": grown(cur.laid, laid),
        "on_table": on_table,
        "board": board,
        "owner": owner,
        "turns": grown(cur.turns, TurnRecord(cur.number, turn, index, ev.seat, laid)),
        "placed": placed,
        "scores": _bump(cur.scores, ev.seat, scored.score),  # D17
        "passes_in_row": 0,
        "out": out,
        "final_turns_left": final_turns_left,
    }
    return _advance(state, cur, seats, changes)


def _pass(state: State, ev: Pass) -> State:
    index = state.events
    cur = _playing(state, ev.seat)
    changes = {
        "turns": grown(cur.turns, TurnRecord(cur.number, len(cur.turns) + 1, index, ev.seat, None)),
        "passes_in_row": cur.passes_in_row + 1,
        "final_turns_left": cur.final_turns_left - 1 if cur.out is not None else cur.final_turns_left,
    }
    return _advance(state, cur, len(state.players), changes)


def _advance(state: State, cur: HandState, seats: int, turn: dict[str, Any]) -> State:
    """The hand after a turn (``turn``: the fields it changed; ``seats`` players, read once per
    placement), with the turn passed to the left or play stopped (D20), made in one copy of the hand."""
    out = turn.get("out", cur.out)
    if out is not None and turn["final_turns_left"] == 0:
        turn["over"] = "out"
    elif out is None and turn["passes_in_row"] >= seats:
        turn["over"] = "blocked"
    else:
        turn["to_move"] = (cur.to_move + 1) % seats
    return _with_hand(state, cur, update(cur, **turn))


def _with_hand(state: State, cur: HandState, hand: HandState) -> State:
    """``state`` with its current hand ``cur`` changed to ``hand``: ``state`` itself when ``hand`` is
    ``cur``, which a replay's draft changed in place (the state holds it already)."""
    if hand is cur:
        return state
    return update(state, hands=state.hands[:-1] + (hand,))


def _bump(values: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    bumped = list(values)
    bumped[seat] += by
    return tuple(bumped)


# --- end (D20-D21) -----------------------------------------------------------------------------


def _end(state: State, ev: End) -> State:
    cur = state.current
    if cur is None or cur.ended:
        raise IllegalEvent("no_hand", _("No hand is being played: record a new hand with its starter first."))
    if cur.over is None:
        raise IllegalEvent(
            "hand_not_over",
            _(
                "The hand is not over: it ends one round after a player has placed their last tile, "
                "or when every player has passed in turn. %(to_move)s is to play."
            ),
            to_move=state.players[cur.to_move],
        )
    if len(ev.hands) != state.seats:
        raise IllegalEvent(
            "bad_hands", _("The end needs one list of tiles for each of the %(n)s seats."), n=state.seats
        )
    left = tuple(tuple(bead_tile(t) for t in hand) for hand in ev.hands)
    for seat, hand in enumerate(left):
        holds = state.hand_size - cur.placed[seat]
        if len(hand) != holds:
            raise IllegalEvent(
                "bad_hands",
                _(
                    "%(seat)s drew %(size)s tiles and placed %(placed)s, so %(holds)s are left, not %(given)s."
                ),
                seat=state.players[seat],
                size=state.hand_size,
                placed=cur.placed[seat],
                holds=holds,
                given=len(hand),
            )
    seen = cur.copies_on_table() + Counter(t for hand in left for t in hand)
    over = [(tile, n) for tile, n in seen.items() if n > COPIES]  # D1; sorted only to name the first
    if over:
        tile, n = min(over)
        raise IllegalEvent(
            "no_copy_left",
            _("%(tile)s is counted %(n)s times between the table and the hands; there are only two."),
            tile=tile,
            n=n,
        )
    penalties = tuple(sum(penalty(t) for t in hand) for hand in left)  # D21
    return _with_hand(state, cur, update(cur, left=left, penalties=penalties))


apply: Callable[[State, object], State] = make_apply(
    {Hand: _new_hand, Place: _place, Pass: _pass, End: _end},
    _("The bead game records hand, place, pass and end events."),
)


# --- D19: the "cannot play?" helper ------------------------------------------------------------


def legal_placements(state: State, hand_tiles: Iterable[object]) -> list[Scored]:
    """Every legal placement of the shown tiles on the current board with its score (D19), best first.

    ``hand_tiles`` are tiles as written (``"4-2"``) or :class:`Tile`s; a shown tile of which both
    copies are already on the table is refused (D1).
    """
    cur = state.current
    if cur is None or cur.ended:
        return []
    on_table = cur.copies_on_table()
    tiles = []
    for t in hand_tiles:
        tile = bead_tile(t)
        if on_table[tile] >= COPIES:
            raise IllegalEvent(
                "no_copy_left",
                _("Both copies of %(tile)s are already on the table; there is no third."),
                tile=tile,
            )
        tiles.append(tile)
    found = placements(cur.board, sorted({(t.hi, t.lo) for t in tiles}, reverse=True))
    return sorted(found, key=lambda s: (-s.score, s.cells, s.values))
