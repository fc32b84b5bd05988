"""A sentence inside a view's detail: an msgid and its parameters, ``{"msg": ..., "params": {...}}``.

The rules cannot translate (they are pure), so a detail carries the English msgid and the values to
fill in; the web layer and the printables translate it into the reader's language when they show it
(``referee/web/tables/words.py``). One shape for every game, typed once here for the games' view TypedDicts.
"""

from __future__ import annotations

from typing import Any, TypedDict


class Message(TypedDict):
    """An msgid (marked with ``_``) and its ``%(name)s`` parameters."""

    msg: str
    params: dict[str, Any]


def message(msg: str, **params: Any) -> Message:
    """The message ``msg`` with these parameters."""
    return {"msg": msg, "params": params}
