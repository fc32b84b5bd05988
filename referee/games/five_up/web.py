"""Five Up's web pieces: the layout picture for the table page (geometry in five_up_drawing.py), and the
end of a hand entered by tapping the tiles each player still holds (the referee adds up their pips)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Blueprint, g
from flask.typing import ResponseReturnValue
from flask_babel import gettext, lazy_gettext, ngettext

from referee.games.five_up.drawing import picture
from referee.games.five_up.rules.leftovers import pips_left
from referee.games.five_up.rules.quick_check import check_count
from referee.games.five_up.rules.scoring import uncounted
from referee.games.five_up.rules.stats import FiveUpStats
from referee.games.five_up.rules.view import HandSummary
from referee.games.five_up.rules.words import ends_to_recount
from referee.rules.base import RuleError
from referee.rules.forms import FormData, FormEvent, FormReader
from referee.rules.numbers import whole_number
from referee.store.tables import current
from referee.web.site.i18n import explain, say
from referee.web.tables import service
from referee.web.tables.answer_breaches import Part
from referee.web.tables.correction_form import Correction, state_before
from referee.web.tables.game_defaults import as_recorded, one_part, seats_are_players
from referee.web.tables.quick_checks import QuickCheck, number

bp = Blueprint(
    "five_up", __name__, template_folder="templates", static_folder="static", static_url_path="/static/games/five_up"
)
bp.url_value_preprocessor(service.table_loader("five-up"))


@bp.app_template_global("five_up_picture")
def five_up_picture(hand: dict[str, Any] | None) -> dict[str, Any]:
    return picture(hand)


@bp.app_template_global("five_up_fitting")
def five_up_fitting(number: int | None, used: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Tiles (record spelling) that show ``number`` and are not on the table; every tile if None."""
    tiles = [f"{hi}-{lo}" for hi in range(6, -1, -1) for lo in range(hi, -1, -1)]
    return [t for t in tiles if t not in used and (number is None or str(number) in t.split("-"))]


@bp.app_template_global("five_up_uncounted")
def five_up_uncounted(hand: Mapping[str, Any]) -> int | None:
    """The seat whose tiles the end of ``hand`` (a view's hand) does not ask: ``scoring.uncounted``."""
    return uncounted(len(hand["held"]), hand["dominoer"])


@bp.app_template_global("five_up_bonus")
def five_up_bonus(hand: HandSummary, side: Sequence[int]) -> int:
    """The points for going out (F35) the end of ``hand`` credits to ``side`` (its seats): all of them to
    the side of the player who went out, none to the other side (the hand sheet and the answer say it)."""
    dominoer = hand["dominoer"]
    return hand["domino_bonus"] if dominoer is not None and dominoer in side else 0


def left_pips(hand: Any, players: tuple[str, ...], form: FormData) -> tuple[int, ...] | str:
    """The pips left in each hand from the tiles ticked for each seat (``left0``, ``left1``, ...) or,
    where none are ticked, the pips typed for it (``pips0``, ...); a hand with no tiles left counts
    0. Or the sentence why they cannot be. The entry of a hand's end and its correction read the
    same form (five_up/_left.html)."""
    typed: list[int | None] = []
    for seat, player in enumerate(players):
        text = (form.get(f"pips{seat}") or "").strip()
        number = whole_number(text) if text else None
        if text and number is None:
            return gettext("Pips for %(name)s: type a whole number.", name=player)
        typed.append(number)
    shown = [form.getlist(f"left{seat}") for seat in range(len(players))]
    try:
        return pips_left(hand, players, shown, typed)
    except RuleError as err:
        return explain(err)


def hand_end(hand: Any, players: tuple[str, ...]) -> FormReader:
    """A hand's end from its form (its entry and its correction): the ``end`` event or, for the sheet
    shown again after a refusal, the tiles ticked and the pips typed as they were, and why not."""

    def read(form: FormData) -> FormEvent:
        found = left_pips(hand, players, form)
        if not isinstance(found, str):
            return FormEvent({"type": "end", "pips": list(found)})
        kept = {
            "type": "end",
            "pips": [form.get(f"pips{seat}", "") for seat in range(len(players))],
            "left": [form.getlist(f"left{seat}") for seat in range(len(players))],
        }
        return FormEvent(kept, found)

    return read


