"""Trick de Bingo ``start`` and ``apply``: drafting (T6-T10), tricks (T11), flips, lines and bonuses
(T13-T18), manual claims (T19, T-Δ4), rounds and dealers (T4), custom cards (app event ``card``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.base import IllegalEvent, _, check_seat, word
from referee.rules.cards import Card as PlayingCard
from referee.rules.dispatch import make_apply
from referee.rules.drafts import grown, update, writable
from referee.rules.frozen import keep, replace

from ..conditions import ConditionCard, Proof, TrickRecord, achieved, first_achieved, trick_facts
from .custom import add_custom
from .events import Card, Claim, Pick, Round, Trick
from .options import condition_rules
from .state import (
    FIRST_BINGO,
    LAST_BINGO,
    PICKS,
    PLAYERS,
    TRICKS,
    BingoLine,
    Bonus,
    Flip,
    Missed,
    PickRecord,
    Played,
    RoundState,
    State,
    completed_lines,
)


def start(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    return State(
        players=tuple(players),
        options=dict(options),
        rules=condition_rules(options),
        rounds_agreed=int(options["rounds"]),
    )


def _with_round(state: State, rnd: RoundState) -> State:
    """``state`` with ``rnd`` as its current round: ``state`` itself when ``rnd`` is its current round,
    which a replay's draft changed in place (rules/drafts.py: a round is then copied once, not at
    every pick and trick)."""
    if state.rounds and rnd is state.rounds[-1]:
        return state
    return update(state, rounds=state.rounds[:-1] + (rnd,))


def _name(state: State, seat: int) -> str:
    return state.players[seat]


# --- rounds and dealers (T4, T5) ---------------------------------------------------------------


def _round(state: State, ev: Round) -> State:
    dealer = ev.dealer
    rnd = state.current
    if rnd is None:
        if dealer is None:
            raise IllegalEvent(
                "dealer_needed", _("The first round needs a dealer: any seat may deal first (T4).")
            )
        check_seat(dealer, PLAYERS)
    else:
        if not rnd.complete:
            raise IllegalEvent(
                "round_in_progress",
                _("Round %(round)s is not over: %(tricks)s of 13 tricks have been played."),
                round=rnd.number,
                tricks=len(rnd.tricks),
            )
        expected = (rnd.dealer + 1) % PLAYERS  # T4: the deal passes to the left
        if dealer is not None and dealer != expected:
            raise IllegalEvent(
                "wrong_dealer",
                _("The dealer of round %(round)s is %(player)s, to the left of the last dealer (T4)."),
                round=rnd.number + 1,
                player=_name(state, expected),
            )
        dealer = expected
        if state.options["manualClaims"]:
            state = _with_round(state, _close_window(state, rnd))
    new = RoundState(number=len(state.rounds) + 1, dealer=dealer, event=state.events)
    return update(state, rounds=state.rounds + (new,))


# --- drafting (T6-T10) -------------------------------------------------------------------------


def _pick(state: State, ev: Pick) -> State:
    seat, card_id, cell = ev.seat, ev.card, ev.cell
    rnd = state.current
    if rnd is None:
        raise IllegalEvent("no_round", _("Start a round before drafting."))
    if len(rnd.picks) >= PICKS:
        raise IllegalEvent("drafting_over", _("Drafting is over: every sheet has its 9 cards (T9)."))
    check_seat(seat, PLAYERS)
    to_pick = (rnd.dealer + len(rnd.picks)) % PLAYERS  # T6: dealer first, then to the left
    if seat != to_pick:
        raise IllegalEvent(
            "wrong_turn", _("It is %(player)s's turn to pick a card (T6)."), player=_name(state, to_pick)
        )
    card = state.card(card_id)
    if card is None:
        raise IllegalEvent(
            "unknown_card", _("There is no condition card %(card)s at this table."), card=card_id
        )
    # one scan of the picks for the card and the cell, not rnd.sheet: the sheets are then made once,
    # when the first trick reads them
    taken, wanted = None, card.id
    for p in rnd.picks:
        if p.card == wanted:
            raise IllegalEvent(
                "card_drafted",
                _("“%(card)s” was already drafted by %(player)s in this round."),
                card=card.words,
                player=_name(state, p.seat),
            )
        if p.cell == cell and p.seat == seat and taken is None:
            taken = p.card
    if not 1 <= cell <= 9:
        raise IllegalEvent(
            "bad_cell", _("A sheet has squares 1 to 9 (row by row, 5 is the centre), not %(cell)s."), cell=cell
        )
    if taken is not None:
        raise IllegalEvent(
            "cell_taken",
            _("Square %(cell)s of %(player)s's sheet already holds “%(card)s”; placement is final (T7)."),
            cell=cell,
            player=_name(state, seat),
            card=state.drafted(taken).words,
        )
    pick = PickRecord(seat=seat, card=card.id, cell=cell, event=state.events)
    return _with_round(state, update(rnd, picks=grown(rnd.picks, pick)))


# --- tricks (T11) and automatic flips (T13-T18) ------------------------------------------------


def next_leader(rnd: RoundState) -> int:
    """T11: the dealer leads the first trick, the winner of a trick leads the next."""
    return rnd.tricks[-1].record.winner if rnd.tricks else rnd.dealer


def play_order(state: State, leader: int) -> tuple[int, ...]:
    step = -1 if state.options["counterClockwiseTricks"] else 1  # T-Δ2
    return tuple((leader + step * i) % PLAYERS for i in range(PLAYERS))


def trick_winner(order: tuple[int, ...], cards: tuple[PlayingCard, ...]) -> int:
    """T2, T11: no trumps; the highest card of the led suit wins (A high)."""
    led = cards[0].suit
    best = max((c.rank, i) for i, c in enumerate(cards) if c.suit == led)
    return order[best[1]]


def _trick(state: State, ev: Trick) -> State:
    cards = ev.cards
    rnd = state.current
    if rnd is None:
        raise IllegalEvent("no_round", _("Start a round before playing tricks."))
    if len(rnd.picks) < PICKS:
        raise IllegalEvent(
            "drafting_not_done",
            _("Drafting is not finished: %(picks)s of 36 cards have been placed (T9)."),
            picks=len(rnd.picks),
        )
    if rnd.complete:
        raise IllegalEvent(
            "round_over",
            _("All 13 tricks of round %(round)s are played; start the next round."),
            round=rnd.number,
        )
    if len(cards) != PLAYERS:
        raise IllegalEvent("bad_trick", _("A trick has four cards, one per player, in play order."))
    played = rnd.played
    for i, c in enumerate(cards):
        if c.is_joker:
            raise IllegalEvent("joker", _("Trick de Bingo is played without Jokers (T1)."))
        if str(c) in played:
            raise IllegalEvent(
                "card_played",
                _("%(card)s was already played in trick %(trick)s."),
                card=c,
                trick=played[str(c)],
            )
        if c in cards[:i]:
            raise IllegalEvent("duplicate_card", _("%(card)s appears twice in this trick."), card=c)
    if state.options["manualClaims"]:
        rnd = _close_window(state, rnd)
    else:
        unflipped = rnd.unflipped  # read before the copy below, which leaves it to be made again
    leader = next_leader(rnd)
    order = play_order(state, leader)
    by_seat: list[PlayingCard] = [cards[0]] * PLAYERS
    for seat, c in zip(order, cards, strict=True):
        by_seat[seat] = c
    record = TrickRecord(
        number=len(rnd.tricks) + 1,
        leader=leader,
        order=order,
        cards=tuple(by_seat),
        winner=trick_winner(order, cards),
    )
    done = Played(record=record, event=state.events)
    left: tuple[tuple[int, int, str], ...] | None = None  # the cards still face up, when flipped here
    if not state.options["manualClaims"]:  # the flips are announced with the trick, in one copy of the round
        records, checks, rules = rnd.records + (record,), state.checks(), state.rules
        k = record.number
        facts = trick_facts(k, record.leader, record.winner)
        flips = []
        for seat, cell, card_id in unflipped:  # T13: every sheet is checked after every trick
            when, full, gate = checks.get(card_id) or state.check(card_id)
            if not gate <= facts[seat]:  # not a trick this card can be achieved on (most need a win)
                continue
            if when is None:
                proof = full(seat, records)
            elif when(seat, record, rules):  # a ``trick`` condition: the proof is this trick alone
                proof = Proof(k, (k,), (by_seat[seat],))
            else:
                continue
            if proof:
                flips.append(Flip(seat, cell, card_id, proof, state.events))
        left = unflipped  # most tricks flip nothing: the cards face up are those before
        if flips:
            done = _announced(state, rnd.tricks, done, tuple(flips))
            flipped = {(f.seat, f.cell) for f in flips}
            left = tuple([u for u in unflipped if (u[0], u[1]) not in flipped])  # a list made in one call
    played = writable(played)
    for c in cards:
        played[str(c)] = record.number
    rnd = update(rnd, tricks=grown(rnd.tricks, done), played=played, window_closed=False)
    return _with_round(state, rnd if left is None else keep(rnd, unflipped=left))


def _announce(state: State, rnd: RoundState, flips: tuple[Flip, ...]) -> RoundState:
    """Add flips to the last trick, then its new lines (T16) and First/Last Bingo (T17, T18, T-Δ3)."""
    if not flips:
        return rnd  # most tricks flip nothing: nothing to add
    return update(rnd, tricks=(*rnd.tricks[:-1], _announced(state, rnd.tricks[:-1], rnd.tricks[-1], flips)))


def _announced(state: State, earlier: tuple[Played, ...], last: Played, flips: tuple[Flip, ...]) -> Played:
    """``last``, the trick after ``earlier``, with ``flips`` added, then its new lines (T16) and
    First/Last Bingo (T17, T18, T-Δ3)."""
    k = last.record.number
    earlier_line = any(t.lines for t in earlier)
    lines = list(last.lines)
    bonuses = list(last.bonuses)
    for seat in sorted({f.seat for f in flips}):
        flipped = {f.cell for f in flips if f.seat == seat}
        cells = flipped.union(f.cell for t in (*earlier, last) for f in t.flips if f.seat == seat)
        new = sorted(completed_lines(cells, through=flipped))  # the lines before were announced before
        if not new:
            continue
        lines.extend(BingoLine(seat, cells3, k) for cells3 in new)
        got = {b.kind for b in bonuses if b.seat == seat}
        if not earlier_line and "first" not in got:
            bonuses.append(Bonus(seat, "first", k, FIRST_BINGO))  # T17: per player, not per line
            got.add("first")
        if k == TRICKS and "last" not in got and not (state.options["onlyOneBonus"] and "first" in got):
            bonuses.append(Bonus(seat, "last", k, LAST_BINGO))  # T18
    return replace(last, flips=last.flips + flips, lines=tuple(lines), bonuses=tuple(bonuses))


# --- manual claims (T13, T19, T-Δ4) ------------------------------------------------------------


def claimable(state: State, rnd: RoundState) -> tuple[Missed, ...]:
    """Achievements on the round's latest trick that nobody has claimed yet."""
    if not rnd.tricks:
        return ()
    records = rnd.records
    done = rnd.flips()
    out = []
    for seat in range(PLAYERS):
        for cell, card_id in rnd.sheet_cells(seat):
            if (seat, cell) not in done and state.achiever(card_id)(seat, records):
                out.append(Missed(seat, cell, card_id, len(records)))
    return tuple(out)


