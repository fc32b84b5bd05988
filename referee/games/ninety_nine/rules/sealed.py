"""Cards that sit in a sealed bid: never refused at once, reported to the whole table when the bids open.

A bid is its seat's secret until the deal is complete, or until a premium lays it face up (N5). If a
trick, a bid or a revealed hand were refused because one of its cards sits in a sealed bid, the
refusal would tell the writer which cards that bid holds and whose bid it is (issue 13: both
opponents' bids came out in 21 refused probes). So such a card is accepted and kept as a
``Conflict``; once every bid it involves is open, it becomes a breach of N3 (the three bid cards are
set aside, the other cards are played) that everyone sees. Checks that need no sealed contents (a
card outside the pack, played openly, in a face-up bid or hand) still refuse at once (known.py).

A record has nothing sealed: its importer wrote every card. ``hidden_errors`` gives each conflict as
the refusal it would have been, and the record check refuses the record at that event, as before.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from referee.rules.base import Breach, IllegalEvent, RuleError, _
from referee.rules.cards import Card
from referee.rules.frozen import quick, replace

from .state import DealState, State, seat_name

Where = Literal["trick", "bid", "hand"]


@quick
@dataclass(frozen=True)
class Conflict:
    event: int  # index of the event that used the card
    seat: int  # who used it: the player of the trick card, the bidder, the revealer
    card: Card
    owner: int  # whose sealed bid holds it
    where: Where
    trick: int = 0  # 1-based trick number when ``where`` is "trick"


def is_open(deal: DealState, seat: int) -> bool:
    """A bid lies face up once the deal is complete or its seat made a premium bid (N5, N15)."""
    return deal.result is not None or any(s == seat for s, _k in deal.premiums)


def sealed_owners(deal: DealState, card: Card) -> tuple[int, ...]:
    """Every seat whose still sealed bid holds ``card``. All of them, not the first: which conflict is
    told when one bid opens must not depend on what another sealed bid holds."""
    if card not in deal.bid_cards:
        return ()
    return tuple(
        s for s, bid in enumerate(deal.bids) if bid is not None and card in bid and not is_open(deal, s)
    )


def hold(state: State, deal: DealState, found: Iterable[Conflict]) -> tuple[State, DealState]:
    """Keep conflicts for later: in the deal until they are reported, in the state for records."""
    found = tuple(found)
    if not found:
        return state, deal
    return replace(state, hidden=state.hidden + found), replace(deal, pending=deal.pending + found)


def report_opened(state: State) -> State:
    """Turn the deal's conflicts whose bids are all open into breaches everyone sees."""
    deal = state.deal
    if deal is None or not deal.pending:
        return state
    ready = [c for c in deal.pending if all(is_open(deal, s) for s in _bids_of(c))]
    if not ready:
        return state
    left = tuple(c for c in deal.pending if c not in ready)
    breaches = tuple(_breach(state, c) for c in ready)
    return replace(state, deal=replace(deal, pending=left), breaches=state.breaches + breaches)


def hidden_errors(state: State) -> tuple[tuple[int, RuleError], ...]:
    """Every conflict as the refusal a record gets at its event (nothing is sealed in a record)."""
    message = _("%(card)s is one of %(player)s's bid cards.")
    return tuple(
        (c.event, IllegalEvent("card_in_bid", message, card=c.card, player=seat_name(state, c.owner)))
        for c in state.hidden
    )


def _bids_of(c: Conflict) -> tuple[int, ...]:
    return (c.owner, c.seat) if c.where == "bid" else (c.owner,)


def _breach(state: State, c: Conflict) -> Breach:
    params = {"card": c.card.face, "owner": seat_name(state, c.owner), "player": seat_name(state, c.seat)}
    if c.where == "trick":
        params["trick"] = str(c.trick)
        message = _("%(player)s played %(card)s in trick %(trick)s, but it is one of %(owner)s's bid cards.")
    elif c.where == "bid":
        message = _("%(card)s is in %(player)s's bid, but it is one of %(owner)s's bid cards too.")
    else:
        message = _(
            "%(card)s lies face up in %(player)s's revealed hand, but it is one of %(owner)s's bid cards."
        )
    return Breach(event=c.event, rule="N3", seat=c.seat, message=message, params=params)
