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

from collections.abc import Collection, Mapping, Sequence
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
MARK_NUDGES = 20  # steps (a quarter unit for the smallest circles) an end moves out to clear another
# The places an end may move to, in steps out along its arm and aside (either way), nearest first: up to 4
# steps aside, and failing that for the whole picture, up to 8. Ends placed one by one, each the nearest way free,
# may stack up along one line of the layout (eight ends of three spinners in a column: tiles 5.6 px a half tile at
# 360x740); room further aside spreads them, though for other layouts it does worse: each is tried (issue 27).
_NUDGES = tuple(
    tuple(
        sorted(
            ((out, aside) for out in range(MARK_NUDGES) for aside in range(-wide, wide + 1)),
            key=lambda n: (n[0] + abs(n[1]), n[0]),
        )
    )
    for wide in (4, 8)
)
# Where a tap square may sit on its circle, as fractions of the room it has round it, centred first
_OFFSETS = sorted(
    ((ox, oy) for ox in (-1, 0, 1) for oy in (-1, 0, 1)),
    key=lambda o: abs(o[0]) + abs(o[1]),
)
SCALE_STEP = 0.85  # each scale tried is this much smaller than the one before, until the picture fits,
SCALE_HALVINGS = 4  # then the gap to the last that did not fit is halved this many times
SMALLEST_SCALE = 4.0  # CSS px per unit: the search stops here whatever it found (no legal layout gets near)
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
    length = straight.w if direction[0] else straight.h
    far = (straight.cx * direction[0] + straight.cy * direction[1]) + length / 2
    if double:  # a double hangs off the corner when straight on is taken, or past ``reach`` (a run of
        # doubles and the tiles on their sides never turned: a layout 17 units tall, i27-walk2 #15)
        turns = (_CLOCKWISE[direction], _neg(_CLOCKWISE[direction]))
        corners = [_double_corner(parent, direction, t, tile) for t in turns]
        beyond = not parent.double and far > (reach[0] if direction[0] else reach[1])
        return _best([*corners, straight] if beyond else [straight, *corners], others)
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
    """An open end drawn as a marker: where, which tile it joins, its number and count, its circle's centre,
    and the top left corner and side of the square it keeps to itself (a thumb's tap target round a live
    end; only its circle round a dead one, which is no target)."""

    on: str
    number: int
    count: int
    where: str
    cx: float
    cy: float
    sx: float
    sy: float
    side: float

    def clear_of(self, sx: float, sy: float, side: float) -> bool:
        """The square at (sx, sy) of ``side`` meets neither this end's square nor the MARK_AIR round it."""
        return (
            sx + side + MARK_AIR <= self.sx
            or self.sx + self.side + MARK_AIR <= sx
            or sy + side + MARK_AIR <= self.sy
            or self.sy + self.side + MARK_AIR <= sy
        )


def end_marks(
    placed: Sequence[Placed],
    layout: Sequence[Mapping[str, Any]],
    open_ends: Sequence[Mapping[str, Any]],
    r: float = END_R,
    reach: float | None = None,
    dead: Collection[int] = (),
    nudges: Sequence[tuple[int, int]] = _NUDGES[0],
) -> list[EndMark]:
    """One marker of radius ``r`` per open end, just beyond the tile it belongs to, its tap target the
    square ``reach`` (default ``r``) either side of its centre clear of every other end's. An end whose
    number is ``dead`` (no tile left has it) is no target: it keeps only its circle clear. Given a thumb's
    square too, the fullest layouts' ends (6 to 16 of them, most dead) could not all fit the phone's box
    with tiles that can be read (issue 27: 3.3-4.5 px a half tile)."""
    reach = r if reach is None else reach
    by_tile = {p.tile: p for p in placed}
    taken: dict[str, set[tuple[str, int]]] = {}
    for item in layout:
        if item.get("on") is not None:
            taken.setdefault(item["on"], set()).add((item["at"], item["slot"]))
    marks: list[EndMark] = []
    frame = _frame(placed, [], r, reach)
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
        # two ends beside each other (a spinner's and its arm's, two spinners' facing each other) would share
        # a thumb: the later one's square moves off its circle's centre as far as it still holds the circle,
        # and failing that the circle moves out along its arm or aside, a little at a time, the nearest way
        # that clears every square before it (moved only out, an end a hair too close to another was pushed a
        # whole square past it and the picture grew; i27-walk2 #15)
        x, y = p.cx + direction[0] * gap, p.cy + direction[1] * gap
        step = 0.25 * reach / END_R  # a quarter unit for the smallest circles, more for larger ones
        across = _perp(direction)[0]
        own = r if end["number"] in dead else reach
        mark = EndMark(
            end["tile"], end["number"], end["count"], end["where"], x, y, x - own, y - own, 2 * own
        )
        for out, aside in nudges:
            nx = x + (direction[0] * out + across[0] * aside) * step
            ny = y + (direction[1] * out + across[1] * aside) * step
            square = _free_square(nx, ny, r, own, frame, marks)
            if square is not None:
                mark = EndMark(
                    end["tile"], end["number"], end["count"], end["where"], nx, ny, *square, 2 * own
                )
                break
        marks.append(mark)
        frame = _grown(frame, mark, r)
    return marks


