"""A seeded renderer of synthetic table photos: the data the tile reader is trained and measured on.

One seed gives one photo and its ground truth. A scene is drawn flat (the table seen from above),
then seen through a tilted camera (a homography, up to ~45 degrees), lit warm or cold, blurred,
noised and JPEG-compressed. Sets vary the way real ones do: ivory, white or black bodies, black,
white or coloured pips (one colour per number), a brass spinner in the separator, bevel and shadow.
Tiles lie scattered at any angle, in a touching line, a Five Up cross or a touching row of a hand;
face-down tiles, coins, a playing card and a pencil are distractors that the reader must ignore.

Training uses seeds from ``TRAIN_SEEDS``; the benchmark and CI use ``EVAL_SEEDS`` only.

``render(seed, varied=share)`` draws a share of the sets the way many real sets are and the first
renderer's were not (``vary``): fine or faint separators and grooves, small or recessed pips, rims
as faint as the body (joints as thin as separators), dark rims on black tiles, pale yellow pips on
ivory. Issue 31's independent renderer showed the reader missing such tiles. The choices come from a
generator of their own, so a seed's layout, tiles and camera stay those of ``varied=0``, which draws
every photo exactly as before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import product

import cv2
import numpy as np

TRAIN_SEEDS = range(0, 100_000)
EVAL_SEEDS = range(1_000_000, 1_100_000)

# Pip centres in a half's unit square (x right, y down): the usual domino faces.
PIP_SPOTS: dict[int, list[tuple[float, float]]] = {
    0: [],
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}
PIP_COLOURS = [(30, 30, 200), (200, 60, 30), (40, 150, 40), (20, 120, 220), (150, 40, 150), (160, 120, 0), (30, 30, 30)]
BODIES = {"ivory": (200, 232, 240), "white": (245, 245, 245), "black": (28, 28, 30)}  # BGR


@dataclass
class TruthTile:
    tile: str  # canonical, higher half first: "6-4"
    halves: tuple[int, int]  # as drawn: the half at corners 0-1, then the half at corners 2-3
    corners: np.ndarray  # 4x2, in the photo: first half's two corners, then the second half's
    box: tuple[int, int, int, int]


@dataclass
class Photo:
    image: np.ndarray  # BGR, as decoded from the JPEG the renderer made
    jpeg: bytes
    tiles: list[TruthTile] = field(default_factory=list)
    quality: str = "ok"  # "ok", "dark" or "blurred": the two last must be refused with advice
    # Where the camera sees beyond the table's edge, the warp reflects the table in: a face-up tile
    # near the edge shows a second time, mirrored, whole. It is a real tile of the photo, so the
    # answer key holds it too; it is kept apart so that training learns from drawn tiles only.
    mirrored: list[TruthTile] = field(default_factory=list)
    # Face-up tiles (drawn or mirrored) that the frame cuts: partly in the photo. A player would
    # photograph them again, so no reading of one is owed; a reader that reads one whole (the
    # frame may cut a rounded corner's bounding square by a pixel and not the tile) is excused,
    # but a wrong sure reading of one is still a silent error. Kept apart, like ``mirrored``.
    cut: list[TruthTile] = field(default_factory=list)


@dataclass
class TileSet:
    body: tuple[int, int, int]
    pips: list[tuple[int, int, int]]  # colour per number 0..6
    spinner: bool
    bar: tuple[int, int, int]
    pip_scale: float
    # The rim's shade as a share of a light body's (0.6: bold and dark; near 1: faint, so tiles
    # pressed together show joints as thin as their separators), and how far the separator reaches
    # from the middle, as a share of the tile's width (0.4 stops short of the rim, 0.5 meets it).
    rim: float = 0.6
    reach: float = 0.4
    # The separator's width as a share of the tile's length; a groove is a dark line with a light
    # edge beside it (cut into the face) rather than a painted bar.
    bar_width: float = 0.018
    groove: bool = False
    recessed: bool = False  # pips sunk into the face: a light lip round each, its shade inside
    black_rim: int = 70  # a black tile's rim (its grey), which a light body's ``rim`` share does not give


# Pale yellow (BGR), the colour of a number in some ivory sets: it barely differs from the body.
PALE_YELLOW = (70, 205, 235)


def vary(ts: TileSet, rng: np.random.Generator) -> TileSet:
    """The set drawn with what real sets show and ``random_set`` never draws (each at random):
    a fine or faint separator or a groove, small or recessed pips, a faint rim that meets the
    separator's reach, a black tile's rim barely lighter than its body, pale yellow pips on a light body."""
    light = sum(ts.body) > 200
    faint = float(rng.uniform(0.0, 0.65))  # how far the separator's colour goes towards the body's
    bar = tuple(int(round(b * (1 - faint) + c * faint)) for b, c in zip(ts.bar, ts.body, strict=True))
    pips = list(ts.pips)
    if light and rng.random() < 0.3:
        pips[int(rng.integers(7))] = PALE_YELLOW
    return TileSet(
        body=ts.body,
        pips=pips,
        spinner=ts.spinner,
        bar=bar,  # type: ignore[arg-type]
        pip_scale=float(rng.uniform(0.05, 0.075)) if rng.random() < 0.5 else ts.pip_scale,
        rim=float(rng.uniform(0.6, 0.95)),
        reach=float(rng.uniform(0.4, 0.5)),
        bar_width=float(rng.uniform(0.008, 0.018)),
        groove=bool(rng.random() < 0.4),
        recessed=bool(rng.random() < 0.5),
        black_rim=int(rng.integers(35, 71)),
    )


def random_set(rng: np.random.Generator) -> TileSet:
    name = rng.choice(list(BODIES))
    body = tuple(int(np.clip(c + rng.normal(0, 8), 0, 255)) for c in BODIES[name])
    dark = name == "black"
    plain = (235, 235, 235) if dark else (25, 25, 25)
    if rng.random() < 0.4:
        palette = [PIP_COLOURS[i] for i in rng.permutation(len(PIP_COLOURS))]
        if dark:
            palette = [tuple(min(255, c + 90) for c in p) for p in palette]
        pips = palette
    else:
        pips = [plain] * 7
    return TileSet(body, pips, bool(rng.random() < 0.4), plain, float(rng.uniform(0.075, 0.11)))  # type: ignore[arg-type]


def canonical(a: int, b: int) -> str:
    return f"{max(a, b)}-{min(a, b)}"


def _frame(cx: float, cy: float, angle: float, length: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The tile's centre and unit axes: u along its length, v across."""
    u = np.array([math.cos(angle), math.sin(angle)])
    v = np.array([-math.sin(angle), math.cos(angle)])
    return np.array([cx, cy]), u * length, v * length / 2


