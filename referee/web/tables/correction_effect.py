"""What a correction changed for the players: the table replayed with the corrected entry as it stood
just before the correction, compared with the table as it stands now.

A correction can turn a later claim from correct into failed, move game points from one player to
another or change a hand's scores without touching the entry's own line; the answer after a
correction says so ("Ann 3 → 0, Ben 0 → 3"), and repeats the later entries whose outcome now reads
differently. The comparison is plain data (``Effect``); the answer's template only says it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.games import part
from referee.rules.base import D, Line
from referee.store.replay import Replayed, ReplayError, entry_index, replay_events


@dataclass(frozen=True)
class Effect:
    """The players whose totals moved (name, before, after) and the later entries whose history line
    changed (before, after), oldest first; both empty: the correction changed no score. ``checks``: what
    the correction left that no longer matches, in the game's words (``Correction.left_to_check``)."""

    totals: tuple[tuple[str, int, int], ...]
    lines: tuple[tuple[Line | None, Line | None], ...]
    checks: tuple[Line, ...] = ()


def prior_body(rep: Replayed[D], index: int) -> Mapping[str, Any] | None:
    """The entry at ``index`` of the effective events as it stood before its latest correction."""
    entry = rep.effective[index]
    if len(entry.corrections) > 1:
        event = entry.corrections[-2].body.get("event")
        return event if isinstance(event, Mapping) else None
    return entry.original


def take_back_allowed(rep: Replayed[D], seq: int) -> bool:
    """Whether the latest correction of the entry logged as ``seq`` can be taken back by correcting it
    once more to what it was before: not a seat's private entry (a sealed bid: its own seat's to change)."""
    index = entry_index(rep, seq)
    if index is None or rep.effective[index].body.get("type") in rep.game.private_events:
        return False
    return prior_body(rep, index) is not None


def correction_effect(rep: Replayed[D], seq: int) -> Effect | None:
    """What the latest correction of the entry logged as ``seq`` changed (None: not a corrected entry,
    or the table before it no longer replays). Private entries (a sealed bid) are never repeated."""
    index = entry_index(rep, seq)
    if index is None:
        return None
    prior = prior_body(rep, index)
    if prior is None:
        return None
    bodies = [e.body for e in rep.effective]
    bodies[index] = prior
    lines = list(rep.lines[:index])  # the events before the corrected one say the same: not narrated again
    try:
        state = replay_events(rep.game, rep.players, rep.options, bodies, lines)
    except ReplayError:
        return None
    before, after = rep.game.view(state).totals, rep.view.totals
    moved = tuple(
        (name, was, now) for name, was, now in zip(rep.players, before, after, strict=False) if was != now
    )
    private = rep.game.private_events
    changed = tuple(
        (lines[i], rep.lines[i])
        for i in range(index + 1, min(len(lines), len(rep.lines)))
        if lines[i] != rep.lines[i] and rep.effective[i].body.get("type") not in private
    )
    return Effect(moved, changed, part(rep.game.id, "web").CORRECTION.left_to_check(state, rep.state))
