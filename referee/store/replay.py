"""From a table's log to its state: undo and corrections resolved, then the game's rules replayed.

Pure (no SQL, no Flask), so the same code checks a write before it is stored, rebuilds a table
for a page, and validates an imported record.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic

from ..rules.base import D, Game, IllegalEvent, Line, RuleError, View, _
from ..rules.drafts import drafting
from ..rules.events import decode, decoder
from ..rules.frozen import derived, made


@dataclass(frozen=True)
class LogEntry:
    """One stored line: ``kind`` is ``event`` (body = the game event), ``undo`` (body empty) or
    ``correct`` (body = ``{"target": seq, "event": {...}}``)."""

    seq: int
    kind: str
    body: Mapping[str, Any]
    author: str = "scorer"
    at: datetime | None = None
    event: Any = field(default=None, compare=False, repr=False)
    """The decoded game event of an ``event`` line, when its writer decoded it already (a new
    line being checked): applying it needs no second decoding of ``body``, its canonical encoding."""


@dataclass(frozen=True)
class Effective:
    """An event as it now stands, with the log lines that shaped it (for the history)."""

    seq: int
    body: Mapping[str, Any]
    corrections: tuple[LogEntry, ...] = ()
    original: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Undo:
    """An undo log line (its seq, author and time) and the event it took back, as it stood then (with
    its corrections): the History tells each undo at its own number, so no entry number is a gap."""

    line: LogEntry
    gone: Effective


@dataclass(frozen=True)
class Replayed(Generic[D]):
    """A table as of its last log line, typed by its game's view detail ``D``."""

    game: Game[Any, D]
    players: tuple[str, ...]
    options: Mapping[str, Any]
    effective: tuple[Effective, ...]
    state: Any
    last_seq: int
    undos: tuple[Undo, ...] = field(default=())
    narrated: tuple[Line | None, ...] | None = field(default=None, compare=False, repr=False)
    """The history's sentences, when the maker made them with its states (see ``lines``)."""
    built_view: View[D] | None = field(default=None, compare=False, repr=False)
    """The view, when the maker has it already (a walk that showed this position)."""

    @derived
    def lines(self) -> tuple[Line | None, ...]:
        """The history in plain words, one line per effective event (None: the game has no narrator).

        A sentence is made from its event's states before and after, which a replay does not keep
        (it builds them in place, rules/drafts.py), so they are made while replaying or not at all.
        Most replays are never shown with their history (a time-travel step, a write checked, a
        club page), and the sentences cost a sixth to a third of a replay: so unless the maker
        made them (``narrated``), they are made at the first read, by replaying the effective
        events again with them. The same sentences either way (tests/store/test_replay.py)."""
        if self.narrated is not None:
            return self.narrated
        lines: list[Line | None] = []
        replay_events(self.game, self.players, self.options, (e.body for e in self.effective), lines)
        return tuple(lines)

    @property
    def undone(self) -> tuple[LogEntry, ...]:
        """The events the undo lines took back, as log lines of their own, oldest undo first."""
        return tuple(LogEntry(u.gone.seq, "event", u.gone.body) for u in self.undos)

    @property
    def lines_made(self) -> tuple[Line | None, ...] | None:
        """``lines`` if they are made already (by the maker, or read once), else None; no replay."""
        made: tuple[Line | None, ...] | None = vars(self).get("lines")
        return made if made is not None else self.narrated

    def seq_of(self, index: int | None) -> int | None:
        """The entry number players see for the event that stands at ``index`` (the rules name events
        by their place among the events that stand, as breaches do): its log line, ``seq``. One number
        everywhere (issue 27): the History, the dispute report and its QR codes, ``?at=`` and the API's
        corrections all name an entry by its ``seq``, which never changes, where a count of the events
        that stand shifts at every undo (and differed between the phone and the paper)."""
        return self.effective[index].seq if index is not None and 0 <= index < len(self.effective) else None

    @derived
    def view(self) -> View[D]:
        """The game's view of the table: built at the first read, not by the replay, since many
        replays are never shown (a kept result, a write checked before it is stored, a club page)
        and a view can cost as much as the replay (every Trick de Bingo flip's proof, every bead
        placement's breakdown)."""
        return self.built_view if self.built_view is not None else self.game.view(self.state)


class ReplayError(RuleError):
    """A rule error at a known place in the effective events (its 0-based ``index``)."""

    def __init__(self, index: int, error: RuleError) -> None:
        self.index = index
        self.cause = error
        super().__init__(error.code, error.message, **error.params)


def effective_events(log: Iterable[LogEntry]) -> tuple[list[Effective], list[Undo]]:
    """Apply undo and correct lines; the game events that stand, and the undo lines with what they undid."""
    events: list[Effective] = []
    undos: list[Undo] = []
    for entry in log:
        match entry.kind:
            case "event":  # Effective(entry.seq, entry.body), without the frozen __init__'s cost per line
                fields = {"seq": entry.seq, "body": entry.body, "corrections": (), "original": None}
                events.append(made(Effective, fields))
            case "undo":
                if not events:
                    raise IllegalEvent("nothing_to_undo", _("There is nothing to undo."))
                undos.append(Undo(entry, events.pop()))
            case "correct":
                target = entry.body.get("target")
                for i, ev in enumerate(events):
                    if ev.seq == target:
                        events[i] = Effective(
                            ev.seq,
                            entry.body["event"],
                            ev.corrections + (entry,),
                            ev.original if ev.original is not None else ev.body,
                        )
                        break
                else:
                    raise IllegalEvent(
                        "no_such_event", _("There is no event %(seq)s to correct."), seq=target
                    )
            case _:
                raise IllegalEvent("bad_log", _("Unknown log line %(kind)s."), kind=entry.kind)
    return events, undos