def _close_window(state: State, rnd: RoundState) -> RoundState:
    """T19: once the next trick (or round) starts, unclaimed achievements of the last trick are lost."""
    if rnd.window_closed:
        return rnd
    return update(rnd, missed=rnd.missed + claimable(state, rnd), window_closed=True)


def _claim(state: State, ev: Claim) -> State:
    seat, card_id = ev.seat, ev.card
    if not state.options["manualClaims"]:
        raise IllegalEvent(
            "claims_automatic",
            _(
                "Achievements are flipped automatically at this table; claims are only used when the table"
                " chose that players claim their own achievements."
            ),
        )
    rnd = state.current
    if rnd is None or not rnd.tricks:
        raise IllegalEvent(
            "no_trick_yet", _("A claim is made after a trick, and no trick has been played yet.")
        )
    check_seat(seat, PLAYERS)
    card = state.card(card_id)
    sheet = rnd.sheet(seat)
    cell = next((c for c, cid in sheet.items() if card is not None and cid == card.id), None)
    if card is None or cell is None:
        raise IllegalEvent(
            "not_on_sheet",
            _("“%(card)s” is not on %(player)s's sheet."),
            card=card_id if card is None else card.words,
            player=_name(state, seat),
        )
    if (seat, cell) in rnd.flips():
        flip = rnd.flips()[(seat, cell)]
        raise IllegalEvent(
            "already_flipped",
            _("“%(card)s” was already flipped in trick %(trick)s (T14)."),
            card=card.words,
            trick=flip.proof.trick,
        )
    proof = achieved(card.condition, seat, rnd.records, state.rules)
    if proof is None:
        raise _why_not(state, rnd, seat, card)
    flip = Flip(seat, cell, card.id, proof, state.events)
    return _with_round(state, _announce(state, rnd, (flip,)))


