"""Taking a photo in: refuse what is not a whole, reasonable JPEG or PNG before decoding it.

The header says the format and the size; a body that is empty, too large, of another type, claims
more pixels than a phone camera makes, or is cut short is refused from its bytes alone, so a hostile
body costs no decoding memory. A large photo is decoded already shrunk (JPEG's DCT scaling through
OpenCV's ``IMREAD_REDUCED_*``), which is both faster and smaller than decoding then resizing.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

import cv2
import numpy as np

from ..rules.base import _
from .reader import WORK_SIDE

MAX_BYTES = 15 * 1024 * 1024
MAX_PIXELS = 50_000_000  # a 48 MP phone photo; a 20000x20000 header is refused unread
# A PNG, or a progressive JPEG (which holds every DCT coefficient until its last scan), costs its
# whole size in memory however small it is decoded: a 160 KB PNG of 7000x7000 took 260 MB to read.
# A phone's camera writes baseline JPEGs, and a real photo as PNG within MAX_BYTES has far fewer
# pixels than this (a 4032x3024 one, 12 MP, is read).
MAX_WHOLE_PIXELS = 4096 * 4096
MIN_SIDE = 64
# A photo decoded shrunk to at least this long side is read as it is: a 4032-pixel phone photo
# decoded at 1/4 (1008 pixels, a hair under the reader's 1024) skips both the larger decode and
# the resize that would follow it.
NEAR_WORK_SIDE = WORK_SIDE - WORK_SIDE // 32
TYPES = {"image/jpeg": "jpeg", "image/png": "png"}
REDUCED = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4, 8: cv2.IMREAD_REDUCED_COLOR_8}


class Refused(Exception):
    """A body refused before reading tiles: HTTP status, code and message (a msgid with its params)."""

    def __init__(self, status: int, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.params = status, code, message, params


def too_large() -> Refused:
    return Refused(413, "too_large", _("The photo is too large: at most %(mb)s MB."), mb=MAX_BYTES // 1024 // 1024)


@dataclass
class Decoded:
    image: np.ndarray  # BGR, possibly shrunk
    factor: int  # the photo's pixels per decoded pixel
    width: int  # the photo's size as sent
    height: int


def _jpeg_frame(data: bytes) -> tuple[int, int, bool] | None:
    """Width, height and whether it is progressive, from a JPEG's start-of-frame marker, or None
    when there is none."""
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            i += 1 if marker == 0xFF else 2
            continue
        (length,) = struct.unpack(">H", data[i + 2 : i + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[i + 5 : i + 9])
            return width, height, marker in (0xC2, 0xC6, 0xCA, 0xCE)
        i += 2 + length
    return None


def sniff(data: bytes, content_type: str) -> tuple[str, int, int]:
    """The format and the claimed size of a body, or Refused."""
    if not data:
        raise Refused(400, "empty", _("The photo is missing: the request body is empty."))
    if len(data) > MAX_BYTES:
        raise too_large()
    kind = TYPES.get(content_type.split(";")[0].strip().lower())
    if data.startswith(b"\xff\xd8\xff"):
        found = "jpeg"
    elif data.startswith(b"\x89PNG\r\n\x1a\n"):
        found = "png"
    else:
        found = None
    if kind is None or found is None:
        raise Refused(415, "not_an_image", _("Send a photo as a JPEG or PNG image."))
    if found == "png":
        if len(data) < 33 or data[12:16] != b"IHDR":
            raise Refused(422, "undecodable", _("The photo could not be read: it is damaged or incomplete. Take it again."))
        width, height = struct.unpack(">II", data[16:24])
        frame: tuple[int, int, bool] | None = (width, height, True)
        complete = data.rstrip(b"\x00").endswith(b"IEND\xaeB`\x82")
    else:
        frame = _jpeg_frame(data)
        complete = b"\xff\xd9" in data[-64:]
    if frame is None or not complete:
        raise Refused(422, "undecodable", _("The photo could not be read: it is damaged or incomplete. Take it again."))
    width, height, whole = frame
    if min(width, height) < MIN_SIDE:
        raise Refused(422, "too_small", _("The photo is too small to read tiles: take it with the phone's camera."))
    if width * height > (MAX_WHOLE_PIXELS if whole else MAX_PIXELS):
        raise Refused(422, "too_many_pixels", _("The photo has too many pixels: send a smaller one."))
    return found, width, height


def decode(data: bytes, content_type: str) -> Decoded:
    """The photo, decoded no larger than the reader needs, or Refused."""
    found, width, height = sniff(data, content_type)
    factor = 1
    if found == "jpeg":
        while factor < 8 and max(width, height) // (factor * 2) >= NEAR_WORK_SIDE:
            factor *= 2
    image = cv2.imdecode(np.frombuffer(data, np.uint8), REDUCED[factor])
    if image is None or image.size == 0:
        raise Refused(422, "undecodable", _("The photo could not be read: it is damaged or incomplete. Take it again."))
    if factor > 1:  # the decoded photo may be turned by its EXIF orientation: size it as decoded
        height, width = image.shape[0] * factor, image.shape[1] * factor
    else:
        height, width = image.shape[:2]
    return Decoded(image, factor, width, height)
