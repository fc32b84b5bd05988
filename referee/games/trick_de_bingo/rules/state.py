"""Trick de Bingo state: frozen records of one game, and the scoring read from them (T10, T16-T22)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from referee.rules.base import IllegalEvent, _
from referee.rules.frozen import derived, quick

from ..conditions import (
    CATALOG_BY_ID,
    Achiever,
    Check,
    ConditionCard,
    Proof,
    Rules,
    TrickRecord,
    card_check,
)

BonusKind = Literal["first", "last"]  # First Bingo (T17), Last Bingo (T18)

PLAYERS = 4
PICKS = 36  # T9: 4 players x 9 cards
TRICKS = 13  # T11
CHIP = 1  # T3
FIRST_BINGO = 2  # T17
LAST_BINGO = 2  # T18
# T16: the 8 lines of the 3x3 sheet, cells numbered 1-9 row by row.
LINES: tuple[tuple[int, int, int], ...] = (
    (1, 2, 3),
    (4, 5, 6),
    (7, 8, 9),
    (1, 4, 7),
    (2, 5, 8),
    (3, 6, 9),
    (1, 5, 9),
    (3, 5, 7),
)


@quick
@dataclass(frozen=True)
class PickRecord:
    """A card drafted onto a sheet (T7): by ``seat`` onto ``cell``, at record index ``event``."""

    seat: int
    card: str
    cell: int
    event: int


@quick
@dataclass(frozen=True)
class Flip:
    """A card turned face down (T14), with the trick that proved it."""

    seat: int
    cell: int
    card: str
    proof: Proof
    event: int  # the trick event (automatic) or the claim event (manualClaims)


@quick
@dataclass(frozen=True)
class BingoLine:
    """A completed line of three flipped cells (T16), on trick ``trick``."""

    seat: int
    cells: tuple[int, int, int]
    trick: int


@dataclass(frozen=True)
class Bonus:
    seat: int
    kind: BonusKind
    trick: int
    points: int


@dataclass(frozen=True)
class Missed:
    """An achievement not claimed before the next trick (T19, manualClaims)."""

    seat: int
    cell: int
    card: str
    trick: int


@quick
@dataclass(frozen=True)
class Played:
    """One trick and everything announced for it (T13): flips, new lines, bonuses."""

    record: TrickRecord
    event: int
    flips: tuple[Flip, ...] = ()
    lines: tuple[BingoLine, ...] = ()
    bonuses: tuple[Bonus, ...] = ()


@dataclass(frozen=True)
class RoundState:
    """One round: its dealer, the draft and the tricks so far (T4-T19)."""

    number: int
    dealer: int
    event: int
    picks: tuple[PickRecord, ...] = ()
    tricks: tuple[Played, ...] = ()
    missed: tuple[Missed, ...] = ()
    window_closed: bool = False  # manualClaims: the last trick's announcements are over
    played: Mapping[str, int] = field(default_factory=dict)
    """The trick each played card (as written, ``"10H"``) went to, kept with ``tricks``: every trick
    checks its cards against it (T1: one pack, a card is played once a round)."""

    @property
    def records(self) -> tuple[TrickRecord, ...]:
        return tuple(p.record for p in self.tricks)

    @property
    def complete(self) -> bool:
        return len(self.tricks) == TRICKS

    def sheet_cells(self, seat: int) -> tuple[tuple[int, str], ...]:
        """The seat's (cell, card id) pairs in cell order: what every trick checks (T13), read only."""
        return self._sheet_cells[seat]

    @derived.reading("picks")
    def _sheet_cells(self) -> tuple[tuple[tuple[int, str], ...], ...]:
        return tuple(tuple(sorted(self._sheets.get(seat, {}).items())) for seat in range(PLAYERS))

    def sheet(self, seat: int) -> dict[int, str]:
        """Cell -> card id of the seat's sheet (T7)."""
        return dict(self._sheets.get(seat, {}))  # a copy: the caller may change it

    @derived.reading("picks")
    def _sheets(self) -> dict[int, dict[int, str]]:
        """Every seat's sheet, made once per draft (each trick reads all four; a trick leaves it)."""
        sheets: dict[int, dict[int, str]] = {}
        for p in self.picks:
            sheets.setdefault(p.seat, {})[p.cell] = p.card
        return sheets

    @derived.reading("picks", "tricks")
    def unflipped(self) -> tuple[tuple[int, int, str], ...]:
        """(seat, cell, card id) of every drafted card not flipped yet, seat by seat in cell order:
        what the next trick checks (T13; T14: a flipped card stays flipped). A trick hands the next
        round state what is left (``keep``) rather than have it rebuilt from every trick's flips."""
        done = self.flips()
        return tuple(
            (seat, cell, card_id)
            for seat in range(PLAYERS)
            for cell, card_id in self.sheet_cells(seat)
            if (seat, cell) not in done
        )

    def flips(self, seat: int | None = None) -> dict[tuple[int, int], Flip]:
        return {(f.seat, f.cell): f for t in self.tricks for f in t.flips if seat is None or f.seat == seat}

    def lines(self, seat: int) -> tuple[BingoLine, ...]:
        return tuple(line for t in self.tricks for line in t.lines if line.seat == seat)

    def bonuses(self) -> tuple[Bonus, ...]:
        return tuple(b for t in self.tricks for b in t.bonuses)


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: dict[str, Any]
    rules: Rules
    rounds_agreed: int
    events: int = 0  # events applied so far: the next event's index
    rounds: tuple[RoundState, ...] = ()
    custom: tuple[ConditionCard, ...] = field(default=())

    @property
    def current(self) -> RoundState | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def finished(self) -> bool:
        return len(self.rounds) == self.rounds_agreed and self.rounds[-1].complete

    def card(self, card_id: str) -> ConditionCard | None:
        """A catalog card (ids are not case-sensitive) or a custom card of this table."""
        for c in self.custom:
            if c.id == card_id:
                return c
        found = CATALOG_BY_ID.get(card_id)  # ids are kept as the catalog spells them: no second spelling
        return found if found is not None else CATALOG_BY_ID.get(card_id.strip().upper())

    def drafted(self, card_id: str) -> ConditionCard:
        """A card on a sheet. Its pick was refused unless ``card`` knew it, and cards are never taken
        away, so a missing card means the log is corrupt: refused like the pick would have been."""
        card = self.card(card_id)
        if card is None:
            raise IllegalEvent(
                "unknown_card", _("There is no condition card %(card)s at this table."), card=card_id
            )
        return card

    def achiever(self, card_id: str) -> Achiever:
        """The check of a drafted card's condition under this table's rules (T13), refused like
        :meth:`drafted`. Made once per card and table: every trick checks every card on the sheets."""
        return self.check(card_id)[1]

    def check(self, card_id: str) -> Check:
        """:meth:`achiever` with, for a ``trick`` condition, its predicate alone (``trick_predicate``),
        and the card's ``trick_gate``."""
        found = self._checks.get(card_id)
        if found is None:
            found = self._checks[card_id] = card_check(self.drafted(card_id).condition, self.rules)
        return found

    def checks(self) -> dict[str, Check]:
        """The checks made so far, by card id (read once per trick, then :meth:`check` for the rest)."""
        return self._checks

    @derived.reading("custom", "rules")
    def _checks(self) -> dict[str, Check]:
        """Passed on to every later state with the same cards and rules (a card's check never
        changes), filled by :meth:`check` as cards are first checked."""
        return {}

    def deck(self) -> tuple[ConditionCard, ...]:
        return tuple(CATALOG_BY_ID.values()) + self.custom


