"""``POST /api/v1/photos/tiles`` (issue 31): a photo becomes tiles to confirm; a bad body is a 4xx
with a JSON code, refused from its bytes before any decoding, never a 5xx."""

from __future__ import annotations

import struct
import zlib

import cv2
import numpy as np
import pytest

from referee.sight import intake
from referee.sight.render import render
from referee.web.json_api.openapi import openapi_document
from tests.conftest import make_app

URL = "/api/v1/photos/tiles"
TILE_NAMES = {f"{a}-{b}" for a in range(7) for b in range(a + 1)}


def png(width: int, height: int, body: bytes = b"") -> bytes:
    """A PNG whose header claims ``width`` x ``height`` (its pixels need not follow)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))  # noqa: E731
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + body + chunk(b"IEND", b"")


def one_pixel_png() -> bytes:
    ok, enc = cv2.imencode(".png", np.zeros((1, 1, 3), np.uint8))
    assert ok
    return enc.tobytes()


JPEG = render(1_000_001).jpeg
BAD_BODIES = {
    "empty": (b"", "image/jpeg", 400, "empty"),
    "16 MB": (JPEG + b"\x00" * (16 * 1024 * 1024 - len(JPEG)), "image/jpeg", 413, "too_large"),
    "a PDF": (b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "application/pdf", 415, "not_an_image"),
    "a PDF called a JPEG": (b"%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n", "image/jpeg", 415, "not_an_image"),
    "a JPEG called a PDF": (JPEG, "application/pdf", 415, "not_an_image"),
    "a truncated JPEG": (JPEG[: len(JPEG) // 2], "image/jpeg", 422, "undecodable"),
    "a 1x1 PNG": (one_pixel_png(), "image/png", 422, "too_small"),
    "a PNG header claiming 20000x20000": (png(20000, 20000), "image/png", 422, "too_many_pixels"),
    "a PNG without its pixels": (png(800, 600), "image/png", 422, "undecodable"),
}


@pytest.mark.parametrize("name", list(BAD_BODIES))
@pytest.mark.storeless
def test_a_bad_body_is_refused_with_a_code_before_decoding(client, monkeypatch, name):
    body, content_type, status, code = BAD_BODIES[name]
    decoded = []
    real = cv2.imdecode
    monkeypatch.setattr(intake.cv2, "imdecode", lambda *a: decoded.append(1) or real(*a))
    resp = client.post(URL, data=body, content_type=content_type)
    assert resp.status_code == status
    error = resp.get_json()["error"]
    assert error["code"] == code and error["message"]
    if name != "a PNG without its pixels":  # its header is plausible: only decoding finds it empty
        assert decoded == []


def progressive_jpeg_header(width: int, height: int) -> bytes:
    """A progressive JPEG's start (SOF2) claiming ``width`` x ``height``, and its end: no pixels."""
    sof2 = b"\xff\xc2" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + sof2 + b"\xff\xd9"


@pytest.mark.parametrize(
    ("body", "content_type"),
    [(png(7000, 7000), "image/png"), (progressive_jpeg_header(7000, 7000), "image/jpeg")],
    ids=["a PNG", "a progressive JPEG"],
)
@pytest.mark.storeless
def test_a_photo_decoded_whole_claiming_a_large_phones_pixels_is_refused_before_decoding(client, monkeypatch, body, content_type):
    # Neither is decoded shrunk: a 160 KB PNG of 7000x7000 (under MAX_PIXELS) cost 260 MB while read.
    decoded = []
    monkeypatch.setattr(intake.cv2, "imdecode", lambda *a: decoded.append(1))
    resp = client.post(URL, data=body, content_type=content_type)
    assert resp.status_code == 422
    assert resp.get_json()["error"]["code"] == "too_many_pixels"
    assert decoded == []


@pytest.mark.parametrize("kind", ["png", "progressive jpeg"])
def test_a_twelve_megapixel_photo_decoded_whole_is_still_read(kind):
    params = [cv2.IMWRITE_JPEG_PROGRESSIVE, 1] if kind != "png" else []
    ok, enc = cv2.imencode(".png" if kind == "png" else ".jpg", cv2.resize(render(1_000_001).image, (4032, 3024)), params)
    assert ok
    decoded = intake.decode(enc.tobytes(), "image/png" if kind == "png" else "image/jpeg")
    assert (decoded.width, decoded.height) == (4032, 3024)


