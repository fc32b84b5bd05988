"""Helpers shared by the Five Up tests: build events as the record writes them, replay them, and
play random legal hands from full knowledge of a shuffled deal."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from referee.games.five_up.rules import GAME
from referee.games.five_up.rules import layout as lay
from referee.rules.base import IllegalEvent, View
from referee.rules.events import decode
from referee.rules.tiles import Tile, double_set

NAMES = ("Aki", "Ben", "Chie", "Dai")


def new(players: int = 4, **options: Any):
    return GAME.start(NAMES[:players], GAME.resolve_options(options))


def play(state, *raw: dict[str, Any]):
    for ev in raw:
        state = GAME.apply(state, decode(GAME.events, ev))
    return state


def view(state) -> View:
    return GAME.view(state)


def chain(players: int, steps: list[tuple[str, str | None]], **options: Any):
    """A hand led by seat 0 in which the seats play ``steps`` (tile, on) in turn."""
    state = play(new(players, **options), {"type": "hand", "leader": 0})
    for i, (tile, on) in enumerate(steps):
        raw: dict[str, Any] = {"type": "play", "seat": i % players, "tile": tile}
        if on:
            raw["on"] = on
        state = play(state, raw)
    return state


def targets(layout: lay.Layout, tile: Tile) -> list[Tile]:
    """Every tile on the table that ``tile`` may join (F11-F13)."""
    out = []
    for node in layout:
        if node.tile.is_double:
            if (node.sides_free or node.ends_free) and tile.has(node.tile.hi):
                out.append(node.tile)
        elif any(tile.has(n) for n in node.free):
            out.append(node.tile)
    return out


def reference_count(described: list[dict[str, Any]]) -> int:
    """The count (A.2) recomputed from the renderer's description alone, as a cross-check."""
    total = 0
    for entry in described:
        t = Tile.parse(entry["tile"])
        children = [c for c in described if c["on"] == entry["tile"]]
        if t.is_double:
            sides = (1 if entry["on"] else 0) + sum(1 for c in children if c["at"] == "side")
            total += 2 * t.hi if sides < 2 else 0
        else:
            ends = [t.hi, t.lo] if entry["on"] is None else [t.other(entry["via"])]
            for c in children:
                ends.remove(c["via"])
            total += sum(ends)
    return total


@dataclass
class Cheats:
    """Illegal draws and passes to slip into otherwise honest play (F18-F21), and what they were.

    ``rate`` is the chance that a player holding a playable tile draws anyway (or passes, when only
    the reserve is left). Each cheat is noted as (its turn's first event, seat, the tiles held then
    that fitted, the hand's number); afterwards the cheater plays those tiles first when they fit."""

    rate: float
    done: list[tuple[int, int, frozenset[Tile], int]] = field(default_factory=list)
    prefer: dict[int, set[Tile]] = field(default_factory=dict)


def play_hand(
    state,
    rng: random.Random,
    check: Callable[[Any, list[list[Tile]], list[Tile]], None] | None = None,
    calls: bool = False,
    cheats: Cheats | None = None,
) -> tuple[Any, list[dict[str, Any]]]:
    """Play one whole hand with random legal moves (``cheats`` aside); returns the state and the raw
    events, tracked from full knowledge of the shuffled deal."""
    n = state.n
    legal = GAME.view(state).detail["legal"]
    leader = legal["leader"] if legal["leader"] is not None else rng.choice(legal["leader_choices"])
    tiles = list(double_set())
    rng.shuffle(tiles)
    size = state.rules.hand_size
    hands = [tiles[i * size : (i + 1) * size] for i in range(n)]
    boneyard = tiles[n * size :]
    events: list[dict[str, Any]] = []

    def emit(raw: dict[str, Any]) -> None:
        nonlocal state
        state = play(state, raw)
        events.append(raw)
        if check:
            check(state, hands, boneyard)

    emit({"type": "hand", "leader": leader})
    if cheats:
        cheats.prefer = {}
    while state.hand.status == "play":
        seat = state.hand.turn
        layout = state.hand.layout
        hand = hands[seat]
        playable = [t for t in hand if lay.fits(layout, t)]
        cheat = bool(cheats and layout and playable and rng.random() < cheats.rate)
        if cheat and cheats:
            cheats.done.append((state.events, seat, frozenset(playable), state.hand.number))
            cheats.prefer.setdefault(seat, set()).update(playable)
        held = playable
        drawn = 0
        while (not playable or cheat) and len(boneyard) > state.rules.reserve:
            tile = boneyard.pop(rng.randrange(len(boneyard)))
            hand.append(tile)
            drawn += 1
            if lay.fits(layout, tile):
                playable = [tile]  # F19: a drawn tile that fits is played at once
                break
        if drawn:
            emit({"type": "draw", "seat": seat, "count": drawn})
            if state.finished:  # immediateWinAt61: the draw credited a muggins move that won
                return state, events
        elif cheat:
            playable = []  # only the reserve is left: the cheat is a pass
        if cheat and playable == held and rng.random() < 0.5:
            playable = []  # drew to the reserve, found nothing, and passes while holding a tile
        if not playable:
            emit({"type": "pass", "seat": seat})
            continue
        first = [t for t in playable if t in (cheats.prefer.get(seat, ()) if cheats else ())]
        tile = rng.choice(first or playable)
        hand.remove(tile)
        raw: dict[str, Any] = {"type": "play", "seat": seat, "tile": str(tile)}
        if layout:
            raw["on"] = str(rng.choice(targets(layout, tile)))
        emit(raw)
        if calls and not state.finished and state.window is not None and rng.random() < 0.8:
            emit(
                {"type": "call", "seat": seat, "points": max(0, state.window.points - rng.choice((0, 0, 1)))}
            )
        if state.finished:
            return state, events
    if not state.finished:  # a pass may have ended the game (immediateWinAt61 with muggins)
        emit({"type": "end", "pips": [sum(t.pips for t in h) for h in hands]})
    return state, events


def play_game(state, rng: random.Random, check=None, calls: bool = False, max_hands: int = 80):
    events: list[dict[str, Any]] = []
    for _ in range(max_hands):
        if state.finished:
            break
        state, evs = play_hand(state, rng, check, calls)
        events.extend(evs)
    return state, events


# --- shortcuts for the flow and scoring tests (test_five_up_flow.py, test_five_up_scoring.py) ---


def lead(players: int = 2, tile: str = "6-6", **options):
    return play(
        new(players, **options), {"type": "hand", "leader": 0}, {"type": "play", "seat": 0, "tile": tile}
    )


def refused(state, raw) -> str:
    with pytest.raises(IllegalEvent) as err:
        play(state, raw)
    return err.value.code


def forced_hand(state, pips, dominoer=None, leader=None):
    """A hand whose lead ([6-1], count 7, no points) is followed at once by a domino or a block.

    The shortcut replaces the hand's status and tile counts so that F29-F36 can be tested from
    chosen scores; the end is then recorded through ``apply`` like any other event.
    """
    legal = view(state).detail["legal"]
    who = leader if leader is not None else (legal["leader"] if legal["leader"] is not None else 0)
    state = play(state, {"type": "hand", "leader": who}, {"type": "play", "seat": who, "tile": "6-1"})
    held = tuple(0 if s == dominoer else max(1, -(-p // 11)) for s, p in enumerate(pips))
    status = "domino" if dominoer is not None else "blocked"
    state = replace(state, hand=replace(state.hand, status=status, dominoer=dominoer, held=held))
    return play(state, {"type": "end", "pips": list(pips)})
