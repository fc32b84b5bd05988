"""Bingo: ``start`` and ``apply``. Refuses at once what the table has already shown to be impossible
(a tile played twice, the indicator played before it was taken, a declaration out of turn, a reply
that withholds a known tile, ...); later-proved breaks are left to ``checks`` (docs/record-format.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.base import GameOver, IllegalEvent, RuleBroken, _, check_seat
from referee.rules.dispatch import make_apply
from referee.rules.frozen import keep, replace
from referee.rules.tiles import Tile

from .events import Claim, Close, Deal, Declare, Show, Trick
from .scoring import next_leader, seat_points, settle_claim, settle_played_out
from .state import (
    HAND,
    PHASE_ONE_TRICKS,
    CloseRecord,
    DealState,
    DeclarationRecord,
    Settlement,
    ShowRecord,
    State,
    TrickRecord,
    award,
)
from .values import (
    BINGO,
    card_points,
    declaration_points,
    is_trump,
    reply_level,
    trick_winner,
)


def start(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    return State(players=tuple(players), options=dict(options))


# ---------------------------------------------------------------- helpers


def _name(state: State, seat: int) -> str:
    return state.players[seat]


def _current(state: State) -> DealState:
    deal = state.deal
    if deal is None:
        raise IllegalEvent(
            "no_deal", _("No deal has started yet: record a deal with its trump indicator first.")
        )
    return deal


def _in_play(state: State) -> DealState:
    deal = _current(state)
    if deal.settled:
        raise IllegalEvent("deal_over", _("Deal %(no)s is over: record the next deal first."), no=deal.no)
    if deal.played_out:
        raise IllegalEvent(
            "deal_over",
            _("All tricks of deal %(no)s are played: only a claim or the next deal can follow."),
            no=deal.no,
        )
    return deal


# ---------------------------------------------------------------- events


def _deal(state: State, ev: Deal) -> State:
    prev = state.deal
    if prev is not None and not prev.settled and not prev.played_out:
        raise IllegalEvent(
            "deal_in_progress",
            _("Deal %(no)s is still being played: finish it or record a claim first."),
            no=prev.no,
        )
    leader = next_leader(state)
    state = settle_played_out(state)
    if state.finished:
        raise GameOver()
    if leader is None:
        if ev.leader is None:
            raise IllegalEvent("leader_needed", _("The first deal needs a leader (B15)."))
        check_seat(ev.leader, 2)
        leader = ev.leader
    elif ev.leader is not None and ev.leader != leader:
        raise IllegalEvent(
            "wrong_leader",
            _("%(player)s leads this deal (B45), not %(other)s."),
            player=_name(state, leader),
            other=_name(state, 1 - leader),
        )
    deal = DealState(no=len(state.deals) + 1, event=state.events, leader=leader, indicator=ev.indicator)
    return replace(state, deals=state.deals + (deal,))


def _declare(state: State, ev: Declare) -> State:
    check_seat(ev.seat, 2)
    deal = _in_play(state)
    if ev.seat != deal.on_lead:  # B28
        raise IllegalEvent(
            "not_on_lead",
            _("Only the player about to lead may declare doubles (B28): %(player)s is on lead."),
            player=_name(state, deal.on_lead),
        )
    if deal.pending is not None:  # B28 [D]: one declaration per lead
        raise IllegalEvent(
            "already_declared", _("One declaration per lead: lead one of the declared doubles first.")
        )
    doubles = tuple(sorted(set(ev.doubles), reverse=True))
    if len(doubles) != len(ev.doubles):
        raise IllegalEvent("duplicate_tile", _("A double may be shown only once in a declaration."))
    for d in doubles:
        if not d.is_double:
            raise IllegalEvent("not_a_double", _("%(tile)s is not a double."), tile=d)
    if len(doubles) < 2:  # B28
        raise IllegalEvent("too_few_doubles", _("A declaration needs at least two doubles (B28)."))
    used, declared = deal.played, deal.declared()
    for d in doubles:
        _check_available(state, deal, d, ev.seat, used)
        if d in declared:  # B29
            raise IllegalEvent(
                "double_declared_before",
                _("%(tile)s was already declared in this deal and cannot be declared again (B29)."),
                tile=d,
            )
    _check_room(state, deal, ev.seat, doubles)
    if state.opt("declareAllHeld"):  # B-Δ10: a known held double may not be left out
        for k in deal.known_in_hand(ev.seat):
            if k.is_double and k not in declared and k not in doubles:
                raise IllegalEvent(
                    "must_declare_all",
                    _("%(player)s holds %(tile)s and must declare every undeclared double held (B-Δ10)."),
                    player=_name(state, ev.seat),
                    tile=k,
                )
    decl = DeclarationRecord(
        event=state.events,
        seat=ev.seat,
        doubles=doubles,
        points=declaration_points(doubles),
        before_trick=len(deal.tricks) + 1,
    )
    deal = replace(deal, declarations=deal.declarations + (decl,), pending=decl)
    if len(doubles) == 7:  # B31: invincible, 3 GP, the deal ends
        settlement = Settlement(
            kind="invincible",
            winner=ev.seat,
            game_points=3,
            row=6,
            event=state.events,
            claimer=ev.seat,
            breakdown={
                "kind": "invincible",
                "winner": ev.seat,
                "row": 6,
                "game_points": 3,
                "reason": {"msg": _("All seven doubles on lead: invincible"), "params": {}},
            },
        )
        deal = replace(deal, pending=None, settlement=settlement)
        return state.with_deal(deal, award(state.game_points, ev.seat, 3))
    return state.with_deal(deal)


def _check_room(state: State, deal: DealState, seat: int, doubles: tuple[Tile, ...]) -> None:
    """B28, B31 with B23/B38: the declared doubles are in the declarer's hand, so they fit in it beside
    the other tiles the table already knows are there; invincible needs all seven in a seven-tile hand
    (``state.declaration_room`` says the same to the declaration picker)."""
    known = [k for k in deal.known_in_hand(seat) if k not in doubles]
    room = deal.hand_size - len(known)
    if len(doubles) <= room:
        return
    player, size = _name(state, seat), deal.hand_size
    if known:
        raise RuleBroken(
            "declaration_exceeds_hand",
            _(
                "%(player)s has %(n)s tiles in hand now, and the table already knows these are among them: "
                "%(tiles)s. So at most %(room)s more doubles can be shown, not %(k)s (%(rule)s)."
            ),
            rule="B31" if len(doubles) == HAND else "B28",
            player=player,
            n=size,
            tiles=tuple(known),
            room=max(room, 0),
            k=len(doubles),
        )
    if len(doubles) == HAND:
        raise RuleBroken(
            "declaration_exceeds_hand",
            _("Invincible needs all seven doubles in a hand of seven tiles (%(rule)s): %(player)s has %(n)s now."),
            rule="B31",
            player=player,
            n=size,
        )
    raise RuleBroken(
        "declaration_exceeds_hand",
        _(
            "%(player)s has only %(n)s tiles in hand now (nobody draws in phase 2), so cannot show "
            "%(k)s doubles (%(rule)s)."
        ),
        rule="B28",
        player=player,
        n=size,
        k=len(doubles),
    )


def _check_available(state: State, deal: DealState, tile: Tile, seat: int, used: Mapping[Tile, int]) -> None:
    """Refuse a tile that ``seat`` provably cannot hold now."""
    if tile in used:
        raise IllegalEvent(
            "tile_played", _("%(tile)s was already played in trick %(trick)s."), tile=tile, trick=used[tile]
        )
    if tile == deal.indicator and deal.indicator_holder != seat:
        if deal.indicator_holder is not None:
            raise IllegalEvent(
                "indicator_held",
                _("%(tile)s is the trump indicator, and %(player)s took it after trick 7 (B21)."),
                tile=tile,
                player=_name(state, deal.indicator_holder),
            )
        if deal.close is not None:
            raise IllegalEvent(
                "indicator_closed",
                _(
                    "%(tile)s is the trump indicator: it was turned face down at the close and is out of play (B38)."
                ),
                tile=tile,
            )
        raise IllegalEvent(
            "indicator_not_taken",
            _("%(tile)s is the trump indicator: it stays in the boneyard until trick 7 is over (B17, B21)."),
            tile=tile,
        )
    if tile in deal.known_tiles[1 - seat]:
        raise IllegalEvent(
            "tile_held_by_opponent",
            _("%(tile)s is known to be in %(player)s's hand (declared or taken)."),
            tile=tile,
            player=_name(state, 1 - seat),
        )


def _trick(state: State, ev: Trick) -> State:
    deal = _in_play(state)
    leader = deal.on_lead
    replier = 1 - leader
    lead, reply = ev.lead, ev.reply
    if lead == reply:
        raise IllegalEvent("tile_played", _("%(tile)s cannot be both the lead and the reply."), tile=lead)
    used = deal.played
    _check_available(state, deal, lead, leader, used)
    _check_available(state, deal, reply, replier, used)
    if deal.pending is not None and lead not in deal.pending.doubles:  # B28
        raise IllegalEvent(
            "must_lead_declared",
            _("After declaring, %(player)s must lead one of the declared doubles: %(tiles)s (B28)."),
            player=_name(state, leader),
            tiles=tuple(deal.pending.doubles),
        )
    no = len(deal.tricks) + 1
    phase = 2 if no >= deal.phase_two_from else 1
    trump = deal.trump
    if phase == 2:  # B24-B25 where a known tile proves the reply illegal
        heading = not state.opt("followWithoutHeading")
        mine = reply_level(reply, lead, trump, heading)
        for k in deal.known_tiles[replier]:
            if reply_level(k, lead, trump, heading) < mine:
                raise IllegalEvent(
                    "withheld_known_tile",
                    _(
                        "%(player)s still holds %(tile)s, so %(reply)s is not a legal reply to %(lead)s (%(rule)s)."
                    ),
                    player=_name(state, replier),
                    tile=k,
                    reply=reply,
                    lead=lead,
                    rule="B24" if is_trump(lead, trump) else "B25",
                )
    leader_wins, why = trick_winner(lead, reply, trump, state.opt("pipTotalTricks"))  # B11
    winner = leader if leader_wins else replier
    points = card_points(lead, trump) + card_points(reply, trump)  # B12
    capture = None
    if trump and BINGO in (lead, reply) and Tile.of(trump, trump) in (lead, reply):  # B46
        capture = leader if lead == BINGO else replier
    rec = TrickRecord(
        event=state.events,
        no=no,
        leader=leader,
        lead=lead,
        reply=reply,
        winner=winner,
        points=points,
        phase=phase,
        why=why,
        capture=capture,
    )
    holder = deal.indicator_holder
    if no == PHASE_ONE_TRICKS and deal.close is None:  # B21 / B-Δ5
        holder = winner if state.opt("indicatorToWinner") else 1 - winner
    deal = keep(
        replace(deal, tricks=deal.tricks + (rec,), pending=None, indicator_holder=holder),
        played={**used, lead: no, reply: no},
    )
    return state.with_deal(deal, award(state.game_points, capture, 1))  # B46-B47


def _close(state: State, ev: Close) -> State:
    check_seat(ev.seat, 2)
    deal = _in_play(state)
    if deal.close is not None:
        raise IllegalEvent("already_closed", _("This deal is already closed."))
    done = len(deal.tricks)
    if done >= PHASE_ONE_TRICKS:  # B38
        raise IllegalEvent(
            "close_too_late", _("The boneyard is empty: a deal can be closed only in phase 1 (B38).")
        )
    if done == 0 and not state.opt("closeBeforeFirstTrick"):  # B38, B-Δ8
        raise IllegalEvent(
            "close_before_first_trick", _("Only the winner of a trick may close, after both draws (B38).")
        )
    if ev.seat != deal.on_lead:
        raise IllegalEvent(
            "close_not_on_lead",
            _("Only %(player)s, who won the last trick and leads next, may close (B38)."),
            player=_name(state, deal.on_lead),
        )
    opp = seat_points(deal, 1 - ev.seat)  # B42 snapshot
    close = CloseRecord(
        event=state.events,
        seat=ev.seat,
        after_trick=done,
        opp_card_points=opp["trick_points"],
        opp_declared=opp["declaration_points"],
        opp_tricks=opp["trick_count"],
    )
    return state.with_deal(replace(deal, close=close))


def _claim(state: State, ev: Claim) -> State:
    check_seat(ev.seat, 2)
    deal = _current(state)
    if deal.settled:
        raise IllegalEvent("deal_over", _("Deal %(no)s is over: record the next deal first."), no=deal.no)
    # B32: between tricks, including after a declaration and after the last trick.
    settlement = settle_claim(deal, ev.seat, dict(state.options), "claim", state.events)
    deal = replace(deal, settlement=settlement)
    return state.with_deal(deal, award(state.game_points, settlement.winner, settlement.game_points))


def _show(state: State, ev: Show) -> State:
    check_seat(ev.seat, 2)
    deal = _current(state)
    if deal.settlement is None or deal.settlement.kind != "claim":
        raise IllegalEvent("show_not_now", _("Tiles are shown only after a claim has ended the deal."))
    if deal.shown(ev.seat) is not None:
        raise IllegalEvent(
            "already_shown", _("%(player)s has already shown their tiles."), player=_name(state, ev.seat)
        )
    tiles = tuple(sorted(set(ev.tiles), reverse=True))
    if len(tiles) != len(ev.tiles):
        raise IllegalEvent("duplicate_tile", _("Each tile may be shown only once."))
    used = deal.played
    other = deal.shown(1 - ev.seat) or ()
    for t in tiles:
        _check_available(state, deal, t, ev.seat, used)
        if t in other:
            raise IllegalEvent(
                "tile_held_by_opponent",
                _("%(tile)s is known to be in %(player)s's hand (declared or taken)."),
                tile=t,
                player=_name(state, 1 - ev.seat),
            )
    for k in deal.known_in_hand(ev.seat):
        if k not in tiles:
            raise IllegalEvent(
                "show_missing",
                _(
                    "%(player)s is known to hold %(tile)s (declared or taken): it must be among the shown tiles."
                ),
                player=_name(state, ev.seat),
                tile=k,
            )
    if deal.tricks and len(deal.tricks) + 1 >= deal.phase_two_from:
        expected: tuple[int, ...] = (deal.hand_size,)
    else:
        expected = (HAND - 1, HAND) if deal.tricks else (HAND,)  # phase 1: before or after the draws
    if len(tiles) not in expected:
        raise IllegalEvent(
            "show_count",
            _("Show exactly the tiles %(player)s holds now (%(n)s)."),
            player=_name(state, ev.seat),
            n=expected[-1],
        )
    deal = replace(deal, shows=deal.shows + (ShowRecord(state.events, ev.seat, tiles),))
    return state.with_deal(deal)


def _show_after_end(state: State, ev: object) -> bool:
    """A show after the match-ending claim changes no score; it lets the last deal's replies be checked."""
    return isinstance(ev, Show)


apply = make_apply(
    {Deal: _deal, Declare: _declare, Trick: _trick, Close: _close, Claim: _claim, Show: _show},
    _("Bingo does not know this event."),
    after_end=_show_after_end,
)
