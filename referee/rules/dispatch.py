"""The one ``apply`` every game shares: the end-of-game guard, the dispatch by event class, the counter.

Each game writes only what is its own: a handler per event class, the sentence for an event it does
not know, which events still count after the end (a Bingo ``show``), and an optional step before or
after every event (Five Up closes its muggins window, Ninety-Nine reports opened sealed bids). The
rest is the same in every game and lives here once, so a reader learns it once: an event after the
end raises :class:`GameOver`, an unknown event a :class:`MalformedEvent`, and every applied event
adds one to the state's ``events`` counter (the index the next event will have).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Protocol, TypeVar

from .base import GameOver, MalformedEvent
from .drafts import update


class Replayed(Protocol):
    """A game state as the shared apply sees it: a frozen dataclass that counts its events."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def events(self) -> int: ...

    @property
    def finished(self) -> bool: ...


S = TypeVar("S", bound=Replayed)


def make_apply(
    handlers: Mapping[type, Callable[[S, Any], S]],
    unknown: str,
    *,
    after_end: Callable[[S, object], bool] | None = None,
    before: Callable[[S, object], S] | None = None,
    after: Callable[[S], S] | None = None,
) -> Callable[[S, object], S]:
    """The game's ``apply(state, event) -> state``.

    ``handlers`` maps each event class to its rule; ``unknown`` is the msgid for any other object;
    ``after_end(state, event)`` says whether a finished game still takes this event; ``before`` runs
    ahead of the handler and ``after`` on its result, before the counter moves.
    """

    def apply(state: S, event: object) -> S:
        if state.finished and not (after_end is not None and after_end(state, event)):
            raise GameOver()
        handler = handlers.get(type(event))
        if handler is None:
            raise MalformedEvent("unknown_event", unknown)
        prepared = before(state, event) if before is not None else state
        new = handler(prepared, event)
        if after is not None:
            new = after(new)
        if new is state:
            return update(new, events=state.events + 1)  # in place in a replay's draft
        # A state the handler has just made (rules make new states, never keep old ones), not yet
        # seen by anyone: its counter is set in place rather than by one more copy of it.
        object.__setattr__(new, "events", state.events + 1)
        return new

    return apply
