"""Reading face-up dominoes in a table photo: classical vision, cross-checked by a small learned classifier.

The photo is shrunk to ``WORK_SIDE`` pixels on its long side. Tile faces are the closed regions the
edges enclose (a tile's rim and shadow close it even when tiles touch; the separator stops short of
the rim, so a face is one region), kept when they look like a domino: convex, about twice as long as
wide (perspective up to ~45 degrees stretches that to 1.3-3). Each one is warped flat to
``FACE`` pixels; it counts as face up when a separator crosses its middle. Pips are what differs from
the body's colour (any pip colour, any body): blobs per half, counted classically, and each half is
also read by the learned classifier (``model.py``). Where they agree with confidence the tile is
sure; otherwise it is unsure with the candidates both readings allow. A dark or blurred photo is
refused with advice (``PhotoProblem``) rather than read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

import cv2
import numpy as np

from ..rules.base import _
from .model import Classifier, half_features

WORK_SIDE = 1024
FACE = (128, 64)  # width, height of a flattened tile: first half on the left
BAR = (56, 72)  # columns of the separator band (left out of both halves)
RIM = 6  # the rim and the corners beyond its rounding, left out too (pips sit further in)
SURE = 0.75  # the classifier's confidence for a half to count as sure


class PhotoProblem(Exception):
    """A photo that cannot be read fairly: ``code`` and a sentence saying what to do."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class ReadTile:
    tile: str | None
    sure: bool
    box: tuple[int, int, int, int]
    candidates: list[str] = field(default_factory=list)
    corners: np.ndarray | None = None  # 4x2 in the photo, first half's corners first
    halves: list[tuple[int, int, float]] = field(default_factory=list)  # per half: classical, learned, confidence

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"tile": self.tile, "sure": self.sure, "box": list(self.box)}
        if not self.sure:
            out["candidates"] = self.candidates
        return out


def canonical(a: int, b: int) -> str:
    return f"{max(a, b)}-{min(a, b)}"


