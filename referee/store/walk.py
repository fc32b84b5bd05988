"""A table's log walked once, line by line, with the table after any line at hand when asked for.

The dispute report tells a table's story entry by entry, so it needs what each line changed. Keeping
a replay per line, or replaying the log again at each undo or correction, costs time and memory
quadratic in the log (a 5,000-line table took minutes and gigabytes). Here the log is walked once:

- each line only updates the list of events that stand (an undo drops the last, a correction
  replaces its target), as ``effective_events`` does;
- the game state is brought up to date only when asked for (``state``, ``view``): from the last
  state still true, the events after it are applied. So lines before a report's range cost no
  replay at all, and an undo or a correction costs only the events after its target.
- states are kept for the last ``KEEP`` events and for every ``KEEP``-th one, so going back (an undo)
  applies at most ``KEEP`` events again, and memory stays small even for a state that grows with
  the table (a score pad's rounds).

``applied`` counts the events applied so far: what the walk cost, for a caller that bounds it (a
table of corrections of its first entry would otherwise apply the whole log once per correction).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic

from ..rules.base import D, Game, IllegalEvent, View, _
from .replay import Effective, LogEntry, Replayed, Undo, _step

KEEP = 64
"""How many recent states are kept (and every how many events one is kept for good)."""


class Walk(Generic[D]):
    """The table as of the log lines given to ``step`` so far, starting from an empty log."""

    def __init__(self, game: Game[Any, D], players: tuple[str, ...], options: Mapping[str, Any]) -> None:
        self.game, self.players, self.options = game, tuple(players), options
        self.events: list[Effective] = []
        self.undos: list[Undo] = []
        self.last_seq = 0
        self.applied = 0
        # _states[i]: the state after events[:i] (None: not kept), true for i <= _fresh
        self._states: list[Any] = [game.start(self.players, dict(options))]
        self._fresh = 0
        self._view: View[D] | None = None

    def step(self, entry: LogEntry) -> tuple[Effective | None, int | None]:
        """Take one log line. Answers the event it is about and that event's index among the events
        that stand: the event added, the event undone (its index before the undo), or the corrected
        event as it stood before the correction."""
        self._view = None
        self.last_seq = entry.seq
        match entry.kind:
            case "event":
                self.events.append(Effective(entry.seq, entry.body))
                return self.events[-1], len(self.events) - 1
            case "undo":
                if not self.events:
                    raise IllegalEvent("nothing_to_undo", _("There is nothing to undo."))
                gone = self.events.pop()
                self.undos.append(Undo(entry, gone))
                self._stale_after(len(self.events))
                return gone, len(self.events)
            case "correct":
                target = entry.body.get("target")
                index = next(
                    (i for i in range(len(self.events) - 1, -1, -1) if self.events[i].seq == target), None
                )
                if index is None:
                    raise IllegalEvent("no_such_event", _("There is no event %(seq)s to correct."), seq=target)
                old = self.events[index]
                self.events[index] = Effective(
                    old.seq,
                    entry.body["event"],
                    old.corrections + (entry,),
                    old.original if old.original is not None else old.body,
                )
                self._stale_after(index)
                return old, index
            case _:
                raise IllegalEvent("bad_log", _("Unknown log line %(kind)s."), kind=entry.kind)

    def _stale_after(self, index: int) -> None:
        """The states after ``events[:index]`` no longer hold."""
        if self._fresh > index:
            del self._states[index + 1 :]
            self._fresh = index

    @property
    def state(self) -> Any:
        """The game state after the events that stand now."""
        states = self._states
        if self._fresh < len(self.events) or states[self._fresh] is None:  # None: many undos in a row
            start = next(i for i in range(self._fresh, -1, -1) if states[i] is not None)  # KEEP at most
            del states[start + 1 :]
            state = states[start]
            for i in range(start, len(self.events)):
                state = _step(self.game, self.players, state, self.events[i].body, i, None)
                self.applied += 1
                states.append(state)
                old = i + 1 - KEEP
                if old > 0 and old % KEEP:
                    states[old] = None  # no longer recent, and not one kept for good
            self._fresh = len(self.events)
        return states[len(self.events)]

    def view(self) -> View[D]:
        """The game's view of the table now (built once per position)."""
        if self._view is None:
            self._view = self.game.view(self.state)
        return self._view

    def replayed(self) -> Replayed[D]:
        """The table now, as ``replay`` makes it (its history's sentences made if read)."""
        return Replayed(
            game=self.game,
            players=self.players,
            options=self.options,
            effective=tuple(self.events),
            state=self.state,
            built_view=self._view,
            last_seq=self.last_seq,
            undos=tuple(self.undos),
        )