def replay_events(
    game: Game[Any, Any],
    players: tuple[str, ...],
    options: Mapping[str, Any],
    bodies: Iterable[Any],
    lines: list[Line | None] | None = None,
    *,
    record: bool = False,
) -> Any:
    """The game state after ``bodies`` (raw event dicts); ReplayError names the first bad one.
    With ``lines``, the history sentence of each event from the ``len(lines)``-th on is appended to
    it: the sentences it holds already are those of the first events, made by an earlier replay
    (a sentence is made from its event and those before it, so it holds while they stand).

    ``record``: the events are a whole record, whose writer knew every card, so the refusals a
    live table holds back to keep a sealed bid sealed (``Game.hidden_errors``) refuse it too."""
    players = tuple(players)
    state = game.start(players, dict(options))
    # _step's work with its look-ups made once, not per event (a replay's own cost is per event).
    read, apply, narrate = decoder(game.events), game.apply, game.narrate if lines is not None else None
    hidden_errors = game.hidden_errors if record else None
    known = len(lines) if lines is not None else 0  # the sentences given: their events are not narrated
    with drafting():  # no state in between is kept: the rules build one in place (rules/drafts.py)
        for index, body in enumerate(bodies):
            try:
                ev = read(body)
                after = apply(state, ev)
            except RuleError as err:
                raise ReplayError(index, err) from err
            if lines is not None and index >= known:
                lines.append(narrate(ev, players, state, after) if narrate else None)  # by place: every event
            state = after
            if hidden_errors is not None and (hidden := hidden_errors(state)):
                raise ReplayError(index, hidden[0][1])  # the first refusal the live table held back
    return state


def _step(
    game: Game[Any, Any],
    players: tuple[str, ...],
    state: Any,
    body: Any,
    index: int,
    lines: list[Line | None] | None,
    decoded: Any = None,
) -> Any:
    try:
        ev = decode(game.events, body) if decoded is None else decoded
        after = game.apply(state, ev)
    except RuleError as err:
        raise ReplayError(index, err) from err
    if lines is not None:
        lines.append(game.narrate(ev, tuple(players), before=state, after=after) if game.narrate else None)
    return after


def replay(
    game: Game[Any, D],
    players: tuple[str, ...],
    options: Mapping[str, Any],
    log: Iterable[LogEntry],
    *,
    narrated: bool = False,
    previous: Replayed[D] | None = None,
) -> Replayed[D]:
    """The whole table from its log. ``narrated``: the history's sentences are made now, for a
    replay shown with its history at once (the table page's), which would otherwise replay again
    to make them at their first read (``Replayed.lines``). ``previous``: a replay of the same table
    whose sentences are made (the snapshot an undo or a correction is checked against): those of
    the events both share from the first are taken from it, and only the rest are made."""
    log = list(log)
    events, undos = effective_events(log)
    lines: list[Line | None] | None = None
    if narrated:
        lines = kept_sentences(previous, events) if previous is not None else []
    state = replay_events(game, players, options, (e.body for e in events), lines)
    return Replayed(
        game=game,
        players=tuple(players),
        options=options,
        effective=tuple(events),
        state=state,
        last_seq=log[-1].seq if log else 0,
        undos=tuple(undos),
        narrated=tuple(lines) if lines is not None else None,
    )


def kept_sentences(previous: Replayed[D], events: list[Effective]) -> list[Line | None]:
    """The sentences ``previous`` has made for the first of ``events``, up to the first event that
    differs: a sentence is made from its event and the events before it, and an undo or a
    correction changes only the events from the one it takes back or corrects."""
    made = previous.lines_made
    if made is None:
        return []
    shared = 0
    for was, now in zip(previous.effective, events, strict=False):
        if was.body != now.body:
            break
        shared += 1
    return list(made[:shared])


def extend(previous: Replayed[D], entries: list[LogEntry]) -> Replayed[D] | None:
    """``previous`` with more log lines, applied one by one; None when one is an undo or a
    correction (those change earlier events: replay the whole log instead). The new lines'
    sentences are made with them when ``previous`` has its sentences made, else left to be made
    with the rest when read."""
    if any(entry.kind != "event" for entry in entries):
        return None
    game, state, effective = previous.game, previous.state, list(previous.effective)
    made = previous.lines_made
    lines = list(made) if made is not None else None
    for entry in entries:
        state = _step(game, previous.players, state, entry.body, len(effective), lines, entry.event)
        effective.append(Effective(entry.seq, entry.body))
    return Replayed(
        game=game,
        players=previous.players,
        options=previous.options,
        effective=tuple(effective),
        state=state,
        last_seq=entries[-1].seq if entries else previous.last_seq,
        undos=previous.undos,
        narrated=tuple(lines) if lines is not None else None,
    )


def entry_index(rep: Replayed[D], seq: object) -> int | None:
    """Where the entry logged as ``seq`` stands among the effective events (None: it does not stand)."""
    return next((i for i, e in enumerate(rep.effective) if e.seq == seq), None)
