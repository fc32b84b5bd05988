"""The independent renderer (tests/sight/alien.py) that measures the reader on tiles it was not built from."""

from __future__ import annotations

import ast
from pathlib import Path

import cv2
import numpy as np

from referee.sight.evaluate import evaluate, score
from referee.sight.reader import ReadTile
from tests.sight.alien import render_alien

SMALL = 0  # a 1024x768 photo of nine black tiles with coloured pips on cloth, one face down


def test_the_alien_renderer_shares_no_code_with_the_readers_own():
    tree = ast.parse(Path(__file__).with_name("alien.py").read_text())
    imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert imported <= {"__future__", "math", "collections.abc", "dataclasses", "cv2", "numpy"}


def test_the_alien_renderer_is_seeded():
    a, b = render_alien(SMALL), render_alien(SMALL)
    assert a.jpeg == b.jpeg and [t.tile for t in a.tiles] == [t.tile for t in b.tiles]
    assert render_alien(SMALL + 4).jpeg != a.jpeg


def test_its_answer_key_lists_face_up_tiles_whole_in_the_frame_and_the_ones_the_frame_cuts_apart():
    photo = render_alien(4)  # a touching row of translucent tiles, one cut by the frame's edge
    h, w = photo.image.shape[:2]
    assert photo.tiles and photo.cut
    for tile in photo.tiles:
        assert tile.corners.min() >= 0 and (tile.corners[:, 0] <= w).all() and (tile.corners[:, 1] <= h).all()
        assert tile.tile == f"{max(tile.halves)}-{min(tile.halves)}"
    for tile in photo.cut:
        assert not (tile.corners.min() >= 0 and (tile.corners[:, 0] <= w).all() and (tile.corners[:, 1] <= h).all())


def test_its_tiles_are_scored_like_the_readers_own_photos():
    photo = render_alien(SMALL)
    perfect = [ReadTile(t.tile, True, tuple(int(v) for v in cv2.boundingRect(t.corners.astype(np.float32)))) for t in photo.tiles]
    t = score(photo, perfect)
    assert t.tiles == len(photo.tiles) == t.correct and t.silent_all == 0
    assert evaluate([SMALL], draw=render_alien).tiles == len(photo.tiles)
