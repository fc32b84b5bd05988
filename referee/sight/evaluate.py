"""Scoring the reader against the renderer's ground truth: shared by benchmarks/sight.py and CI.

Each face-up tile of the truth (mirrored copies included: they are tiles a player would see) is matched to the read tile whose box centre lies nearest, within a
quarter of the tile's length. It is then read correctly and sure, read wrongly yet sure (a silent
error, the worst outcome), unsure (an abstention; ``hinted`` when its candidates hold the truth) or
missed. A read marked sure where the truth has no face-up tile (a phantom: cloth, a face-down tile,
a distractor) is a silent error too; the targets count it with the wrong ones. A read marked unsure
where the truth has no face-up tile (an unsure phantom) is no error, yet the page outlines it and the
player must dismiss it: the unsure share (``unsure_all``) is the unsure readings of tiles plus the
unsure phantoms, over the face-up tiles counted (``tiles``), so a photo of empty cloth read as dozens of
unsure "0-0 or 6-0" shows in the figures. A dark or blurred photo counts as handled when the reader refuses it with advice.

A tile the frame cuts is not one of the tiles counted: nothing is owed for it. The read (left over
from the whole tiles) whose box centre lies on it, nearest its centre, is its reading: right and
sure, or unsure, it is excused (``cut_read``); wrong yet sure, it is a silent error like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

import cv2
import numpy as np

from .reader import PhotoProblem, ReadTile, read
from .render import render


class Truth(Protocol):
    """A face-up tile of an answer key: its name and its four corners in the photo (first half's short side first)."""

    @property
    def tile(self) -> str: ...
    @property
    def corners(self) -> np.ndarray: ...


class Scene(Protocol):
    """A photo with its answer key: ``render.Photo``, or another renderer's (tests/sight/alien.py), so one
    scoring measures the reader on photos drawn by a renderer it was not built from."""

    @property
    def image(self) -> np.ndarray: ...
    @property
    def quality(self) -> str: ...
    @property
    def tiles(self) -> Sequence[Truth]: ...
    @property
    def mirrored(self) -> Sequence[Truth]: ...
    @property
    def cut(self) -> Sequence[Truth]: ...


@dataclass
class Tally:
    photos: int = 0
    tiles: int = 0
    correct: int = 0
    silent: int = 0
    unsure: int = 0
    hinted: int = 0
    missed: int = 0
    extra_sure: int = 0  # phantoms: sure tiles where the truth has none (cloth, a distractor, a face-down tile)
    extra_unsure: int = 0  # unsure phantoms: unsure readings where the truth has no face-up tile
    cut: int = 0  # face-up tiles the frame cuts, not among ``tiles``
    cut_read: int = 0  # readings of those excused: right and sure, or unsure
    bad_photos: int = 0
    bad_refused: int = 0
    good_refused: int = 0

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def silent_all(self) -> int:
        """Every silent error: wrong yet sure, and sure where no tile is."""
        return self.silent + self.extra_sure

    @property
    def unsure_all(self) -> int:
        """Every unsure box the player must settle: unsure readings of tiles, and unsure phantoms."""
        return self.unsure + self.extra_unsure

    def share(self, count: int) -> float:
        return count / self.tiles if self.tiles else 0.0


def _centre(box: tuple[int, int, int, int]) -> np.ndarray:
    x, y, w, h = box
    return np.array([x + w / 2, y + h / 2])


def score(photo: Scene, found: list[ReadTile] | None) -> Tally:
    """How the reading ``found`` (None: the photo was refused) compares with the photo's truth."""
    tally = Tally(photos=1)
    if photo.quality != "ok":
        tally.bad_photos = 1
        tally.bad_refused = int(found is None)
        return tally
    if found is None:
        tally.good_refused = 1
        tally.tiles = tally.missed = len(photo.tiles) + len(photo.mirrored)
        tally.cut = len(photo.cut)
        return tally
    used: set[int] = set()
    for truth in [*photo.tiles, *photo.mirrored]:
        length = float(np.linalg.norm(truth.corners[0] - truth.corners[3]))
        centre = truth.corners.mean(0)
        best = min(
            (i for i in range(len(found)) if i not in used),
            key=lambda i: float(np.linalg.norm(_centre(found[i].box) - centre)),
            default=None,
        )
        tally.tiles += 1
        if best is None or np.linalg.norm(_centre(found[best].box) - centre) > length / 4:
            tally.missed += 1
            continue
        used.add(best)
        got = found[best]
        if got.sure:
            tally.correct += got.tile == truth.tile
            tally.silent += got.tile != truth.tile
        else:
            tally.unsure += 1
            tally.hinted += truth.tile in got.candidates
    for truth in photo.cut:
        outline = truth.corners.astype(np.float32)
        on = [i for i in range(len(found)) if i not in used and cv2.pointPolygonTest(outline, tuple(map(float, _centre(found[i].box))), False) >= 0]
        tally.cut += 1
        if not on:
            continue
        best = min(on, key=lambda i: float(np.linalg.norm(_centre(found[i].box) - truth.corners.mean(0))))
        used.add(best)
        got = found[best]
        wrong = got.sure and got.tile != truth.tile
        tally.silent += wrong
        tally.cut_read += not wrong
    tally.extra_sure = sum(1 for i, t in enumerate(found) if i not in used and t.sure)
    tally.extra_unsure = sum(1 for i, t in enumerate(found) if i not in used and not t.sure)
    return tally


def evaluate(seeds: Iterable[int], draw: Callable[[int], Scene] = render) -> Tally:
    """The reader's tally over the photos ``draw`` (the project's renderer unless told) makes from ``seeds``."""
    total = Tally()
    for seed in seeds:
        photo = draw(seed)
        try:
            found: list[ReadTile] | None = read(photo.image)
        except PhotoProblem:
            found = None
        total.add(score(photo, found))
    return total
