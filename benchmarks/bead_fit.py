"""How each way of fitting the bead board serves a whole game's placements (issue 27, RESULTS section 70).

``.venv/bin/python benchmarks/bead_fit.py`` replays the golden two-hand record (tests/records) and a seeded
random legal two-player game of the rules package, and for every placement, at 360x740, 390x844 and 430x932
in English and Japanese, works out for each candidate design: the taps, whether a pan (a drag inside the
board's box) was needed before a cell could be tapped, the smallest target tapped, and the mis-tap risk
(targets under 32 px). The board's box (its width, the height it may take on the screen) is measured once per
phone size and language in Chromium on the table page as it is (``--box`` to read it from a JSON file
instead); the rest is the board picture's own geometry (referee/games/bead_game/web.py: 48 units a cell,
22 for the numbers, two empty rings around the layout) and bead_game.js's fit. Figures only, not a test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.games.bead_game.rules import GAME  # noqa: E402
from referee.games.bead_game.rules.play import legal_placements  # noqa: E402
from referee.games.bead_game.rules.state import HAND_SIZE  # noqa: E402
from referee.games.bead_game.rules.view import view  # noqa: E402
from referee.games.bead_game.web import CELL, LABEL, PICKABLE_MARGIN  # noqa: E402
from referee.rules.events import decode  # noqa: E402
from referee.rules.tiles import double_set  # noqa: E402

SIZES = ((360, 740), (390, 844), (430, 932))
LANGS = ("en", "ja")
GOLDEN = ROOT / "tests" / "records" / "bead-game-two-hands.json"
THUMB = 44  # px: a thumb's target (Apple, and this project's floor for every other target)
RISK = 32  # px: under this a tap lands on a neighbour often enough to count as a risk


@dataclass(frozen=True)
class Placement:
    """A placement as the board shows it before the tap: the layout's bounds, its two cells (the one for the
    higher number first, as it is tapped first), the last tile's middle (which the box opens on), whether a
    status (a player out) stands over the board."""

    top: int
    left: int
    rows: int  # drawn, the empty rings included
    cols: int
    cells: tuple[tuple[int, int], tuple[int, int]]
    last: tuple[float, float] | None  # board units (row, col), the last tile's middle
    status: bool


def placements(events: list[dict[str, Any]]) -> Iterator[Placement]:
    state = GAME.start(("Aki", "Ben"), GAME.resolve_options({}))
    for body in events:
        if body["type"] == "place":
            detail = view(state).detail
            b = detail["bounds"]
            top, left = b["top"] - PICKABLE_MARGIN, b["left"] - PICKABLE_MARGIN
            turn = max(h["turn"] for h in detail["board"])
            last = [h["cell"] for h in detail["board"] if h["turn"] == turn and turn > 0]
            a, z = (int(n) for n in body["tile"].split("-"))
            cells = tuple(tuple(c) for c in body["cells"])
            yield Placement(
                top,
                left,
                b["bottom"] + PICKABLE_MARGIN - top + 1,
                b["right"] + PICKABLE_MARGIN - left + 1,
                cells if a >= z else cells[::-1],  # type: ignore[arg-type]
                (sum(c[0] for c in last) / 2, sum(c[1] for c in last) / 2) if last else None,
                detail["final_round"] is not None,
            )
        state = GAME.apply(state, decode(GAME.events, body))


def random_game(seed: int) -> list[dict[str, Any]]:
    """A whole two-player game (two hands) of random legal placements, never passing while a tile fits."""
    rng = random.Random(seed)
    state = GAME.start(("Aki", "Ben"), GAME.resolve_options({}))
    events: list[dict[str, Any]] = []

    def do(body: dict[str, Any]) -> None:
        nonlocal state
        state = GAME.apply(state, decode(GAME.events, body))
        events.append(body)

    while not state.finished:
        tiles = [t for t in double_set(5, 1) for _ in range(2)]
        rng.shuffle(tiles)
        hands = [tiles[i * HAND_SIZE[2] : (i + 1) * HAND_SIZE[2]] for i in range(2)]
        one, two = tiles[2 * HAND_SIZE[2] :][:2]
        starter = [{"tile": f"{one.hi}-{one.lo}", "cells": [[0, 0], [1, 0]]}, {"tile": f"{two.hi}-{two.lo}", "cells": [[0, 1], [1, 1]]}]
        do({"type": "hand", "starter": starter, **({} if state.hands else {"leader": 0})})
        while state.current.over is None:
            seat = state.current.to_move
            options = legal_placements(state, hands[seat])
            if not options:
                do({"type": "pass", "seat": seat})
                continue
            pick = rng.choice(options)
            do({"type": "place", "seat": seat, "tile": pick.tile_text, "cells": [list(c) for c in pick.cells]})
            hands[seat].remove(next(t for t in hands[seat] if sorted((t.hi, t.lo)) == sorted(pick.values)))
        do({"type": "end", "hands": [[f"{t.hi}-{t.lo}" for t in h] for h in hands]})
    return events


@dataclass(frozen=True)
class Box:
    """The board's box on one phone in one language: its inner width, and the height it may take on the
    screen (its CSS most height, cut at the tab bar), without and with a status over the board."""

    width: float
    room: float
    room_status: float


@dataclass(frozen=True)
class Outcome:
    taps: int
    pan: bool
    smallest: float  # px, the smallest target tapped


def cell_rect(p: Placement, cell: tuple[int, int], unit: float) -> tuple[float, float, float, float]:
    x = (LABEL + (cell[1] - p.left) * CELL) * unit
    y = (LABEL + (cell[0] - p.top) * CELL) * unit
    return x, y, x + CELL * unit, y + CELL * unit


def seen(rect: tuple[float, float, float, float], sx: float, sy: float, w: float, h: float) -> bool:
    return rect[0] >= sx - 1 and rect[1] >= sy - 1 and rect[2] <= sx + w + 1 and rect[3] <= sy + h + 1


def scrolled(centre: tuple[float, float], size: tuple[float, float], w: float, h: float) -> tuple[float, float]:
    """The box's scroll that puts ``centre`` (px on the drawn board) in its middle, as far as the board allows."""
    return (
        min(max(0.0, centre[0] - w / 2), max(0.0, size[0] - w)),
        min(max(0.0, centre[1] - h / 2), max(0.0, size[1] - h)),
    )


