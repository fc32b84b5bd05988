"""Where each Five Up tile lies in the picture of the layout: geometry only, no rules.

Input is the rules' ``detail.hand``: ``layout`` (per placed tile: ``tile``, ``on``, ``via``, ``at``,
``slot``) and ``open_ends``. Output is plain numbers for an SVG template.

The plane is measured in *units*: a tile is 2 x 1 units. Every tile grows an arm in a direction
(east, south, west, north). A non-double lies along its arm; a double lies crosswise. The lead lies
east-west with its higher number to the west; a lead double has its sides west and east and its
spinner ends north and south; a joined double has side 0 towards its parent, side 1 further along the
arm and its spinner ends to either side. An arm that runs past ``REACH`` units from the lead (8 across, 5 down)
turns a corner clockwise (east arm turns south, south turns west, ...) so the picture stays wide and low, as
the phone's box is, though
never right after a double: the tile on a double's side stays in line with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

EAST, SOUTH, WEST, NORTH = (1, 0), (0, 1), (-1, 0), (0, -1)
_CLOCKWISE = {EAST: SOUTH, SOUTH: WEST, WEST: NORTH, NORTH: EAST}

UNIT = 40  # SVG user units per layout unit
PIP_R = 3.6
END_R = 0.68  # an open end's marker radius, in units: big enough for a thumb on a small layout
# The box the picture is drawn in on the smallest phone we serve, 360x740, in CSS px (five_up.css: the
# page's width less its 8 px margins, 32vh tall on a screen up to 800 px high): as the layout grows the
# picture is scaled down to fit it, and each open end's tap target grows in units so that it stays a thumb's
# 44 px there, and so on every wider phone (newplayer4: 71 px shrank to 36 px with six open ends;
# newplayer7: 33 px at 360x740 while sized for a box 45vh tall).
SHOWN_IN = (344.0, 236.0)
# How far an arm runs from the lead before it turns a corner, across and down, in units: a layout wider
# than tall, as the phone's box is at 360x740 (a tall one, turned at 4.5 across, was scaled to 0.27 px a
# unit there and its open ends could not be a thumb wide without covering its tiles; newplayer7)
REACH = (8.0, 5.0)
TAP_PX = 46.0  # 44 px, and a little to spare for the picture's border and the rounding of its numbers
MARK_AIR = 0.15  # units between the squares around two open ends' circles (and their outlines)
MARK_NUDGES = 12  # steps (a quarter unit for the smallest circles) an end moves out to clear another
GROW_ROUNDS = 8  # rounds of growing the open ends as the picture widens around them
_PIPS = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.23), (0.73, 0.23), (0.27, 0.5), (0.73, 0.5), (0.27, 0.77), (0.73, 0.77)),
}


def _numbers(tile: str) -> tuple[int, int]:
    hi, lo = (int(x) for x in tile.split("-"))
    return hi, lo


def _neg(d: tuple[int, int]) -> tuple[int, int]:
    return (-d[0], -d[1])


def _perp(d: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two directions square to ``d``: its left and its right (screen y grows downwards)."""
    return (d[1], -d[0]), (-d[1], d[0])


@dataclass
class Placed:
    """One tile in the plane: centre (cx, cy), size (w, h) in units, its two numbers in reading
    order (top/left first) and the direction of its arm."""

    tile: str
    cx: float
    cy: float
    w: float
    h: float
    first: int
    second: int
    arm: tuple[int, int]
    double: bool
    exits: dict[tuple[str, int], tuple[tuple[int, int], float, float]] = field(default_factory=dict)

    def half(self, d: tuple[int, int]) -> float:
        return self.w / 2 if d[0] else self.h / 2


def _orient(
    tile: str, direction: tuple[int, int], via: int | None, double: bool
) -> tuple[float, float, int, int]:
    """Size and numbers in reading order of a tile laid along (or, a double, across) ``direction``,
    joined by ``via`` at its end nearest the parent."""
    hi, lo = _numbers(tile)
    along_x = (direction[0] != 0) != double
    w, h = (2.0, 1.0) if along_x else (1.0, 2.0)
    if double or via is None:
        return w, h, hi, lo
    other = lo if via == hi else hi
    # the joining number sits at the end facing the parent, i.e. against the arm's direction
    towards_start = direction in (EAST, SOUTH)
    return (w, h, via, other) if towards_start else (w, h, other, via)


