"""A short Five Up hand with a missed play (F21): Ben draws 2 while 5-0 fitted, plays 6-3 at once, and 5-0 later,
the play that proves the draw was not needed (its breach: at the draw, event 2; found at the 5-0, event 5)."""

MISSED_DRAW = (
    {"type": "hand", "leader": 0},
    {"type": "play", "seat": 0, "tile": "6-5"},
    {"type": "draw", "seat": 1, "count": 2},
    {"type": "play", "seat": 1, "tile": "6-3", "on": "6-5"},
    {"type": "play", "seat": 0, "tile": "3-3", "on": "6-3"},
    {"type": "play", "seat": 1, "tile": "5-0", "on": "6-5"},
)
