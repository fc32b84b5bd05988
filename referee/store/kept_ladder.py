"""A club's ladder as a process keeps it (``Kept``), and the JSON text the database keeps it as.

The row in ``club_ladders`` is read by any process of the app, so it is plain data (JSON), not a pickle:
a database row can then never run code in the app, whoever wrote it. Each finished table is written
once (``played``); the ladder's steps and changes name a table by its place in that list. Floats go
through JSON unchanged (Python writes the shortest text that reads back as the same float), so a ladder
read back rates further tables exactly as the one that was written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .ratings import Before, Change, Ladder, Played, Rating, Record

Version = tuple[tuple[str, str, int, int], ...]  # per table: night, table id, number, last log line


@dataclass(frozen=True)
class Kept:
    """A club's ladder with the club's version it was worked out at, and each table as it was read."""

    version: Version
    tables: dict[tuple[str, int], Played | None]  # by (table id, last log line): finished as what, or not
    played: tuple[Played, ...]  # the finished ones, in the order played
    ladder: Ladder


def kept_json(kept: Kept) -> bytes:
    """The kept ladder as JSON text (UTF-8)."""
    played = list(kept.played)
    place = {table: i for i, table in enumerate(played)}
    for table, _ in kept.ladder.steps:  # the ladder's tables are the finished ones; any other is added
        if table not in place:
            place[table] = len(played)
            played.append(table)
    ladder = kept.ladder
    data = {
        "version": kept.version,
        "played": [[t.session, t.game, t.players, t.winners, t.totals, t.table, t.number] for t in played],
        "finished": len(kept.played),
        "tables": [[table_id, seq, None if p is None else place[p]] for (table_id, seq), p in kept.tables.items()],
        "ratings": [
            [game, player, r.mu, r.sigma, r.games, r.last_night, r.history]
            for (game, player), r in ladder.ratings.items()
        ],
        "nights": ladder.nights,
        "steps": [[place[table], before] for table, before in ladder.steps],
        "changes": {
            player: [[place[c.table], c.before, c.after] for c in changes] for player, changes in ladder.changes.items()
        },
        "records": {
            player: [[opponent, game, r.won, r.lost, r.drawn] for (opponent, game), r in records.items()]
            for player, records in ladder.records.items()
        },
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def kept_from_json(text: bytes) -> Kept:
    """The kept ladder ``kept_json`` wrote; a ``KeyError``, ``TypeError`` or ``ValueError`` if the text
    is not one (the caller then works the ladder out afresh)."""
    data: dict[str, Any] = json.loads(text)
    played = [
        Played(session, game, tuple(players), tuple(winners), tuple(totals), table, number)
        for session, game, players, winners, totals, table, number in data["played"]
    ]
    ladder = Ladder()
    ladder.ratings = {
        (game, player): Rating(mu, sigma, games, last_night, [(session, figure) for session, figure in history])
        for game, player, mu, sigma, games, last_night, history in data["ratings"]
    }
    ladder.nights = {str(session): int(n) for session, n in data["nights"].items()}
    ladder.steps = [(played[i], tuple(_before(b) for b in before)) for i, before in data["steps"]]
    ladder.changes = {
        player: [Change(played[i], player, before, after) for i, before, after in changes]
        for player, changes in data["changes"].items()
    }
    ladder.records = {
        player: {(opponent, game): Record(won, lost, drawn) for opponent, game, won, lost, drawn in records}
        for player, records in data["records"].items()
    }
    return Kept(
        version=tuple((night, table_id, number, seq) for night, table_id, number, seq in data["version"]),
        tables={(table_id, seq): None if i is None else played[i] for table_id, seq, i in data["tables"]},
        played=tuple(played[: data["finished"]]),
        ladder=ladder,
    )


def _before(before: list[Any] | None) -> Before:
    if before is None:
        return None
    mu, sigma, games, last_night, nights = before
    return (mu, sigma, games, last_night, nights)
