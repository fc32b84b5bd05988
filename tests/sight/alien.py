"""A second, independent renderer of table photos: tiles drawn differently from the reader's own renderer.

The reader was built and trained on ``referee.sight.render``; measuring it only there measures how
well it learned that renderer's habits (issue 31: "tuning to your own renderer alone will show").
This module shares no code and no choices with it (it imports nothing from ``referee.sight``):

- a 3-D scene, not a flat drawing warped afterwards: each tile is a box (length 1.9-2.1 times its
  width, 6-13 mm thick, rounded corners of 3-15 % of its width) on a table plane, seen by a pinhole
  camera tilted 0-45 degrees from straight down; the walls the camera sees are shaded by a directional
  light that also casts each object's hard shadow;
- faces drawn in their own texture, then mapped onto the projected top: recessed pips with an inner
  shadow and a highlit lip, or painted ones; small or large; one colour for all, or one colour per number
  from a random palette (yellow pips on ivory included); sixes in columns along or across the tile;
- separators: a painted line, a groove (dark line with a light edge) or a groove with a brass spinner;
- materials: ivory with streaks, white, black with white or coloured pips, translucent coloured plastic
  (the table shows through a little);
- tables: planks of wood grain, felt, woven cloth, tartan checks, evaluated per pixel on the table plane;
- light: warm or cold, a lamp's fall-off, vignetting, one harsh shadow (a hand or a phone) that may fall
  across tiles; shot and read noise, a phone's sharpening, JPEG at 4032x3024 or phone-shrunk sizes;
- tiles scattered, in a touching line (doubles across), a Five Up cross, or a touching hand row; a few
  face-down tiles, coins and a playing card.

One seed gives one photo and its answer key, shaped as ``referee.sight.evaluate.score`` expects (the
face's corners: first half's short side, then round the tile). ``benchmarks/sight_alien.py`` measures
the reader on it. Nothing here may be used to train or tune the reader.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

SIZES = [(4032, 3024), (3024, 4032), (2016, 1512), (1600, 1200), (1280, 960), (960, 1280), (1024, 768)]
SIZE_ODDS = [0.2, 0.1, 0.15, 0.2, 0.15, 0.1, 0.1]
SCENE = 2048

# Pip places in a half, as (along, across) in 0..1, for a set whose sixes run in columns along the tile.
GRID = {
    0: [],
    1: [(0.5, 0.5)],
    2: [(0, 0), (1, 1)],
    3: [(0, 0), (0.5, 0.5), (1, 1)],
    4: [(0, 0), (0, 1), (1, 0), (1, 1)],
    5: [(0, 0), (0, 1), (0.5, 0.5), (1, 0), (1, 1)],
    6: [(0, 0), (0.5, 0), (1, 0), (0, 1), (0.5, 1), (1, 1)],
}


@dataclass
class Seen:
    """One face-up tile as the photo shows it."""

    tile: str  # higher half first
    halves: tuple[int, int]
    corners: np.ndarray  # 4x2 photo pixels: the first half's short side, then round the tile


@dataclass
class AlienPhoto:
    image: np.ndarray
    jpeg: bytes
    tiles: list[Seen] = field(default_factory=list)
    cut: list[Seen] = field(default_factory=list)  # face-up tiles the frame cuts
    mirrored: list[Seen] = field(default_factory=list)  # always empty: nothing is reflected in
    quality: str = "ok"
    notes: dict[str, str] = field(default_factory=dict)  # the choices made, to break figures down


@dataclass
class Material:
    name: str
    top: np.ndarray  # BGR float
    wall: np.ndarray
    pips: list[np.ndarray]  # per number
    recessed: bool
    pip_r: float  # share of the tile's width
    inset: float  # pip grid's inset in a half, share of the width
    sixes_across: bool
    separator: str  # "line", "groove", "brass"
    see_through: float  # share of the table that shows through the top
    radius: float  # corner radius, share of the width
    ratio: float  # length / width
    thick: float  # mm


def _hsv(h: float, s: float, v: float) -> np.ndarray:
    px = np.uint8([[[int(h) % 180, int(s * 255), int(v * 255)]]])
    return cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)


def _material(rng: np.random.Generator) -> Material:
    name = str(rng.choice(["ivory", "white", "black", "clear"], p=[0.3, 0.3, 0.25, 0.15]))
    if name == "ivory":
        top = _hsv(rng.uniform(18, 26), rng.uniform(0.12, 0.3), rng.uniform(0.82, 0.95))
    elif name == "white":
        top = _hsv(rng.uniform(0, 180), rng.uniform(0, 0.04), rng.uniform(0.9, 0.99))
    elif name == "black":
        top = _hsv(rng.uniform(0, 180), rng.uniform(0, 0.2), rng.uniform(0.06, 0.16))
    else:
        top = _hsv(float(rng.choice([0, 15, 60, 105, 120, 150])), rng.uniform(0.55, 0.9), rng.uniform(0.45, 0.8))
    wall = top * rng.uniform(0.8, 0.95) if rng.random() < 0.75 else _hsv(0, 0, rng.uniform(0.1, 0.3))  # some sets have a dark back layer
    plain = _hsv(0, 0, rng.uniform(0.85, 0.97)) if name in ("black", "clear") else _hsv(rng.uniform(0, 180), rng.uniform(0, 0.3), rng.uniform(0.05, 0.2))
    if rng.random() < 0.45:
        start = rng.uniform(0, 180)
        light = name in ("black", "clear")
        pips = [_hsv(start + 26 * k + rng.uniform(-6, 6), rng.uniform(0.55, 1.0), rng.uniform(0.75, 1.0) if light else rng.uniform(0.45, 0.85)) for k in range(7)]
        order = rng.permutation(7)
        pips = [pips[int(k)] for k in order]
    else:
        pips = [plain] * 7
    return Material(
        name=name,
        top=top,
        wall=wall,
        pips=pips,
        recessed=bool(rng.random() < 0.6),
        pip_r=float(rng.choice([rng.uniform(0.05, 0.07), rng.uniform(0.1, 0.13)])),
        inset=float(rng.uniform(0.2, 0.28)),
        sixes_across=bool(rng.random() < 0.5),
        separator=str(rng.choice(["line", "groove", "brass"], p=[0.4, 0.35, 0.25])),
        see_through=float(rng.uniform(0.1, 0.25)) if name == "clear" else 0.0,
        radius=float(rng.uniform(0.03, 0.15)),
        ratio=float(rng.uniform(1.9, 2.1)),
        thick=float(rng.uniform(6, 13)),
    )


class Camera:
    """A pinhole camera looking at the table's origin from ``tilt`` radians off straight down."""

    def __init__(self, rng: np.random.Generator, w: int, h: int, tile_len: float) -> None:
        fov = math.radians(rng.uniform(58, 72))  # across the long side
        self.f = (max(w, h) / 2) / math.tan(fov / 2)
        self.cx, self.cy = w / 2 + rng.uniform(-0.02, 0.02) * w, h / 2 + rng.uniform(-0.02, 0.02) * h
        self.tilt = math.radians(rng.uniform(0, 45))
        share = rng.uniform(0.08, 0.15)  # a tile's length over the photo's long side, at the middle
        dist = self.f * tile_len / (share * max(w, h))
        azimuth = rng.uniform(0, 2 * math.pi)
        self.centre = dist * np.array([math.sin(self.tilt) * math.cos(azimuth), math.sin(self.tilt) * math.sin(azimuth), math.cos(self.tilt)])
        forward = -self.centre / dist
        roll = rng.uniform(0, 2 * math.pi)
        ref = np.array([math.cos(roll), math.sin(roll), 0.0])
        right = ref - ref.dot(forward) * forward
        right /= np.linalg.norm(right)
        down = np.cross(forward, right)
        self.rot = np.stack([right, down, forward])

    def project(self, points: np.ndarray) -> np.ndarray:
        cam = (points - self.centre) @ self.rot.T
        return np.stack([self.f * cam[:, 0] / cam[:, 2] + self.cx, self.f * cam[:, 1] / cam[:, 2] + self.cy], axis=1)

    def depth(self, point: np.ndarray) -> float:
        return float(((point - self.centre) @ self.rot.T)[2])

    def table_of_pixels(self, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where on the table (z = 0) each pixel's ray lands."""
        rays = np.stack([(xs - self.cx) / self.f, (ys - self.cy) / self.f, np.ones_like(xs)], axis=-1) @ self.rot
        t = -self.centre[2] / rays[..., 2]
        return self.centre[0] + t * rays[..., 0], self.centre[1] + t * rays[..., 1]


def _noise(rng: np.random.Generator, x: np.ndarray, y: np.ndarray, cell: float) -> np.ndarray:
    """Smooth value noise (about -1..1) over table coordinates, one random value per ``cell`` mm."""
    x0, y0 = float(x.min()), float(y.min())
    gw, gh = int((x.max() - x0) / cell) + 3, int((y.max() - y0) / cell) + 3
    grid = rng.normal(0, 1, (gh, gw)).astype(np.float32)
    out: np.ndarray = cv2.remap(grid, ((x - x0) / cell).astype(np.float32), ((y - y0) / cell).astype(np.float32), cv2.INTER_CUBIC, borderMode=cv2.BORDER_REFLECT)
    return out


def _table(rng: np.random.Generator, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, str]:
    kind = str(rng.choice(["wood", "felt", "cloth", "tartan"]))
    if kind == "wood":
        ang = rng.uniform(0, math.pi)
        along, across = x * math.cos(ang) + y * math.sin(ang), -x * math.sin(ang) + y * math.cos(ang)
        plank_w = rng.uniform(80, 160)
        plank = np.floor(across / plank_w)
        tone = 0.85 + 0.15 * np.sin(plank * 12.9898)  # each plank its own shade
        rings = np.sin((across + 25 * _noise(rng, x, y, 60) + 3 * _noise(rng, x, y, 7)) / rng.uniform(1.5, 4) + plank * 3)
        base = _hsv(rng.uniform(8, 20), rng.uniform(0.45, 0.8), rng.uniform(0.3, 0.75))
        grain = (0.8 + 0.12 * rings + 0.05 * _noise(rng, along / 8, across, 2))
        seam = (np.abs(across / plank_w - np.round(across / plank_w)) * plank_w < 0.8)
        img = base * (tone * grain * np.where(seam, 0.45, 1.0))[..., None]
    elif kind == "felt":
        base = _hsv(float(rng.choice([60, 65, 100, 110, 0, 170])), rng.uniform(0.5, 0.85), rng.uniform(0.3, 0.6))
        img = base * (1 + 0.06 * _noise(rng, x, y, 12) + 0.05 * rng.normal(0, 1, x.shape))[..., None]
    elif kind == "cloth":
        base = _hsv(rng.uniform(0, 180), rng.uniform(0.1, 0.7), rng.uniform(0.35, 0.9))
        thread = rng.uniform(1.0, 2.5)
        weave = 0.92 + 0.08 * np.sign(np.sin(x / thread * math.pi) * np.sin(y / thread * math.pi))
        img = base * (weave * (1 + 0.08 * _noise(rng, x, y, 40)))[..., None]
    else:
        a = _hsv(rng.uniform(0, 180), rng.uniform(0.5, 0.9), rng.uniform(0.4, 0.8))
        b = _hsv(rng.uniform(0, 180), rng.uniform(0, 0.3), rng.uniform(0.1, 0.95))
        period = rng.uniform(12, 45)
        ang = rng.uniform(0, math.pi / 2)
        u, v = x * math.cos(ang) + y * math.sin(ang), -x * math.sin(ang) + y * math.cos(ang)
        stripes = ((u / period) % 1 < 0.5).astype(np.float32) + ((v / period) % 1 < 0.5).astype(np.float32)
        img = a * (stripes / 2)[..., None] + b * (1 - stripes / 2)[..., None]
        img = img * (0.95 + 0.05 * np.sin(x * 2.1) * np.sin(y * 2.1))[..., None]
    return img.astype(np.float32), kind


def _face_texture(m: Material, halves: tuple[int, int] | None, tw: int, th: int, light: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The top of a tile (face down when ``halves`` is None), ``tw`` x ``th`` pixels, BGR float."""
    yy, xx = np.mgrid[0:th, 0:tw].astype(np.float32)
    tex = np.empty((th, tw, 3), np.float32)
    tex[:] = m.top
    if m.name == "ivory":  # streaks along the tile
        streak = 1 + 0.03 * np.sin(yy / th * rng.uniform(20, 60) + 2 * np.sin(xx / tw * 5))
        tex *= streak[..., None]
    # A soft bevel darkens the rim; a gloss highlight lies where the light reflects.
    edge = np.minimum(np.minimum(xx, tw - 1 - xx), np.minimum(yy, th - 1 - yy)) / th
    tex *= (0.82 + 0.18 * np.clip(edge / 0.06, 0, 1))[..., None]
    gx, gy = rng.uniform(0.2, 0.8) * tw, rng.uniform(0.2, 0.8) * th
    gloss = np.exp(-(((xx - gx) / (0.5 * th)) ** 2 + ((yy - gy) / (0.3 * th)) ** 2)) * rng.uniform(0, 35)
    tex += gloss[..., None]
    if halves is None:
        if rng.random() < 0.5:  # a stamped mark on the back
            cv2.circle(tex, (tw // 2, th // 2), int(th * 0.18), tuple(float(c) for c in m.top * 0.8), max(1, th // 40), cv2.LINE_AA)
        return tex
    sep = max(1, round(th * rng.uniform(0.02, 0.035)))
    span = rng.uniform(0.0, 0.15) * th
    a, b = (int(tw / 2), int(span)), (int(tw / 2), int(th - span))
    dark = tuple(float(c) for c in (m.top * 0.35 if m.name != "black" else np.array([200.0, 200, 200])))
    if m.separator == "line":
        cv2.line(tex, a, b, dark, sep, cv2.LINE_AA)
    else:
        cv2.line(tex, a, b, tuple(float(c) for c in m.top * 0.55), sep + 1, cv2.LINE_AA)
        cv2.line(tex, (a[0] + sep, a[1]), (b[0] + sep, b[1]), tuple(float(min(255, c * 1.25 + 20)) for c in m.top), max(1, sep // 2), cv2.LINE_AA)
    if m.separator == "brass":
        r = int(th * rng.uniform(0.07, 0.1))
        centre = (tw // 2, th // 2)
        cv2.circle(tex, centre, r, (40, 140, 185), -1, cv2.LINE_AA)
        cv2.circle(tex, (centre[0] - r // 3, centre[1] - r // 3), max(1, r // 3), (150, 220, 245), -1, cv2.LINE_AA)
        cv2.circle(tex, centre, max(1, r // 4), (25, 80, 110), -1, cv2.LINE_AA)
    half_w = tw / 2
    radius = m.pip_r * th
    lip = light[:2] / (np.linalg.norm(light[:2]) + 1e-6)  # where the recess's shadow falls
    for k, n in enumerate(halves):
        for along, across in GRID[n]:
            if m.sixes_across and n == 6:
                along, across = across, along
            px = k * half_w + m.inset * th + along * (half_w - 2 * m.inset * th)
            py = m.inset * th + across * (th - 2 * m.inset * th)
            colour = m.pips[n]
            if m.recessed:
                cv2.circle(tex, (round(px * 8), round(py * 8)), round(radius * 1.08 * 8), tuple(float(c) for c in m.top * 1.1 + 12), -1, cv2.LINE_AA, 3)
                cv2.circle(tex, (round(px * 8), round(py * 8)), round(radius * 8), tuple(float(c) for c in colour), -1, cv2.LINE_AA, 3)
                sx, sy = px - lip[0] * radius * 0.35, py - lip[1] * radius * 0.35
                shade = tuple(float(c) for c in colour * 0.55)
                cv2.ellipse(tex, (round(sx * 8), round(sy * 8)), (round(radius * 0.8 * 8), round(radius * 0.8 * 8)), 0, 0, 360, shade, -1, cv2.LINE_AA, 3)
                cv2.circle(tex, (round((px + lip[0] * radius * 0.2) * 8), round((py + lip[1] * radius * 0.2) * 8)), round(radius * 0.55 * 8), tuple(float(c) for c in colour), -1, cv2.LINE_AA, 3)
            else:
                cv2.circle(tex, (round(px * 8), round(py * 8)), round(radius * 8), tuple(float(c) for c in colour), -1, cv2.LINE_AA, 3)
    return tex


def _rounded_outline(length: float, width: float, radius: float, steps: int = 6) -> np.ndarray:
    """A rounded rectangle's outline around the origin, counter-clockwise, in mm."""
    pts = []
    for sx, sy, start in ((1, 1, 0), (-1, 1, 90), (-1, -1, 180), (1, -1, 270)):
        cx, cy = sx * (length / 2 - radius), sy * (width / 2 - radius)
        for t in np.linspace(start, start + 90, steps):
            pts.append((cx + radius * math.cos(math.radians(t)), cy + radius * math.sin(math.radians(t))))
    return np.array(pts)


@dataclass
class Thing:
    """Something standing on the table: its outline (mm, around its centre), height and colours."""

    centre: np.ndarray
    angle: float
    outline: np.ndarray
    height: float
    wall: np.ndarray
    top: np.ndarray | None = None  # texture for the top, mapped over the rectangle ``size``
    size: tuple[float, float] = (0.0, 0.0)
    see_through: float = 0.0
    truth: tuple[int, int] | None = None

    def world(self, pts: np.ndarray, z: float) -> np.ndarray:
        c, s = math.cos(self.angle), math.sin(self.angle)
        xy = pts @ np.array([[c, s], [-s, c]]) + self.centre
        return np.concatenate([xy, np.full((len(pts), 1), z)], axis=1)


def _blend(img: np.ndarray, poly: np.ndarray, colour: np.ndarray | None = None, tex: np.ndarray | None = None,
           tex_quad: np.ndarray | None = None, see_through: float = 0.0) -> None:
    """Paint a convex polygon (photo pixels) with a colour or a texture mapped onto ``tex_quad``."""
    h, w = img.shape[:2]
    x0, y0 = np.floor(poly.min(0)).astype(int) - 2
    x1, y1 = np.ceil(poly.max(0)).astype(int) + 2
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(mask, [np.round((poly - (x0, y0)) * 16).astype(np.int32)], 255, cv2.LINE_AA, 4)
    alpha = (mask.astype(np.float32) / 255)[..., None]
    if tex is not None and tex_quad is not None:
        th, tw = tex.shape[:2]
        hom = cv2.getPerspectiveTransform(np.float32([[0, 0], [tw, 0], [tw, th], [0, th]]), (tex_quad - (x0, y0)).astype(np.float32))
        paint = cv2.warpPerspective(tex, hom, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    else:
        paint = np.broadcast_to(np.asarray(colour, np.float32), (y1 - y0, x1 - x0, 3))
    alpha = alpha * (1 - see_through)
    roi = img[y0:y1, x0:x1]
    roi[:] = roi * (1 - alpha) + paint * alpha


def _draw(img: np.ndarray, cam: Camera, thing: Thing, light: np.ndarray) -> None:
    bottom, top = thing.world(thing.outline, 0.0), thing.world(thing.outline, thing.height)
    pb, pt = cam.project(bottom), cam.project(top)
    n = len(thing.outline)
    for i in range(n):  # walls facing the camera, shaded by the light
        j = (i + 1) % n
        mid = (bottom[i] + bottom[j]) / 2
        edge = bottom[j] - bottom[i]
        normal = np.array([edge[1], -edge[0], 0.0])  # outward: the outline runs counter-clockwise
        normal /= np.linalg.norm(normal) + 1e-9
        if normal.dot(cam.centre - mid) <= 0:
            continue
        shade = 0.35 + 0.55 * max(0.0, float(normal.dot(light)))
        _blend(img, np.array([pb[i], pb[j], pt[j], pt[i]]), colour=thing.wall * shade)
    if thing.top is None:
        _blend(img, pt, colour=thing.wall * 1.1)
        return
    length, width = thing.size
    rect = thing.world(np.array([[-length / 2, -width / 2], [length / 2, -width / 2], [length / 2, width / 2], [-length / 2, width / 2]]), thing.height)
    _blend(img, pt, tex=thing.top, tex_quad=cam.project(rect), see_through=thing.see_through)


def _shadow(mask: np.ndarray, cam: Camera, thing: Thing, light: np.ndarray) -> None:
    """The hard shadow a directional light casts from ``thing`` onto the table."""
    pts = np.concatenate([thing.world(thing.outline, 0.0), thing.world(thing.outline, thing.height)])
    flat = pts - pts[:, 2:3] / light[2] * light
    hull = cv2.convexHull(cam.project(flat).astype(np.float32))
    cv2.fillPoly(mask, [np.round(hull * 16).astype(np.int32)], 1.0, cv2.LINE_AA, 4)


def _placements(rng: np.random.Generator, n: int, tiles: list[tuple[int, int]], length: float, width: float,
                spot: Callable[[float], np.ndarray]) -> tuple[list[tuple[float, float, float, tuple[int, int]]], str]:
    """(x, y, angle, halves) for each tile, and the layout's name; ``spot(share)`` is a table point
    seen in the middle ``share`` of the photo."""
    kind = str(rng.choice(["scatter", "line", "cross", "row"], p=[0.35, 0.25, 0.2, 0.2]))
    base = rng.uniform(0, 2 * math.pi)
    u, v = np.array([math.cos(base), math.sin(base)]), np.array([-math.sin(base), math.cos(base)])
    origin = spot(0.3)
    gap = lambda: rng.uniform(0, 0.6)  # noqa: E731  mm between touching tiles
    out = []
    if kind == "scatter":
        for _ in range(n * 4):
            if len(out) >= n:
                break
            p = spot(0.85)
            ang = rng.uniform(0, 2 * math.pi)
            if all(np.hypot(p[0] - q[0], p[1] - q[1]) > length * 1.2 for q in out):
                out.append((p[0], p[1], ang, tiles[len(out)]))
    elif kind == "line":
        at = -n / 2 * length
        for t in tiles[:n]:
            across = t[0] == t[1]
            extent = width if across else length
            p = origin + u * (at + extent / 2)
            out.append((p[0], p[1], base + (math.pi / 2 if across else 0.0), t))
            at += extent + gap()
    elif kind == "row":
        for k, t in enumerate(tiles[:n]):
            p = origin + v * (k - n / 2) * (width + gap())
            out.append((p[0], p[1], base, t))
    else:
        spinner = next((t for t in tiles if t[0] == t[1]), (5, 5))
        rest = [t for t in tiles if t != spinner]
        out.append((origin[0], origin[1], base + math.pi / 2, spinner))
        reach = {0: width / 2, 1: width / 2, 2: length / 2, 3: length / 2}
        for k, t in enumerate(rest[: n - 1]):
            arm = k % 4
            direction = [u, -u, v, -v][arm]
            p = origin + direction * (reach[arm] + gap() + length / 2)
            reach[arm] += length + gap()
            out.append((p[0], p[1], base if arm < 2 else base + math.pi / 2, t))
    return out, kind


def render_alien(seed: int) -> AlienPhoto:
    """The alien photo of ``seed``, with its answer key."""
    rng = np.random.default_rng([31, seed])
    out_w, out_h = SIZES[int(rng.choice(len(SIZES), p=SIZE_ODDS))]
    # The scene is drawn at most SCENE pixels long (twice what the reader looks at), then enlarged
    # to the sensor's size before the sensor's noise, sharpening and JPEG are applied.
    zoom = max(1.0, max(out_w, out_h) / SCENE)
    w, h = round(out_w / zoom), round(out_h / zoom)
    sets = [_material(rng) for _ in range(int(rng.choice([1, 1, 2])))]
    length = rng.uniform(40, 55)
    cam = Camera(rng, w, h, length)
    light = np.array([rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0.6, 2.5)])
    light /= np.linalg.norm(light)

    # The table, evaluated per pixel on its own plane.
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    tx, ty = cam.table_of_pixels(xs + 0.5, ys + 0.5)
    table, table_kind = _table(rng, tx, ty)
    lamp = rng.uniform(-300, 300, 2)
    fall = 1 / (1 + ((tx - lamp[0]) ** 2 + (ty - lamp[1]) ** 2) / rng.uniform(300, 900) ** 2)
    lamp_light = (0.55 + 0.45 * fall / fall.max()) if rng.random() < 0.6 else np.ones_like(tx)
    img = table

    # What lies on it: the tiles, some face down, coins and a card.
    def spot(share: float) -> np.ndarray:
        px, py = (0.5 + rng.uniform(-share, share) / 2) * w, (0.5 + rng.uniform(-share, share) / 2) * h
        x, y = cam.table_of_pixels(np.array([px]), np.array([py]))
        return np.array([float(x[0]), float(y[0])])

    all_tiles = [(a, b) for a in range(7) for b in range(a, 7)]
    tiles = [all_tiles[int(k)] for k in rng.permutation(28)]
    tiles = [(b, a) if rng.random() < 0.5 else (a, b) for a, b in tiles]
    n = int(rng.integers(3, 15))
    places, layout = _placements(rng, n, tiles, length, length / sets[0].ratio, spot)
    things: list[Thing] = []
    for x, y, ang, halves in places:
        m = sets[int(rng.integers(len(sets)))]
        width = length / m.ratio
        down = rng.random() < 0.08
        tex_h = int(np.clip(width / length * max(w, h) * 0.15 * 1.5, 40, 200))
        tex = _face_texture(m, None if down else halves, round(tex_h * m.ratio), tex_h, light, rng)
        things.append(Thing(np.array([x, y]), ang, _rounded_outline(length, width, m.radius * width), m.thick, m.wall, tex,
                            (length, width), m.see_through, None if down else halves))
    for _ in range(int(rng.integers(0, 4))):
        kind = rng.choice(["coin", "card"], p=[0.7, 0.3])
        p = spot(0.85)
        if kind == "coin":
            r = rng.uniform(9, 14)
            metal = np.array([60, 150, 190], np.float32) if rng.random() < 0.5 else np.array([175, 175, 170], np.float32)
            size = int(np.clip(r / length * max(w, h) * 0.15 * 2, 16, 120))
            tex = np.empty((size, size, 3), np.float32)
            tex[:] = metal
            cv2.circle(tex, (size // 2, size // 2), int(size * 0.42), tuple(float(c) for c in metal * 0.8), max(1, size // 20), cv2.LINE_AA)
            cv2.putText(tex, str(int(rng.integers(1, 10))), (size // 3, int(size * 0.68)), cv2.FONT_HERSHEY_SIMPLEX, size / 60, tuple(float(c) for c in metal * 0.7), max(1, size // 25))
            circle = np.array([(r * math.cos(t), r * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 28, endpoint=False)])
            thing = Thing(p, 0.0, circle, rng.uniform(1.5, 2.5), metal * 0.8, tex, (2 * r, 2 * r))
        else:
            cw, ch = 63.0, 88.0
            size = int(np.clip(ch / length * max(w, h) * 0.15, 60, 300))
            tex = np.full((size, int(size * ch / cw), 3), 245, np.float32)  # its length runs along the texture's rows
            red = rng.random() < 0.5
            ink = (40, 40, 200) if red else (25, 25, 25)
            for k in range(int(rng.integers(2, 7))):  # the suit's marks
                cx_, cy_ = int(tex.shape[1] * (0.2 + 0.6 * (k // 2) / 2)), int(size * (0.35 + 0.3 * (k % 2)))
                cv2.circle(tex, (cx_, cy_), max(2, size // 14), ink, -1, cv2.LINE_AA)
            cv2.putText(tex, str(int(rng.integers(2, 11))), (4, size // 6), cv2.FONT_HERSHEY_SIMPLEX, size / 200, ink, max(1, size // 80))
            outline = _rounded_outline(ch, cw, 3.0, 4)
            thing = Thing(p, rng.uniform(0, 2 * math.pi), outline, 0.3, np.array([230, 230, 230], np.float32), tex, (ch, cw))
        clear = all(np.hypot(*(p - t.centre)) > (length * 0.75 + (50 if kind == "card" else 15)) for t in things)
        if clear:
            things.append(thing)

    shadow = np.zeros((h, w), np.float32)
    for thing in things:
        _shadow(shadow, cam, thing, light)
    img *= (1 - rng.uniform(0.3, 0.55) * cv2.GaussianBlur(shadow, (0, 0), max(0.5, 0.0008 * w)))[..., None]
    for thing in sorted(things, key=lambda t: -cam.depth(np.array([*t.centre, 0.0]))):
        _draw(img, cam, thing, light)

    # Light over everything: a lamp, a colour temperature, a hand's harsh shadow, vignetting.
    img *= lamp_light[..., None]
    warm = rng.uniform(-1, 1)
    img *= np.array([1 - 0.18 * warm, 1 - 0.03 * abs(warm), 1 + 0.15 * warm], np.float32)
    if rng.random() < 0.5:
        hand = np.zeros((h, w), np.float32)
        corner = np.array([rng.choice([0, w]), rng.choice([0, h])], np.float32)
        reach = np.array([w / 2, h / 2], np.float32) + rng.uniform(-0.25, 0.25, 2) * (w, h)
        side = np.array([-(reach - corner)[1], (reach - corner)[0]]) * rng.uniform(0.15, 0.3)
        cv2.fillPoly(hand, [np.round(np.array([corner - side, reach - side * 0.6, reach + side * 0.6, corner + side])).astype(np.int32)], 1.0)
        img *= (1 - rng.uniform(0.3, 0.55) * cv2.GaussianBlur(hand, (0, 0), rng.uniform(0.002, 0.012) * w))[..., None]
    r2 = ((xs - w / 2) ** 2 + (ys - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    img *= (1 - rng.uniform(0, 0.45) * r2)[..., None]
    img *= rng.uniform(0.8, 1.2)

    # The camera: lens softness, sensor noise, the phone's sharpening, JPEG.
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.4, 1.1) * max(w, h) / 1024)
    if zoom > 1:
        img = cv2.resize(img, (out_w, out_h), interpolation=cv2.INTER_CUBIC)
    w, h = out_w, out_h
    img = np.clip(img, 0, 255)
    cv2.setRNGSeed(int(rng.integers(2**31)))  # OpenCV's own generator: a sensor's worth of noise, fast
    grain = np.empty_like(img)
    cv2.randn(grain, (0.0, 0.0, 0.0), (1.0, 1.0, 1.0))
    img += np.sqrt(img) * grain * np.float32(rng.uniform(0.1, 0.6))  # shot noise
    cv2.randn(grain, (0.0, 0.0, 0.0), (float(rng.uniform(0.5, 3)),) * 3)
    img += grain  # read noise
    if rng.random() < 0.6:
        soft = cv2.GaussianBlur(img, (0, 0), 1.5 * max(w, h) / 2016)
        img = cv2.addWeighted(img, 1.6, soft, -0.6, 0)
    ok, enc = cv2.imencode(".jpg", np.clip(img, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(70, 96))])
    assert ok
    decoded = cv2.imdecode(enc, cv2.IMREAD_COLOR)

    photo = AlienPhoto(decoded, enc.tobytes())
    frame = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    for thing in things:
        if thing.truth is None:
            continue
        length_, width_ = thing.size
        corners = zoom * cam.project(thing.world(np.array([[-length_ / 2, -width_ / 2], [-length_ / 2, width_ / 2], [length_ / 2, width_ / 2], [length_ / 2, -width_ / 2]]), thing.height))
        a, b = thing.truth
        seen = Seen(f"{max(a, b)}-{min(a, b)}", (a, b), corners)
        if corners.min() >= 0 and (corners[:, 0] <= w).all() and (corners[:, 1] <= h).all():
            photo.tiles.append(seen)
        elif cv2.intersectConvexConvex(corners.astype(np.float32), frame)[0] > 0:
            photo.cut.append(seen)
    names = sorted({m.name for m in sets})
    photo.notes = {
        "size": f"{w}x{h}", "layout": layout, "table": table_kind, "set": "+".join(names),
        "pips": "+".join(sorted({("colour" if len({tuple(p) for p in m.pips}) > 1 else "plain") + ("/recessed" if m.recessed else "/painted") for m in sets})),
        "separator": "+".join(sorted({m.separator for m in sets})), "tilt": f"{math.degrees(cam.tilt):.0f}",
    }
    return photo
