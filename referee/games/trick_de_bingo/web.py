"""Trick de Bingo pages beyond the generic table: a trick entered as four card pickers, a printed
card's QR link (``/c/<card id>``) and the custom-card builder. Drawing and form plumbing only: every
rule stays in ``referee.games.trick_de_bingo.rules`` and ``referee.games.trick_de_bingo.conditions``."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, g, redirect, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext, lazy_gettext, ngettext
from werkzeug.wrappers import Response as WerkzeugResponse

from referee.extensions import htmx
from referee.games.trick_de_bingo.conditions import (
    CATALOG_BY_ID,
    ConditionCard,
    Rules,
    TrickRecord,
    holds,
    render_en,
    render_ja,
    validate,
)
from referee.games.trick_de_bingo.rules import GAME
from referee.games.trick_de_bingo.rules.play import trick_winner
from referee.games.trick_de_bingo.rules.stats import TrickDeBingoStats
from referee.games.trick_de_bingo.rules.view import Detail
from referee.rules.base import RuleError
from referee.rules.cards import Card
from referee.rules.forms import FormData, FormEvent, form_card
from referee.rules.numbers import whole_number
from referee.store.replay import Replayed
from referee.store.tables import current, current_of
from referee.web.page import render_page
from referee.web.site.i18n import explain
from referee.web.tables import service
from referee.web.tables.access import Access
from referee.web.tables.correction_form import Correction
from referee.web.tables.game_defaults import nothing_settled, seats_are_players, settles_nothing
from referee.web.tables.history_groups import HistoryGroup
from referee.web.tables.quick_checks import QuickCheck
from referee.web.tables.table_page import TableLink, link_of
from referee.web.tables.words import card_face

GAME_ID = "trick-de-bingo"
bp = Blueprint(
    "trick_de_bingo", __name__, template_folder="templates", static_folder="static", static_url_path="/static/games/trick_de_bingo"
)


bp.url_value_preprocessor(service.table_loader(GAME_ID))


# --- a printed card's QR code ---------------------------------------------------------------------


@dataclass(frozen=True)
class SeatOffer:
    """The table this phone joined last, as a scanned card's page offers it: the seat that would place
    the card (its own, or the one to pick when the phone is the scorer's), whether it is that seat's
    turn and the card still to be had."""

    table_id: str
    rep: Replayed[Detail]
    seat: int
    player: str
    detail: Detail
    my_turn: bool
    available: bool


@dataclass(frozen=True)
class CardPage:
    """A printed card's page (its QR code's address): the card, and the seat offer, if any."""

    card: ConditionCard | _Custom
    offer: SeatOffer | None


def _seat_offer(card_id: str) -> SeatOffer | None:
    """The table this phone joined last, the seat it holds there (or the scorer's turn to enter)."""
    found = service.find(session.get("last_table"), game=GAME_ID)
    if found is None:
        return None
    table, access = found
    rep = current_of(table, GAME)
    detail = rep.view.detail
    seat = access.seat
    if access.scorer:
        seat = detail.get("to_pick")
    if seat is None:
        return None
    return SeatOffer(
        table_id=table.id,
        rep=rep,
        seat=seat,
        player=rep.players[seat],
        detail=detail,
        my_turn=detail.get("phase") == "draft" and detail.get("to_pick") == seat,
        available=card_id in detail.get("available_cards", ()),
    )


@bp.get("/c/<card_id>")
def card(card_id: str) -> str:
    found: ConditionCard | _Custom | None = CATALOG_BY_ID.get(card_id.strip().upper())
    offer = _seat_offer(found.id) if found else None
    if found is None and session.get("last_table"):
        # a custom card of the last table
        last = service.find(session["last_table"], game=GAME_ID)
        if last is not None:
            rep = current(last[0])
            custom = next((c for c in rep.view.detail.get("custom_cards", ()) if c["id"] == card_id), None)
            if custom is not None:
                found = _Custom(custom)
                offer = _seat_offer(card_id)
    if found is None:
        abort(404)
    return render_page("trick_de_bingo/card.html", CardPage(found, offer))


class _Custom:
    """A custom card's JSON as the card page reads it."""

    def __init__(self, data: dict[str, Any]):
        self.id, self.ja, self.en = data["id"], data.get("ja", ""), data.get("en", "")
        self.bp, self.vp = data.get("bp", 0), data.get("vp", 0)


# --- custom cards ---------------------------------------------------------------------------------

WHO_CHOICES = ("you", "left", "right", "opposite", "leader", "winner")


def _int(form: FormData, name: str, lo: int, hi: int) -> int | None:
    number = whole_number(form.get(name, ""))
    return None if number is None else max(lo, min(hi, number))


def build_condition(form: FormData) -> dict[str, Any]:
    """A condition (as data) from the builder's fields. Only assembles; ``validate`` judges it."""
    atoms: list[dict[str, Any]] = []
    outcome, led = form.get("outcome"), form.get("led")
    if outcome in ("win", "lose"):
        atoms.append({"outcome": outcome})
    if led in ("true", "false"):
        atoms.append({"led": led == "true"})
    position = _int(form, "position", 1, 4)
    if position:
        atoms.append({"position": position})
    number = _int(form, "trick_no", 1, 13)
    if number:
        atoms.append({"trick": number})
    card: dict[str, Any] = {}
    suit, parity = form.get("suit"), form.get("parity")
    if suit in ("S", "H", "D", "C"):
        card["suit"] = suit
    lo, hi = _int(form, "min", 2, 14), _int(form, "max", 2, 14)
    if lo:
        card["min"] = lo
    if hi:
        card["max"] = hi
    if parity in ("even", "odd"):
        card["parity"] = parity
    if form.get("court") == "true":
        card["court"] = True
    if card:
        who = form.get("of", "you")
        if who in WHO_CHOICES and who != "you":
            card["of"] = who
        atoms.append({"card": card})
    when = atoms[0] if len(atoms) == 1 else {"all": atoms}
    kind = form.get("kind", "trick")
    if kind == "count":
        return {"kind": "count", "when": when, "at_least": _int(form, "n", 1, 13) or 2}
    if kind == "run":
        return {"kind": "run", "length": _int(form, "n", 2, 13) or 2, "when": when}
    return {"kind": "trick", "when": when}


EXAMPLE = "AS 10S 4S KH"


def custom_card(form: FormData) -> FormEvent:
    """The ``card`` event the builder's form saves: the condition its fields build, as JSON text, and
    the card's points (bingo points 0-5, victory points 0-10)."""
    body = {
        "type": "card",
        "id": form.get("card_id", "").strip(),
        "condition": json.dumps(build_condition(form)),
        "bp": _int(form, "bp", 0, 5) or 0,
        "vp": _int(form, "vp", 0, 10) or 0,
    }
    return FormEvent(body)


@dataclass(frozen=True)
class ExampleCheck:
    """The example trick played against the condition: whether it holds (None: the trick could not be
    read, ``error`` says why), the trick as typed, and who won it."""

    ok: bool | None
    error: str | None
    text: str
    winner: int | None = None


def example_check(form: FormData, condition: dict[str, Any]) -> ExampleCheck:
    """Play the example trick (you lead, then left, opposite, right) and say whether it holds."""
    text = form.get("example", EXAMPLE)
    try:
        cards = tuple(Card.parse(form_card(t)) for t in text.replace(",", " ").split())
    except RuleError as err:
        return ExampleCheck(None, explain(err), text)
    if len(cards) != 4 or len(set(cards)) != 4:
        return ExampleCheck(None, gettext("An example trick has four different cards."), text)
    order = (0, 1, 2, 3)
    record = TrickRecord(number=1, leader=0, order=order, cards=cards, winner=trick_winner(order, cards))
    when = condition.get("when", {"all": []})
    return ExampleCheck(holds(when, 0, record, Rules()), None, text, record.winner)


@dataclass(frozen=True)
class CustomCardPage:
    """The custom-card builder as its page (or its preview, swapped in as the fields change) shows it:
    the builder's fields as sent (``form``), the condition's text in both languages (None: it is not
    a condition yet, ``error`` says why, as it does when a save was refused), the example trick played
    against it, and the table and the reader's rights, for the save button."""

    table: TableLink
    rep: Replayed[Detail]
    access: Access
    form: Mapping[str, str]
    texts: Mapping[str, str] | None
    check: ExampleCheck | None
    error: str | None
    example: str = EXAMPLE


@bp.route("/t/<table_id>/trick-de-bingo/custom", methods=["GET", "POST"])
def custom(table_id: str) -> ResponseReturnValue:
    form = service.sent()
    condition = build_condition(form)
    error = None
    try:
        checked = validate(condition)
        texts = {"en": render_en(checked), "ja": render_ja(checked)}
    except RuleError as err:
        texts, error = None, explain(err)
    check = example_check(form, condition) if texts else None
    if request.method == "POST" and form.get("action") == "save":  # the store decides who may save (403)
        outcome = service.record("event", service.posted(custom_card).body)
        if outcome.status == 200:
            return service.answer(outcome)
        error = outcome.error
    template = (
        "trick_de_bingo/_custom_preview.html"
        if htmx and form.get("action") != "save"
        else "trick_de_bingo/custom.html"
    )
    rep = current_of(g.table, GAME)
    page = CustomCardPage(link_of(g.table), rep, g.access, form.to_dict(), texts, check, error)
    return render_page(template, page), (422 if error and request.method == "POST" else 200)


@bp.route("/t/<table_id>/tdb/custom", methods=["GET", "POST"])
def old_custom_address(table_id: str) -> WerkzeugResponse:
    """The builder's address from before the game's own name still answers (308 keeps a post)."""
    return redirect(service.same_query(url_for("trick_de_bingo.custom", table_id=table_id)), 308)


def card_words(detail: Mapping[str, Any], card_id: str) -> dict[str, Any] | None:
    """A card of the table (a custom card of its own, else the catalog's) with its texts and points, or
    None for an id the table does not know."""
    for c in detail.get("custom_cards", ()):
        if c["id"] == card_id:
            texts = {"ja": c.get("ja", ""), "en": c.get("en", "")}
            return {"card": card_id, **texts, "bp": c.get("bp", 0), "vp": c.get("vp", 0)}
    c = CATALOG_BY_ID.get(card_id)
    return None if c is None else {"card": c.id, "ja": c.ja, "en": c.en, "bp": c.bp, "vp": c.vp}


def deck_cards(detail: dict[str, Any]) -> list[dict[str, Any]]:
    """The table's deck (catalog then custom) in the detail's ``available_cards`` order, with texts."""
    cards = (card_words(detail, card_id) for card_id in detail.get("available_cards", ()))
    return [c for c in cards if c is not None]


@bp.app_context_processor
def _helpers() -> dict[str, Any]:
    return {"tdb_deck": deck_cards, "tdb_card": card_words}


def stat_sentences(s: TrickDeBingoStats) -> list[str]:
    """What stands out in a player's numbers at this game, for their club page (tiles as they write them)."""
    return [
        ngettext("%(num)s bingo.", "%(num)s bingos.", s.bingos),
        ngettext("%(num)s round played.", "%(num)s rounds played.", s.rounds),
    ]


def is_turn_of(detail: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat``'s phone says "Your turn": the seat to pick during the draft (each seat picks on its
    own phone); the tricks are entered whole from the scorer's phone, so no turn is said there."""
    return detail.get("phase") == "draft" and detail.get("to_pick") == seat


seat_names = seats_are_players


CORRECTION = Correction(
    surfaces={
        "trick": "trick_de_bingo/_trick.html",
        "pick": "trick_de_bingo/_pick.html",
        "round": "trick_de_bingo/_round.html",
        "claim": "trick_de_bingo/_claim.html",
    },
    labels={"card": lazy_gettext("Card")},
    spent=frozenset({"cards", "card"}),
    ordered=frozenset({("trick", "cards")}),
)
"""Tricks, picks, rounds and claims are corrected on their entry surfaces (a custom card field by field)."""


report_lines = nothing_settled


settles = settles_nothing  # a revoke (T11) is said by the trick that proves it


value_words = card_face
"""A text field of an entry as the dispute report prints it: a card as players write it (A♠)."""


def history_parts(group: HistoryGroup, players: Sequence[str]) -> list[HistoryGroup]:
    """A round's history in the parts a player looks for: its tricks (newest first, after the deal), then
    each player's draft picks in the order they were made. A round is some fifty entries, 36 of them
    picks, so its first pick lay more than 5,000 px down a single list (issue 27); now each player's
    picks are nine entries one tap from the top of History, in every round, the first on top."""
    picks = [line for line in group.lines if line[1].body.get("type") == "pick"]
    if not picks:
        return [group]
    rest = [line for line in group.lines if line[1].body.get("type") != "pick"]
    played = any(e.body.get("type") == "trick" for _, e, _ in rest)
    name = gettext("Tricks") if played else gettext("Start")
    parts = [group.part_of(rest, name, name, "play")] if rest else []
    for seat, player in enumerate(players):
        mine = [line for line in picks if line[1].body.get("seat") == seat][::-1]
        if mine:
            parts.append(group.part_of(mine, gettext("%(player)s's picks", player=player), player, f"picks{seat}"))
    return parts


QUICK_CHECKS: tuple[QuickCheck[Any], ...] = ()
"""No question of this game's for /check."""
