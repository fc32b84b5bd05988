"""``POST /api/v1/photos/tiles``: a photo of dominoes on the table becomes tiles to confirm (issue 31).

The body is the image itself. It is checked from its bytes before decoding (referee.sight.intake),
read (referee.sight.reader) and forgotten: nothing of the photo is kept. The answer only proposes;
the page that asked records nothing until the player confirms. Rate limited like every write.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, NotRequired, TypedDict

from flask import Blueprint, Response, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge

from referee.extensions import csrf
from referee.rules.base import RuleError
from referee.web.tables.presenting import error_response

from .openapi_fields import answer
from .shapes import schema_of

if TYPE_CHECKING:
    from referee.sight.intake import Refused
    from referee.sight.reader import ReadTile

bp = Blueprint("photos", __name__)


class TileRead(TypedDict):
    tile: Annotated[str | None, {"example": "6-4", "description": "higher half first; null when unsure"}]
    sure: bool
    box: Annotated[list[int], {"minItems": 4, "maxItems": 4, "description": "x, y, w, h in the photo's pixels"}]
    candidates: NotRequired[Annotated[list[str], {"description": "when unsure: what it may be, likeliest first"}]]


class PhotoTiles(TypedDict):
    tiles: list[TileRead]
    width: int
    height: int


def _tile_read(tile: ReadTile, factor: float) -> TileRead:
    """A tile found, its box in the photo's own pixels (the reader works on it shrunk by ``factor``)."""
    out: TileRead = {"tile": tile.tile, "sure": tile.sure, "box": [round(v * factor) for v in tile.box]}
    if not tile.sure:
        out["candidates"] = tile.candidates
    return out


@bp.post("/api/v1/photos/tiles")
@csrf.exempt
def read_tiles() -> Response:
    # The reader (OpenCV, numpy) loads with the first photo, not with the app: every gunicorn worker, its
    # heavy reads' child and every test process imports the app (1.4 CPU-s), and few of them read a photo.
    from referee.sight.intake import MAX_BYTES, Refused, decode, too_large
    from referee.sight.reader import PhotoProblem, read

    if (request.content_length or 0) > MAX_BYTES:
        return _refuse(too_large())  # said by its header: not even read
    request.max_content_length = MAX_BYTES  # above the app's limit for JSON bodies
    data = request.stream.read(MAX_BYTES + 1)
    try:
        photo = decode(data, request.content_type or "")
        tiles = read(photo.image)
    except Refused as err:
        return _refuse(err)
    except PhotoProblem as err:
        return error_response(422, RuleError(err.code, err.message))
    found: PhotoTiles = {
        "tiles": [_tile_read(tile, photo.factor) for tile in tiles],
        "width": photo.width,
        "height": photo.height,
    }
    return jsonify(found)


@bp.errorhandler(RequestEntityTooLarge)
def _too_large(_exc: RequestEntityTooLarge) -> Response:
    """A photo refused for its size before this view ran (by nginx, referee/web/site/errors.py): the
    photo's own limit and words, not those of a JSON body."""
    from referee.sight.intake import too_large

    return _refuse(too_large())


def _refuse(err: Refused) -> Response:
    return error_response(err.status, RuleError(err.code, err.message, **err.params))


def openapi_paths(error: dict[str, Any]) -> dict[str, Any]:
    """The photo reader's operation for /api/openapi.json."""
    image = {"schema": {"type": "string", "format": "binary"}}
    return {
        "/api/v1/photos/tiles": {
            "post": {
                "summary": "Read the face-up dominoes in a photo of the table: tiles to confirm, nothing recorded",
                "requestBody": {"required": True, "content": {"image/jpeg": image, "image/png": image}},
                "responses": {
                    "200": answer("the face-up tiles found (face-down tiles and other objects left out)", schema_of(PhotoTiles)),
                    "400": answer("an empty body", error),
                    "413": answer("more than 15 MB", error),
                    "415": answer("not a JPEG or PNG", error),
                    "422": answer("damaged, too small, too many pixels, too dark or blurred: the message says what to do", error),
                    "429": answer("too many writes from this address", error),
                },
            }
        }
    }
