"""Scoring a deal (N12-N16, N27-N29, N32, N34) and ending games and the rubber (N17-N20, N34)."""

from __future__ import annotations

from typing import Any

from referee.rules.base import _
from referee.rules.frozen import replace

from .options import Rules
from .pack import TRUMP_BY_SUCCESSES, bid_value, suit_text
from .state import DealResult, DealState, GameResult, ScoreLine, State

OXFORD_DEALS = 16  # N34: the sixteen 2-5 cards of the trump pack


def _line(points: int, msg: str, **params: Any) -> ScoreLine:
    return {"msg": msg, "params": {k: str(v) for k, v in params.items()}, "points": points}


def success_bonus(rules: Rules, k: int) -> int:
    """N13 (4 - k) x 10; N32 with 4 players, or (5 - k) x 10 with bonus4p_40_30_20_10 (N-Δ4); N34 10."""
    if rules.oxford:
        return 10
    if rules.live == 4 and rules.bonus40:
        return (5 - k) * 10
    return (4 - k) * 10


def score_deal(rules: Rules, deal: DealState) -> DealResult:
    won = deal.won(rules.seats)
    bids = tuple(bid_value(b or (), deal.turnup) for b in deal.bids)
    live = range(rules.live)
    success = [won[s] == bids[s] for s in range(rules.seats)]
    if rules.live == 2:
        # N28: the dummy fails only by winning more tricks than its bid.
        success[2] = won[2] <= bids[2]
    k = sum(success)
    bonus_each = success_bonus(rules, k)
    lines: list[list[ScoreLine]] = [[] for _s in live]
    bonus = [0] * rules.live
    premium = [0] * rules.live
    for s in live:
        lines[s].append(_line(won[s], _("Tricks won: %(n)s, 1 point each (N12)."), n=won[s]))
        if success[s]:
            bonus[s] = bonus_each
            # who made their bid, in words: the bonus grows as fewer do ("1 succeeded" said neither, walk2)
            made = (
                _("Bid %(bid)s made exactly, the only one to make their bid (N13).")
                if k == 1
                else _("Bid %(bid)s made exactly, one of %(k)s players who made their bid (N13).")
            )
            lines[s].append(_line(bonus_each, made, bid=bids[s], k=k))
        else:
            lines[s].append(_line(0, _("Bid %(bid)s, won %(won)s: no bonus (N4)."), bid=bids[s], won=won[s]))
    if rules.live == 2:
        _premiums_two(deal, success, premium, lines)
    else:
        for seat, kind in deal.premiums:
            value = 60 if kind == "reveal" else 30  # N14
            if success[seat]:
                premium[seat] += value
                lines[seat].append(_line(value, _("Premium %(kind)s made (N14)."), kind=kind))
            else:
                for o in live:
                    if o != seat:
                        premium[o] += value
                        lines[o].append(
                            _line(value, _("%(seat)s failed a %(kind)s (N14)."), seat=seat, kind=kind)
                        )
    scores = tuple(won[s] + bonus[s] + premium[s] for s in live)
    next_trump = None if rules.oxford else TRUMP_BY_SUCCESSES[k]  # N8, N25, N31; N34 turns a card
    return DealResult(
        game=deal.game,
        number=deal.number,
        dealer=deal.dealer,
        trump=deal.trump,
        bids=bids,
        tricks=won,
        success=tuple(success),
        k=k,
        bonus=tuple(bonus),
        premium=tuple(premium),
        scores=scores,
        lines=tuple(tuple(ls) for ls in lines),
        next_trump=next_trump,
    )


def _premiums_two(deal: DealState, success: list[bool], premium: list[int], lines: list[list[ScoreLine]]) -> None:
    """N29: a live declarer who succeeds scores 30; one failed declarer gives the other player 30;
    two failed declarers give the (ignored) dummy 60 and the players nothing."""
    declarers = [seat for seat, _kind in deal.premiums]
    failed = [d for d in declarers if not success[d]]
    for d in declarers:
        if success[d]:
            premium[d] += 30
            lines[d].append(_line(30, _("Premium %(kind)s made (N29)."), kind="declare"))
    if len(failed) == 1:
        other = 1 - failed[0]
        premium[other] += 30
        lines[other].append(
            _line(30, _("%(seat)s failed a %(kind)s (N29)."), seat=failed[0], kind="declare")
        )
    elif len(failed) == 2:
        for d in failed:
            lines[d].append(_line(0, _("Both declarers failed: the dummy takes 60, ignored (N29).")))


