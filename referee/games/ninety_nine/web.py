"""Ninety-Nine helpers for the templates: what each card adds to a bid, so the bid picker can show
the bid being built ("2 of 3 · bid 5"). The values come from the rules (N3, N33)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint
from flask_babel import gettext, lazy_gettext, ngettext

from referee.games.ninety_nine.rules.deal_quick_check import check_deal
from referee.games.ninety_nine.rules.pack import bid_value
from referee.games.ninety_nine.rules.quick_check import check_bid, check_bid_cards
from referee.games.ninety_nine.rules.stats import NinetyNineStats
from referee.rules.base import RuleError, _
from referee.rules.cards import Card
from referee.rules.forms import FormData
from referee.rules.numbers import shown_number
from referee.web.site.i18n import say
from referee.web.tables.answer_breaches import Part
from referee.web.tables.correction_form import Correction
from referee.web.tables.game_defaults import one_part
from referee.web.tables.quick_checks import QuickCheck, number
from referee.web.tables.words import card_face

bp = Blueprint(
    "ninety_nine", __name__, template_folder="templates", static_folder="static", static_url_path="/static/games/ninety_nine"
)


@bp.app_template_global("nn_bid_values")
def nn_bid_values(cards: list[str], turnup: str | None) -> dict[str, int]:
    """Each card (record spelling) -> what it adds to a bid when the deal's turn-up is ``turnup``."""
    up = Card.parse(turnup) if turnup else None
    return {c: bid_value((Card.parse(c),), up) for c in cards}


def stat_sentences(s: NinetyNineStats) -> list[str]:
    """What stands out in a player's numbers at this game, for their club page (tiles as they write them)."""
    if not s.deals:
        return []
    return [
        ngettext(
            "Bids made: %(pct)s%% (%(made)s of %(num)s deal).",
            "Bids made: %(pct)s%% (%(made)s of %(num)s deals).",
            s.deals,
            pct=s.percent,
            made=s.made,
        )
    ]


def settles(detail: Mapping[str, Any], entry_type: str) -> Part | None:
    """The trick (or the bid) that completes a deal lists every rule break of it above its score: a card
    used twice (N3) is told once the bids are open, at the deal's end (rules/sealed.py); a renege (N10)
    also as soon as a later trick proves it."""
    complete = detail.get("sheet") and detail.get("phase") == "complete"
    return "deal" if complete and entry_type in ("trick", "tricks", "bid") else None


def is_turn_of(detail: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat``'s phone says "Your turn": its bid is still to be sealed while the deal takes bids.
    The seats bid together, not in turn, until the deal is scored; the tricks are entered whole from the
    scorer's phone, so no turn is said for them."""
    status = detail.get("bid_status") or []
    return "bid" in (detail.get("next") or []) and seat < len(status) and status[seat] == "missing"


def seat_names(players: Sequence[str]) -> list[str]:
    """The names of the seats that play, in seat order: the players', and with two players the dummy's
    (seat 2, N26)."""
    return [*players, gettext("Dummy")] if len(players) == 2 else list(players)


CORRECTION = Correction(
    surfaces={
        "trick": "ninety_nine/_trick.html",
        "bid": "ninety_nine/_bid.html",
        "deal": "ninety_nine/_deal.html",
        "premium": "ninety_nine/_premium.html",
    },
    labels={
        "turnup": lazy_gettext("Turned-up card"),
        "kind": lazy_gettext("Kind"),
        "hand": lazy_gettext("Cards in hand"),
        "counts": lazy_gettext("Counts"),
    },
    spent=frozenset({"cards"}),
    ordered=frozenset({("trick", "cards")}),
    sealed=frozenset({"bid"}),
)
"""Tricks, bids, deals and premiums are corrected on their entry surfaces."""


def deal_line_words(line: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line of a deal's score (``score_deal``) in words, a ``seat`` param by name."""
    params = dict(line["params"])
    if "seat" in params:
        params["seat"] = names[int(params["seat"])]
    return say(line["msg"], params)


def report_lines(now: Mapping[str, Any], was: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """What an entry settled, for the dispute report, from the view before (``was``) and after (``now``):
    a deal's score, seat by seat, line by line (N12-N14, N27-N29)."""
    if len(now.get("sheet") or ()) <= len(was.get("sheet") or ()):
        return []
    row = now["sheet"][-1]
    out = []
    for seat, name in enumerate(players):
        out.append(f"{name}: {row['scores'][seat]}")
        out.extend(f"{deal_line_words(line, players)} {shown_number(line['points'], sign=True)}" for line in row["lines"][seat])
    return out


value_words = card_face
"""A text field of an entry as the dispute report prints it: a card as players write it (A♠)."""


history_parts = one_part


def bid_cards(form: FormData) -> list[str]:
    """The three bid cards the bid check's form posted (``bid``), as tapped."""
    return form.getlist("bid")


def _bid(cards: list[str]) -> dict[str, Any]:
    return {"check": check_bid(cards)}


@dataclass(frozen=True)
class DealAsked:
    """A deal told to the deal check: per player the bid cards tapped (none when the bid is told as a
    number instead: ``bids``) and the tricks taken; the premium's seat and kind, if any."""

    players: int
    bid_cards: tuple[tuple[str, ...], ...]
    bids: tuple[int | None, ...]
    tricks: tuple[int | None, ...]
    premium: tuple[int, str] | None


def deal_asked(form: FormData) -> DealAsked:
    """``players`` (3 or 4), ``bidcards<i>`` (or the number ``bid<i>``) and ``tricks<i>`` per player, ``premium`` seat and
    ``premium_kind``."""
    players = 4 if form.get("players") == "4" else 3
    hands = tuple(tuple(form.getlist(f"bidcards{i}")) for i in range(players))
    seat = number(form, "premium")
    return DealAsked(
        players=players,
        bid_cards=hands,
        bids=tuple(None if hand else number(form, f"bid{i}") for i, hand in enumerate(hands)),
        tricks=tuple(number(form, f"tricks{i}") for i in range(players)),
        premium=(seat, form.get("premium_kind", "declare")) if seat is not None else None,
    )


def _deal(asked: DealAsked) -> dict[str, Any]:
    players = asked.players
    # bids read from the tapped bid cards (N3); a player with none tapped may have the bid told as a number
    read = check_bid_cards(players, [hand for hand in asked.bid_cards if hand])
    bids = [read.pop(0) if hand else told for hand, told in zip(asked.bid_cards, asked.bids, strict=True)]
    tricks = list(asked.tricks)
    if any(v is None for v in (*bids, *tricks)):
        raise RuleError("each_player", _("Give every player's bid and tricks."))
    result = check_deal(players, [int(b or 0) for b in bids], [int(t or 0) for t in tricks], asked.premium, {})
    names = [gettext("Player %(n)s", n=i + 1) for i in range(players)]
    lines = [
        [(deal_line_words(line, names), line["points"]) for line in seat_lines] for seat_lines in result.lines
    ]
    trump = {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}.get(result.next_trump or "", gettext("no trump"))
    return {"check": result, "names": names, "lines": lines, "next_trump": trump, "bids": bids}


QUICK_CHECKS = (
    QuickCheck("ninety-nine-bid", lazy_gettext("Ninety-Nine bid"), bid_cards, _bid, "ninety_nine/_quick_check_bid.html", place=30),
    QuickCheck("ninety-nine-deal", lazy_gettext("Ninety-Nine deal"), deal_asked, _deal, "ninety_nine/_quick_check_deal.html", place=40, head="ninety_nine/_quick_check_head.html"),
)
"""Ninety-Nine's questions for /check: what do three bid cards bid, and what does a deal score?"""
