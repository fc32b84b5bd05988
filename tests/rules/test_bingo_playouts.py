"""Bingo random playouts: deals from a shuffled set, played by a full-knowledge simulator that uses
the rules module's own tile logic (B11, B20-B25, B28, B38), then fed to ``apply`` as events.

Invariants: legal play never trips the phase-2 checker (B24-B25, §6.1); an illegal phase-2 reply is
always caught (a breach, or a refusal when a known tile already proves it); all 28 tiles' points add
up to the B14 table (B-E1, B-E7); every match ends at 7 (B2, B47).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from detail_shape import problems
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.games.bingo.rules import GAME
from referee.games.bingo.rules.values import (
    ALL_TILES,
    BINGO,
    DOUBLES,
    card_points,
    deck_points,
    legal_replies,
    trick_winner,
)
from referee.games.bingo.rules.view import Detail
from referee.rules.base import GameOver, IllegalEvent, RuleBroken
from referee.rules.events import decode
from referee.rules.tiles import Tile

B14_TOTALS = {1: 135, 2: 138, 3: 131, 4: 134, 5: 147, 6: 140, 0: 143}


@dataclass
class Sim:
    """A table seen from above: both hands and the boneyard are known."""

    rng: random.Random
    options: dict[str, Any]
    declare_p: float = 0.5
    close_p: float = 0.1
    claim_when_70: float = 0.7
    illegal_p: float = 0.0
    omit_p: float = 0.0  # declareAllHeld: chance that a phase-2 declaration leaves out a held double
    save_capture: bool = False
    """Deal [0-0] to the seat ahead and the trump double to the other, and let their holders keep them
    while another legal tile is left, so the capture (B46) tends to fall at the deal's last trick."""
    probe: Callable[[Sim, int, set[Tile]], None] | None = None
    """Called before every lead with the leader's seat and whole hand (the state is not changed)."""
    state: Any = None
    events: list[dict[str, Any]] = field(default_factory=list)
    illegal_events: list[int] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    seen: list[tuple[int, int, Tile]] = field(default_factory=list)
    """(event, seat, tile) for every tile a seat played, declared or showed."""
    injected: list[tuple[int, int, Tile, Tile, tuple[Tile, ...]]] = field(default_factory=list)
    """Illegal replies that stood: (event, replier, lead, reply, the replier's whole hand then)."""
    omitted: list[tuple[int, int, Tile]] = field(default_factory=list)
    """Declarations that left out a held double (B-Δ10): (event, seat, the double left out)."""

    def __post_init__(self) -> None:
        self.state = GAME.start(("Aki", "Ben"), GAME.resolve_options(self.options))

    def feed(self, raw: dict[str, Any]) -> None:
        self.state = GAME.apply(self.state, decode(GAME.events, raw))
        self.events.append(raw)

    @property
    def view(self):
        return GAME.view(self.state)

    def points(self, seat: int) -> int:
        return self.view.detail["card_points"][seat]

    def play_deal(self, leader: int | None) -> None:
        rng = self.rng
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        first = leader if leader is not None else rng.randrange(2)
        if self.save_capture:
            self._rig_capture(tiles, first)
        hands = {first: set(tiles[:7]), 1 - first: set(tiles[7:14])}
        indicator, face_down = tiles[14], tiles[15:]
        deal: dict[str, Any] = {"type": "deal", "indicator": str(indicator)}
        if not self.state.deals or rng.random() < 0.3:
            deal["leader"] = first
        self.feed(deal)
        detail = self.view.detail
        trump = detail["trump"]
        heading = not self.options.get("followWithoutHeading")
        declared: set[Tile] = set()
        closed = False
        illegal_done = False
        while True:
            detail = self.view.detail
            if detail["status"] != "playing":
                break
            on_lead = detail["lead"]
            no = detail["trick_no"]
            phase = detail["phase"]
            # B38: close after a phase-1 trick and the draws.
            if not closed and 1 <= no - 1 < 7 and rng.random() < self.close_p:
                self.feed({"type": "close", "seat": on_lead})
                closed = True
                continue
            # B32-B33: claim between tricks when the sim sees 70.
            for seat in (on_lead, 1 - on_lead):
                if self.points(seat) >= 70 and rng.random() < self.claim_when_70:
                    self.feed({"type": "claim", "seat": seat})
                    self._maybe_show(hands)
                    return
            hand = hands[on_lead]
            if self.probe is not None:
                self.probe(self, on_lead, set(hand))
            fresh = sorted(t for t in hand if t.is_double and t not in declared)
            led_from = self._saving(sorted(hand), trump)
            if len(fresh) >= 2 and rng.random() < self.declare_p:  # B28-B29, B-Δ10
                if self.options.get("declareAllHeld") or len(fresh) == 7:
                    show = fresh
                else:
                    show = rng.sample(fresh, rng.randint(2, len(fresh)))
                if phase == 2 and 3 <= len(show) < 7 and rng.random() < self.omit_p:
                    show = self._declare_leaving_one_out(on_lead, show)
                else:
                    self.feed({"type": "declare", "seat": on_lead, "doubles": [str(t) for t in show]})
                    self.seen += [(len(self.events) - 1, on_lead, t) for t in show]
                declared |= set(show)
                if len(show) == 7:  # B31
                    return
                led_from = self._saving(sorted(show), trump)
            if self.save_capture and phase == 2:
                led_from = self._sparing(led_from, hands[1 - on_lead], trump, heading)
            lead = rng.choice(led_from)
            replier = 1 - on_lead
            rhand = sorted(hands[replier])
            if phase == 2:
                legal = sorted(legal_replies(rhand, lead, trump, heading))
                wrong = [t for t in rhand if t not in legal]
                if wrong and not illegal_done and rng.random() < self.illegal_p:
                    reply = rng.choice(wrong)
                    illegal_done = True
                    try:
                        self.feed({"type": "trick", "lead": str(lead), "reply": str(reply)})
                    except IllegalEvent as err:  # a known tile already proved it (docs/record-format.md)
                        assert err.code == "withheld_known_tile"
                        self.refused.append(err.code)
                        reply = rng.choice(legal)
                        self.feed({"type": "trick", "lead": str(lead), "reply": str(reply)})
                    else:
                        self.illegal_events.append(len(self.events) - 1)
                        self.injected.append((len(self.events) - 1, replier, lead, reply, tuple(rhand)))
                else:
                    reply = rng.choice(self._saving(legal, trump))
                    self.feed({"type": "trick", "lead": str(lead), "reply": str(reply)})
            else:
                reply = rng.choice(self._saving(rhand, trump))
                self.feed({"type": "trick", "lead": str(lead), "reply": str(reply)})
            self.seen += [(len(self.events) - 1, on_lead, lead), (len(self.events) - 1, replier, reply)]
            hands[on_lead].discard(lead)
            hands[replier].discard(reply)
            if self.state.finished:
                return
            leader_wins, _why = trick_winner(lead, reply, trump, bool(self.options.get("pipTotalTricks")))
            winner = on_lead if leader_wins else replier
            assert self.view.detail["tricks"][-1]["winner"] == winner
            if phase == 1 and not closed:  # B20-B21
                first_draw = face_down.pop(rng.randrange(len(face_down)))
                if face_down:
                    hands[winner].add(first_draw)
                    hands[1 - winner].add(face_down.pop(rng.randrange(len(face_down))))
                elif self.options.get("indicatorToWinner"):  # B-Δ5
                    hands[winner].add(indicator)
                    hands[1 - winner].add(first_draw)
                else:
                    hands[winner].add(first_draw)
                    hands[1 - winner].add(indicator)
        if self.view.detail["status"] == "played_out" and rng.random() < 0.5:
            seat = rng.randrange(2)
            self.feed({"type": "claim", "seat": seat})

    def _rig_capture(self, tiles: list[Tile], first: int) -> None:
        """``save_capture``: swap [0-0] into the hand of the seat with more game points and the trump
        double into the other (``first`` holds tiles[:7], the other tiles[7:14]; the indicator is
        tiles[14]). With blanks trump [0-0] is the trump double: no capture is possible."""
        indicator = tiles[14]
        trump = 0 if indicator.lo == 0 else indicator.hi
        if trump == 0 or indicator.is_double:
            return
        gp = self.state.game_points
        ahead = first if gp[first] >= gp[1 - first] else 1 - first
        spots = (0, 7) if ahead == first else (7, 0)
        for tile, spot in zip((BINGO, Tile(trump, trump)), spots, strict=True):
            i = tiles.index(tile)
            tiles[i], tiles[spot] = tiles[spot], tiles[i]

    def _saving(self, choices: list[Tile], trump: int) -> list[Tile]:
        """``save_capture``: the choices without [0-0] and the trump double, unless nothing else is left."""
        if not self.save_capture:
            return choices
        kept = [t for t in choices if t not in (BINGO, Tile(trump, trump))]
        return kept or choices

    def _sparing(self, leads: list[Tile], other: set[Tile], trump: int, heading: bool) -> list[Tile]:
        """``save_capture``, phase 2: the leads that leave the replier a legal tile other than [0-0]
        and the trump double (B24-B25), unless there is none."""
        saved = (BINGO, Tile(trump, trump))
        spare = [lead for lead in leads if set(legal_replies(other, lead, trump, heading)) - set(saved)]
        return spare or leads

    def _declare_leaving_one_out(self, seat: int, doubles: list[Tile]) -> list[Tile]:
        """B-Δ10 broken on purpose; when a known tile (the taken indicator) refuses it at once, the
        honest declaration is made instead. Returns the doubles declared."""
        left_out = self.rng.choice(doubles)
        fewer = [t for t in doubles if t != left_out]
        try:
            self.feed({"type": "declare", "seat": seat, "doubles": [str(t) for t in fewer]})
        except IllegalEvent as err:
            assert err.code == "must_declare_all"
            self.feed({"type": "declare", "seat": seat, "doubles": [str(t) for t in doubles]})
            self.seen += [(len(self.events) - 1, seat, t) for t in doubles]
            return doubles
        self.omitted.append((len(self.events) - 1, seat, left_out))
        self.seen += [(len(self.events) - 1, seat, t) for t in fewer]
        return fewer

    def _maybe_show(self, hands: dict[int, set[Tile]]) -> None:
        if self.state.finished:
            return
        for seat in (0, 1):
            if self.rng.random() < 0.8:
                self.feed({"type": "show", "seat": seat, "tiles": [str(t) for t in sorted(hands[seat])]})
                self.seen += [(len(self.events) - 1, seat, t) for t in hands[seat]]

    def play_match(self, max_deals: int = 60) -> None:
        leader = None
        for _ in range(max_deals):
            self.play_deal(leader)
            if self.view.finished:
                return
            leader = self.view.detail["next"]["next_deal_leader"]
        raise AssertionError("the match did not end")


