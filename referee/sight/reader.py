"""Reading face-up dominoes in a table photo: classical vision, cross-checked by a small learned classifier.

The photo is shrunk to ``WORK_SIDE`` pixels on its long side. Tile faces are the closed regions the
edges enclose (a tile's rim and shadow close it even when tiles touch), kept when they look like a
domino: convex, about twice as long as wide (perspective up to ~45 degrees stretches that to 1.3-3.7).
Where the separator reaches the rim, a face is two square regions side by side, joined again. A black
tile's body is also found as a region darker than its rim, where the edges leave its rim open. Each
face is warped flat to ``FACE`` pixels; it counts as face up when a separator crosses its middle.
Pips are what differs from the body's colour (any pip colour, any body): blobs of a pip's size per
half, counted classically, and each half is
also read by the learned classifier (``model.py``). Where they agree with confidence the tile is
sure; otherwise it is unsure with the candidates both readings allow. A dark or blurred photo is
refused with advice (``PhotoProblem``) rather than read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from itertools import product

import cv2
import numpy as np

from ..rules.base import _
from .model import Classifier, half_features

WORK_SIDE = 1024
FACE = (128, 64)  # width, height of a flattened tile: first half on the left
BAR = (56, 72)  # columns of the separator band (left out of both halves)
RIM = 6  # the rim and the corners beyond its rounding, left out too (pips sit further in)
LIGHT_EDGE = (20.0, 50.0)  # Canny's highest thresholds on Lab lightness (a pale tile on a pale cloth differs by ~20)
CHROMA_EDGE = (20.0, 50.0)  # Canny's thresholds on the Lab colour channels
COLOUR_EDGE = (20.0, 50.0)  # Canny's thresholds on the photo's own colours (largest step of B, G, R)
DARK = 80  # Lab lightness (0-255) below which colours are told apart by B, G, R as well
PIP_SIGMA = 3.0  # a pip's blob scale in a flat face (pips are 10-14 pixels across there)
PIP_RESPONSE = 40.0  # how strongly a blob must stand out to count as a pip
# A six's middle pips have a neighbour on each side whose surround lowers their response: in a faint
# set they fall just under PIP_RESPONSE (37-38 beside 41-51) and the six counts as a five or a four.
# A blob counts too when it stands out at least FAINT times as much as the half's weakest pip above
# PIP_RESPONSE (one colour per number: a half's pips are alike). Chosen on validation halves (seeds
# 20,000-20,399): 0.6-0.8 all count every six there and no blank half as a pip more.
FAINT = 0.7
SURE = 0.75  # the classifier's confidence for a half to count as sure
LONGEST = 4.0  # a face's longest length to width: a tile seen end-on from ~45 degrees, near the photo's edge, reaches 3.6
# A tile pointing at a tilted camera is foreshortened along its length: its face can look barely
# longer than wide (1.15 seen), so faces from SQUAT up are read; below SLIM, which way the tile runs
# cannot be told from its outline, so it is read both ways and kept when exactly one shows a separator.
SQUAT = 1.1
SLIM = 1.25
# One set's tiles are one size; a camera tilted up to ~45 degrees shrinks the farthest to about a
# third of the area of the photo's median face (0.36 the least seen on validation seeds). Two checks
# of a cloth that the edges merge make a face that small with no pips: a sure 0-0, a silent error.
# Only blank faces are dropped for their size, so a far tile with pips is still read.
SMALLEST = 0.4  # a face's least area, as a share of the median of the photo's other faces
# A light check of a cloth beside a dark one makes a face twice as long as wide whose border passes
# for a separator: no pips, read "0-0 or 6-0". A tile's two halves are one body, so a face with no
# pip in either half whose halves' median differences from the body lie further apart than
# TWO_BODIES (in ``differences`` units, twice Lab's) is two checks, not a tile. Chosen on validation
# seeds 20,000-20,399 and 1,000,408/428: real blank faces 0-4 apart, 105 of 120 such checks 17-84.
# It was 16 until a strip of purple checks beside a tile, 13 apart, was read as a sure 0-0 (seed
# 1,000,507); the 15 real 0-0 faces found on development seeds 1,001,000-1,001,064 lie 0-2 apart.
TWO_BODIES = 10
# Where a tile's separator reaches its rim, the face falls apart into two halves, and a half with
# pips passes for a squat face of its own. The face the halves make again lies within half a short
# side of each, and must not count as the same face: faces count as the same only when their areas
# are within ALIKE times each other (a half is half a face).
ALIKE = 1.5
# A black set's body (Lab lightness 9-27 in the renderer's photos) lies below this; its rim (70 grey
# before the light) and most tables lie above. Chosen on development seeds 1,001,000-1,001,299 and
# 1,000,000-199: of the 13 black tiles the edges missed there, this pass alone finds 6 at 40 and 3
# at 55 (a body merges with its shadow on a dark felt).
BLACK_BODY = 40


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


def _edges(small: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The edges of a photo, and its lightness (Lab, blurred as the edges were found on it)."""
    blurred = cv2.GaussianBlur(small, (5, 5), 0)
    lab = cv2.cvtColor(blurred, cv2.COLOR_BGR2Lab)
    edges: np.ndarray = np.zeros(small.shape[:2], np.uint8)
    lightness, *chroma = cv2.split(lab)
    med = float(np.median(lightness))
    # Thresholds follow the photo's lightness but stop at LIGHT_EDGE: in a bright photo, a tile's rim
    # on a cloth of nearly its lightness, or between two touching tiles, is a step of 20-30 units.
    edges |= cv2.Canny(lightness, min(LIGHT_EDGE[0], 0.33 * med), min(LIGHT_EDGE[1], 0.66 * med + 20), L2gradient=True)
    # The colour channels sit at 128 for every grey: their median says nothing about contrast, so
    # their thresholds are fixed (a black tile on red felt differs from it mostly in colour).
    for channel in chroma:
        edges |= cv2.Canny(channel, CHROMA_EDGE[0], CHROMA_EDGE[1], L2gradient=True)
    # Lab squeezes dark colours together: a black tile's rim on dark blue felt, in its own shadow,
    # differs from the felt by a few units of L, a or b but by tens in blue. Canny on the photo's
    # three channels (the largest step of any) closes those rims. Only in and next to dark parts of
    # the photo: elsewhere Lab already tells colours apart, and these finer edges would cut a faint
    # gingham or wood grain into hundreds of regions, each worth a look.
    dark: np.ndarray = cv2.dilate((lightness < DARK).astype(np.uint8) * 255, np.ones((5, 5), np.uint8))
    edges |= cv2.Canny(blurred, COLOUR_EDGE[0], COLOUR_EDGE[1], L2gradient=True) & dark
    return edges, lightness


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
    centre = quad.sum(0) / 4
    grown: np.ndarray = centre + (quad - centre) * np.sqrt(hull_area / quad_area)
    return grown


