"""Custom condition cards for one table: the app event ``card`` (docs/record-format.md allows app events).

``{"type": "card", "id": "MY-01", "condition": "<JSON text>", "bp": 0, "vp": 2, "en": "...", "ja": "..."}``
adds a card that can then be picked like a catalog card. The id must not be a catalog id (in any
letter case) or an id defined before; the condition is checked by ``conditions.validate`` and the
texts default to its renderings.
"""

from __future__ import annotations

import json
import re

from referee.rules.base import IllegalEvent, MalformedEvent, _
from referee.rules.frozen import replace

from ..conditions import CATALOG_BY_ID, ConditionCard, render_en, render_ja, validate
from .events import Card
from .state import State

_CUSTOM_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$")


def add_custom(state: State, ev: Card) -> State:
    if not _CUSTOM_ID.match(ev.id):
        raise IllegalEvent(
            "bad_card_id",
            _("A custom card id has 1-16 letters, digits, - or _, like MY-01; %(id)s is not one."),
            id=ev.id,
        )
    if ev.id.upper() in CATALOG_BY_ID or state.card(ev.id) is not None:
        raise IllegalEvent(
            "card_id_taken",
            _("The card id %(id)s is already used; give the custom card another id."),
            id=ev.id,
        )
    try:
        raw = json.loads(ev.condition)
    except ValueError:
        raise MalformedEvent("bad_condition", _("The condition of a custom card must be JSON.")) from None
    condition = validate(raw)
    bp, vp = ev.bp or 0, ev.vp or 0
    if not (0 <= bp <= 5 and 0 <= vp <= 10):
        raise IllegalEvent("bad_bonus", _("A custom card gives BP 0-5 and VP 0-10."))
    for text in (ev.en, ev.ja):
        if text is not None and len(text) > 200:
            raise IllegalEvent("bad_text", _("A card's text may have at most 200 characters."))
    card = ConditionCard(
        id=ev.id,
        ja=ev.ja or render_ja(condition),
        en=ev.en or render_en(condition),
        condition=condition,
        bp=bp,
        vp=vp,
        tier="custom",
    )
    return replace(state, custom=state.custom + (card,))