def _exits(p: Placed, lead: bool) -> None:
    """Where children go: key (at, slot) -> (direction, child centre offset base x, y)."""
    d = p.arm
    if p.double:
        left, right = _perp(d)
        if lead:  # both sides free; a joined double's side 0 faces its parent
            p.exits[("side", 0)] = (_neg(d), p.cx, p.cy)
        p.exits[("side", 1)] = (d, p.cx, p.cy)
        p.exits[("spinner_end", 0)] = (left, p.cx, p.cy)
        p.exits[("spinner_end", 1)] = (right, p.cx, p.cy)
    elif lead:
        p.exits[("end", 0)] = (WEST, p.cx, p.cy)  # the higher number lies west
        p.exits[("end", 1)] = (EAST, p.cx, p.cy)
    else:
        p.exits[("end", 0)] = (d, p.cx, p.cy)
        p.exits[("end", 1)] = (d, p.cx, p.cy)


def _straight(parent: Placed, direction: tuple[int, int], tile: str, via: int | None, double: bool) -> Placed:
    w, h, a, b = _orient(tile, direction, via, double)
    step = parent.half(direction) + ((w if direction[0] else h) / 2)
    cx, cy = parent.cx + direction[0] * step, parent.cy + direction[1] * step
    return Placed(tile, cx, cy, w, h, a, b, direction, double)


def _corner(
    parent: Placed, direction: tuple[int, int], turn: tuple[int, int], tile: str, via: int | None
) -> Placed:
    """A corner: the new tile's first half lies just beyond its parent's end, and it runs ``turn``."""
    w, h, a, b = _orient(tile, turn, via, False)
    reach = parent.half(direction) + 0.5
    cx = parent.cx + direction[0] * reach + turn[0] * 0.5
    cy = parent.cy + direction[1] * reach + turn[1] * 0.5
    return Placed(tile, cx, cy, w, h, a, b, turn, False)


def _double_corner(parent: Placed, direction: tuple[int, int], turn: tuple[int, int], tile: str) -> Placed:
    """A double round a corner: beyond its parent's end, beside it, crosswise to the new way."""
    w, h, a, b = _orient(tile, turn, None, True)
    cx = parent.cx + direction[0] * (parent.half(direction) + 0.5) + turn[0] * (parent.half(turn) + 0.5)
    cy = parent.cy + direction[1] * (parent.half(direction) + 0.5) + turn[1] * (parent.half(turn) + 0.5)
    return Placed(tile, cx, cy, w, h, a, b, turn, True)


def _overlap(p: Placed, others: Sequence[Placed]) -> float:
    """How much area ``p`` shares with tiles already placed (0: none)."""
    area = 0.0
    for q in others:
        dx = min(p.cx + p.w / 2, q.cx + q.w / 2) - max(p.cx - p.w / 2, q.cx - q.w / 2)
        dy = min(p.cy + p.h / 2, q.cy + q.h / 2) - max(p.cy - p.h / 2, q.cy - q.h / 2)
        if dx > 1e-6 and dy > 1e-6:
            area += dx * dy
    return area


def _best(choices: Sequence[Placed], others: Sequence[Placed]) -> Placed:
    """The first choice that lies on nothing; failing that, the one that covers least."""
    free = next((c for c in choices if not _overlap(c, others)), None)
    return free if free is not None else min(choices, key=lambda c: _overlap(c, others))


def _child_place(
    parent: Placed,
    direction: tuple[int, int],
    tile: str,
    via: int | None,
    reach: tuple[float, float],
    others: Sequence[Placed],
) -> Placed:
    """Straight on, or round a corner once past ``reach``; whichever does not lie on another tile."""
    double = _numbers(tile)[0] == _numbers(tile)[1]
    straight = _straight(parent, direction, tile, via, double)
    if double:  # a double hangs off the corner only when straight on is taken
        turns = (_CLOCKWISE[direction], _neg(_CLOCKWISE[direction]))
        return _best([straight, *(_double_corner(parent, direction, t, tile) for t in turns)], others)
    length = straight.w if direction[0] else straight.h
    far = (straight.cx * direction[0] + straight.cy * direction[1]) + length / 2
    clockwise = _corner(parent, direction, _CLOCKWISE[direction], tile, via)
    counter = _corner(parent, direction, _neg(_CLOCKWISE[direction]), tile, via)
    # a tile on a double's side goes straight on: turned, it stood beside half of the crosswise double, off
    # the line, and a new player could not tell which end it was played on (issue 27); the next tile turns
    past = not parent.double and far > (reach[0] if direction[0] else reach[1])
    choices = (clockwise, straight, counter) if past else (straight, clockwise, counter)
    return _best(choices, others)