def find_faces(small: np.ndarray) -> list[np.ndarray]:
    """Quadrilaterals (4x2, ordered by ``_order``) that look like a domino's face.

    The edges are taken as found and thickened by a pixel: thin edges keep the separator's ends
    apart from the rim, thick ones close the small gaps where a tile's rim hardly differs from the
    table. Where the separator (or a pip touching it) does reach the rim, the face falls apart into
    its two square halves: two such squares lying side by side make one face again. A face found
    more than once counts once; a face made of two halves is not the same face as one of its
    halves, which a half's pips let pass as a squat face (``face_up`` keeps the one that shows a
    separator). A face let in over one of another size must show a pip: on a checked cloth, two
    checks paired over a third would otherwise be a sure 0-0. A face whose halves the shape of a
    line of halves pairs otherwise spans a joint between two tiles, not a separator, and is
    dropped (``_forced``, ``_paired_otherwise``)."""
    edges, lightness = _edges(small)
    quads: list[np.ndarray] = []
    # Halves from the thick edges only (there the separator meets the rim); one pass, so no square
    # is found twice. The thin pass looks for whole faces only, which skips the many regions of a
    # checked cloth too small to be one.
    faces, _ = _faces(small, edges, squares=False)
    _add_new(quads, faces)
    faces, squares = _faces(small, cv2.dilate(edges, np.ones((3, 3), np.uint8)), squares=True)
    _add_new(quads, faces)
    # A face that only ``alike`` lets in overrides a face at its place of another size: the halves
    # of a split tile, which its pips made pass for faces. On a checked cloth the face may instead be
    # two checks overriding a third: it counts only when it shows a pip (``_shows_pips``).
    shows_pips = partial(_shows_pips, small)
    links = _links(squares)
    forced = _forced(links)
    _add_new(quads, _paired(squares, links, forced), alike=shows_pips)
    # A black tile's rim may differ from the cloth, in its shadow, by less than any edge threshold:
    # its body then leaks out through the gap. The body is darker than its own rim and than most
    # tables: where the photo is at least ``BLACK_BODY`` light is a wall too.
    faces, _ = _faces(small, edges | ((lightness >= BLACK_BODY).astype(np.uint8) * 255), squares=False)
    _add_new(quads, faces, alike=shows_pips)
    if not forced:
        return quads
    centres = np.array([square.mean(0) for square in squares], np.float32)
    return [quad for quad in quads if not _paired_otherwise(quad, centres, forced)]


