"""The 3-player Five Up hand of i27-walk2 #15 and #22 (its record /tmp/w2/fu3-en.json, first hand, up to its end):
the picture that shrank to specks after one play and offered dead open ends as targets. Read by the drawing's
web test and by the browser test of the same picture."""

WALK2 = {
    "players": ("Ann", "Bo", "Cy"),
    "events": [
        {"type": "hand", "leader": 0},
        {"type": "play", "seat": 0, "tile": "6-0"},
        {"type": "play", "seat": 1, "tile": "5-0", "on": "6-0"},
        {"type": "play", "seat": 2, "tile": "5-5", "on": "5-0"},
        {"type": "draw", "seat": 0, "count": 3},
        {"type": "play", "seat": 0, "tile": "5-2", "on": "5-5"},
        {"type": "play", "seat": 1, "tile": "2-2", "on": "5-2"},
        {"type": "play", "seat": 2, "tile": "5-1", "on": "5-5"},
        {"type": "play", "seat": 0, "tile": "6-2", "on": "2-2"},
        {"type": "play", "seat": 1, "tile": "6-6", "on": "6-0"},
        {"type": "draw", "seat": 2, "count": 3},
        {"type": "play", "seat": 2, "tile": "6-1", "on": "5-1"},
        {"type": "play", "seat": 0, "tile": "2-0", "on": "2-2"},
        {"type": "play", "seat": 1, "tile": "6-3", "on": "6-6"},
        {"type": "play", "seat": 2, "tile": "6-4", "on": "6-2"},
        {"type": "play", "seat": 0, "tile": "3-1", "on": "6-3"},
        {"type": "draw", "seat": 1, "count": 3},
        {"type": "play", "seat": 1, "tile": "4-3", "on": "6-4"},
        {"type": "play", "seat": 2, "tile": "6-5", "on": "6-6"},
        {"type": "play", "seat": 0, "tile": "5-3", "on": "6-5"},
        {"type": "play", "seat": 1, "tile": "5-4", "on": "5-5"},
        {"type": "play", "seat": 2, "tile": "4-4", "on": "5-4"},
        {"type": "draw", "seat": 0, "count": 2},
        {"type": "play", "seat": 0, "tile": "3-2", "on": "2-2"},
        {"type": "play", "seat": 1, "tile": "4-0", "on": "2-0"},
        {"type": "play", "seat": 2, "tile": "3-3", "on": "4-3"},
        {"type": "play", "seat": 0, "tile": "3-0", "on": "5-3"},
        {"type": "play", "seat": 1, "tile": "1-0", "on": "3-0"},
    ],
}
