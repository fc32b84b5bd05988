"""A 2-player Five Up hand whose layout grows to 24 tiles, ending in Ben's domino: its plays are the random legal
layout of seed 59 in tests/web/test_five_up_drawing.py (random_layouts), dealt alternately to the two seats, a
draw before a player would otherwise play out. At 21 tiles (after event 26) its picture had ten open ends, four of them
dead, and gave them all a thumb's square: they did not fit 344x236 px, the ends came out 41 px and the tiles 3.5
px a half tile (issue 27). Walked by the browser test of the fullest layout (tests/browser/test_five_up_layout.py)."""

FULLEST_HAND = {
    "format": "referee-record",
    "version": 1,
    "game": "five-up",
    "players": ["Ann", "Ben"],
    "options": {},
    "events": [
        {"type": "hand", "leader": 0},
        {"type": "play", "seat": 0, "tile": "5-5"},
        {"type": "play", "seat": 1, "tile": "6-5", "on": "5-5"},
        {"type": "play", "seat": 0, "tile": "5-0", "on": "5-5"},
        {"type": "play", "seat": 1, "tile": "1-0", "on": "5-0"},
        {"type": "play", "seat": 0, "tile": "6-6", "on": "6-5"},
        {"type": "play", "seat": 1, "tile": "6-2", "on": "6-6"},
        {"type": "play", "seat": 0, "tile": "5-1", "on": "5-5"},
        {"type": "play", "seat": 1, "tile": "1-1", "on": "5-1"},
        {"type": "play", "seat": 0, "tile": "6-4", "on": "6-6"},
        {"type": "play", "seat": 1, "tile": "2-2", "on": "6-2"},
        {"type": "play", "seat": 0, "tile": "3-1", "on": "1-0"},
        {"type": "play", "seat": 1, "tile": "6-3", "on": "6-6"},
        {"type": "draw", "seat": 0, "count": 2},
        {"type": "play", "seat": 0, "tile": "2-0", "on": "2-2"},
        {"type": "draw", "seat": 1, "count": 3},
        {"type": "play", "seat": 1, "tile": "4-1", "on": "1-1"},
        {"type": "play", "seat": 0, "tile": "3-2", "on": "2-2"},
        {"type": "play", "seat": 1, "tile": "2-1", "on": "1-1"},
        {"type": "draw", "seat": 0, "count": 2},
        {"type": "play", "seat": 0, "tile": "4-2", "on": "6-4"},
        {"type": "play", "seat": 1, "tile": "3-0", "on": "2-0"},
        {"type": "play", "seat": 0, "tile": "5-3", "on": "6-3"},
        {"type": "draw", "seat": 1, "count": 2},
        {"type": "play", "seat": 1, "tile": "4-3", "on": "3-1"},
        {"type": "draw", "seat": 0, "count": 2},
        {"type": "play", "seat": 0, "tile": "5-2", "on": "5-5"},
        {"type": "play", "seat": 1, "tile": "3-3", "on": "3-2"},
        {"type": "play", "seat": 0, "tile": "5-4", "on": "4-1"},
        {"type": "play", "seat": 1, "tile": "6-1", "on": "1-1"},
        {"type": "end", "pips": [6, 0]},
    ],
}