def fit(p: Placement, box: Box) -> tuple[float, float, float]:
    """The fitted unit (px per board unit: the whole layout and its rings in the box), the box's width and
    the height it may take."""
    room = box.room_status if p.status else box.room
    width, height = LABEL + p.cols * CELL, LABEL + p.rows * CELL
    return min(1.0, box.width / width, room / height), box.width, room


def floor_design(least: float) -> Callable[[Placement, Box], Outcome]:
    """The board fitted to its box, never under ``least`` px a cell: past that it pans in its box, which
    opens on the last tile (b72b15e with 44)."""

    def outcome(p: Placement, box: Box) -> Outcome:
        fitted, w, room = fit(p, box)
        unit = max(least / CELL, fitted)
        size = ((LABEL + p.cols * CELL) * unit, (LABEL + p.rows * CELL) * unit)
        h = min(room, size[1])
        sx, sy = 0.0, 0.0
        if p.last is not None:
            sx, sy = scrolled(((LABEL + (p.last[1] - p.left + 0.5) * CELL) * unit, (LABEL + (p.last[0] - p.top + 0.5) * CELL) * unit), size, w, h)
        pan = not all(seen(cell_rect(p, c, unit), sx, sy, w, h) for c in p.cells)
        return Outcome(3, pan, CELL * unit)

    return outcome


def zoom_design(crowded: float) -> Callable[[Placement, Box], Outcome]:
    """The whole layout in the box; when its cells are under ``crowded`` px, the first tap on the board only
    zooms it to 44 px a cell around that spot (the box keeps its height, the page does not move), then the two
    cells are tapped at that size: a fourth tap."""

    def outcome(p: Placement, box: Box) -> Outcome:
        fitted, w, room = fit(p, box)
        if CELL * fitted >= crowded:
            return Outcome(3, False, CELL * fitted)
        unit = THUMB / CELL
        size = ((LABEL + p.cols * CELL) * unit, (LABEL + p.rows * CELL) * unit)
        h = min(room, (LABEL + p.rows * CELL) * fitted)  # the fitted box's height, kept
        x0, y0, x1, y1 = cell_rect(p, p.cells[0], unit)
        sx, sy = scrolled(((x0 + x1) / 2, (y0 + y1) / 2), size, w, h)
        pan = not all(seen(cell_rect(p, c, unit), sx, sy, w, h) for c in p.cells)
        return Outcome(4, pan, THUMB)

    return outcome


