"""The record file of record-format.md: parse and validate a whole record, and write one out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..rules import game as find_game
from ..rules.base import Game, MalformedEvent, RuleError, _
from ..rules.events import decode, encode
from .bounds import record_too_long
from .replay import Replayed, replay_events

FORMAT = "referee-record"
VERSION = 1


@dataclass(frozen=True)
class ParsedRecord:
    game: Game
    players: tuple[str, ...]
    options: dict[str, Any]
    events: tuple[dict[str, Any], ...]


class RecordError(RuleError):
    """A record refused; ``index`` is the first bad event's index, or None for the header."""

    def __init__(self, error: RuleError, index: int | None = None) -> None:
        self.index = index
        self.cause = error
        super().__init__(error.code, error.message, **error.params)


def storable(text: str) -> bool:
    """Text every database keeps as given: no NUL (PostgreSQL refuses it) and no lone surrogate."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_storable_names(names: tuple[str, ...]) -> None:
    if not all(storable(name) for name in names):
        raise MalformedEvent("bad_players", _("players must be a list of names."))


def parse_record(raw: Any) -> ParsedRecord:
    """Check a record whole: header, every event's shape, and a full replay. Nothing partial."""
    if not isinstance(raw, Mapping):
        raise RecordError(MalformedEvent("bad_record", _("A record must be a JSON object.")))
    if raw.get("format") != FORMAT or raw.get("version") != VERSION:
        raise RecordError(
            MalformedEvent("bad_record", _("This is not a referee record of format version 1."))
        )
    unknown = set(raw) - {"format", "version", "game", "players", "options", "events"}
    if unknown:
        raise RecordError(
            MalformedEvent("bad_record", _("A record has no field %(field)s."), field=sorted(unknown)[0])
        )
    try:
        game = find_game(raw.get("game"))
        players = raw.get("players")
        if not isinstance(players, list):
            raise MalformedEvent("bad_players", _("players must be a list of names."))
        players_t = game.check_players(players)
        check_storable_names(players_t)
        options = raw.get("options", {})
        if not isinstance(options, Mapping):
            raise MalformedEvent("bad_option", _("options must be an object."))
        resolved = game.resolve_options(options)
    except RuleError as err:
        raise RecordError(err) from err
    events = raw.get("events")
    if not isinstance(events, list):
        raise RecordError(MalformedEvent("bad_record", _("events must be a list.")))
    if (too_long := record_too_long(len(events))) is not None:
        raise RecordError(too_long)  # before any replay: the cost of a request stays bounded
    try:
        replay_events(game, players_t, resolved, events)  # decodes and applies in order
    except RuleError as err:
        raise RecordError(err.cause, err.index) from err  # type: ignore[attr-defined]
    normalised = tuple(encode(decode(game.events, body)) for body in events)
    return ParsedRecord(game, players_t, resolved, normalised)


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