def _grown(
    frame: tuple[float, float, float, float], mark: EndMark, r: float
) -> tuple[float, float, float, float]:
    """``frame`` (left, top, width, height) grown to hold ``mark``'s circle and tap square."""
    x0, y0, width, height = frame
    pad = 0.15
    left = min(x0, mark.cx - r - pad, mark.sx)
    top = min(y0, mark.cy - r - pad, mark.sy)
    right = max(x0 + width, mark.cx + r + pad, mark.sx + mark.side)
    bottom = max(y0 + height, mark.cy + r + pad, mark.sy + mark.side)
    return left, top, right - left, bottom - top


def _free_square(
    x: float,
    y: float,
    r: float,
    reach: float,
    frame: tuple[float, float, float, float],
    marks: Sequence[EndMark],
) -> tuple[float, float] | None:
    """The top left corner of a tap square ``reach`` either side for a circle of radius ``r`` at (x, y):
    round it, or moved off it as far as it still holds the circle, clear of every square of ``marks``; None
    when none is. Where it can, the square stays inside ``frame`` grown to hold the circle: a square framed
    round an end at the picture's edge widened the picture by half a square, and shrank the tiles."""
    spare = reach - r
    x0, y0, width, height = frame
    left, top = min(x0, x - r - 0.15), min(y0, y - r - 0.15)
    right, bottom = max(x0 + width, x + r + 0.15), max(y0 + height, y + r + 0.15)
    for inside in (True, False):
        for ox, oy in _OFFSETS:
            sx, sy = x - reach + ox * spare, y - reach + oy * spare
            if inside:
                sx = min(max(sx, left), right - 2 * reach)
                sy = min(max(sy, top), bottom - 2 * reach)
            sx = min(max(sx, x + r - 2 * reach), x - r)  # still holding the circle
            sy = min(max(sy, y + r - 2 * reach), y - r)
            if all(m.clear_of(sx, sy, 2 * reach) for m in marks):
                return sx, sy
    return None


def _shared_sides(marks: Sequence[EndMark]) -> dict[str, int]:
    """Doubles with both sides open -> what the double counts. The rules put its count on one side and 0
    on the other (it counts once, F15). Drawn so, a lone 5-5 read "10" and "0" and a new player asked why
    one side was worth nothing (issue 27); with "10" on both, the next added them up to 20 (newplayer9 row 7);
    "10" and a blank circle left the blank side looking like no place to play. The picture shows half the
    count on each side, the double's number, 5 and 5: the two sides alike, and the circles add up to the count
    as they do everywhere else. The caption says it counts 10 once; covering either side leaves the other
    counting all of it."""
    sides: dict[str, list[int]] = {}
    for m in marks:
        if m.where == "side":
            sides.setdefault(m.on, []).append(m.count)
    return {tile: max(counts) for tile, counts in sides.items() if len(counts) == 2}


def dead_numbers(layout: Sequence[Mapping[str, Any]]) -> set[int]:
    """The numbers every tile of the set bearing them is on ``layout``: an open end showing one is dead, no
    tile left can go on it (i27-walk2 #22: it was tapped for nothing)."""
    laid = {_numbers(item["tile"]) for item in layout}
    return {n for n in range(7) if all((max(n, m), min(n, m)) in laid for m in range(7))}


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


def _frame(
    placed: Sequence[Placed], marks: Sequence[EndMark], r: float, reach: float = 0.0
) -> tuple[float, float, float, float]:
    """The picture's box in units, (left, top, width, height): every tile, every open end's circle of
    radius ``r`` and its tap square (``reach`` either side), and at least one square wide and tall."""
    xs = [p.cx - p.w / 2 for p in placed] + [p.cx + p.w / 2 for p in placed]
    ys = [p.cy - p.h / 2 for p in placed] + [p.cy + p.h / 2 for p in placed]
    xs += [m.cx - r for m in marks] + [m.cx + r for m in marks] + [m.sx for m in marks]
    ys += [m.cy - r for m in marks] + [m.cy + r for m in marks] + [m.sy for m in marks]
    xs += [m.sx + m.side for m in marks]
    ys += [m.sy + m.side for m in marks]
    if not xs:
        xs, ys = [-1.0, 1.0], [-0.5, 0.5]
    pad = 0.15
    x0, y0, x1, y1 = min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
    grow_x, grow_y = max(0.0, 2 * reach - (x1 - x0)) / 2, max(0.0, 2 * reach - (y1 - y0)) / 2
    return x0 - grow_x, y0 - grow_y, x1 - x0 + 2 * grow_x, y1 - y0 + 2 * grow_y


