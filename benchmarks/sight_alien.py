"""Issue 31: the photo reader on tiles drawn by an independent renderer (tests/sight/alien.py).

The reader was built and trained on its own renderer (referee/sight/render.py); these photos share no
code and no choices with it: 3-D tiles of other proportions, walls and corners, recessed or painted pips
of other sizes and colours, grooves and brass spinners, translucent sets, other tables and light, a real
camera's tilt, noise and sharpening, 4032x3024 and phone-shrunk JPEGs. Prints the same figures as
benchmarks/sight.py (same scoring), then the tiles that were not read right and sure, by the photo's
choices, so that a weakness can be named. Never tune the reader on these seeds: they measure it.

    .venv/bin/python benchmarks/sight_alien.py --photos 200
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sight import report  # noqa: E402

from referee.sight.evaluate import Tally, score  # noqa: E402
from referee.sight.reader import PhotoProblem, ReadTile, read  # noqa: E402
from tests.sight.alien import render_alien  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="first seed")
    args = parser.parse_args()
    started = time.perf_counter()
    total = Tally()
    faults: dict[str, Counter[str]] = {}
    tiles: Counter[str] = Counter()
    for seed in range(args.first, args.first + args.photos):
        photo = render_alien(seed)
        try:
            found: list[ReadTile] | None = read(photo.image)
        except PhotoProblem:
            found = None
        t = score(photo, found)
        total.add(t)
        wrong = t.silent_all + t.unsure_all + t.missed
        for key, value in photo.notes.items():
            tiles[f"{key}={value}"] += t.tiles
            if wrong:
                faults.setdefault(key, Counter())[value] += wrong
        if wrong:
            print(f"  seed {seed}: {t.tiles} tiles, {t.silent} wrong yet sure, {t.extra_sure} sure phantoms, {t.unsure} unsure, "
                  f"{t.extra_unsure} unsure phantoms, {t.missed} missed, refused {bool(found is None)}  {photo.notes}", flush=True)
    report(total, time.perf_counter() - started)
    print("not right and sure (silent + unsure + missed), by the photo's choices (of the tiles with that choice):")
    for key, counts in faults.items():
        print(f"  {key}: " + ", ".join(f"{value} {n}/{tiles[f'{key}={value}']}" for value, n in counts.most_common()))


if __name__ == "__main__":
    main()
