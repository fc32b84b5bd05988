"""The pips left in each hand at the end of a Five Up hand, from the tiles the players show.

The ``end`` event carries one pip total per seat (record-format.md). At the table it is quicker and
safer to tap the tiles each player still holds and let the referee add them up (issue 27); a player
who only knows a total may type it instead. Before anything is summed the tiles are checked against
what the referee already knows: a tile lying on the layout is in no hand, a tile is in one hand only,
and a hand shows as many tiles as the player holds. At four players the partner of the one who went
out is not asked: F25 ignores their tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.rules.base import IllegalEvent, _
from referee.rules.tiles import Tile

from .scoring import uncounted
from .state import HandState


def pips_left(
    hand: HandState,
    players: Sequence[str],
    shown: Sequence[Sequence[str]],
    typed: Sequence[int | None],
) -> tuple[int, ...]:
    """Per seat: the pips of the tiles ``shown`` for it, else the total ``typed`` for it, else 0 for
    an empty hand or the hand F25 does not count (not asked: ``uncounted``; a total typed for it, the
    record's own in a correction, is kept). Refused with a sentence naming the player when the tiles
    cannot be in that hand."""
    on_layout = {node.tile for node in hand.layout}
    owner: dict[Tile, int] = {}
    totals: list[int] = []
    ignored = uncounted(len(hand.held), hand.dominoer)
    for seat, held in enumerate(hand.held):
        if seat == ignored:  # not asked; a correction carries the record's number for it unchanged
            kept = typed[seat] if seat < len(typed) else None
            totals.append(kept or 0)
            continue
        tiles = [Tile.parse(text) for text in shown[seat]] if seat < len(shown) else []
        total = typed[seat] if seat < len(typed) else None
        for tile in tiles:
            if tile in on_layout:
                raise IllegalEvent(
                    "tile_on_layout", _("%(tile)s lies on the layout: it is in no hand."), tile=str(tile)
                )
            if tile in owner and owner[tile] != seat:
                raise IllegalEvent(
                    "tile_twice",
                    _("%(tile)s is ticked for both %(first)s and %(second)s."),
                    tile=str(tile),
                    first=players[owner[tile]],
                    second=players[seat],
                )
            owner[tile] = seat
        if tiles:
            if len(set(tiles)) != held:
                raise IllegalEvent(
                    "wrong_tile_count",
                    _("Tiles ticked for %(player)s: %(n)s; tiles in their hand: %(held)s."),
                    player=players[seat],
                    held=held,
                    n=len(set(tiles)),
                )
            totals.append(sum(tile.pips for tile in set(tiles)))
        elif total is not None:
            totals.append(total)
        elif held == 0:
            totals.append(0)
        else:
            raise IllegalEvent(
                "pips_missing",
                _("Tap the tiles %(player)s still holds, or type their pips."),
                player=players[seat],
            )
    return tuple(totals)
