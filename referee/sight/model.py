"""The learned half of the reader: a small multilayer perceptron (OpenCV's ``cv2.ml.ANN_MLP``) that
reads a flattened half-tile's difference map as 0-6 pips.

It is trained by ``scripts/train_sight.py`` on halves the classical reader cuts out of the renderer's
training seeds, and stored in the repository (``pips.yml.gz``); inference needs only OpenCV.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np

MODEL_PATH = Path(__file__).with_name("pips.yml.gz")
SIDE = 20  # features: the half's difference map shrunk to SIDE x SIDE


def half_features(diff_half: np.ndarray) -> np.ndarray:
    small = cv2.resize(diff_half, (SIDE, SIDE), interpolation=cv2.INTER_AREA).astype(np.float32)
    return (np.clip(small, 0, 160) / 160.0).reshape(-1)


class Classifier:
    """Pips of a half as probabilities over 0-6 (the network's outputs, softmaxed)."""

    def __init__(self, net: cv2.ml.ANN_MLP) -> None:
        self.net = net

    @staticmethod
    @cache
    def load(path: Path = MODEL_PATH) -> Classifier:
        return Classifier(cv2.ml.ANN_MLP.load(str(path)))

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        _, out = self.net.predict(features.astype(np.float32))
        z = out * 4.0
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        probabilities: np.ndarray = e / e.sum(axis=1, keepdims=True)
        return probabilities