# Every option of the game, each on or off (the simulator itself never closes before the first trick).
OPTION_SETS = st.fixed_dictionaries({}, optional={o.id: st.booleans() for o in GAME.options})


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(B14_TOTALS)), st.permutations(ALL_TILES), st.integers(0, 28))
def test_b14_every_trump_the_28_tiles_add_up_to_the_table_however_split(trump, order, cut):
    """B14 / B-E1 / B-E7: whichever way the tiles are split into two trick piles."""
    a = sum(card_points(t, trump) for t in order[:cut])
    b = sum(card_points(t, trump) for t in order[cut:])
    assert a + b == B14_TOTALS[trump] == deck_points(trump)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), OPTION_SETS)
def test_random_legal_matches_never_trip_the_phase_two_checker_and_end_at_seven(seed, options):
    """B24-B25 checked after the fact (§6.1); B2, B47 match end; B13/B14 totals in played-out deals."""
    sim = Sim(random.Random(seed), options)
    sim.play_match()
    view = sim.view
    assert view.breaches == ()
    assert view.finished and max(view.totals) >= 7
    assert view.winners == tuple(s for s in (0, 1) if view.totals[s] >= 7)
    assert sum(view.totals) == sum(sum(d["game_points"]) for d in view.detail["deals"])
    json.dumps(view.detail)  # the detail is JSON-able
    # the record replays to the same state from its JSON form
    replay = GAME.start(("Aki", "Ben"), GAME.resolve_options(options))
    for raw in json.loads(json.dumps(sim.events)):
        replay = GAME.apply(replay, decode(GAME.events, raw))
    assert GAME.view(replay) == view


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1), OPTION_SETS)
def test_the_detail_after_every_event_of_a_random_match_has_the_shape_view_detail_declares(seed, options):
    """The API, templates and printables read ``view.Detail``: every key it requires is there, no other
    key is, and each value has its declared type, for everyone's redacted detail too (B35)."""
    sim = Sim(random.Random(seed), options)
    sim.play_match()
    state = GAME.start(("Aki", "Ben"), GAME.resolve_options(options))
    assert problems(GAME.view(state).detail, Detail) == []
    for raw in sim.events:
        state = GAME.apply(state, decode(GAME.events, raw))
        detail = GAME.view(state).detail
        assert problems(detail, Detail) == [] and problems(GAME.public_detail(detail, None), Detail) == []


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_played_out_deal_hands_out_the_whole_table_plus_the_last_trick(seed):
    """B13, B14, B22: a deal played out without a close gives 14 tricks and deck + 10 + declarations."""
    rng = random.Random(seed)
    sim = Sim(rng, {}, close_p=0.0, claim_when_70=0.0)
    sim.play_deal(0)
    if sim.state.finished or sim.view.detail["status"] not in ("played_out", "settled"):
        return
    detail = sim.view.detail
    if len(detail["tricks"]) != 14:
        return
    declared = sum(d["points"] for d in detail["declarations"] if d["status"] == "valid")
    trump = detail["trump"]
    assert sum(detail["card_points"]) == B14_TOTALS[trump] + 10 + declared
    assert sum(detail["tricks_won"]) == 14


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_random_illegal_phase_two_replies_are_always_caught(seed, no_heading):
    """B24-B25 (and B-Δ7): an illegal reply is a breach naming its event, or refused at once when a
    declared double or the taken indicator already proves it (docs/record-format.md)."""
    options = {"followWithoutHeading": no_heading}
    sim = Sim(random.Random(seed), options, illegal_p=0.6, claim_when_70=0.3)
    sim.play_match()
    breaches = sim.view.breaches
    found = {b.event for b in breaches}
    expected_rules = {"B-Δ7"} if no_heading else {"B24", "B25"}
    assert all(b.rule in expected_rules for b in breaches)
    # every illegal reply the checker can see (hand proved) is reported, and nothing else
    for index in sim.illegal_events:
        assert index in found or not _provable(sim, index)
    assert found <= set(sim.illegal_events)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans(), st.floats(0.0, 1.0))
