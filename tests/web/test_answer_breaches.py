"""The rule breaks an answer says (referee/web/tables/answer_breaches.py, each game's ``web.settles``), chosen
before rendering (issue 30): those the latest entry proves, or, after the entry that settles a deal or a hand,
every one of that part since the entry that opened it. Until issue 30 ``table/_breaches.html`` chose them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from referee.rules.base import Breach, View
from referee.store.replay import Effective
from referee.web.tables.answer_breaches import answer_breaches, settled_part


def log(*types: str) -> tuple[Effective, ...]:
    return tuple(Effective(seq, {"type": kind}) for seq, kind in enumerate(types, start=1))


def breach(event: int, detected_at: int | None) -> Breach:
    return Breach(event=event, rule="X1", seat=0, message="m", detected_at=detected_at)


# deal 1 (entries 0-3) and deal 2 (4-7): a break in each deal proved two entries later, one proved at once
EFFECTIVE = log("deal", "trick", "trick", "claim", "deal", "trick", "trick", "claim")
OLD, PROVED_EARLIER, PROVED_LAST = breach(1, 3), breach(5, 6), breach(6, 7)
VIEW: View[Any] = View(totals=(0, 0), detail={}, breaches=(OLD, PROVED_EARLIER, PROVED_LAST))


def test_an_entry_that_settles_nothing_says_the_breaks_it_proves():
    assert answer_breaches(VIEW, EFFECTIVE, None) == (PROVED_LAST,)
    assert answer_breaches(VIEW, EFFECTIVE[:7], None) == (PROVED_EARLIER,)
    assert answer_breaches(VIEW, EFFECTIVE[:6], None) == ()


def test_an_entry_that_settles_a_part_says_every_break_since_the_part_opened():
    assert answer_breaches(VIEW, EFFECTIVE, "deal") == (PROVED_EARLIER, PROVED_LAST)
    first_deal: View[Any] = View(totals=(0, 0), detail={}, breaches=(OLD,))  # the view at deal 1's claim
    assert answer_breaches(first_deal, EFFECTIVE[:4], "deal") == (OLD,)


def test_a_part_never_opened_counts_from_the_first_entry():
    assert answer_breaches(VIEW, EFFECTIVE, "hand") == (OLD, PROVED_EARLIER, PROVED_LAST)


def test_nothing_recorded_says_nothing():
    assert answer_breaches(VIEW, (), None) == ()
    assert settled_part("bingo", {"claim": {"kind": "win"}}, None) is None


@pytest.mark.parametrize(
    ("game", "detail", "entry", "part"),
    [
        ("bingo", {"claim": {"kind": "win"}}, "claim", "deal"),
        ("bingo", {"claim": {"kind": "win"}}, "show", "deal"),
        ("bingo", {"claim": None}, "claim", None),  # a claim the deal has not settled yet
        ("bingo", {"claim": {"kind": "win"}}, "trick", None),
        ("five-up", {}, "end", "hand"),
        ("five-up", {}, "play", None),
        ("ninety-nine", {"sheet": [{"deal": 1}], "phase": "complete"}, "trick", "deal"),
        ("ninety-nine", {"sheet": [{"deal": 1}], "phase": "complete"}, "bid", "deal"),
        ("ninety-nine", {"sheet": [{"deal": 1}], "phase": "play"}, "trick", None),  # the next deal under way
        ("ninety-nine", {"sheet": [], "phase": "complete"}, "trick", None),
        ("ninety-nine", {"sheet": [{"deal": 1}], "phase": "complete"}, "deal", None),
        ("trick-de-bingo", {"phase": "round_over"}, "trick", None),  # a revoke is said by the trick that proves it
        ("bead-game", {}, "end", None),
        ("score-pad", {}, "round", None),
    ],
)
def test_the_game_says_which_entry_settles_a_part(game: str, detail: dict[str, Any], entry: str, part: str | None):
    assert settled_part(game, detail, {"type": entry}) == part


@dataclass(frozen=True)
class Shown:
    """The two fields of a table page ``table/_breaches.html`` reads."""

    settles: str | None
    rule_breaks: tuple[Breach, ...]


@pytest.mark.parametrize(
    ("settles", "count", "lang", "heading"),
    [
        (None, 1, "en", "Rule break found:"),
        ("deal", 1, "en", "Rule break in this deal:"),
        ("deal", 2, "en", "Rule breaks in this deal:"),
        ("hand", 1, "en", "Rule break in this hand:"),
        ("hand", 2, "en", "Rule breaks in this hand:"),
        (None, 1, "ja", "ルール違反が判明："),
        ("deal", 2, "ja", "このディールのルール違反："),
        ("hand", 1, "ja", "このハンドのルール違反："),
    ],
)
def test_the_template_prints_the_chosen_breaks_under_their_heading(app, settles, count, lang, heading):
    breaks = tuple(Breach(event=n, rule="F21", seat=0, message=f"Break {n}.") for n in range(count))
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        html = app.jinja_env.get_template("table/_breaches.html").render(page=Shown(settles, breaks))
    assert html.count("<b>") == 1 and f"<b>{heading}</b>" in html  # the heading once, on the first break
    assert [f"Break {n}." in html for n in range(count)] == [True] * count
    assert "breach-found" not in app.jinja_env.get_template("table/_breaches.html").render(page=Shown(settles, ()))