def _shows_pips(small: np.ndarray, quad: np.ndarray) -> bool:
    """Whether either half of a face, flattened, has a pip by the classical count."""
    diff = differences(flatten(small, quad)[None])[0]
    return any(count_pips(half) > 0 for half in halves(diff))


def _add_new(quads: list[np.ndarray], found: list[np.ndarray], alike: Callable[[np.ndarray], bool] | None = None) -> None:
    """Append each of ``found`` whose centre is not within half a short side of one already there.

    With ``alike``, one already there counts only when its area is within ``ALIKE`` times the new
    face's, and a face let in only thanks to that (one of another size lies at its place) is
    appended only when ``alike(face)`` holds."""
    centres = np.empty((len(quads) + len(found), 2), np.float32)  # room for all: no list to copy per face
    areas = np.empty(len(quads) + len(found), np.float32)
    for k, q in enumerate(quads):
        centres[k] = q.mean(0)
        areas[k] = cv2.contourArea(q.astype(np.float32)) if alike is not None else 0.0
    count = len(quads)
    for quad in found:
        centre, side = quad.mean(0), min(_sides(quad))
        near = np.linalg.norm(centres[:count] - centre, axis=1) <= side / 2
        same = near
        if alike is not None:
            area = cv2.contourArea(quad.astype(np.float32))
            same = near & (np.abs(np.log(np.maximum(areas[:count], 1.0) / max(area, 1.0))) < np.log(ALIKE))
            areas[count] = area
            if near.any() and not same.any() and not alike(quad):
                continue
        if not same.any():
            quads.append(quad)
            centres[count] = centre
            count += 1


def _sides(quad: np.ndarray) -> np.ndarray:
    """The lengths of a quadrilateral's sides, the one ending at each corner."""
    step = quad - quad[_PREVIOUS]
    sides: np.ndarray = np.sqrt((step * step).sum(1))  # np.linalg.norm's arithmetic without its checks: called per region
    return sides


_PREVIOUS = [3, 0, 1, 2]  # the corner before each, round a quadrilateral


