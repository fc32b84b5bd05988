"""Issue 31: the photo reader on renderer seeds never used for training (``EVAL_SEEDS``).

Prints, over ``--photos`` photos: face-up tiles read correctly and sure, read wrongly yet sure
and sure where no face-up tile is (phantoms; both are silent errors), unsure (abstentions, and how many of those list the truth among their candidates),
unsure where no face-up tile is (unsure phantoms: no error, but each is a box the player must dismiss, so the unsure share counts them
with the unsure readings of tiles, over the face-up tiles), missed; tiles the frame cuts (excused when read right or unsure, silent when read wrong yet sure); dark/blurred photos refused with advice; then the latency of a 4032x3024 JPEG from its bytes
(decoding included) to the tiles, p50/p95 over ``--big`` photos, and the resident memory it added.
Targets (issue 31): >= 98% correct and sure, <= 0.2% silent (wrong and phantoms), <= 3% unsure, p95 <= 800 ms on 2 cores.

    .venv/bin/python benchmarks/sight.py --photos 200 --big 20
    .venv/bin/python benchmarks/sight.py --photos 200 --big 0 --varied 0.5   # half the sets drawn by render.vary
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import sys
import time
from functools import partial
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.sight.evaluate import Tally, evaluate  # noqa: E402
from referee.sight.intake import decode  # noqa: E402
from referee.sight.reader import PhotoProblem, read  # noqa: E402
from referee.sight.render import EVAL_SEEDS, render  # noqa: E402


def big_jpeg(seed: int) -> bytes:
    photo = render(seed, size=(1344, 1008))
    big = cv2.resize(photo.image, (4032, 3024), interpolation=cv2.INTER_CUBIC)
    ok, enc = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return enc.tobytes()


def report(t: Tally, seconds: float) -> None:
    """Print a tally against the issue's targets (also for benchmarks/sight_alien.py's photos)."""
    pct = lambda n: f"{n} ({100 * t.share(n):.1f}%)"  # noqa: E731
    print(f"{t.photos} photos ({t.bad_photos} dark or blurred), {t.tiles} face-up tiles (mirrored copies included), {seconds:.0f} s")
    print(f"  correct and sure:      {pct(t.correct)}   target >= 98%")
    print(f"  silent errors:         {pct(t.silent_all)}   target <= 0.2%")
    print(f"    wrong yet sure:      {t.silent}")
    print(f"    sure where no tile is (phantoms): {t.extra_sure}")
    print(f"  unsure:                {pct(t.unsure_all)}   target <= 3%")
    print(f"    unsure readings of tiles: {t.unsure}; truth among candidates in {t.hinted}")
    print(f"    unsure where no tile is (unsure phantoms): {t.extra_unsure}")
    print(f"  missed:                {pct(t.missed)}")
    print(f"  tiles the frame cuts (not counted above): {t.cut}; read right or unsure, excused: {t.cut_read}; read wrong yet sure: counted as silent")
    print(f"  dark/blurred refused:  {t.bad_refused} of {t.bad_photos}; good photos refused: {t.good_refused}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=200)
    parser.add_argument("--big", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="offset into EVAL_SEEDS")
    parser.add_argument("--varied", type=float, default=0.0, help="share of sets drawn by render.vary (0: the photos of earlier sections)")
    args = parser.parse_args()

    started = time.perf_counter()
    seeds = (EVAL_SEEDS[args.first + i] for i in range(args.photos))
    report(evaluate(seeds, draw=partial(render, varied=args.varied)), time.perf_counter() - started)

    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    times, cpu = [], []
    for i in range(args.big):
        data = big_jpeg(EVAL_SEEDS[args.first + args.photos + i])
        start, start_cpu = time.perf_counter(), time.process_time()
        with contextlib.suppress(PhotoProblem):  # a refused photo costs its time too
            read(decode(data, "image/jpeg").image)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if not times:  # --big 0: accuracy only
        return
    ms = np.array(times) * 1000
    print(f"4032x3024 JPEG, bytes to tiles, {args.big} photos: p50 {np.percentile(ms, 50):.0f} ms, "
          f"p95 {np.percentile(ms, 95):.0f} ms, max {ms.max():.0f} ms   target p95 <= 800 ms")
    cpu_ms = np.array(cpu) * 1000  # what the reading costs the CPU, whatever else the machine runs
    print(f"  CPU time of the same: p50 {np.percentile(cpu_ms, 50):.0f} ms, p95 {np.percentile(cpu_ms, 95):.0f} ms")
    print(f"  peak resident memory grew by {(rss_after - rss_before) / 1024:.0f} MB while reading them (max RSS {rss_after / 1024:.0f} MB)")


if __name__ == "__main__":
    main()