@pytest.mark.storeless
def test_a_photo_is_read_into_canonical_tiles_with_boxes(client):
    photo = render(1_000_001)
    resp = client.post(URL, data=photo.jpeg, content_type="image/jpeg")
    assert resp.status_code == 200
    body = resp.get_json()
    assert (body["width"], body["height"]) == (1024, 768)
    assert body["tiles"]
    for tile in body["tiles"]:
        assert len(tile["box"]) == 4
        if tile["sure"]:
            assert tile["tile"] in TILE_NAMES and "candidates" not in tile
        else:
            assert tile["tile"] is None and set(tile["candidates"]) <= TILE_NAMES
    read = {t["tile"] for t in body["tiles"] if t["sure"]}
    assert read <= {t.tile for t in photo.tiles}  # nothing sure that is not on the table


@pytest.mark.storeless
def test_a_large_photo_is_decoded_shrunk_and_boxes_are_in_its_pixels(client):
    photo = render(1_000_001)
    big = cv2.resize(photo.image, (4096, 3072), interpolation=cv2.INTER_CUBIC)
    ok, enc = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    small = client.post(URL, data=photo.jpeg, content_type="image/jpeg").get_json()
    large = client.post(URL, data=enc.tobytes(), content_type="image/jpeg").get_json()
    assert (large["width"], large["height"]) == (4096, 3072)
    assert intake.decode(enc.tobytes(), "image/jpeg").factor == 4
    boxes = sorted(t["box"] for t in large["tiles"])
    expected = sorted([v * 4 for v in t["box"]] for t in small["tiles"])
    assert len(boxes) == len(expected)
    for got, want in zip(boxes, expected, strict=True):
        assert np.allclose(got, want, atol=40)


@pytest.mark.parametrize(("quality", "code", "words"), [("dark", "too_dark", "flash"), ("blurred", "blurred", "hold the phone still")])
@pytest.mark.storeless
def test_a_dark_or_blurred_photo_gets_advice_not_a_guess(client, quality, code, words):
    seed = {"dark": 1_000_000, "blurred": 1_000_012}[quality]  # render(seed, bad=1.0) is that bad
    resp = client.post(URL, data=render(seed, bad=1.0).jpeg, content_type="image/jpeg")
    assert resp.status_code == 422
    assert resp.get_json()["error"]["code"] == code
    assert words in resp.get_json()["error"]["message"]
    ja = client.post(URL, data=render(seed, bad=1.0).jpeg, content_type="image/jpeg", headers={"Accept-Language": "ja"})
    assert words not in ja.get_json()["error"]["message"]


def test_the_operation_is_in_the_openapi_document():
    op = openapi_document()["paths"][URL]["post"]
    assert set(op["requestBody"]["content"]) == {"image/jpeg", "image/png"}
    assert {"200", "400", "413", "415", "422"} <= set(op["responses"])


def test_photos_are_rate_limited_like_other_writes(tmp_path):
    limited = make_app(f"sqlite:///{tmp_path / 'limits.sqlite3'}", RATELIMIT_ENABLED=True, WTF_CSRF_ENABLED=False)
    c = limited.test_client()
    codes = [c.post(URL, data=b"", content_type="image/jpeg").status_code for _ in range(121)]
    assert codes[:120] == [400] * 120 and codes[120] == 429


@pytest.mark.parametrize(("size", "factor"), [((4032, 3024), 4), ((3000, 2000), 2), ((1600, 1200), 1)])
def test_a_phone_photo_is_decoded_as_near_the_readers_size_as_jpeg_scaling_allows(size, factor):
    # A 4032-pixel photo at a quarter is 1008 pixels, a hair under the reader's 1024: read as it is,
    # with no larger decode and no resize after it.
    ok, enc = cv2.imencode(".jpg", cv2.resize(render(1_000_001).image, size), [cv2.IMWRITE_JPEG_QUALITY, 80])
    assert ok
    decoded = intake.decode(enc.tobytes(), "image/jpeg")
    assert decoded.factor == factor
    assert decoded.image.shape[:2] == (size[1] // factor, size[0] // factor)
    assert (decoded.width, decoded.height) == size