def _links(squares: list[np.ndarray]) -> dict[int, list[tuple[float, int]]]:
    """For each square half, the squares that could be its tile's other half (alike in size, a side
    of each facing the other across a gap under a quarter of a side), with that gap. A checked cloth
    makes a thousand squares, so the gaps are measured for all pairs at once."""
    if len(squares) < 2:
        return {}
    quads = np.array(squares, np.float32)
    middles = (quads + np.roll(quads, -1, axis=1)) / 2  # side k runs from corner k to k+1
    lengths = np.linalg.norm(np.roll(quads, -1, axis=1) - quads, axis=2)
    centres = quads.mean(1)
    sizes = np.sqrt(lengths[:, 0] * lengths[:, 1])
    near = np.linalg.norm(centres[:, None] - centres[None], axis=2) < 1.25 * np.minimum(sizes[:, None], sizes[None])
    alike = np.abs(np.log(sizes[:, None] / np.maximum(sizes[None], 1.0))) < 0.4
    first, second = np.nonzero(np.triu(near & alike, 1))
    gaps = np.linalg.norm(middles[first][:, :, None] - middles[second][:, None, :], axis=3).reshape(len(first), 16)
    best = gaps.argmin(1)
    ka, kb = best // 4, best % 4
    gap = gaps[np.arange(len(first)), best]
    la, lb = lengths[first, ka], lengths[second, kb]
    fits = (gap <= 0.25 * np.minimum(la, lb)) & (la >= 0.75 * lb) & (la <= 1.33 * lb)
    links: dict[int, list[tuple[float, int]]] = {}
    for i, j, g in zip(first[fits], second[fits], gap[fits], strict=True):
        links.setdefault(int(i), []).append((float(g), int(j)))
        links.setdefault(int(j), []).append((float(g), int(i)))
    return links


def _paired(squares: list[np.ndarray], links: dict[int, list[tuple[float, int]]], forced: dict[int, int]) -> list[np.ndarray]:
    """Faces made of two square halves that share a side (``links``).

    A half may have more than one such neighbour (in a row of split tiles, the halves of the next
    tile lie alongside): it is paired with the one across the narrowest gap (a separator is
    narrower than two rims), when each is the other's clear choice; otherwise the halves are left
    unread rather than risk a wrong tile. Tiles pressed together without a dark rim have joints as
    thin as their separators, or thinner, so the gaps may choose a joint: a pair they choose stands
    only where the group's shape (``forced``) does not pair its halves otherwise."""

    def choice(i: int) -> int | None:
        ranked = sorted(links[i])
        if len(ranked) > 1 and ranked[1][0] < 2 * ranked[0][0] + 2:
            return None
        return ranked[0][1]

    faces = []
    for i in links:
        j = choice(i)
        if j is not None and i < j and choice(j) == i and forced.get(i, j) == j and forced.get(j, i) == i:
            face = _joined(squares[i], squares[j])
            if face is not None:
                faces.append(face)
    return faces


def _forced(links: dict[int, list[tuple[float, int]]]) -> dict[int, int]:
    """Each square half's other half as the shape of its group forces it, whatever the gaps.

    Where the halves that could pair (``links``) make a single line of four or more, even in number
    (each has at most two neighbours, two have one), the only way to pair them all is from an end
    inward: a line of tiles end to end, each split into its halves. Two lone halves force nothing:
    they may be the upper halves of two tiles side by side, whose lower halves lie elsewhere
    (training seed 91), and the gaps already pair them when they are one tile. Nothing else is forced: an odd
    line has lost a half somewhere (a half the edges did not close, next to a neighbour's), and
    pairing it from one end would pair every tile across its joints; in a row of tiles side by
    side, a cross or a checked cloth, halves have more neighbours and only the gaps tell."""
    neighbours = {i: [j for _, j in ranked] for i, ranked in links.items()}
    pairs: dict[int, int] = {}
    seen: set[int] = set()
    for start in neighbours:
        if start in seen:
            continue
        group = [start]
        seen.add(start)
        for i in group:  # grows while it is walked: the whole connected group
            for j in neighbours[i]:
                if j not in seen:
                    seen.add(j)
                    group.append(j)
        ends = [i for i in group if len(neighbours[i]) == 1]
        if len(group) < 4 or len(group) % 2 or len(ends) != 2 or any(len(neighbours[i]) > 2 for i in group):
            continue
        line = [ends[0], neighbours[ends[0]][0]]
        while len(line) < len(group):
            line.append(next(j for j in neighbours[line[-1]] if j != line[-2]))
        for a, b in zip(line[::2], line[1::2], strict=True):
            pairs[a], pairs[b] = b, a
    return pairs