def _fits(placed: Sequence[Placed], marks: Sequence[EndMark], r: float, reach: float, shown: float) -> bool:
    """The picture framed round ``placed`` and ``marks`` (circles ``r``) fits the phone's box at ``shown``
    CSS px per unit, with no two tap squares (``reach`` either side) meeting."""
    frame = _frame(placed, marks, r, reach)
    if frame[2] * shown > SHOWN_IN[0] + 0.5 or frame[3] * shown > SHOWN_IN[1] + 0.5:
        return False
    return all(
        not (a.sx < b.sx + b.side and b.sx < a.sx + a.side and a.sy < b.sy + b.side and b.sy < a.sy + a.side)
        for i, a in enumerate(marks)
        for b in marks[:i]
    )


def _thumb_wide_ends(
    placed: Sequence[Placed],
    layout: Sequence[Mapping[str, Any]],
    open_ends: Sequence[Mapping[str, Any]],
    dead: Collection[int],
) -> tuple[float, float, list[EndMark]]:
    """The open ends' circle radius, the half side of their tap squares and their markers, for the largest
    scale (CSS px per unit in the phone's box) at which the whole picture fits that box with every tap square
    TAP_PX wide. The scale is tried from the tiles' own fit downwards, then closer to the last too large: growing the
    squares to the scale the picture had, then framing it again, fed on itself (two ends a hair too close were
    pushed apart along their arms, the frame grew, the scale fell, the squares grew: a 3-player layout went
    from 793x488 to 1594x3443 units in one play and its tiles to specks; i27-walk2 #15). The circle drawn in
    a square grows only as far as it covers no other tile: the square is transparent and may lie over tiles,
    which are never tapped (newplayer7)."""
    _, _, width, height = _frame(placed, [], 0.0)
    shown = min(SHOWN_IN[0] / width, SHOWN_IN[1] / height)
    too_large = 0.0  # the smallest scale tried that did not fit (none yet)
    found = _at_scale(placed, layout, open_ends, dead, shown)
    while found is None and shown > SMALLEST_SCALE:
        too_large, shown = shown, shown * SCALE_STEP
        found = _at_scale(placed, layout, open_ends, dead, shown)
    for _ in range(SCALE_HALVINGS if too_large and found else 0):  # then closer to the largest that fits
        between = (shown + too_large) / 2
        better = _at_scale(placed, layout, open_ends, dead, between)
        if better is None:
            too_large = between
        else:
            shown, found = between, better
    if found is None:  # at the smallest scale, whatever it gave
        reach = TAP_PX / 2 / shown
        return END_R, reach, end_marks(placed, layout, open_ends, END_R, reach, dead)
    reach, marks, nudges = found
    for r in ((reach + END_R) / 2, END_R + (reach - END_R) / 4):  # larger circles where they cover no tile
        grown = end_marks(placed, layout, open_ends, r, reach, dead, nudges) if r > END_R else marks
        if not any(_covers(m, r, p) for m in grown for p in placed) and _fits(placed, grown, r, reach, shown):
            return r, reach, grown
    return END_R, reach, marks


def _at_scale(
    placed: Sequence[Placed],
    layout: Sequence[Mapping[str, Any]],
    open_ends: Sequence[Mapping[str, Any]],
    dead: Collection[int],
    shown: float,
) -> tuple[float, list[EndMark], Sequence[tuple[int, int]]] | None:
    """The half side of the tap squares, the open ends' markers and the places they were moved to, at
    ``shown`` CSS px per unit, if the picture fits the phone's box there."""
    reach = max(END_R, TAP_PX / 2 / shown)
    for nudges in _NUDGES:
        marks = end_marks(placed, layout, open_ends, END_R, reach, dead, nudges)
        if _fits(placed, marks, END_R, reach, shown):
            return reach, marks, nudges
    return None


def picture(hand: Mapping[str, Any] | None) -> dict[str, Any]:
    """Everything the SVG template needs, in SVG user units, with a viewBox framing it all."""
    layout = list((hand or {}).get("layout") or [])
    placed = place(layout)
    open_ends = (hand or {}).get("open_ends") or []
    dead = dead_numbers(layout)
    r, reach, marks = _thumb_wide_ends(placed, layout, open_ends, dead) if placed else (END_R, END_R, [])
    x0, y0, width, height = _frame(placed, marks, r, reach)
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
            # a double with both sides free counts once: half its count on each side (_shared_sides);
            # an end adding nothing shows the number a tile must match: a spinner's free end drawn "0"
            # read as a blank end (np13 #3: three "0" circles wanting a blank, a 5 and a 5)
            "shown": shared[m.on] // 2 if m.where == "side" and m.on in shared else (m.count or m.number),
            "counts": bool(m.count) or (m.where == "side" and m.on in shared),
            "shared": m.where == "side" and m.on in shared,
            "where": m.where,
            "dead": m.number in dead,
            "cx": round(m.cx * u, 1),
            "cy": round(m.cy * u, 1),
            # its tap square's top left corner: round the circle, or off it towards the picture's middle
            "tap_x": round(m.sx * u, 1),
            "tap_y": round(m.sy * u, 1),
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
