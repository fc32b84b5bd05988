"""The photo reader (issue 31) on renderer photos it was not trained on (``EVAL_SEEDS``).

Generous bounds, so that a broken reader fails the build and chance never does: the seeds are fixed,
so each run reads the very same photos. The targets themselves are printed by benchmarks/sight.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from referee.sight.evaluate import evaluate, score
from referee.sight.model import MODEL_PATH
from referee.sight.reader import PhotoProblem, ReadTile, read
from referee.sight.render import EVAL_SEEDS, TRAIN_SEEDS, render

CI_PHOTOS = 20


def test_the_reader_reads_most_tiles_of_twenty_unseen_photos_and_is_rarely_wrong_when_sure():
    t = evaluate(EVAL_SEEDS[i] for i in range(CI_PHOTOS))
    assert t.tiles >= 60
    assert t.correct >= 0.80 * t.tiles
    assert t.silent <= 0.03 * t.tiles


def test_evaluation_seeds_are_never_training_seeds():
    assert not set(range(EVAL_SEEDS.start, EVAL_SEEDS.start + 1000)) & set(TRAIN_SEEDS)


def test_the_renderer_is_seeded():
    a, b = render(EVAL_SEEDS[3]), render(EVAL_SEEDS[3])
    assert a.jpeg == b.jpeg and [t.tile for t in a.tiles] == [t.tile for t in b.tiles]
    assert render(EVAL_SEEDS[4]).jpeg != a.jpeg


def test_the_model_ships_in_the_repository_within_two_megabytes():
    assert MODEL_PATH.is_file() and MODEL_PATH.stat().st_size <= 2 * 1024 * 1024


@pytest.mark.parametrize("quality", ["dark", "blurred"])
def test_a_dark_or_blurred_photo_is_refused_not_guessed(quality):
    seeds = {"dark": EVAL_SEEDS[:3], "blurred": (1_000_008, 1_000_012, 1_000_018)}[quality]
    for seed in seeds:
        assert render(seed, bad=1.0).quality == quality
        with pytest.raises(PhotoProblem):
            read(render(seed, bad=1.0).image)


@pytest.mark.parametrize(
    ("found", "outcome"),
    [
        ("right", "correct"),
        ("wrong", "silent"),
        ("unsure", "unsure"),
        ("none", "missed"),
    ],
)
def test_scoring_tells_a_silent_error_from_an_abstention(found, outcome):
    photo = render(EVAL_SEEDS[1])
    truth = photo.tiles[0]
    x0, y0 = truth.corners.min(0)
    x1, y1 = truth.corners.max(0)
    box = (int(x0), int(y0), int(x1 - x0), int(y1 - y0))
    other = "0-0" if truth.tile != "0-0" else "1-0"
    reading = {
        "right": [ReadTile(truth.tile, True, box)],
        "wrong": [ReadTile(other, True, box)],
        "unsure": [ReadTile(None, False, box, [other, truth.tile])],
        "none": [],
    }[found]
    photo.tiles = [truth]
    t = score(photo, reading)
    assert t.tiles == 1 and getattr(t, outcome) == 1
    assert t.correct + t.silent + t.unsure + t.missed == 1
    assert np.isclose(t.share(1), 1.0)