def _paired_otherwise(quad: np.ndarray, centres: np.ndarray, forced: dict[int, int]) -> bool:
    """Whether a face's two halves are square halves found on their own (``centres``: theirs) that
    the group's shape pairs with others (``_forced``): the face spans a joint between two tiles,
    not a separator.

    In a line of tiles pressed together whose separators reach the rim, the edges may leave the
    faint joint between two tiles open while the separators close each half: the region across
    the joint passes for a face, its joint for a separator, and it reads as a sure phantom."""
    ends = quad[:2].mean(0), quad[2:].mean(0)
    reach = min(_sides(quad)) / 4
    found = []
    for near, far in (ends, ends[::-1]):
        distances = np.linalg.norm(centres - (0.75 * near + 0.25 * far), axis=1)  # from the half's centre
        k = int(np.argmin(distances))
        if distances[k] > reach:
            return False
        found.append(k)
    i, j = found
    return i != j and (forced.get(i, j) != j or forced.get(j, i) != i)


def _joined(a: np.ndarray, b: np.ndarray) -> np.ndarray | None:
    """The face two square halves make, joined along their nearest sides, when it is shaped like
    a domino, else None."""
    middles = [(q + np.roll(q, -1, axis=0)) / 2 for q in (a, b)]
    gaps = np.linalg.norm(middles[0][:, None] - middles[1][None], axis=2)
    ka, kb = (int(k) for k in np.unravel_index(int(np.argmin(gaps)), gaps.shape))
    outer = np.array([a[(ka + 2) % 4], a[(ka + 3) % 4], b[(kb + 2) % 4], b[(kb + 3) % 4]], np.float32)
    hull = cv2.convexHull(outer).reshape(-1, 2)
    if len(hull) != 4:
        return None
    sides = np.linalg.norm(hull - np.roll(hull, 1, axis=0), axis=1)
    long_, short = sides[0] + sides[2], sides[1] + sides[3]
    if not 1.5 <= max(long_, short) / max(1.0, min(long_, short)) <= LONGEST:
        return None
    return _order(hull)


def _outline(mask: np.ndarray) -> tuple[np.ndarray, float, bool]:
    """A region's convex hull, how much of the hull the region (its holes filled) fills, and
    whether it has holes (a face's pips and separator are holes in it; a check of a cloth has none)."""
    contours, _ = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    contour = max(contours, key=cv2.contourArea)  # the outer one: holes lie inside it
    hull = cv2.convexHull(contour)
    hull_area = cv2.contourArea(hull)
    return hull, float(cv2.contourArea(contour) / hull_area) if hull_area > 0 else 0.0, len(contours) > 1