def place(layout: Sequence[Mapping[str, Any]], reach: tuple[float, float] = REACH) -> list[Placed]:
    """Every tile of ``layout`` (play order, as the rules describe it) placed in the plane."""
    out: list[Placed] = []
    index: dict[str, Placed] = {}
    for item in layout:
        tile = item["tile"]
        if item.get("on") is None:
            double = _numbers(tile)[0] == _numbers(tile)[1]
            w, h, a, b = _orient(tile, EAST, None, double)
            p = Placed(tile, 0.0, 0.0, w, h, a, b, EAST, double)
            _exits(p, lead=True)
        else:
            parent = index[item["on"]]
            direction = parent.exits[(item["at"], item["slot"])][0]
            p = _child_place(parent, direction, tile, item.get("via"), reach, out)
            _exits(p, lead=False)
        out.append(p)
        index[tile] = p
    return out


@dataclass(frozen=True)
class EndMark:
    """An open end drawn as a tappable marker: where, which tile it joins, its number and count."""

    on: str
    number: int
    count: int
    where: str
    cx: float
    cy: float


def end_marks(
    placed: Sequence[Placed],
    layout: Sequence[Mapping[str, Any]],
    open_ends: Sequence[Mapping[str, Any]],
    r: float = END_R,
    reach: float | None = None,
) -> list[EndMark]:
    """One marker of radius ``r`` per open end, just beyond the tile it belongs to, its tap target the
    square ``reach`` (default ``r``) either side of its centre clear of every other end's."""
    reach = r if reach is None else reach
    by_tile = {p.tile: p for p in placed}
    taken: dict[str, set[tuple[str, int]]] = {}
    for item in layout:
        if item.get("on") is not None:
            taken.setdefault(item["on"], set()).add((item["at"], item["slot"]))
    marks: list[EndMark] = []
    for end in open_ends:
        p = by_tile[end["tile"]]
        if p.double:
            kind = end["where"]
            keys = [k for k in ((kind, 0), (kind, 1)) if k in p.exits]
        else:
            hi, lo = _numbers(p.tile)
            keys = [("end", 0 if end["number"] == hi else 1)]
        used = taken.setdefault(p.tile, set())
        key = next((k for k in keys if k not in used), keys[-1])
        used.add(key)
        direction = p.exits[key][0]
        gap = p.half(direction) + r + 0.04
        # two ends beside each other (a spinner's and its arm's) would share a thumb: the later one moves
        # further out, a little at a time, until the square around its circle is clear
        for _ in range(MARK_NUDGES):
            x, y = p.cx + direction[0] * gap, p.cy + direction[1] * gap
            if all(max(abs(x - m.cx), abs(y - m.cy)) >= 2 * reach + MARK_AIR for m in marks):
                break
            gap += 0.25 * reach / END_R  # a quarter unit for the smallest circles, more for larger ones
        marks.append(EndMark(end["tile"], end["number"], end["count"], end["where"], x, y))
    return marks


def _shared_sides(marks: Sequence[EndMark]) -> dict[str, int]:
    """Doubles with both sides open -> what the double counts. The rules put its count on one side and 0
    on the other (it counts once, F15); drawn so, a lone 5-5 read "10" and "0" and a new player asked why
    one side was worth nothing (issue 27). Both circles show the double's count and the caption says it
    counts once: covering either side leaves the other one counting it."""
    sides: dict[str, list[int]] = {}
    for m in marks:
        if m.where == "side":
            sides.setdefault(m.on, []).append(m.count)
    return {tile: max(counts) for tile, counts in sides.items() if len(counts) == 2}


def pips(p: Placed) -> list[tuple[float, float]]:
    """Pip centres of a placed tile, in units."""
    left, top = p.cx - p.w / 2, p.cy - p.h / 2
    out: list[tuple[float, float]] = []
    for k, n in enumerate((p.first, p.second)):
        ox, oy = (left + k, top) if p.w > p.h else (left, top + k)
        out.extend((ox + x, oy + y) for x, y in _PIPS.get(n, ()))
    return out


def _covers(mark: EndMark, r: float, p: Placed) -> bool:
    """The circle of radius ``r`` around ``mark`` lies over ``p``, a tile other than its own (their
    outlines may touch)."""
    x = min(max(mark.cx, p.cx - p.w / 2), p.cx + p.w / 2)
    y = min(max(mark.cy, p.cy - p.h / 2), p.cy + p.h / 2)
    return p.tile != mark.on and (x - mark.cx) ** 2 + (y - mark.cy) ** 2 < (r - 0.05) ** 2


