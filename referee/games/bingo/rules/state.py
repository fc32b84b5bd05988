"""Bingo state: the match, its deals, and what the table has publicly shown so far.

Everything here is a frozen dataclass; ``apply`` builds new ones with ``replace`` (rules/frozen.py).
Queries (phase, who is on lead, which tiles are used or known in a hand) are derived from the deal's
trick record, so the state holds only what happened (B16-B23, B38).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.rules.frozen import derived, quick, replace
from referee.rules.message import Message
from referee.rules.tiles import Tile

from .settlement import ClaimDetail, ClaimKind
from .values import MATCH_TARGET, trump_of

PHASE_ONE_TRICKS = 7  # B22: 14 boneyard tiles, two drawn per trick
HAND = 7  # B16


@quick
@dataclass(frozen=True)
class TrickRecord:
    event: int
    no: int  # 1-based within the deal
    leader: int
    lead: Tile
    reply: Tile
    winner: int
    points: int
    phase: int
    why: Message
    capture: int | None = None  # B46: the seat that played [0-0] onto the trump double


@quick
@dataclass(frozen=True)
class DeclarationRecord:
    event: int
    seat: int
    doubles: tuple[Tile, ...]
    points: int
    before_trick: int  # the number of the trick it leads (B28)


@dataclass(frozen=True)
class CloseRecord:
    event: int
    seat: int
    after_trick: int
    opp_card_points: int  # B42 snapshot: the opponent's trick points
    opp_declared: int  # ... and valid declarations at that moment
    opp_tricks: int


@dataclass(frozen=True)
class ShowRecord:
    """Tiles a player showed after a claim (B33); ``event`` dates the proof they give (checks)."""

    event: int
    seat: int
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class Settlement:
    kind: ClaimKind
    winner: int | None
    game_points: int
    row: int  # the B44 row
    breakdown: ClaimDetail  # what the view shows as the deal's ``claim``
    event: int | None = None
    claimer: int | None = None


@dataclass(frozen=True)
class DealState:
    no: int
    event: int
    leader: int
    indicator: Tile
    tricks: tuple[TrickRecord, ...] = ()
    declarations: tuple[DeclarationRecord, ...] = ()
    pending: DeclarationRecord | None = None  # B28: the next trick must lead one of these doubles
    close: CloseRecord | None = None
    indicator_holder: int | None = None  # B21 / B-Δ5
    settlement: Settlement | None = None
    shows: tuple[ShowRecord, ...] = ()

    @property
    def trump(self) -> int:
        return trump_of(self.indicator)

    @property
    def total_tricks(self) -> int:
        """B22: 14 tricks; after a close at trick k, the 7 tiles in each hand: k + 7 (B38)."""
        return self.close.after_trick + HAND if self.close else 2 * HAND

    @property
    def played_out(self) -> bool:
        return len(self.tricks) >= self.total_tricks

    @property
    def settled(self) -> bool:
        return self.settlement is not None

    @property
    def in_play(self) -> bool:
        """Tricks, declarations and closes may still come."""
        return not self.settled and not self.played_out

    @property
    def phase_two_from(self) -> int:
        """The number of the first phase-2 trick (B23)."""
        return self.close.after_trick + 1 if self.close else PHASE_ONE_TRICKS + 1

    @property
    def phase(self) -> int:
        """The phase of the next trick (or of the last one once played out)."""
        return 2 if min(len(self.tricks) + 1, self.total_tricks) >= self.phase_two_from else 1

    @property
    def on_lead(self) -> int:
        """B20/B23: the last trick's winner leads; the deal's leader leads the first trick."""
        return self.tricks[-1].winner if self.tricks else self.leader

    def used(self) -> dict[Tile, int]:
        """Tiles played so far in this deal, with the trick number each fell in."""
        return dict(self.played)  # a copy: the caller may add to it

    @derived.reading("tricks")
    def played(self) -> Mapping[Tile, int]:
        """``used()`` without the copy, for the rules that only read it (every trick reads it)."""
        out: dict[Tile, int] = {}
        for t in self.tricks:
            out[t.lead] = t.no
            out[t.reply] = t.no
        return out

    def declared(self) -> set[Tile]:
        return {d for decl in self.declarations for d in decl.doubles}

    def known_in_hand(self, seat: int) -> list[Tile]:
        """Tiles the table has shown to be in ``seat``'s hand: its declared doubles not yet played
        (B28) and the indicator it took (B21), unless played."""
        return list(self.known_tiles[seat])

    @derived.reading("tricks", "declarations", "indicator", "indicator_holder")
    def known_tiles(self) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """``known_in_hand`` of both seats, worked out once per deal state (a trick asks up to three
        times) and read without a copy; most of a deal has nothing known, which costs one test."""
        if not self.declarations and self.indicator_holder is None:
            return (), ()
        used = self.played
        known: tuple[list[Tile], list[Tile]] = ([], [])
        for decl in self.declarations:
            known[decl.seat].extend(d for d in decl.doubles if d not in used)
        holder = self.indicator_holder
        if holder is not None and self.indicator not in used and self.indicator not in known[holder]:
            known[holder].append(self.indicator)
        return tuple(sorted(set(known[0]), reverse=True)), tuple(sorted(set(known[1]), reverse=True))

    def tricks_won(self, seat: int) -> int:
        return sum(1 for t in self.tricks if t.winner == seat)

    @property
    def hand_size(self) -> int:
        """Tiles each player holds between tricks once phase 2 has begun: 7 less the phase-2 tricks."""
        return HAND - max(0, len(self.tricks) - (self.phase_two_from - 1))

    def shown(self, seat: int) -> tuple[Tile, ...] | None:
        for show in self.shows:
            if show.seat == seat:
                return show.tiles
        return None


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Mapping[str, Any]
    events: int = 0  # events applied (the index the next one will have)
    deals: tuple[DealState, ...] = ()
    game_points: tuple[int, int] = (0, 0)  # B2: settled deals and captures

    @property
    def deal(self) -> DealState | None:
        return self.deals[-1] if self.deals else None

    @property
    def finished(self) -> bool:
        return max(self.game_points) >= MATCH_TARGET

    def with_deal(self, deal: DealState, gp: tuple[int, int] | None = None) -> State:
        """This state with its current deal (and the match game points) replaced."""
        return replace(self, deals=self.deals[:-1] + (deal,), game_points=gp or self.game_points)

    def opt(self, name: str) -> bool:
        return bool(self.options.get(name, False))


def award(gp: tuple[int, int], seat: int | None, points: int) -> tuple[int, int]:
    """Game points ``gp`` with ``points`` more for ``seat`` (B2)."""
    if seat is None or not points:
        return gp
    out = list(gp)
    out[seat] += points
    return (out[0], out[1])


def declaration_room(deal: DealState, seat: int) -> int:
    """The most doubles ``seat`` could show before its next lead (B28, B31): its hand holds 7 tiles in
    phase 1 and one fewer after each phase-2 trick, as nobody draws then (B23, B38), and the tiles the
    table knows are in it that cannot be shown again (declared doubles, B29; a taken indicator that is
    no double, B21) take their places."""
    declared = deal.declared()
    fixed = [k for k in deal.known_in_hand(seat) if k in declared or not k.is_double]
    return deal.hand_size - len(fixed)