def test_an_injected_illegal_reply_is_reported_once_exactly_when_a_later_tile_proves_it(
    seed, no_heading, claim_rate
):
    """B24-B25 / B-Δ7 after the fact, from full knowledge: an illegal phase-2 reply r stands (no
    known tile refused it), and the replier held a tile x that had to come before it
    (r not in legal_replies({r, x})). The record proves the breach exactly when the replier later
    plays or shows such an x (no draws in phase 2, B23), whether or not the deal is played out:
    then it is reported once, at r's event, for the replier, with ``detected_at`` = the first of
    those events; otherwise it is not reported. Nothing else is ever reported."""
    options = {"followWithoutHeading": no_heading}
    sim = Sim(random.Random(seed), options, illegal_p=0.5, claim_when_70=claim_rate)
    leader = None
    for _deal in range(3):  # a few deals keep it quick; each deal is checked on its own
        sim.play_deal(leader)
        if sim.view.finished:
            break
        leader = sim.view.detail["next"]["next_deal_leader"]
    heading = not no_heading
    expected = {}
    for event, replier, lead, reply, hand in sim.injected:
        trump = _trump_at(sim, event)
        witnesses = {x for x in hand if reply not in legal_replies({reply, x}, lead, trump, heading)}
        end = _deal_end(sim, event)
        proofs = [e for e, seat, x in sim.seen if event < e < end and seat == replier and x in witnesses]
        if proofs:
            expected[event] = (replier, min(proofs))
    got = [(b.event, b.seat, b.detected_at) for b in sim.view.breaches]
    assert sorted(got) == sorted((e, seat, at) for e, (seat, at) in expected.items())
    assert all(b.message and b.params["player"] == ("Aki", "Ben")[b.seat] for b in sim.view.breaches)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_declaration_leaving_out_a_held_double_is_reported_once_exactly_when_it_is_seen_later(seed):
    """B-Δ10 (declareAllHeld) after the fact: a phase-2 declaration that leaves out a double its
    maker holds is reported once, at the declaration, exactly when that double is later played or
    shown by its maker in the deal (no draws in phase 2, B23), ``detected_at`` the first of those."""
    sim = Sim(random.Random(seed), {"declareAllHeld": True}, declare_p=0.9, omit_p=0.7, claim_when_70=0.5)
    for _deal in range(3):
        sim.play_deal(sim.view.detail["next"]["next_deal_leader"] if sim.state.deals else None)
        if sim.view.finished:
            break
    expected = []
    for event, seat, double in sim.omitted:
        end = _deal_end(sim, event)
        proofs = [e for e, s, x in sim.seen if event < e < end and s == seat and x == double]
        if proofs:
            expected.append((event, seat, min(proofs)))
    got = [(b.event, b.seat, b.detected_at) for b in sim.view.breaches]
    assert sorted(got) == sorted(expected)
    assert all(b.rule == "B-Δ10" for b in sim.view.breaches)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_b28_b31_in_closed_deals_a_declaration_is_accepted_only_when_the_hand_can_hold_its_doubles(
    seed, picks
):
    """B28, B31 with B23/B38, from full knowledge: before every lead of random legal deals closed at the
    first chance, a declaration of k random doubles (2-7; every other one taken from the leader's
    real hand) is tried. Accepted only if the leader's hand holds at least k tiles and none of the
    doubles is played, declared before, the out-of-play indicator or known in the other hand; refused
    with B28/B31 whenever k exceeds the hand; accepted whenever the doubles are undeclared ones of
    the real hand."""
    pick = random.Random(picks)

    def probe(sim: Sim, seat: int, hand: set[Tile]) -> None:
        deal = sim.state.deal
        if deal.pending is not None:
            return
        declared = deal.declared()
        own = sorted(d for d in hand if d.is_double and d not in declared)
        if len(own) >= 2 and pick.random() < 0.5:
            doubles = pick.sample(own, pick.randint(2, len(own)))
        else:
            doubles = pick.sample(DOUBLES, pick.randint(2, 7))
        raw = {"type": "declare", "seat": seat, "doubles": [str(d) for d in doubles]}
        try:
            GAME.apply(sim.state, decode(GAME.events, raw))
        except RuleBroken as err:
            assert err.code == "declaration_exceeds_hand" and err.rule in ("B28", "B31")
            assert len(doubles) > len(hand) - len(set(deal.known_in_hand(seat)) - set(doubles))
            accepted = False
        except IllegalEvent:
            accepted = False
        else:
            accepted = True
        gone = set(deal.used()) | declared | set(deal.known_in_hand(1 - seat))
        if deal.indicator_holder != seat:
            gone.add(deal.indicator)
        if accepted:
            assert len(doubles) <= len(hand) and not gone & set(doubles)
        if len(doubles) > len(hand):
            assert not accepted
        if set(doubles) <= set(own):
            assert accepted

    sim = Sim(random.Random(seed), {}, close_p=1.0, claim_when_70=0.3, probe=probe)
    for _deal in range(3):
        sim.play_deal(sim.view.detail["next"]["next_deal_leader"] if sim.state.deals else None)
        if sim.view.finished:
            break


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 6))
def test_b2_b47_random_matches_ending_by_a_capture_at_a_last_trick_stop_at_the_capture(seed, other_gp):
    """B2, B46, B47 with B40: random legal matches of deals closed at the first chance, in which [0-0]
    and the trump double are kept back so that the capture tends to fall at a deal's last trick. Each
    such match is cut at that capture with the capturer at 6 game points (the other player at
    ``other_gp``): the capture ends the match there, so the closer's implied claim is not scored, the
    deal stays unsettled, and nothing but a show can follow."""
    sim = Sim(random.Random(seed), {}, close_p=1.0, claim_when_70=0.0, save_capture=True)
    sim.play_match()
    ends = [
        d.tricks[-1]
        for d in sim.state.deals
        if d.tricks and d.played_out and d.tricks[-1].capture is not None
    ]
    assume(ends)
    last = ends[0]
    before = GAME.start(("Aki", "Ben"), GAME.resolve_options({}))
    for raw in sim.events[: last.event]:
        before = GAME.apply(before, decode(GAME.events, raw))
    gp = [other_gp, other_gp]
    gp[last.capture] = 6
    state = GAME.apply(
        dataclasses.replace(before, game_points=(gp[0], gp[1])), decode(GAME.events, sim.events[last.event])
    )
    gp[last.capture] = 7
    view = GAME.view(state)
    assert view.totals == tuple(gp) and view.finished and view.winners == (last.capture,)
    assert view.detail["claim"] is None and view.detail["deals"][-1]["result"] is None
    for later in (
        {"type": "claim", "seat": 0},
        {"type": "claim", "seat": 1},
        {"type": "deal", "indicator": "6-5"},
    ):
        with pytest.raises(GameOver):
            GAME.apply(state, decode(GAME.events, later))


