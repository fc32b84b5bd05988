"""The Bingo events of docs/record-format.md: deal, declare, trick, close, claim, show."""

from __future__ import annotations

from referee.rules.events import event
from referee.rules.tiles import Tile


@event("deal")
class Deal:
    indicator: Tile
    leader: int | None = None


@event("declare")
class Declare:
    seat: int
    doubles: tuple[Tile, ...]


@event("trick")
class Trick:
    lead: Tile
    reply: Tile


@event("close")
class Close:
    seat: int


@event("claim")
class Claim:
    seat: int


@event("show")
class Show:
    seat: int
    tiles: tuple[Tile, ...]


EVENTS = (Deal, Declare, Trick, Close, Claim, Show)