LINES_THROUGH: dict[int, tuple[tuple[int, int, int], ...]] = {
    cell: tuple(line for line in LINES if cell in line) for cell in range(1, 10)
}
"""The lines through each cell: the only lines a flip of that cell can complete."""


def completed_lines(
    flipped_cells: set[int], through: Iterable[int] | None = None
) -> set[tuple[int, int, int]]:
    """T16: the lines whose three cells are all flipped; with ``through``, only those through one of
    these cells (the cells flipped on a trick: a line without one of them was complete before)."""
    lines = LINES if through is None else (line for cell in through for line in LINES_THROUGH[cell])
    return {line for line in lines if flipped_cells.issuperset(line)}


class RoundScore(TypedDict):
    """One seat's round on the score sheet (T20)."""

    bp: int  # the BP of the cards it drafted (T10)
    first_bingo: int  # T17
    last_bingo: int  # T18
    flipped: int  # flipped cards, 1 point each, once the round is over
    lines: int  # completed lines, 1 point each, once the round is over
    vp: int  # the VP of its flipped cards, once the round is over
    total: int


def drafted_cards(state: State) -> dict[str, ConditionCard]:
    """Every card on a sheet of any round, by id, each looked up once: a view reads each for its score
    (BP, then VP) and its cell (a card id names one card at a table, whatever the round). A pick keeps
    a catalog card's id as the catalog spells it and a custom id is never a catalog id (custom.py), so
    the catalog answers for most cards in one look-up, without the two calls of ``drafted``."""
    catalog = CATALOG_BY_ID
    return {p.card: catalog.get(p.card) or state.drafted(p.card) for rnd in state.rounds for p in rnd.picks}


def round_score(rnd: RoundState, cards: Mapping[str, ConditionCard]) -> tuple[RoundScore, ...]:
    """The round's breakdown, seat by seat (T20), given its drafted cards (``drafted_cards``). Flips,
    lines and VP count once the round is over. One pass over the picks and the tricks for the four
    seats: every view scores every round."""
    bp, first, last, flipped, lines, vp = [[0] * PLAYERS for _ in range(6)]
    for p in rnd.picks:
        bp[p.seat] += cards[p.card].bp
    for t in rnd.tricks:
        for b in t.bonuses:
            (first if b.kind == "first" else last)[b.seat] += b.points
    if rnd.complete:
        for f in rnd.flips().values():
            flipped[f.seat] += 1
            vp[f.seat] += cards[f.card].vp
        for t in rnd.tricks:
            for line in t.lines:
                lines[line.seat] += 1
    return tuple(
        [
            {
                "bp": bp[seat],
                "first_bingo": first[seat],
                "last_bingo": last[seat],
                "flipped": flipped[seat],
                "lines": lines[seat],
                "vp": vp[seat],
                "total": bp[seat] + first[seat] + last[seat] + flipped[seat] + lines[seat] + vp[seat],
            }
            for seat in range(PLAYERS)
        ]  # a list made in one call, not a generator resumed per seat
    )


def round_scores(
    state: State, cards: Mapping[str, ConditionCard] | None = None
) -> list[tuple[RoundScore, ...]]:
    """Every round's breakdown, seat by seat (T20); ``cards`` is ``drafted_cards(state)`` when the
    caller has it already (the view shows the cards too)."""
    drafted = drafted_cards(state) if cards is None else cards
    return [round_score(rnd, drafted) for rnd in state.rounds]


def totals(state: State, scores: Sequence[Sequence[RoundScore]] | None = None) -> tuple[int, ...]:
    """T3, T21: the starting chip plus every round's score so far. ``scores`` is ``round_scores(state)``
    when the caller has made it already (the view shows the rows too: each round is scored once)."""
    rows = round_scores(state) if scores is None else scores
    return tuple([CHIP + sum([r[seat]["total"] for r in rows]) for seat in range(PLAYERS)])
