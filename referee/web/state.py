"""A replayed table as the API and the pages show it, in the request's language."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from flask import url_for
from werkzeug.datastructures import MultiDict

from ..rules.base import Game, RuleError
from ..store.replay import Replayed
from .access import Access
from .i18n import say


def state_json(table_id: str, rep: Replayed, access: Access) -> dict[str, Any]:
    """The record format's table state: game, players, options, events (with seq), totals, ..."""
    view = rep.view
    detail = dict(rep.game.public_detail(view.detail, None if access.scorer else access.seat))
    out: dict[str, Any] = {
        "id": table_id,
        "game": rep.game.id,
        "players": list(rep.players),
        "options": dict(rep.options),
        "seq": rep.last_seq,
        "events": [{"seq": e.seq, **e.body} for e in rep.effective],
        "totals": list(view.totals),
        "finished": view.finished,
        "winners": list(view.winners),
        "breaches": [
            {"event": b.event, "rule": b.rule, "seat": b.seat, "message": say(b.message, dict(b.params))}
            for b in view.breaches
        ],
        "detail": detail,
        "viewer_url": url_for("table.show", table_id=table_id, _external=True),
    }
    if "game_points" in detail:
        out["game_points"] = detail["game_points"]
    return out


def error_json(err: RuleError, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": err.code, "message": say(err.message, err.params), **extra}}


def form_event(game: Game, form: MultiDict) -> dict[str, Any]:
    """The raw event a form posted: ``type`` plus the event's fields (lists from repeated inputs).

    Decoding and validation stay with the event codec, exactly as for JSON.
    """
    type_name = form.get("type", "")
    raw: dict[str, Any] = {"type": type_name}
    cls = next((c for c in game.events if c.type == type_name), None)
    if cls is None:
        return raw
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        values = form.getlist(f.name)
        if typing.get_origin(hints[f.name]) is tuple and len(values) > 1:
            raw[f.name] = values
        elif values:
            raw[f.name] = values[0]
    return raw