def check_quality(gray: np.ndarray) -> None:
    """Refuse a photo too dark or too blurred to read, saying what to do instead.

    Sharpness is the strongest edges' slope relative to the photo's contrast, measured on the photo
    shrunk to 256 pixels: shrinking averages sensor noise away (noise would pass for sharp edges)
    while a sharp tile's rim stays a steep edge and a blurred one stays a ramp."""
    if float(np.percentile(gray, 95)) < 30:
        raise PhotoProblem("too_dark", _("The photo is too dark to read the tiles: turn on a light or use the flash, then take it again."))
    h, w = gray.shape
    scale = 256 / max(h, w)
    tiny = cv2.resize(gray, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
    grad = cv2.magnitude(cv2.Sobel(tiny, cv2.CV_32F, 1, 0), cv2.Sobel(tiny, cv2.CV_32F, 0, 1))
    spread = float(np.percentile(tiny, 99) - np.percentile(tiny, 1)) + 1.0
    if float(np.percentile(grad, 99.5)) / spread < 2.0:
        raise PhotoProblem("blurred", _("The photo is blurred: hold the phone still, let it focus on the tiles, then take it again."))


def _edges(small: np.ndarray) -> np.ndarray:
    lab = cv2.cvtColor(cv2.GaussianBlur(small, (5, 5), 0), cv2.COLOR_BGR2Lab)
    edges = np.zeros(small.shape[:2], np.uint8)
    for channel in cv2.split(lab):
        med = float(np.median(channel))
        edges |= cv2.Canny(channel, max(10.0, 0.33 * med), max(30.0, 0.66 * med + 20), L2gradient=True)
    return edges


def _order(quad: np.ndarray) -> np.ndarray:
    """Corners in the order the flat face expects: the short side of one half, then round the tile."""
    quad = quad.astype(np.float32)
    centre = quad.mean(0)
    angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    quad = quad[np.argsort(angles)]
    if np.linalg.norm(quad[0] - quad[1]) > np.linalg.norm(quad[1] - quad[2]):
        quad = np.roll(quad, -1, axis=0)
    # quad[0]-quad[1] is a short side; the flat face maps quad[0]->(0,0), quad[1]->(0,H)...
    return np.array([quad[0], quad[1], quad[2], quad[3]])


def _quadrilateral(hull: np.ndarray) -> np.ndarray | None:
    """The four corners of a convex region that is a quadrilateral (a tile seen in perspective), or None."""
    perimeter = cv2.arcLength(hull, True)
    hull_area = cv2.contourArea(hull)
    for eps in (0.02, 0.035, 0.05):
        quad = cv2.approxPolyDP(hull, eps * perimeter, True).reshape(-1, 2).astype(np.float32)
        if len(quad) == 4:
            break
    else:
        return None
    quad_area = cv2.contourArea(quad)
    # The corners found lie on the tile's rounded corners, cutting them: grow the quadrilateral
    # until it covers the region's area.
    if quad_area <= 0 or not 0.95 <= hull_area / quad_area <= 1.25:
        return None
    centre = quad.mean(0)
    return centre + (quad - centre) * np.sqrt(hull_area / quad_area)


def find_faces(small: np.ndarray) -> list[np.ndarray]:
    """Quadrilaterals (4x2, ordered by ``_order``) that look like a domino's face.

    The edges are taken as found and thickened by a pixel: thin edges keep the separator's ends
    apart from the rim, thick ones close the small gaps where a tile's rim hardly differs from the
    table. A face found both ways counts once."""
    edges = _edges(small)
    quads = _faces(small, edges)
    for quad in _faces(small, cv2.dilate(edges, np.ones((3, 3), np.uint8))):
        centre, side = quad.mean(0), np.linalg.norm(quad[0] - quad[1])
        if all(np.linalg.norm(q.mean(0) - centre) > side / 2 for q in quads):
            quads.append(quad)
    return quads


def _faces(small: np.ndarray, edges: np.ndarray) -> list[np.ndarray]:
    h, w = small.shape[:2]
    free = cv2.bitwise_not(edges)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(free, connectivity=4)
    lo, hi = (0.03 * w) ** 2 / 2, (0.3 * w) ** 2 / 2
    quads = []
    for i in range(1, count):
        x, y, bw, bh, area = stats[i]
        if not lo <= area <= hi or x == 0 or y == 0 or x + bw >= w or y + bh >= h:
            continue
        mask = (labels[y : y + bh, x : x + bw] == i).astype(np.uint8)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        contour = max(contours, key=cv2.contourArea) + np.array([x, y])
        hull = cv2.convexHull(contour)
        hull_area = cv2.contourArea(hull)
        if hull_area <= 0 or cv2.contourArea(contour) / hull_area < 0.65:
            continue
        quad = _quadrilateral(hull)
        if quad is None:
            continue
        sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
        a, b = sides[0] + sides[2], sides[1] + sides[3]
        if not 1.25 <= max(a, b) / max(1.0, min(a, b)) <= 3.5:
            continue
        rw = rh = min(a, b) / 2
        # The region lies inside the rim: grow it by a pixel (more would bring the rim into the face).
        centre = quad.mean(0)
        quad = centre + (quad - centre) * (1 + 1.0 / max(1.0, min(rw, rh)))
        quads.append(_order(quad))
    return quads


def flatten(small: np.ndarray, quad: np.ndarray) -> np.ndarray:
    fw, fh = FACE
    target = np.array([[0, 0], [0, fh], [fw, fh], [fw, 0]], np.float32)
    # quad[0]-quad[1] is a short side (the left end), quad[1]-quad[2] a long side.
    hom = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    return cv2.warpPerspective(small, hom, FACE, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def difference(face: np.ndarray) -> np.ndarray:
    """How far each pixel of a flat face is from the body's colour (0-255): pips and bar stand out."""
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2Lab).astype(np.float32)
    inner = lab[6:-6, 6:-6].reshape(-1, 3)
    body = np.median(inner, axis=0)
    diff = np.sqrt(((lab - body) ** 2).sum(axis=2))
    return np.clip(diff * 2, 0, 255).astype(np.uint8)


def has_separator(diff: np.ndarray) -> bool:
    """A face up tile has a line across its middle: a column in the bar band that differs from the
    body along most of the tile's width (a face down tile, a card or a coin has none)."""
    band = diff[10:-10, BAR[0] : BAR[1]] > 60
    rows = band.any(axis=1).mean()
    return bool(rows > 0.7)


def pip_mask(diff: np.ndarray) -> np.ndarray:
    """The holes in a flat face's body: pips (and the bar). The body is the largest region of the
    body's colour; what it encloses but is not is a hole. The rim, the corners beyond its rounding
    and the table showing there are outside the body, so they never count as pips."""
    body = (diff < 60).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(body, connectivity=4)
    if n < 2:
        return np.zeros_like(diff)
    body = (labels == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))).astype(np.uint8)
    contours, _ = cv2.findContours(body, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(body)
    cv2.drawContours(filled, contours, -1, 1, -1)
    return ((filled - body) * 255).astype(np.uint8)


def count_pips(holes_half: np.ndarray) -> int:
    """Classical count: round holes in the body of a pip's size."""
    # Opening with a disc wider than the separator line but smaller than a pip leaves the pips.
    binary = cv2.morphologyEx(holes_half, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    n, _, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    pips = 0
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if 18 <= area <= 260 and 0.5 <= bw / max(1, bh) <= 2.0 and area / (bw * bh) > 0.5:
            pips += 1
    return min(pips, 6)


def halves(diff: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    fh = FACE[1]
    return diff[RIM : fh - RIM, RIM : BAR[0]], diff[RIM : fh - RIM, BAR[1] : FACE[0] - RIM]


def read_face(diff: np.ndarray, classifier: Classifier) -> tuple[str | None, bool, list[str], list[tuple[int, int, float]]]:
    """One face: (tile or None, sure, candidates, per-half readings)."""
    readings = []
    options = []
    for half, holes in zip(halves(diff), halves(pip_mask(diff)), strict=True):
        classical = count_pips(holes)
        probs = classifier.probabilities(half_features(half)[None])[0]
        learned = int(np.argmax(probs))
        confidence = float(probs[learned])
        readings.append((classical, learned, confidence))
        ranked = [int(k) for k in np.argsort(-probs)[:2]]
        opts = [classical] + [k for k in ranked if k != classical and probs[k] > 0.15]
        if learned not in opts:
            opts.append(learned)
        options.append(opts)
    sure = all(c == k and p >= SURE for c, k, p in readings)
    if sure:
        return canonical(readings[0][0], readings[1][0]), True, [], readings
    candidates: list[str] = []
    for a, b in product(*options):
        name = canonical(a, b)
        if name not in candidates:
            candidates.append(name)
    return None, False, candidates[:4], readings


def read(image: np.ndarray, classifier: Classifier | None = None) -> list[ReadTile]:
    """The face-up tiles in a BGR photo, boxes in the photo's pixels; PhotoProblem when unreadable."""
    classifier = classifier or Classifier.load()
    h, w = image.shape[:2]
    scale = min(1.0, WORK_SIDE / max(h, w))
    small = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA) if scale < 1 else image
    check_quality(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY))
    out = []
    for quad in find_faces(small):
        diff = difference(flatten(small, quad))
        if not has_separator(diff):
            continue
        tile, sure, candidates, readings = read_face(diff, classifier)
        corners = quad / scale
        x0, y0 = corners.min(0)
        x1, y1 = corners.max(0)
        box = (int(max(0, x0)), int(max(0, y0)), int(min(w, x1) - max(0, x0)), int(min(h, y1) - max(0, y0)))
        out.append(ReadTile(tile, sure, box, candidates, corners, readings))
    out.sort(key=lambda t: (t.box[1] // 50, t.box[0]))
    return out
