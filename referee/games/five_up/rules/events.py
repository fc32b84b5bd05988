"""The Five Up events of docs/record-format.md, plus one documented optional field.

``hand`` may carry ``opening``: the tiles of the opening draw (F2-F3), one per seat. The first
leader is then the highest tile (higher total, then higher number); with 4 players the two highest
tiles must sit opposite each other (F3: seats 0+2 or 1+3). A ``leader`` given as well must agree.
"""

from __future__ import annotations

from referee.rules.events import event
from referee.rules.tiles import Tile


@event("hand")
class Hand:
    leader: int | None = None
    opening: tuple[Tile, ...] | None = None


@event("play")
class Play:
    seat: int
    tile: Tile
    on: Tile | None = None


@event("draw")
class Draw:
    seat: int
    count: int


@event("pass")
class Pass:
    seat: int


@event("end")
class End:
    pips: tuple[int, ...]


@event("call")
class Call:
    seat: int
    points: int


EVENTS = (Hand, Play, Draw, Pass, End, Call)