def _faces(small: np.ndarray, edges: np.ndarray, squares: bool) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Closed regions of ``edges`` that look like a domino's face, and (when ``squares``) those that
    look like one square half of a face."""
    h, w = small.shape[:2]
    free = cv2.bitwise_not(edges)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(free, connectivity=4)
    lo, hi = (0.03 * w) ** 2 / 4, (0.3 * w) ** 2 / 2
    # Size and place are judged for all regions at once: a checked cloth makes thousands, and only
    # those of a tile's size, clear of the photo's border, are worth outlining one by one.
    left, top, width, height, size = stats.T
    inside = ((lo if squares else 2 * lo) <= size) & (size <= hi) & (left > 0) & (top > 0) & (left + width < w) & (top + height < h)
    inside[0] = False  # the edges themselves
    quads, halves = [], []
    for i, (x, y, bw, bh, area) in zip(np.flatnonzero(inside).tolist(), stats[inside].tolist(), strict=True):
        mask = (labels[y : y + bh, x : x + bw] == i).astype(np.uint8)
        hull, solidity, holed = _outline(mask)
        if solidity < 0.65 and max(bw, bh) <= 0.15 * w:
            # Pips that touch the rim or each other bite notches into a half's region: close them
            # (only in regions a half's size: closing costs the square of the kernel).
            side = int(0.25 * min(bw, bh)) | 1
            mask = cv2.morphologyEx(np.pad(mask, side), cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)))
            hull, solidity, _ = _outline(mask)
            hull = hull - side
        if solidity < 0.65:
            continue
        hull = hull + np.array([x, y], np.int32)
        quad = _quadrilateral(hull)
        if quad is None:
            continue
        sides = _sides(quad)
        a, b = sides[0] + sides[2], sides[1] + sides[3]
        ratio = max(a, b) / max(1.0, min(a, b))
        # The region lies inside the rim: grow it by a pixel (more would bring the rim into the face).
        centre = quad.sum(0) / 4
        quad = centre + (quad - centre) * (1 + 2.0 / max(1.0, min(a, b)))
        if squares and ratio <= 1.6:
            halves.append(quad)
        # A squat face must have holes: a cloth seen in perspective offers many squat checks.
        if (ratio >= SLIM or (ratio >= SQUAT and holed)) and ratio <= LONGEST and area >= 2 * lo:
            quads.append(_order(quad))
    return quads, halves


def flatten(small: np.ndarray, quad: np.ndarray) -> np.ndarray:
    fw, fh = FACE
    target = np.array([[0, 0], [0, fh], [fw, fh], [fw, 0]], np.float32)
    # quad[0]-quad[1] is a short side (the left end), quad[1]-quad[2] a long side.
    hom = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    return cv2.warpPerspective(small, hom, FACE, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def differences(faces: np.ndarray) -> np.ndarray:
    """How far each pixel of each flat face is from its body's colour (0-255): pips and bar stand
    out. A stack of faces at once: a checked cloth offers hundreds of candidates, and one colour
    conversion and one median for all of them cost far less than one each."""
    n, fh, fw = faces.shape[:3]
    lab = cv2.cvtColor(faces.reshape(n * fh, fw, 3), cv2.COLOR_BGR2Lab).reshape(faces.shape).astype(np.float32)
    body = np.median(lab[:, 6:-6, 6:-6].reshape(n, -1, 3), axis=1)
    diff = np.sqrt(((lab - body[:, None, None]) ** 2).sum(axis=3))
    shown: np.ndarray = np.clip(diff * 2, 0, 255).astype(np.uint8)
    return shown


def separated(diffs: np.ndarray) -> np.ndarray:
    """Which of a stack of difference maps show a face up tile: a line across its middle, a column
    in the bar band that differs from the body along most of the tile's width (a face down tile,
    a card or a coin has none)."""
    band = diffs[:, 10:-10, BAR[0] : BAR[1]] > 60
    face_up: np.ndarray = band.any(axis=2).mean(axis=1) > 0.7
    return face_up


def face_up(small: np.ndarray, quads: list[np.ndarray], chunk: int = 64) -> list[tuple[np.ndarray, np.ndarray]]:
    """(quad, difference map) for each candidate face that has a separator, taken ``chunk`` faces
    at a time (bounded memory however many candidates a busy table offers). A squat face (below
    ``SLIM``) is tried both ways round and kept only when exactly one way shows a separator."""
    tries: list[tuple[int, np.ndarray]] = []
    for k, quad in enumerate(quads):
        tries.append((k, quad))
        sides = _sides(quad)
        a, b = sides[0] + sides[2], sides[1] + sides[3]
        if max(a, b) < SLIM * min(a, b):
            tries.append((k, np.roll(quad, 1, axis=0)))  # the other pair of sides as the tile's ends
    found: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {}
    for start in range(0, len(tries), chunk):
        some = tries[start : start + chunk]
        diffs = differences(np.stack([flatten(small, quad) for _, quad in some]))
        for (k, quad), diff, up in zip(some, diffs, separated(diffs), strict=True):
            if up:
                found.setdefault(k, []).append((quad, diff))
    ups = [ways[0] for _, ways in sorted(found.items()) if len(ways) == 1]
    # A face made of two halves and the halves themselves may all be candidates (``find_faces``):
    # where the halves show separators of their own they are two tiles, and the face across them is none.
    kept: list[np.ndarray] = []
    _add_new(kept, [quad for quad, _ in ups])
    ids = {id(quad) for quad in kept}
    return [(quad, diff) for quad, diff in ups if id(quad) in ids]


def count_pips(diff_half: np.ndarray) -> int:
    """Classical count: blobs of a pip's size that stand out from the body (a difference of
    Gaussians tuned to a pip, counted at its local maxima). Unlike holes in a thresholded body,
    this still counts pips that blur into each other or touch the rim; lines (the rim, a
    separator's end) answer it weakly. A blob under ``PIP_RESPONSE`` counts when it is nearly as
    strong as the half's clear pips (``FAINT``)."""
    f = diff_half.astype(np.float32)
    blobs = cv2.GaussianBlur(f, (0, 0), PIP_SIGMA) - cv2.GaussianBlur(f, (0, 0), 2.5 * PIP_SIGMA)
    peaks = (blobs >= cv2.dilate(blobs, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9)))) & (blobs > 0)
    n, labels = cv2.connectedComponents(peaks.astype(np.uint8))
    strength = np.zeros(n, np.float32)  # each peak's response (a plateau is one peak)
    np.maximum.at(strength, labels[peaks].astype(np.intp), blobs[peaks])
    clear = strength[1:][strength[1:] > PIP_RESPONSE]
    if not len(clear):
        return 0
    least = min(PIP_RESPONSE, FAINT * float(clear.min()))
    return min(int((strength[1:] > least).sum()), 6)


