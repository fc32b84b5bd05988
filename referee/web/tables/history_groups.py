"""The history list in groups, one per deal, hand or round, newest first, so that History opens on the
entries a correction is usually about and reaches an older deal by one tap on its name (issue 27: the
list was one column of every entry, up to 5,700 px of scrolling inside the History panel).

A game's biggest time-travel step (``Game.steps``: the last pair, e.g. the "deal" event) starts a
group; a game with one kind of step only (the score pad's rounds) is one group, since a group per
entry would only add headings. A game may cut a group into named parts (its web hook
``history_parts``): a round of fifty entries is still a long scroll, while its draft read sheet by
sheet is a screen each.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from flask_babel import gettext

from referee.games import part
from referee.rules.base import Game
from referee.store.replay import Effective


def step_title(step: str, n: int) -> str:
    """A group's name in the reader's language: "Deal 3", "Hand 2", "Round 1"."""
    titles = {"deal": gettext("Deal %(n)s", n=n), "hand": gettext("Hand %(n)s", n=n)}
    return str(titles.get(step) or gettext("Round %(n)s", n=n))


@dataclass(frozen=True)
class HistoryGroup:
    """One deal's (hand's, round's) entries: ``number`` counts the groups from 1 (0 holds what came
    before the first deal), ``lines`` are (entry number, event, sentence) newest first, an entry's
    number being its log line (``seq``, as the dispute report, its QR codes and ``?at=`` number it;
    issue 27). ``first`` and ``last`` are the log lines the group spans, undo and correction lines
    included: from its first entry to the line before the next group's, as the report's ``?deal=N``
    prints it. A part of a group (``history_parts``) has the group's number and title, its own name
    (``part``, for its heading; ``jump``, shorter, for its link beside the group's title) and ``key``
    (its anchor beside the group's), and may order its lines its own way."""

    number: int
    title: str
    first: int
    last: int
    lines: tuple[tuple[int, Effective, str], ...]
    part: str = ""
    jump: str = ""
    key: str = ""
    ranged: bool = True
    """Whether its heading says "entries first–last": a whole group does; a part only when no other
    part's entry lies between its first and last (a player's draft picks interleave with the others')."""

    def part_of(
        self, lines: Sequence[tuple[int, Effective, str]], part: str, jump: str, key: str
    ) -> HistoryGroup:
        """A part of this group: these of its lines, in this order, under this name."""
        numbers = [n for n, _, _ in lines]
        first, last = min(numbers), max(numbers)
        ranged = sum(first <= n <= last for n, _, _ in self.lines) == len(lines)
        return replace(
            self, first=first, last=last, lines=tuple(lines), part=part, jump=jump, key=key, ranged=ranged
        )

    @property
    def anchor(self) -> str:
        """The id its heading carries, for its jump link."""
        return f"history-{self.number}" + (f"-{self.key}" if self.key else "")


def history_groups(
    lines: Iterable[tuple[Effective, str]], game: Game[Any, Any], players: Sequence[str], last_seq: int
) -> tuple[HistoryGroup, ...]:
    """The history's (event, sentence) pairs, oldest first as ``words.history`` gives them, grouped
    by the game's biggest step and cut into the game's parts; groups and lines newest first.
    ``last_seq`` is the table's last log line, where the newest group's span ends."""
    steps = game.steps
    starts, name = steps[-1] if len(steps) > 1 else (frozenset(), "")
    runs: list[tuple[int, list[tuple[int, Effective, str]]]] = []  # (group number, its lines oldest first)
    started = 0
    for e, sentence in lines:
        starts_one = e.body.get("type") in starts
        started += starts_one
        if starts_one or not runs:
            runs.append((started, []))
        runs[-1][1].append((e.seq, e, sentence))
    ends = [run[0][0] - 1 for _, run in runs[1:]] + ([last_seq] if runs else [])  # each group's last log line
    cut = part(game.id, "web").history_parts
    return tuple(
        piece
        for (number, run), last in list(zip(runs, ends, strict=True))[::-1]
        for piece in cut(
            HistoryGroup(number, step_title(name, number) if number else "", run[0][0], last, tuple(run[::-1])),
            players,
        )
    )
