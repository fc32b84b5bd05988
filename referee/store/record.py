"""The record file of docs/record-format.md: parse and validate a whole record, and write one out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.games import game as find_game

from ..rules.base import Game, MalformedEvent, RuleError, _
from ..rules.events import decode, encode, shown, storable_text
from ..rules.names import check_players
from .bounds import record_too_long
from .replay import Replayed, ReplayError, replay_events

FORMAT = "referee-record"
VERSION = 1


@dataclass(frozen=True)
class ParsedRecord:
    game: Game[Any, Any]
    players: tuple[str, ...]
    options: dict[str, Any]
    events: tuple[dict[str, Any], ...]
    final: Any = field(default=None, compare=False, repr=False)
    """The game state the events lead to, as the check left it (the table's result is read from it)."""


class RecordError(RuleError):
    """A record refused; ``index`` is the first bad event's index, or None for the header."""

    def __init__(self, error: RuleError, index: int | None = None) -> None:
        self.index = index
        self.cause = error
        super().__init__(error.code, error.message, **error.params)


def storable(text: str) -> bool:
    """Text every database keeps as given: no NUL (PostgreSQL refuses it) and no lone surrogate."""
    return storable_text(text)


def check_storable_names(names: tuple[str, ...]) -> None:
    if not all(storable(name) for name in names):
        raise MalformedEvent("bad_players", _("players must be a list of names."))


@dataclass(frozen=True)
class Header:
    game: Game[Any, Any]
    players: tuple[str, ...]
    options: dict[str, Any]
    start: Any = field(default=None, compare=False, repr=False)
    """The game's state before any event (the rules' ``start``, which had the last word)."""


def check_header(game_id: Any, players: Any, options: Any) -> Header:
    """A table's game, players and options, checked the same way for every way in (the new-table
    form, ``POST /api/v1/tables``, a record): so one header gets one answer everywhere. The rules'
    own ``start`` has the last word (combinations of options, options for a player count)."""
    game = find_game(game_id)
    if not isinstance(players, list | tuple):
        raise MalformedEvent("bad_players", _("players must be a list of names."))
    names = check_players(game, players)
    check_storable_names(names)
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise MalformedEvent("bad_option", _("options must be an object."))
    resolved = game.resolve_options(options)
    return Header(game, names, resolved, game.start(names, resolved))


def parse_record(raw: Any) -> ParsedRecord:
    """Check a record whole: header, every event's shape, and a full replay. Nothing partial."""
    if not isinstance(raw, Mapping):
        raise RecordError(MalformedEvent("bad_record", _("A record must be a JSON object.")))
    version = raw.get("version")
    if raw.get("format") != FORMAT or type(version) is not int or version != VERSION:
        raise RecordError(
            MalformedEvent("bad_record", _("This is not a referee record of format version 1."))
        )
    unknown = set(raw) - {"format", "version", "game", "players", "options", "events"}
    if unknown:
        raise RecordError(
            MalformedEvent("bad_record", _("A record has no field %(field)s."), field=shown(sorted(unknown)[0]))
        )
    try:
        header = check_header(raw.get("game"), raw.get("players"), raw.get("options"))
    except RuleError as err:
        raise RecordError(err) from err
    events = raw.get("events")
    if not isinstance(events, list):
        raise RecordError(MalformedEvent("bad_record", _("events must be a list.")))
    if (too_long := record_too_long(len(events))) is not None:
        raise RecordError(too_long)  # before any replay: the cost of a request stays bounded
    try:
        final = replay_events(header.game, header.players, header.options, events, record=True)  # decodes and applies in order
    except ReplayError as err:
        raise RecordError(err.cause, err.index) from err
    normalised = tuple(encode(decode(header.game.events, body)) for body in events)
    return ParsedRecord(header.game, header.players, header.options, normalised, final)


def to_record(table: Replayed) -> dict[str, Any]:
    """The record of a table: its events as they now stand (undone and replaced ones left out)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": table.game.id,
        "players": list(table.players),
        "options": dict(table.options),
        "events": [dict(e.body) for e in table.effective],
    }
