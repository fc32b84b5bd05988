"""Results fingerprint for replay-speed work: `.venv/bin/python benchmarks/fingerprint.py`.

A replay made faster must answer exactly as before. For every golden record (tests/records) and
acceptance record (tests/acceptance/records), after every prefix of its events (every 7th prefix of
a record over 300 events, and the whole record): the view, every seat's redacted detail (and
everyone else's), the history lines and the hidden errors; or, where the prefix is refused, the
refusal (its index, code, message and params), through both the live replay and the record check.
Prints the number of replays and one sha256 of it all: run it before and after a change, the digest
must not move. Figures only; not a test (the tests pin the results case by case).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.rules.base import RuleError  # noqa: E402
from referee.store.record import parse_record  # noqa: E402
from referee.store.replay import LogEntry, replay, replay_events  # noqa: E402


def plain(value: Any) -> Any:
    """JSON for what a view holds: dataclasses by field, mappings as objects (as the API writes them),
    sets sorted, the rest as text."""
    if isinstance(value, Mapping):
        return dict(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, (set, frozenset)):
        return sorted(map(str, value))
    if isinstance(value, RuleError):
        return refusal(value)
    return str(value)


def refusal(err: RuleError) -> str:
    return f"ERR {getattr(err, 'index', None)} {err.code} {err.message} {sorted(err.params.items())}"


def main() -> None:
    digest = hashlib.sha256()
    count = 0
    files = sorted((ROOT / "tests/records").glob("*.json")) + sorted(
        (ROOT / "tests/acceptance/records").glob("*.json")
    )
    for path in files:
        try:
            parsed = parse_record(json.loads(path.read_text()))
        except RuleError as err:
            digest.update(f"{path.name} parse {refusal(err)}".encode())
            continue
        game, bodies = parsed.game, list(parsed.events)
        step = 1 if len(bodies) < 300 else 7
        for k in [*range(0, len(bodies), step), len(bodies)]:
            log = [LogEntry(i, "event", body) for i, body in enumerate(bodies[:k], start=1)]
            try:
                r = replay(game, parsed.players, parsed.options, log)
                view = r.view
                seats = [
                    game.public_detail(view.detail, seat) for seat in [*range(len(parsed.players)), None]
                ]
                hidden = game.hidden_errors(r.state) if game.hidden_errors else []
                blob = json.dumps([view, seats, r.lines, hidden], default=plain, sort_keys=True)
            except RuleError as err:
                blob = refusal(err)
            try:
                replay_events(game, parsed.players, parsed.options, bodies[:k], record=True)
                checked = "ok"
            except RuleError as err:
                checked = refusal(err)
            digest.update(f"{path.name}:{k}:{blob}:{checked}".encode())
            count += 1
    print(count, digest.hexdigest())


if __name__ == "__main__":
    main()