def _trump_at(sim: Sim, event: int) -> int:
    deal = max((i for i, raw in enumerate(sim.events) if raw["type"] == "deal" and i < event))
    indicator = Tile.parse(sim.events[deal]["indicator"])
    return 0 if 0 in (indicator.hi, indicator.lo) else indicator.hi  # B6: blank = 7 is the highest


def _deal_end(sim: Sim, event: int) -> int:
    """The index of the next ``deal`` after ``event`` (or past the record's end)."""
    later = [i for i, raw in enumerate(sim.events) if raw["type"] == "deal" and i > event]
    return later[0] if later else len(sim.events)


def _provable(sim: Sim, index: int) -> bool:
    """Was the replier's hand at this trick proved (deal played out, or the replier showed)?"""
    for deal in sim.state.deals:
        for t in deal.tricks:
            if t.event == index:
                return deal.played_out or deal.shown(1 - t.leader) is not None
    raise AssertionError("no such trick")


def test_illegal_reply_checker_sees_a_withheld_higher_trump():
    """B24 after the fact, by a scripted search for a seed where the sim made an illegal reply."""
    for seed in range(200):
        sim = Sim(random.Random(seed), {}, illegal_p=1.0, claim_when_70=0.0, close_p=0.0, declare_p=0.0)
        sim.play_deal(0)
        if sim.illegal_events and sim.view.detail["status"] in ("played_out", "settled"):
            assert {b.event for b in sim.view.breaches} == set(sim.illegal_events)
            return
    pytest.fail("no illegal reply was generated")


def test_bingo_tile_constant_is_double_blank():
    assert Tile(0, 0) == BINGO
