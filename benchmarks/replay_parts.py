"""Where a replay's time goes, per game: `.venv/bin/python benchmarks/replay_parts.py [repeats]`.

``benchmarks/replay.py`` gives one figure per game; this one splits the same replays (the golden
records of tests/records, the score pad's 1,000 rounds) into their parts, so the next change is
aimed at the part that costs: ``decode`` (event dicts to event objects), ``apply`` (the game's rules
on decoded events, nothing else), ``narrate`` (the history's sentences from kept states), ``loop``
(the store's whole replay: undo/correction resolution, decode and apply; the sentences are made
when read) and
``+view`` (the same with the view read). CPU time on this thread, the lowest of ``repeats`` runs
(the least disturbed by other programs on a shared machine), in ms per 1,000 events, with the garbage
collector set as in a server's worker (``referee.serving.settle_collector``). Figures only.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.games import GAMES  # noqa: E402
from referee.rules.events import decode  # noqa: E402
from referee.serving import settle_collector  # noqa: E402
from referee.store.record import parse_record  # noqa: E402
from referee.store.replay import LogEntry, replay  # noqa: E402


def lowest(fn: Callable[[], Any], repeats: int) -> float:
    """The lowest CPU time of ``fn`` on this thread over ``repeats`` runs, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.thread_time()
        fn()
        times.append(time.thread_time() - start)
    return min(times)


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    settle_collector()  # as a server's worker runs (gunicorn.conf.py)
    pad = GAMES["score-pad"]
    cases = [("score-pad", pad, ("Aki", "Ben"), pad.resolve_options({}),
              [{"type": "round", "points": [i % 7, 3]} for i in range(1, 1001)])]  # fmt: skip
    for path in sorted((ROOT / "tests/records").glob("*.json")):
        parsed = parse_record(json.loads(path.read_text()))
        cases.append((parsed.game.id, parsed.game, parsed.players, parsed.options, list(parsed.events)))
    print(
        f"{'game':<16} {'decode':>7} {'apply':>7} {'narrate':>8} {'loop':>7} {'+view':>7}   (ms per 1,000 events)"
    )
    for name, game, players, options, bodies in cases:
        log = [LogEntry(i, "event", body) for i, body in enumerate(bodies, start=1)]
        events = [decode(game.events, body) for body in bodies]
        states = [game.start(players, dict(options))]
        for ev in events:
            states.append(game.apply(states[-1], ev))

        def apply_all(
            game: Any = game, players: Any = players, options: Any = options, events: Any = events
        ) -> None:
            state = game.start(players, dict(options))
            for ev in events:
                state = game.apply(state, ev)

        def narrate_all(
            game: Any = game, players: Any = players, events: Any = events, states: Any = states
        ) -> None:
            for i, ev in enumerate(events):
                game.narrate(ev, players, before=states[i], after=states[i + 1])

        per_k = 1000 * 1000 / len(bodies)
        figures = (
            lowest(lambda g=game, b=bodies: [decode(g.events, body) for body in b], repeats),
            lowest(apply_all, repeats),
            lowest(narrate_all, repeats),
            lowest(lambda g=game, p=players, o=options, log=log: replay(g, p, o, log), repeats),
            lowest(lambda g=game, p=players, o=options, log=log: replay(g, p, o, log).view, repeats),
        )
        d, a, n, loop, view = (f * per_k for f in figures)
        print(f"{name:<16} {d:7.1f} {a:7.1f} {n:8.1f} {loop:7.1f} {view:7.1f}")


if __name__ == "__main__":
    main()
