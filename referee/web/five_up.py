"""Five Up's web pieces: the layout picture for the table page (geometry in five_up_drawing.py), and the
end of a hand entered by tapping the tiles each player still holds (the referee adds up their pips)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, g, request
from flask_babel import gettext

from ..rules.base import RuleError
from ..rules.five_up.leftovers import pips_left
from ..rules.numbers import whole_number
from ..store.tables import current
from . import service
from .five_up_drawing import picture
from .i18n import explain

bp = Blueprint("five_up", __name__)
bp.url_value_preprocessor(service.table_loader("five-up"))


@bp.app_template_global("five_up_picture")
def five_up_picture(hand: dict[str, Any] | None) -> dict[str, Any]:
    return picture(hand)


@bp.app_template_global("five_up_fitting")
def five_up_fitting(number: int | None, used: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Tiles (record spelling) that show ``number`` and are not on the table; every tile if None."""
    tiles = [f"{hi}-{lo}" for hi in range(6, -1, -1) for lo in range(hi, -1, -1)]
    return [t for t in tiles if t not in used and (number is None or str(number) in t.split("-"))]


@bp.post("/t/<table_id>/five-up/end")
def end(table_id: str):
    """The ``end`` event from the tiles ticked for each seat (``left0``, ``left1``, ...) or, where none
    are ticked, the pips typed for it (``pips0``, ...); a hand with no tiles left counts 0."""
    rep = current(g.table)
    hand = rep.state.hand
    if hand is None or hand.status not in ("domino", "blocked"):  # the rules say why not
        return service.answer(service.record("event", {"type": "end", "pips": []}))
    typed: list[int | None] = []
    for seat, player in enumerate(rep.players):
        text = request.form.get(f"pips{seat}", "").strip()
        number = whole_number(text) if text else None
        if text and number is None:
            return service.refuse(gettext("Pips for %(name)s: type a whole number.", name=player))
        typed.append(number)
    shown = [request.form.getlist(f"left{seat}") for seat in range(len(rep.players))]
    try:
        pips = pips_left(hand, rep.players, shown, typed)
    except RuleError as err:
        return service.refuse(explain(err))
    return service.answer(service.record("event", {"type": "end", "pips": list(pips)}))
