"""Five Up events as the record writes them, shared by the layout and the web tests: a play, and a hand
whose spinner [5-5] is opened on all four sides (west, east, north, south)."""

from __future__ import annotations


def play(seat, tile, on=None):
    return {"type": "play", "seat": seat, "tile": tile, **({"on": on} if on else {})}


SPINNER = [
    {"type": "hand", "leader": 0},
    play(0, "5-5"),
    play(1, "5-0", "5-5"),
    play(2, "5-3", "5-5"),
    play(3, "5-1", "5-5"),
    play(0, "5-4", "5-5"),
]
