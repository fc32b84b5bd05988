"""Five Up's web pieces: the layout picture for the table page (geometry in five_up_drawing.py)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from .five_up_drawing import picture

bp = Blueprint("five_up", __name__)


@bp.app_template_global("five_up_picture")
def five_up_picture(hand: dict[str, Any] | None) -> dict[str, Any]:
    return picture(hand)


@bp.app_template_global("five_up_fitting")
def five_up_fitting(number: int | None, used: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Tiles (record spelling) that show ``number`` and are not on the table; every tile if None."""
    tiles = [f"{hi}-{lo}" for hi in range(6, -1, -1) for lo in range(hi, -1, -1)]
    return [t for t in tiles if t not in used and (number is None or str(number) in t.split("-"))]