def close_deal(state: State, deal: DealState) -> State:
    """Score the complete deal, then end the game, the rubber or the match where the rules say."""
    rules = state.rules
    result = score_deal(rules, deal)
    scores = tuple(a + b for a, b in zip(state.game_scores, result.scores, strict=True))
    result = replace(result, running=scores)
    deal = replace(deal, result=result)
    state = replace(
        state,
        deal=deal,
        sheet=state.sheet + (result,),
        game_scores=scores,
        next_trump=result.next_trump,
        expected_dealer=(deal.dealer + 1) % rules.live,  # N2
    )
    if rules.oxford:
        if len(state.turnups) >= OXFORD_DEALS:  # N34: the trump pack has run out
            return _finish(state, _top(state.totals()))
        return state
    if rules.target:
        top = _top(scores)
        if max(scores) > rules.target and len(top) == 1:  # N19, ties N20
            return _finish(state, top)
        return state
    if rules.wiki:
        return _close_wiki(state, result)
    top = _top(scores)
    if max(scores) < 100 or len(top) > 1:  # N17; a tie on top plays on (N20)
        return state
    winner = top[0]
    bonus = tuple(100 if s >= 100 else 0 for s in scores)  # N17: winner and all at 100+
    state = _end_game(state, bonus, winner)
    won = list(state.games_won)
    won[winner] += 1
    state = replace(state, games_won=tuple(won))
    if won[winner] == 3:
        played = len(state.games)
        rubber = [0] * rules.live
        rubber[winner] = 100 * (2 * rules.live + 2 - played)  # N17 (3 players: 8 - games)
        state = replace(state, rubber_bonus=tuple(rubber))
        return _finish(state, (winner,))
    return state


def _close_wiki(state: State, result: DealResult) -> State:
    """N18: the game ends at 100+; the bonus only for those at 100+ who made their bid in that deal;
    the match ends as soon as a player has earned it 3 times, the highest total winning; players who
    share the highest total then share the win (no deal follows: N20 does not apply)."""
    scores = state.game_scores
    if max(scores) >= 100:
        bonus = tuple(100 if s >= 100 and result.success[i] else 0 for i, s in enumerate(scores))
        state = _end_game(state, bonus, None)
        counts = tuple(c + (1 if b else 0) for c, b in zip(state.game_bonuses, bonus, strict=True))
        state = replace(state, game_bonuses=counts)
    if max(state.game_bonuses) >= 3:
        return _finish(state, _top(state.totals()))
    return state


def _end_game(state: State, bonus: tuple[int, ...], winner: int | None) -> State:
    first = state.game_first_dealer if state.game_first_dealer is not None else 0
    game = GameResult(state.game, first, state.game_scores, bonus, winner)
    nxt = (first + 1) % state.rules.live  # N17: the next game's first dealer
    return replace(
        state,
        games=state.games + (game,),
        game=state.game + 1,
        game_first_dealer=nxt,
        expected_dealer=nxt,
        game_scores=(0,) * state.rules.live,
        next_trump=first_trump(state.rules),
    )


def first_trump(rules: Rules) -> str | None:
    """N8: deal 1 of a game is at no trump; firstDealDiamonds (N-Δ1): diamonds."""
    return "D" if rules.first_diamonds else None


def _top(values: tuple[int, ...]) -> tuple[int, ...]:
    best = max(values)
    return tuple(i for i, v in enumerate(values) if v == best)


def _finish(state: State, winners: tuple[int, ...]) -> State:
    return replace(state, finished=True, winners=winners)


def trump_text(trump: str | None) -> str:
    return suit_text(trump)
