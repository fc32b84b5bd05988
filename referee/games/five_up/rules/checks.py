"""Five Up checks after the fact: a draw or a pass while holding a playable tile (F18, F21).

Hands are hidden, so a turn that drew or passed is proved illegal only by what the player plays
later. At the start of the turn (moment t, its open numbers) the player's hand holds every tile it
plays later, except tiles drawn after t. Under F19 the player draws one tile at a time until one
fits and plays that one at once, so of the c tiles a turn draws the first c-1 did not fit at t and
the c-th is the tile played that turn (a turn that ends in a pass drew none that fit). Therefore a
tile played in a *later* turn that fitted at t was either held at t or drawn in a later turn: once
the player has played more such tiles than they drew in later turns, one of them was held at t and
the turn broke F21. Neither the turn's own draws nor the tile it played excuse anything.

Each offending turn is one breach, reported at the turn's first ``draw`` (record-format.md) or at
its ``pass`` when it drew nothing; ``detected_at`` is the play that tips the count.
"""

from __future__ import annotations

from referee.rules.base import Breach, _

from .state import HandState, MoveRecord, State


def _turn_end(moves: tuple[MoveRecord, ...], i: int) -> int:
    """The index of the play or pass that ends the turn starting at ``moves[i]`` (or the end)."""
    for j in range(i, len(moves)):
        if moves[j].kind in ("play", "pass"):
            return j
    return len(moves) - 1


def _opens_turn(moves: tuple[MoveRecord, ...], i: int) -> bool:
    """A turn's first draw, or a pass that did not follow draws of the same turn."""
    m = moves[i]
    if m.kind == "draw":
        return m.first
    if m.kind == "pass":
        prev = moves[i - 1] if i else None
        return not (prev is not None and prev.kind == "draw" and prev.seat == m.seat)
    return False


def _turn_breach(state: State, hand: int, moves: tuple[MoveRecord, ...], i: int) -> Breach | None:
    """The breach of the turn that starts at ``moves[i]``, if later plays prove one. Its sentence names
    the hand and the open numbers of that moment, so two such breaks of one hand are told apart (issue 27)."""
    m = moves[i]
    fitting: list[str] = []
    drawn = 0
    for x in moves[_turn_end(moves, i) + 1 :]:
        if x.seat != m.seat:
            continue
        if x.kind == "draw":
            drawn += x.count
        elif x.kind == "play" and x.tile is not None and (x.tile.hi in m.numbers or x.tile.lo in m.numbers):
            fitting.append(str(x.tile))
            if len(fitting) > drawn:
                params: dict[str, str | tuple[str, ...]] = {
                    "player": state.players[m.seat],
                    "tiles": tuple(fitting),
                    "n": str(drawn),
                    "hand": str(hand),
                    "ends": tuple(str(n) for n in sorted(m.numbers, reverse=True)),
                }
                if m.kind == "pass":
                    msg = _(
                        "In hand %(hand)s, with %(ends)s open, %(player)s passed while holding %(tiles)s, which "
                        "could have been played (F18)."
                    )
                elif not drawn:  # the one tile played later was in the hand at the draw
                    msg = _(
                        "In hand %(hand)s, with %(ends)s open, %(player)s could have played %(tiles)s instead of "
                        "drawing: it fitted then and was played later (F21)."
                    )
                else:  # more of them played later than drawn since: one was in the hand at the draw
                    msg = _(
                        "In hand %(hand)s, with %(ends)s open, %(player)s could have played a tile instead of "
                        "drawing: %(tiles)s fitted then and were played later, more than the %(n)s drawn since (F21, F19)."
                    )
                return Breach(m.event, "F21", m.seat, msg, params, detected_at=x.event)
    return None


def hand_breaches(state: State, hand: HandState) -> list[Breach]:
    moves = hand.moves
    found = (_turn_breach(state, hand.number, moves, i) for i in range(len(moves)) if _opens_turn(moves, i))
    return [b for b in found if b is not None]


def breaches(state: State) -> tuple[Breach, ...]:
    """Every hand's breaches so far, the hand in play included."""
    hands = list(state.hands)
    if state.hand is not None and (not hands or hands[-1].number != state.hand.number):
        hands.append(state.hand)
    return tuple(b for h in hands for b in hand_breaches(state, h))