def _why_not(state: State, rnd: RoundState, seat: int, card: ConditionCard) -> IllegalEvent:
    """A refusal that says what happened and what the card needed (T19 when it is too late)."""
    k = len(rnd.tricks)
    earlier = first_achieved(card.condition, seat, rnd.records[:-1], state.rules)
    if earlier is not None:
        return IllegalEvent(
            "claim_too_late",
            _(
                "“%(card)s” was achieved in trick %(trick)s, but its claim had to be made before trick %(next)s began (T19)."
            ),
            card=card.words,
            trick=earlier.trick,
            next=earlier.trick + 1,
        )
    last = rnd.tricks[-1].record
    return IllegalEvent(
        "not_achieved",
        _(
            "“%(card)s” is not achieved by trick %(trick)s: %(player)s played %(played)s and %(outcome)s it."
        ),
        card=card.words,
        trick=k,
        player=_name(state, seat),
        played=last.cards[seat],
        outcome=word(_("won")) if last.winner == seat else word(_("lost")),
    )


def _claims_after_end(state: State, ev: object) -> bool:
    """T19: with manualClaims, the last trick's achievements may still be claimed once the table is finished."""
    return bool(state.options["manualClaims"]) and isinstance(ev, Claim)


apply = make_apply(
    {Round: _round, Pick: _pick, Trick: _trick, Claim: _claim, Card: add_custom},
    _("Trick de Bingo records round, pick, trick, claim and card events."),
    after_end=_claims_after_end,
)
