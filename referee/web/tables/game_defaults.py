"""What a game's ``web`` module says where the game has nothing of its own to say: each game binds these
under the hook's name (``seat_names = seats_are_players``), so every module has every hook of
``referee.games.WEB_HOOKS`` and the floor never asks whether a game has one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.web.tables.history_groups import HistoryGroup


def seats_are_players(players: Sequence[str]) -> list[str]:
    """``seat_names``: the seats that play are the players', in seat order (no dummy)."""
    return list(players)


def nothing_settled(now: Mapping[str, Any], was: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """``report_lines``: the dispute report says nothing beyond the totals about what an entry settled."""
    return []


def settles_nothing(detail: Mapping[str, Any], entry_type: str) -> None:
    """``settles``: no entry settles a part whose rule breaks its answer lists (the answer says those each
    entry proves, if the game finds any)."""
    return None


def as_recorded(value: str) -> str:
    """``value_words``: a text field of an entry is printed as recorded (a tile is written 6-4)."""
    return value


def one_part(group: HistoryGroup, players: Sequence[str]) -> list[HistoryGroup]:
    """``history_parts``: a deal's (hand's, round's) entries are one list in the history."""
    return [group]
