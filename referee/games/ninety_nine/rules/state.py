"""The state of a Ninety-Nine table: frozen dataclasses, replaced (never mutated) by each event."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.rules.base import Breach, _, word
from referee.rules.cards import Card
from referee.rules.frozen import derived, quick
from referee.rules.message import Message

from .options import Rules


@quick
@dataclass(frozen=True)
class TrickRecord:
    event: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]  # who each card belongs to, in play order
    led: str  # the suit led (the Joker counted as the turn-up, N33)
    winner: int  # seat
    why: Message  # why the winner won (N11)
    controller: int | None = None  # 2 players: who played the dummy's card (N26)


class ScoreLine(Message):
    """One line of a player's deal score: a sentence and the points it gives (N12-N16)."""

    points: int


@dataclass(frozen=True)
class DealResult:
    """One row of the score sheet: a complete deal and its scoring (N12-N16, N27-N29, N30-N32)."""

    game: int
    number: int
    dealer: int
    trump: str | None
    bids: tuple[int, ...]  # per hand (the dummy last with 2 players)
    tricks: tuple[int, ...]
    success: tuple[bool, ...]
    k: int
    bonus: tuple[int, ...]  # per player
    premium: tuple[int, ...]
    scores: tuple[int, ...]
    lines: tuple[tuple[ScoreLine, ...], ...]  # per player: how the deal's points came
    running: tuple[int, ...] = ()  # the game totals after this deal
    next_trump: str | None = None


@dataclass(frozen=True)
class DealState:
    event: int
    game: int
    number: int  # 1-based within the game
    dealer: int
    trump: str | None
    turnup: Card | None
    pack: frozenset[Card]
    premiums: tuple[tuple[int, str], ...] = ()  # the standing premium bids (2 players: one per declarer)
    asked: int = -1  # seedAskingOrder: asking position of the last seat that bid a premium
    outbid: int | None = None  # seedAskingOrder: a declarer outbid by a reveal, who may counter-reveal
    premium_closed: bool = False
    named_leader: int | None = None  # revealerNamesLeader (N-Δ3)
    revealed: tuple[tuple[int, frozenset[Card]], ...] = ()  # a revealer's face-up playing cards
    bids: tuple[tuple[Card, ...] | None, ...] = ()
    bid_events: tuple[int | None, ...] = ()
    sealed: tuple[bool, ...] = ()  # the bid was entered before the play was over
    tricks: tuple[TrickRecord, ...] = ()
    counts: tuple[int, ...] | None = None  # quick mode: the `tricks` event
    leader: int = 0
    controller: int | None = None
    breached: frozenset[tuple[int, int]] = frozenset()  # (trick index, seat) already reported
    pending: tuple[Any, ...] = ()  # sealed.Conflict: cards of a sealed bid used elsewhere, not yet reported
    result: DealResult | None = None
    played: frozenset[Card] = frozenset()
    """Every card played in the deal's tricks, kept with ``tricks`` (each card played checks it)."""

    @derived.reading("bids")
    def bid_cards(self) -> frozenset[Card]:
        """Every card in a bid, sealed or open (made once per state: each card played checks it)."""
        return frozenset(c for bid in self.bids if bid is not None for c in bid)

    @property
    def play_over(self) -> bool:
        return self.counts is not None

    def won(self, seats: int) -> tuple[int, ...]:
        if self.counts is not None:
            return self.counts
        return tuple(sum(1 for t in self.tricks if t.winner == s) for s in range(seats))


@dataclass(frozen=True)
class GameResult:
    number: int
    first_dealer: int
    scores: tuple[int, ...]  # before the game bonus
    bonus: tuple[int, ...]
    winner: int | None  # None with wikiGameBonus (no game winner is needed there)

    @property
    def final(self) -> tuple[int, ...]:
        return tuple(a + b for a, b in zip(self.scores, self.bonus, strict=True))


@dataclass(frozen=True)
class State:
    rules: Rules
    events: int = 0
    game: int = 1
    game_first_dealer: int | None = None
    expected_dealer: int | None = None  # None before the first deal: the record names it
    next_trump: str | None = None
    game_scores: tuple[int, ...] = ()
    games: tuple[GameResult, ...] = ()
    games_won: tuple[int, ...] = ()
    game_bonuses: tuple[int, ...] = ()  # wikiGameBonus: how often each player earned it
    rubber_bonus: tuple[int, ...] = ()
    deal: DealState | None = None
    sheet: tuple[DealResult, ...] = ()
    breaches: tuple[Breach, ...] = ()
    turnups: tuple[Card, ...] = ()  # Oxford Whist: the trump pack cards turned so far
    hidden: tuple[Any, ...] = ()  # sealed.Conflict: every one so far (a record is refused at the first)
    finished: bool = False
    winners: tuple[int, ...] = ()

    def totals(self) -> tuple[int, ...]:
        """docs/record-format.md: every finished game with its bonuses, the current game, the rubber bonus."""
        out = list(self.rubber_bonus)
        for g in self.games:
            out = [a + b for a, b in zip(out, g.final, strict=True)]
        return tuple(a + b for a, b in zip(out, self.game_scores, strict=True))


DUMMY = word(_("the dummy"))


def seat_name(state: State, seat: int) -> str:
    """The player at ``seat``, or the dummy's hand (a seat past the live players)."""
    if seat >= state.rules.live:
        return DUMMY
    return state.rules.names[seat]