def halves(diff: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    fh = FACE[1]
    return diff[RIM : fh - RIM, RIM : BAR[0]], diff[RIM : fh - RIM, BAR[1] : FACE[0] - RIM]


def read_face(diff: np.ndarray, classifier: Classifier) -> tuple[str | None, bool, list[str], list[tuple[int, int, float]]]:
    """One face: (tile or None, sure, candidates, per-half readings)."""
    readings = []
    options = []
    for half in halves(diff):
        classical = count_pips(half)
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


def _two_bodies(diff: np.ndarray) -> bool:
    """Whether a face's halves are of two colours (``TWO_BODIES``): two checks of a cloth, not one tile's body."""
    first, second = (float(np.median(half)) for half in halves(diff))
    return abs(first - second) > TWO_BODIES


def _plausible(tiles: list[ReadTile]) -> list[ReadTile]:
    """The tiles read, less blank faces far smaller than the photo's others (``SMALLEST``): a
    tile's pips would show at any size, a cloth's checks have none. All are kept when there are
    fewer than two others to tell a tile's size by."""
    areas = np.array([cv2.contourArea(t.corners.astype(np.float32)) if t.corners is not None else 0.0 for t in tiles])
    kept = []
    for k, tile in enumerate(tiles):
        others = np.delete(areas, k)
        blank = all(classical == 0 for classical, _, _ in tile.halves)
        if not blank or len(others) < 2 or areas[k] >= SMALLEST * float(np.median(others)):
            kept.append(tile)
    return kept


def read(image: np.ndarray, classifier: Classifier | None = None) -> list[ReadTile]:
    """The face-up tiles in a BGR photo, boxes in the photo's pixels; PhotoProblem when unreadable."""
    classifier = classifier or Classifier.load()
    h, w = image.shape[:2]
    scale = min(1.0, WORK_SIDE / max(h, w))
    small = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA) if scale < 1 else image
    check_quality(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY))
    out = []
    for quad, diff in face_up(small, find_faces(small)):
        tile, sure, candidates, readings = read_face(diff, classifier)
        if all(classical == 0 for classical, _, _ in readings) and _two_bodies(diff):
            continue
        corners = quad / scale
        x0, y0 = corners.min(0)
        x1, y1 = corners.max(0)
        box = (int(max(0, x0)), int(max(0, y0)), int(min(w, x1) - max(0, x0)), int(min(h, y1) - max(0, y0)))
        out.append(ReadTile(tile, sure, box, candidates, corners, readings))
    out = _plausible(out)
    out.sort(key=lambda t: (t.box[1] // 50, t.box[0]))
    return out