def _frame(placed: Sequence[Placed], marks: Sequence[EndMark], r: float) -> tuple[float, float, float, float]:
    """The picture's box in units, (left, top, width, height): every tile and every open end's tap square
    ``r`` either side of its centre."""
    xs = [p.cx - p.w / 2 for p in placed] + [p.cx + p.w / 2 for p in placed]
    ys = [p.cy - p.h / 2 for p in placed] + [p.cy + p.h / 2 for p in placed]
    xs += [m.cx - r for m in marks] + [m.cx + r for m in marks]
    ys += [m.cy - r for m in marks] + [m.cy + r for m in marks]
    if not xs:
        xs, ys = [-1.0, 1.0], [-0.5, 0.5]
    pad = 0.15
    x0, y0 = min(xs) - pad, min(ys) - pad
    return x0, y0, max(xs) + pad - x0, max(ys) + pad - y0


def _thumb_wide_ends(
    placed: Sequence[Placed], layout: Sequence[Mapping[str, Any]], open_ends: Sequence[Mapping[str, Any]]
) -> tuple[float, float, list[EndMark]]:
    """The open ends' circle radius, the half side of their tap squares and their markers. A tap square
    grows from END_R until it is TAP_PX wide in the phone's box; larger squares lie further apart and
    widen the picture, so a few rounds settle it. The circle drawn in it grows with it only as far as it
    covers no other tile (a 15-tile layout in a 236 px tall box would need circles four tiles wide): the
    square is transparent, and may lie over tiles, which are never tapped (newplayer7)."""
    r = reach = END_R
    marks = end_marks(placed, layout, open_ends, r)
    for _ in range(GROW_ROUNDS):
        _, _, width, height = _frame(placed, marks, reach)
        shown = min(SHOWN_IN[0] / width, SHOWN_IN[1] / height)  # CSS px per unit on the phone
        if 2 * reach * shown >= TAP_PX:
            break
        reach = TAP_PX / 2 / shown * 1.02
        r = _widest_circle(placed, layout, open_ends, r, reach)
        marks = end_marks(placed, layout, open_ends, r, reach)
    return r, reach, marks


def _widest_circle(
    placed: Sequence[Placed],
    layout: Sequence[Mapping[str, Any]],
    open_ends: Sequence[Mapping[str, Any]],
    r: float,
    reach: float,
) -> float:
    """The largest radius from ``r`` up to ``reach`` whose circles, placed for tap squares ``reach`` wide,
    cover no other tile."""
    grown = reach
    while any(_covers(m, grown, p) for m in end_marks(placed, layout, open_ends, grown, reach) for p in placed):
        grown = (r + grown) / 2
        if grown - r < 0.01:
            return r
    return grown


def picture(hand: Mapping[str, Any] | None) -> dict[str, Any]:
    """Everything the SVG template needs, in SVG user units, with a viewBox framing it all."""
    layout = list((hand or {}).get("layout") or [])
    placed = place(layout)
    open_ends = (hand or {}).get("open_ends") or []
    r, reach, marks = _thumb_wide_ends(placed, layout, open_ends) if placed else (END_R, END_R, [])
    x0, y0, width, height = _frame(placed, marks, reach)
    u = UNIT
    tiles = []
    for p in placed:
        horizontal = p.w > p.h
        x, y = (p.cx - p.w / 2) * u, (p.cy - p.h / 2) * u
        tiles.append(
            {
                "tile": p.tile,
                "x": round(x, 1),
                "y": round(y, 1),
                "w": round(p.w * u, 1),
                "h": round(p.h * u, 1),
                "double": p.double,
                "bar": (
                    (round(x + u, 1), round(y + 4, 1), round(x + u, 1), round(y + u - 4, 1))
                    if horizontal
                    else (round(x + 4, 1), round(y + u, 1), round(x + u - 4, 1), round(y + u, 1))
                ),
                "pips": [(round(px * u, 1), round(py * u, 1)) for px, py in pips(p)],
                "label": f"{p.first}-{p.second}",
            }
        )
    shared = _shared_sides(marks)
    ends = [
        {
            "on": m.on,
            "number": m.number,
            "count": m.count,
            "shown": shared.get(m.on, m.count) if m.where == "side" else m.count,
            "shared": m.where == "side" and m.on in shared,
            "where": m.where,
            "cx": round(m.cx * u, 1),
            "cy": round(m.cy * u, 1),
        }
        for m in marks
    ]
    return {
        "tiles": tiles,
        "ends": ends,
        "view_box": f"{round(x0 * u, 1)} {round(y0 * u, 1)} {round(width * u, 1)} {round(height * u, 1)}",
        "width": round(width * u, 1),
        "height": round(height * u, 1),
        "shared": [{"tile": tile, "count": count} for tile, count in shared.items()],
        "pip_r": PIP_R,
        "end_r": round(r * u, 1),
        "tap": round(reach * u, 1),  # half the side of an open end's tap square, round its circle
        "end_text": round(r * u * 0.74, 1),  # a circle's number, as large in it as it grows
        "unit": u,
    }