def tile_corners(cx: float, cy: float, angle: float, length: float) -> np.ndarray:
    c, u, v = _frame(cx, cy, angle, length)
    return np.array([c - u / 2 - v / 2, c - u / 2 + v / 2, c + u / 2 + v / 2, c + u / 2 - v / 2])


def _rounded(corners: np.ndarray, radius: float) -> np.ndarray:
    """A rounded rectangle as a polygon (tiles have rounded corners)."""
    pts = []
    for i in range(4):
        p, prev, nxt = corners[i], corners[i - 1], corners[(i + 1) % 4]
        a = (prev - p) / np.linalg.norm(prev - p)
        b = (nxt - p) / np.linalg.norm(nxt - p)
        for t in np.linspace(0, 1, 5):
            q = p + a * radius * (1 - t) ** 2 + b * radius * t**2
            pts.append(q)
    return np.array(pts)


def _poly(img: np.ndarray, pts: np.ndarray, colour: tuple[int, ...]) -> None:
    cv2.fillPoly(img, [np.round(pts * 16).astype(np.int32)], colour, cv2.LINE_AA, 4)


def draw_tile(img: np.ndarray, shadow: np.ndarray, ts: TileSet, a: int | None, b: int | None,
              cx: float, cy: float, angle: float, length: float, rng: np.random.Generator) -> np.ndarray:
    """Draw one tile (face down when ``a`` is None); answers its corners."""
    corners = tile_corners(cx, cy, angle, length)
    outline = _rounded(corners, length * 0.06)
    off = np.array([length * 0.03, length * 0.04])
    _poly(shadow, outline + off, (1,))
    rim = tuple(int(c * ts.rim) for c in ts.body) if sum(ts.body) > 200 else (ts.black_rim,) * 3
    _poly(img, outline, rim)
    inner = outline + (np.array([cx, cy]) - outline) * 0.04
    body = ts.body if a is not None else tuple(int(c * 0.9) for c in ts.body)
    _poly(img, inner, body)
    if a is None or b is None:  # face down (both are None)
        return corners
    c, u, v = _frame(cx, cy, angle, length)
    width = max(1, int(round(length * ts.bar_width)))
    p, q = c - v * ts.reach, c + v * ts.reach  # most sets stop the bar short of the edges
    if ts.groove:  # its far wall catches the light: a light line beside the dark one
        shift = u * (width + 1) / length
        edge = tuple(min(255, int(c * 1.2 + 20)) for c in ts.body)
        cv2.line(img, tuple(np.round((p + shift) * 16).astype(int)), tuple(np.round((q + shift) * 16).astype(int)), edge, max(1, width // 2), cv2.LINE_AA, 4)
    cv2.line(img, tuple(np.round(p * 16).astype(int)), tuple(np.round(q * 16).astype(int)), ts.bar, width, cv2.LINE_AA, 4)
    if ts.spinner:
        r = length * 0.045
        cv2.circle(img, tuple(np.round(c * 16).astype(int)), int(r * 16), (60, 170, 200), -1, cv2.LINE_AA, 4)
        cv2.circle(img, tuple(np.round(c * 16).astype(int)), int(r * 0.5 * 16), (40, 120, 150), -1, cv2.LINE_AA, 4)
    radius = ts.pip_scale * length / 2
    for half, n in ((0, a), (1, b)):
        origin = c - u / 2 + u / 2 * half - v / 2
        for sx, sy in PIP_SPOTS[n]:
            centre = origin + u / 2 * sx + v * sy
            if ts.recessed:  # a light lip round the pip
                lip = tuple(min(255, int(c * 1.1 + 12)) for c in ts.body)
                cv2.circle(img, tuple(np.round(centre * 16).astype(int)), int(radius * 1.15 * 16), lip, -1, cv2.LINE_AA, 4)
            cv2.circle(img, tuple(np.round(centre * 16).astype(int)), int(radius * 16), ts.pips[n], -1, cv2.LINE_AA, 4)
            if ts.recessed:  # the pip's own wall shades one side of it
                shade = tuple(int(c * 0.6) for c in ts.pips[n])
                inner = centre + np.array([0.25, 0.25]) * radius
                cv2.circle(img, tuple(np.round(inner * 16).astype(int)), int(radius * 0.6 * 16), shade, -1, cv2.LINE_AA, 4)
    return corners


def _background(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    kind = rng.choice(["wood", "felt", "cloth"])
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wood":
        base = np.array(rng.choice([[40, 80, 140], [60, 110, 170], [30, 55, 90], [90, 150, 200]]), np.float32)
        ang = rng.uniform(0, math.pi)
        t = xx * math.cos(ang) + yy * math.sin(ang)
        warp = cv2.GaussianBlur(rng.normal(0, 1, (h // 8, w // 8)).astype(np.float32), (0, 0), 3)
        warp = cv2.resize(warp, (w, h)) * 60
        grain = 0.85 + 0.15 * np.sin((t + warp) / rng.uniform(4, 12))
        img = base[None, None, :] * grain[..., None]
    elif kind == "felt":
        base = np.array(rng.choice([[40, 110, 30], [110, 50, 20], [30, 30, 120], [60, 60, 60]]), np.float32)
        img = base[None, None, :] + rng.normal(0, 10, (h, w, 1)).astype(np.float32)
    else:
        a = np.array(rng.uniform(40, 230, 3), np.float32)
        b = a * rng.uniform(0.7, 0.9)  # gingham: two tones of one colour
        period = rng.uniform(20, 80)
        check = ((xx // period + yy // period) % 2)[..., None]
        weave = 0.9 + 0.1 * np.sin(xx * 1.7)[..., None] * np.sin(yy * 1.7)[..., None]
        img = (a * check + b * (1 - check)) * weave
    cloth: np.ndarray = np.clip(img + rng.normal(0, 4, (h, w, 3)), 0, 255).astype(np.float32)
    return cloth


def _distractors(img: np.ndarray, shadow: np.ndarray, occupied: np.ndarray, rng: np.random.Generator, length: float) -> None:
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(0, 4))):
        kind = rng.choice(["coin", "card", "pencil"])
        cx, cy = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h
        ang = rng.uniform(0, math.pi)
        if kind == "coin":
            r = length * rng.uniform(0.15, 0.3)
            mask = np.zeros((h, w), np.uint8)
            cv2.circle(mask, (int(cx), int(cy)), int(r), 1, -1)
            if (mask & occupied).any():
                continue
            cv2.circle(img, (int(cx), int(cy)), int(r), (120, 170, 190) if rng.random() < 0.5 else (170, 170, 170), -1, cv2.LINE_AA)
            occupied |= mask
            continue
        size = (length * 0.63 * 1.3, length * 0.88 * 1.3) if kind == "card" else (length * 1.6, length * 0.06)
        corners = cv2.boxPoints(((cx, cy), size, math.degrees(ang)))
        mask = np.zeros((h, w), np.uint8)
        cv2.fillPoly(mask, [corners.astype(np.int32)], 1)
        if (mask & occupied).any():
            continue
        occupied |= mask
        _poly(shadow, corners + length * 0.03, (1,))
        colour = (240, 240, 240) if kind == "card" else (30, 180, 220)
        _poly(img, corners, colour)
        if kind == "card":
            cv2.circle(img, (int(cx), int(cy)), int(length * 0.12), (30, 30, 200) if rng.random() < 0.5 else (20, 20, 20), -1, cv2.LINE_AA)


def _layout(rng: np.random.Generator, n: int, w: int, h: int, length: float) -> list[tuple[float, float, float]]:
    """Tile placements (centre, angle): scattered, a touching line, a cross, or a touching hand row."""
    kind = rng.choice(["scatter", "scatter", "line", "cross", "row"])
    cx, cy, base = w * rng.uniform(0.35, 0.65), h * rng.uniform(0.35, 0.65), rng.uniform(0, math.pi)
    u = np.array([math.cos(base), math.sin(base)])
    v = np.array([-math.sin(base), math.cos(base)])
    gap = rng.uniform(0.0, 0.03) * length
    if kind == "line":
        return [(*(np.array([cx, cy]) + u * (i - n / 2) * (length + gap)), base) for i in range(n)]
    if kind == "row":
        return [(*(np.array([cx, cy]) + v * (i - n / 2) * (length / 2 + gap)), base) for i in range(n)]
    if kind == "cross":
        out = [(cx, cy, base + math.pi / 2)]  # the spinner lies across
        arms = [u, -u, v, -v]
        for i in range(1, n):
            arm, k = arms[(i - 1) % 4], (i - 1) // 4
            first = (length / 4 + length / 2 + gap) if arm is arms[0] or arm is arms[1] else (length / 2 + length / 2 + gap)
            pos = np.array([cx, cy]) + arm * (first + k * (length + gap))
            ang = base if arm is arms[0] or arm is arms[1] else base + math.pi / 2
            out.append((pos[0], pos[1], ang))
        return out
    return [(rng.uniform(0.08, 0.92) * w, rng.uniform(0.08, 0.92) * h, rng.uniform(0, 2 * math.pi)) for _ in range(n * 3)]


def _camera(rng: np.random.Generator, w: int, h: int, out_w: int, out_h: int, tilt_max: float) -> np.ndarray:
    """A homography: the flat table seen from a camera tilted up to ``tilt_max`` degrees, turned and zoomed."""
    tilt = math.radians(rng.uniform(0, tilt_max))
    f = 1.2 * w
    rot = cv2.Rodrigues(np.array([tilt, 0, rng.uniform(-0.3, 0.3)]))[0]
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    # The table plane z=0 centred at the origin; the camera looks at it from distance f.
    plane = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, f]], np.float64)
    hom = k @ rot @ plane
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = cv2.perspectiveTransform(src[None], hom)[0]
    # Fit the seen table into the output frame (a photo crops a little, never shows beyond the table).
    lo, hi = dst.min(0), dst.max(0)
    scale = max(out_w / (hi[0] - lo[0]), out_h / (hi[1] - lo[1])) * rng.uniform(1.0, 1.15)
    fit = np.array([[scale, 0, -lo[0] * scale], [0, scale, -lo[1] * scale], [0, 0, 1]])
    mid = fit @ np.array([(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, 1])
    shift = np.array([[1, 0, out_w / 2 - mid[0]], [0, 1, out_h / 2 - mid[1]], [0, 0, 1]])
    camera: np.ndarray = shift @ fit @ hom
    return camera


def render(seed: int, size: tuple[int, int] = (1024, 768), tilt_max: float = 45.0, bad: float = 0.06, varied: float = 0.0) -> Photo:
    """The photo of ``seed``: ``size`` (width, height) pixels; a share ``bad`` of seeds is too dark or
    blurred, a share ``varied`` of sets is drawn by ``vary``."""
    rng = np.random.default_rng(seed)
    looks = np.random.default_rng([seed, 66])  # ``vary``'s own: rng draws the same numbers whatever ``varied`` is
    out_w, out_h = size
    w, h = int(out_w * 1.15), int(out_h * 1.15)
    img = _background(rng, h, w)
    shadow = np.zeros((h, w), np.uint8)
    occupied = np.zeros((h, w), np.uint8)
    length = w * rng.uniform(0.09, 0.15)
    sets = [random_set(rng) for _ in range(int(rng.integers(1, 3)))]
    sets = [vary(ts, looks) if looks.random() < varied else ts for ts in sets]
    n = int(rng.integers(3, 16))
    drawn: list[tuple[tuple[int, int] | None, np.ndarray]] = []
    all_tiles = [(a, b) for a in range(7) for b in range(a, 7)]
    order = rng.permutation(len(all_tiles))
    placed = 0
    for cx, cy, ang in _layout(rng, n, w, h, length):
        if placed >= n:
            break
        corners = tile_corners(cx, cy, ang, length * 1.02)
        if corners.min() < length * 0.2 or (corners[:, 0].max() > w - length * 0.2) or corners[:, 1].max() > h - length * 0.2:
            continue
        mask = np.zeros((h, w), np.uint8)
        cv2.fillPoly(mask, [np.round(corners).astype(np.int32)], 1)
        if (mask & occupied).any():
            continue
        occupied |= mask
        ts = sets[int(rng.integers(len(sets)))]
        if rng.random() < 0.1:
            drawn.append((None, draw_tile(img, shadow, ts, None, None, cx, cy, ang, length, rng)))
        else:
            a, b = all_tiles[order[placed % len(all_tiles)]]
            if rng.random() < 0.5:
                a, b = b, a
            drawn.append(((a, b), draw_tile(img, shadow, ts, a, b, cx, cy, ang, length, rng)))
        placed += 1
    _distractors(img, shadow, occupied, rng, length)
    soft = cv2.GaussianBlur(shadow.astype(np.float32), (0, 0), length * 0.03)
    img *= (1 - 0.35 * soft)[..., None]
    hom = _camera(rng, w, h, out_w, out_h, tilt_max)
    photo: np.ndarray = cv2.warpPerspective(img, hom, (out_w, out_h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    # Light: warm or cold, brighter on one side.
    temp = rng.uniform(-1, 1)
    photo *= np.array([1 - 0.15 * temp, 1.0, 1 + 0.15 * temp], np.float32)
    yy, xx = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    ang = rng.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(ang) + yy * math.sin(ang)) / max(out_w, out_h)
    photo *= (rng.uniform(0.75, 1.15) + rng.uniform(-0.25, 0.25) * ramp)[..., None]
    quality = "ok"
    roll = rng.random()
    if roll < bad / 2:
        quality = "dark"
        photo *= rng.uniform(0.05, 0.12)
    elif roll < bad:
        quality = "blurred"
        photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.012, 0.02) * out_w)
    else:
        sigma = rng.uniform(0, 1.3)
        if sigma > 0.3:
            photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    photo += rng.normal(0, rng.uniform(0, 6), photo.shape).astype(np.float32)
    photo8 = np.clip(photo, 0, 255).astype(np.uint8)
    ok, enc = cv2.imencode(".jpg", photo8, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(60, 95))])
    assert ok
    jpeg = enc.tobytes()
    decoded = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    assert decoded is not None  # the JPEG just encoded
    face_up = [(halves, corners) for halves, corners in drawn if halves is not None]
    truth, cut = _seen(face_up, hom, out_w, out_h)
    mirrored, cut_copies = _seen([(halves, copy) for halves, corners in face_up for copy in _mirrors(corners, w, h)], hom, out_w, out_h)
    return Photo(decoded, jpeg, truth, quality, mirrored, cut + cut_copies)


def _mirrors(corners: np.ndarray, w: int, h: int) -> list[np.ndarray]:
    """The copies of a tile's flat corners that ``BORDER_REFLECT`` shows around the w x h table:
    across each edge and each corner (pixel -1 shows pixel 0: the mirror lies half a pixel out)."""
    xs, ys = [(1, 0), (-1, -1), (-1, 2 * w - 1)], [(1, 0), (-1, -1), (-1, 2 * h - 1)]
    return [corners * (sx, sy) + (tx, ty) for k, ((sx, tx), (sy, ty)) in enumerate(product(xs, ys)) if k]


def _seen(tiles: list[tuple[tuple[int, int], np.ndarray]], hom: np.ndarray, out_w: int, out_h: int) -> tuple[list[TruthTile], list[TruthTile]]:
    """The tiles (halves, flat corners) as the camera sees them: those wholly in frame, and those
    the frame cuts (partly in it). Tiles wholly out of frame are in neither."""
    whole, cut = [], []
    frame = np.array([[0, 0], [out_w, 0], [out_w, out_h], [0, out_h]], np.float32)
    for halves, corners in tiles:
        seen = cv2.perspectiveTransform(corners[None].astype(np.float64), hom)[0]
        x0, y0 = seen.min(0)
        x1, y1 = seen.max(0)
        tile = TruthTile(canonical(*halves), halves, seen, (int(x0), int(y0), int(x1 - x0), int(y1 - y0)))
        if x0 >= 0 and y0 >= 0 and x1 <= out_w and y1 <= out_h:
            whole.append(tile)
        elif cv2.intersectConvexConvex(seen.astype(np.float32), frame)[0] > 0:
            cut.append(tile)
    return whole, cut