@bp.post("/t/<table_id>/five-up/end")
def end(table_id: str) -> ResponseReturnValue:
    """The ``end`` event from the tiles ticked for each seat or the pips typed (``left_pips``)."""
    rep = current(g.table)
    hand = rep.state.hand
    if hand is None or hand.status not in ("domino", "blocked"):  # the rules say why not
        return service.answer(service.record("event", {"type": "end", "pips": []}))
    return service.enter(hand_end(hand, rep.players))


def stat_sentences(s: FiveUpStats) -> list[str]:
    """What stands out in a player's numbers at this game, for their club page (tiles as they write them)."""
    out = []
    if s.hands:
        out.append(
            ngettext(
                "Average hand score %(avg)s, over %(num)s hand.",
                "Average hand score %(avg)s, over %(num)s hands.",
                s.hands,
                avg=f"{s.average:.1f}",
            )
        )
    out.append(
        gettext(
            "Largest count %(count)s, playing %(tile)s.", count=s.largest.count, tile=s.largest.tile
        )
        if s.largest
        else gettext("No count scored yet.")
    )
    return out


def is_turn_of(detail: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat``'s phone says "Your turn": the seat whose turn it is in the hand being played."""
    hand = detail.get("hand")
    return hand is not None and hand.get("turn") == seat


def settles(detail: Mapping[str, Any], entry_type: str) -> Part | None:
    """The end of a hand lists every rule break of it with its score (a draw or a pass while holding a
    playable tile, F18, F21: each also said by the entry that proves it)."""
    return "hand" if entry_type == "end" else None


seat_names = seats_are_players


CORRECTION = Correction(
    surfaces={
        "play": "five_up/_play.html",
        "draw": "five_up/_draw.html",
        "end": "five_up/_left.html",
        "hand": "five_up/_hand.html",
        "call": "five_up/_call.html",
        "pass": "five_up/_pass.html",
    },
    # the referee adds up the pips of the tiles left, as at the entry
    readers={"end": lambda rep, seq: hand_end(state_before(rep, seq).hand, rep.players)},
    labels={
        "on": lazy_gettext("Played on"),
        "opening": lazy_gettext("Opening draw"),
        "count": lazy_gettext("How many"),
        "pips": lazy_gettext("Pips left in hand"),
    },
    left_to_check=ends_to_recount,
    missing={
        "count": lazy_gettext(
            "How many tiles are drawn? Tap a number, or type it in the box, then tap “Record the draw”."
        )
    },
    spent=frozenset({"tile"}),
    ordered=frozenset({("hand", "opening")}),
    missing_in_sheet={
        "count": lazy_gettext(
            "How many tiles were drawn? Set it with −1 and +1, or type it in the box, then tap “Save the correction”."
        )
    },
)
"""Every Five Up entry is corrected on its entry surface; a hand's end from the tiles ticked as left."""


def report_lines(now: Mapping[str, Any], was: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """What an entry settled, for the dispute report, from the view before (``was``) and after (``now``):
    the count after a play and what it scored (F15-F16)."""
    plays = (now.get("hand") or {}).get("plays") or []
    if plays and plays != ((was.get("hand") or {}).get("plays") or []):
        why = plays[-1]["why"]
        return [say(why["msg"], dict(why["params"]))]
    return []


value_words = as_recorded


history_parts = one_part


OPEN_ENDS = 6  # the open ends the count check asks for: a layout with spinners rarely has more


def open_ends(form: FormData) -> list[tuple[Any, ...]]:
    """The open ends the count check's form posted, as ``check_count`` reads them: ``tile<i>`` is the
    tile tapped at an open end, ``end<i>`` its free number and ``spinner<i>`` marks a double with both
    sides taken; ``end<i>`` alone is a bare number."""
    ends: list[tuple[Any, ...]] = []
    for i in range(OPEN_ENDS):
        free = number(form, f"end{i}")
        tile = form.get(f"tile{i}")
        if tile:
            ends.append(("tile", tile, free, bool(form.get(f"spinner{i}"))))
        elif free is not None:
            ends.append(("end", free))
    return ends


def _count(ends: list[tuple[Any, ...]]) -> dict[str, Any]:
    return {"check": check_count(ends)}


QUICK_CHECKS = (QuickCheck("five-up-count", lazy_gettext("Five Up count"), open_ends, _count, "five_up/_quick_check.html", place=20, slots=OPEN_ENDS),)
"""Five Up's question for /check: what does the layout count?"""
