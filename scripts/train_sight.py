"""Train the pip classifier of the photo reader (referee/sight/pips.yml.gz) from the project's renderer.

Reproduce the shipped weights exactly (OpenCV only, no PyTorch; a few minutes on one core):

    .venv/bin/python scripts/train_sight.py --photos 300 --seed 0

Every photo comes from ``referee.sight.render`` with a seed in ``TRAIN_SEEDS`` (``--varied``: that
share of its sets drawn by ``render.vary``; the shipped weights use none: weights trained with 0.5
read more of the independent renderer's tiles but with more sure phantoms, RESULTS.md section 66); the halves are cut
out by the classical reader itself (so the classifier sees what it will see at run time) and
labelled from the renderer's ground truth. Each half is also used flipped and turned half a turn
(a half's pip count does not change). The benchmark (benchmarks/sight.py) uses ``EVAL_SEEDS`` only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.sight.model import MODEL_PATH, half_features  # noqa: E402
from referee.sight.reader import face_up, find_faces, halves  # noqa: E402
from referee.sight.render import TRAIN_SEEDS, Photo, render  # noqa: E402

MATCH = 0.8  # overlap with the drawn tile for a face to be a training example
STRAY = 0.05  # at most this overlap with any other drawn tile


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two convex quadrilaterals (4x2)."""
    a, b = a.astype(np.float32), b.astype(np.float32)
    inter, _ = cv2.intersectConvexConvex(a, b)
    union = cv2.contourArea(a) + cv2.contourArea(b) - inter
    return float(inter / union) if union > 0 else 0.0


def labelled_halves(photo: Photo) -> list[tuple[np.ndarray, int]]:
    """(half's difference map, pips) for each face the classical reader finds that is cleanly one
    tile of the truth.

    A face is kept only when it covers one drawn tile closely (``MATCH`` overlap) and no other one
    noticeably: a face that is half a tile, two touching tiles or a tile and its shadow would teach
    the classifier a wrong count. Which half is which comes from the nearer short side, and only
    when one is clearly nearer."""
    out = []
    for quad, diff in face_up(photo.image, find_faces(photo.image)):
        scores = sorted(((overlap(quad, t.corners), i) for i, t in enumerate(photo.tiles)), reverse=True)
        if not scores or scores[0][0] < MATCH or (len(scores) > 1 and scores[1][0] > STRAY):
            continue
        truth = photo.tiles[scores[0][1]]
        left = quad[:2].mean(0)
        near, far = (float(np.linalg.norm(left - truth.corners[k:k + 2].mean(0))) for k in (0, 2))
        side = float(np.linalg.norm(truth.corners[0] - truth.corners[2]))
        if abs(near - far) < 0.5 * side:
            continue
        a, b = truth.halves if near < far else truth.halves[::-1]
        for half, pips in zip(halves(diff), (a, b), strict=True):
            out.append((half, pips))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0, help="first training seed")
    parser.add_argument("--varied", type=float, default=0.0, help="share of sets drawn by render.vary")
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args()
    cv2.setNumThreads(1)  # one core: the machine that trains is shared (one thread gives the same bytes)
    seeds = [TRAIN_SEEDS[args.seed + i] for i in range(args.photos)]
    features, labels = [], []
    for seed in seeds:
        photo = render(seed, varied=args.varied)
        if photo.quality != "ok":
            continue
        for half, pips in labelled_halves(photo):
            for variant in (half, cv2.flip(half, 0), cv2.flip(half, 1), cv2.flip(half, -1)):
                features.append(half_features(variant))
                labels.append(pips)
    x = np.array(features, np.float32)
    y = np.zeros((len(labels), 7), np.float32)
    y[np.arange(len(labels)), labels] = 1.0
    print(f"{len(labels)} halves from {len(seeds)} photos; per count: {np.bincount(labels, minlength=7).tolist()}")
    cv2.setRNGSeed(args.seed)
    net = cv2.ml.ANN_MLP_create()
    net.setLayerSizes(np.array([x.shape[1], 48, 7]))
    net.setActivationFunction(cv2.ml.ANN_MLP_SIGMOID_SYM, 1, 1)
    # RPROP's first step is 0.01, not OpenCV's default 0.1: with 0.1 training stalls at about 0.86
    # training accuracy on these halves (more iterations do not help).
    net.setTrainMethod(cv2.ml.ANN_MLP_RPROP)
    net.setRpropDW0(0.01)
    net.setTermCriteria((cv2.TERM_CRITERIA_MAX_ITER + cv2.TERM_CRITERIA_EPS, 400, 1e-5))
    net.train(x, cv2.ml.ROW_SAMPLE, y)
    _, out = net.predict(x)
    print(f"training accuracy {float((out.argmax(1) == np.array(labels)).mean()):.4f}")
    net.save(str(args.out))
    print(f"saved {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
