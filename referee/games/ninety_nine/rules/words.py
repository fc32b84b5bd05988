"""Ninety-Nine's history in plain words: "Trick 3: Aki A♠, Ben 10♠, Chie 9♠ — Aki wins".

A bid is sealed until the deal is over, so its sentence never names its cards (nor its value)."""

from __future__ import annotations

from referee.rules.base import Line, _
from referee.rules.narration import make_narrate

from .events import Bid, Deal, Premium, Trick, Tricks
from .pack import SUIT_NAMES
from .state import DUMMY, State


def _name(players: tuple[str, ...], seat: int) -> str:
    return players[seat] if 0 <= seat < len(players) else DUMMY


def _whose(players: tuple[str, ...], seat: int, what: object) -> Line:
    """A seat's card or count in a list ("Aki A♠", "the dummy 3"): a sentence of its own, so that the
    dummy is named in the reader's language, not written into the list in English."""
    return Line(_("%(name)s %(what)s"), {"name": _name(players, seat), "what": what})


def _deal(ev: Deal, players: tuple[str, ...], after: State | None) -> Line:
    """The deal with its dealer and trump (during a replay), and the turned-up card."""
    deal = after.deal if after is not None else None
    if deal is None:
        return Line(_("A new deal."))
    params = {"game": deal.game, "no": deal.number, "name": _name(players, deal.dealer)}
    if deal.trump:
        line = Line(
            _("Game %(game)s, deal %(no)s: %(name)s deals; trump %(trump)s."),
            {**params, "trump": SUIT_NAMES[deal.trump]},
        )
    else:  # its own sentence: "trump: no trump" reads badly, in Japanese most of all
        line = Line(_("Game %(game)s, deal %(no)s: %(name)s deals; no trump."), params)
    if ev.turnup is None:
        return line
    turned = Line(_("Turned up: %(card)s."), {"card": ev.turnup.face})
    return Line(line.message, line.params, more=(turned,))


def _premium(ev: Premium, players: tuple[str, ...], after: State | None) -> Line:
    params = {"name": _name(players, ev.seat)}
    if ev.kind == "reveal":
        if ev.hand:
            return Line(
                _("%(name)s makes a premium bid: reveal (60), and lays %(cards)s face up."),
                {**params, "cards": tuple(c.face for c in ev.hand)},
            )
        return Line(_("%(name)s makes a premium bid: reveal (60)."), params)
    # the premium said with its worth (N14): "Chie bids to declare." left a new player asking "declare what?"
    return Line(_("%(name)s makes a premium bid: declare (30)."), params)


def _trick(ev: Trick, players: tuple[str, ...], after: State | None) -> Line:
    """The trick with who played what and who won (during a replay)."""
    deal = after.deal if after is not None else None
    if deal is None or not deal.tricks:
        return Line(_("A trick: %(cards)s."), {"cards": tuple(c.face for c in ev.cards)})
    played = deal.tricks[-1]
    plays = tuple(_whose(players, s, c.face) for s, c in zip(played.seats, played.cards, strict=False))
    return Line(
        _("Trick %(no)s: %(plays)s — %(winner)s wins."),
        {"no": len(deal.tricks), "plays": plays, "winner": _name(players, played.winner)},
    )


def _bid(ev: Bid, players: tuple[str, ...], after: State | None) -> Line:
    if not 0 <= ev.seat < len(players):  # two players: the dummy's bid opens its own sentence
        # the scorer enters it, the dummy being no person (newplayer8): set aside face down while tricks remain,
        # turned up once they are played (N22: unseen until the end; "sealed" then said the opposite, newplayer9).
        # Alone (no replay: an answer's entry) its cards are told only once the deal is over (N15), so it is up.
        if after is not None and after.deal is not None and not (
            after.deal.counts is not None or len(after.deal.tricks) == after.rules.tricks
        ):
            return Line(_("The dummy's bid is set aside, face down."))
        return Line(_("The dummy's bid is turned up."))
    return Line(_("%(name)s sealed a bid."), {"name": _name(players, ev.seat)})


def _tricks(ev: Tricks, players: tuple[str, ...], after: State | None) -> Line:
    won = tuple(_whose(players, s, n) for s, n in enumerate(ev.counts))
    return Line(_("Tricks won: %(counts)s."), {"counts": won})


narrate = make_narrate({Deal: _deal, Premium: _premium, Trick: _trick, Bid: _bid, Tricks: _tricks})