DESIGNS: dict[str, Callable[[Placement, Box], Outcome]] = {
    "A 44 px floor, pan (b72b15e)": floor_design(44),
    "B 32 px floor, pan": floor_design(32),
    "B 24 px floor, pan": floor_design(24),
    "C whole, zoom tap under 44 px": zoom_design(44),
    "C whole, zoom tap under 32 px": zoom_design(32),
    "whole, no floor": floor_design(0),
}


# The board's box on the table page, in one call: its inner width, and the room inside its border it may take on
# the screen: its CSS most height (a border box) or down to the tab bar, the lesser.
MEASURE = """() => { const box = document.querySelector('#table [data-bead-board]'), tabs = document.querySelector('.table-tabs');
  const r = box.getBoundingClientRect(), edge = (box.offsetHeight - box.clientHeight) / 2;
  const bottom = tabs ? tabs.getBoundingClientRect().top : innerHeight;
  return {width: box.clientWidth, room: Math.min(parseFloat(getComputedStyle(box).maxHeight), bottom - r.top) - 2 * edge}; }"""


def measure_boxes(golden: dict[str, Any], cuts: tuple[int, int]) -> dict[str, Box]:
    """The box per phone size and language, in Chromium: the golden record imported up to a placement of its
    second hand (``cuts[0]``) and up to one where a player is out (``cuts[1]``)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.plays import PHONE, table_in
    from tests.conftest import CHROMIUM, CHROMIUM_ARGS, make_app, serve

    boxes: dict[str, Box] = {}
    with (
        tempfile.TemporaryDirectory() as tmp,
        serve(make_app(f"sqlite:///{Path(tmp) / 'fit.sqlite3'}")) as url,
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for width, height in SIZES:
            for lang in LANGS:
                got = []
                for cut in cuts:
                    context = browser.new_context(base_url=url, **{**PHONE, "viewport": {"width": width, "height": height}})
                    page = context.new_page()
                    table_in(page, golden, cut, lang)
                    got.append(page.evaluate(MEASURE))
                    context.close()
                boxes[f"{width}x{height} {lang}"] = Box(got[0]["width"], got[0]["room"], got[1]["room"])
        browser.close()
    return boxes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--box", type=Path, help="the boxes as JSON (written with --save-box), not measured")
    parser.add_argument("--save-box", type=Path)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--each", action="store_true", help="every placement's line too")
    args = parser.parse_args()
    golden = json.loads(GOLDEN.read_text())
    if args.box:
        boxes = {k: Box(**v) for k, v in json.loads(args.box.read_text()).items()}
    else:
        boxes = measure_boxes(golden, (40, 28))
        if args.save_box:
            args.save_box.write_text(json.dumps({k: vars(v) for k, v in boxes.items()}, indent=1))
    games = {"golden": list(placements(golden["events"])), f"random seed {args.seed}": list(placements(random_game(args.seed)))}
    for name, ps in games.items():
        biggest = max(ps, key=lambda p: p.rows * p.cols)
        print(f"\n{name}: {len(ps)} placements, the board up to {max(p.rows for p in ps)} rows x {max(p.cols for p in ps)} columns"
              f" (largest {biggest.rows}x{biggest.cols}), drawn with the empty rings")
        print("| design | phone | box px | pans | 4-tap placements | smallest target px | placements with a target < 32 px / < 44 px |")
        print("|---|---|---|---|---|---|---|")
        for design, outcome in DESIGNS.items():
            for where, box in boxes.items():
                out = [outcome(p, box) for p in ps]
                if args.each:
                    for i, (p, o) in enumerate(zip(ps, out, strict=True)):
                        print(f"  {where} {design} #{i}: {p.rows}x{p.cols} {o}")
                print(f"| {design} | {where} | {box.width:.0f}x{box.room:.0f} ({box.room_status:.0f}) | {sum(o.pan for o in out)} "
                      f"| {sum(o.taps == 4 for o in out)} | {min(o.smallest for o in out):.1f} "
                      f"| {sum(o.smallest < RISK for o in out)} / {sum(o.smallest < THUMB for o in out)} |")


if __name__ == "__main__":
    main()
