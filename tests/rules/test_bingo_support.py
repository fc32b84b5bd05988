"""Helpers shared by the Bingo rules tests (test_bingo*.py): events as the record writes them, a replay,
a refusal check, and one scripted deal.

The scripted deal ``SCRIPT`` (trump 3, indicator [3-1]) is used throughout. Its card points, by hand
(B12, trump 3: trump double 28, other trumps their sum, non-trump doubles their sum, tens 10):
  phase 1: t1 [6-6]12+[5-5]10=22 Aki, t2 [4-4]8 Aki, t3 [2-2]4 Aki, t4 0 Aki, t5 0 Aki,
           t6 0 Ben ([4-2] follows 4 and outranks [4-1]), t7 [6-4]10 Ben; Aki lost t7 and takes [3-1] (B21).
  phase 2: t8 [0-0]14 Aki, t9 [3-3]28+[3-2]5=33 Aki, t10 [1-1]2 Aki, t11 [3-0]10 Ben,
           t12 [4-3]7+[3-1]4=11 Ben, t13 [5-3]8 Ben, t14 [6-3]9 Ben (+10 last trick, B13).
  Aki 22+8+4+14+33+2 = 83; Ben 10+10+11+8+9 = 48, +10 = 58; 83+48 = 131 = B14 for trump 3 (B-E1).
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.games.bingo.rules import GAME
from referee.rules.base import IllegalEvent
from referee.rules.events import decode
from referee.rules.tiles import Tile


def t(text: str) -> Tile:
    return Tile.parse(text)


def tiles(*texts: str) -> set[Tile]:
    return {t(x) for x in texts}


def play(*events: dict[str, Any], options: dict[str, Any] | None = None):
    state = GAME.start(("Aki", "Ben"), GAME.resolve_options(options or {}))
    for raw in events:
        state = GAME.apply(state, decode(GAME.events, raw))
    return state


def refused(code: str, *events: dict[str, Any], options: dict[str, Any] | None = None) -> IllegalEvent:
    state = play(*events[:-1], options=options)
    with pytest.raises(IllegalEvent) as err:
        GAME.apply(state, decode(GAME.events, events[-1]))
    assert err.value.code == code, str(err.value)
    return err.value


def deal(indicator: str = "3-1", leader: int | None = 0) -> dict[str, Any]:
    raw: dict[str, Any] = {"type": "deal", "indicator": indicator}
    if leader is not None:
        raw["leader"] = leader
    return raw


def trick(lead: str, reply: str) -> dict[str, Any]:
    return {"type": "trick", "lead": lead, "reply": reply}


def declare(seat: int, *doubles: str) -> dict[str, Any]:
    return {"type": "declare", "seat": seat, "doubles": list(doubles)}


def claim(seat: int) -> dict[str, Any]:
    return {"type": "claim", "seat": seat}


def close(seat: int) -> dict[str, Any]:
    return {"type": "close", "seat": seat}


PHASE_ONE = [
    trick("6-6", "5-5"),  # Aki
    trick("4-4", "6-5"),  # Aki
    trick("2-2", "2-1"),  # Aki
    trick("6-2", "6-1"),  # Aki
    trick("5-4", "5-2"),  # Aki
    trick("4-1", "4-2"),  # Ben
    trick("5-1", "6-4"),  # Ben leads and wins; Aki takes the indicator [3-1]
]
PHASE_TWO = [
    trick("4-0", "0-0"),  # Aki (B8)
    trick("3-3", "3-2"),  # Aki
    trick("1-1", "1-0"),  # Aki
    trick("2-0", "3-0"),  # Ben ruffs
    trick("4-3", "3-1"),  # Ben; Aki plays the indicator it took
    trick("5-3", "5-0"),  # Ben
    trick("6-3", "6-0"),  # Ben, last trick
]
SCRIPT = [deal(), *PHASE_ONE, *PHASE_TWO]
# After Aki closes following trick 5 (Aki: [4-1],[6-4],[0-0],[3-3],[1-1],[2-0],[6-0] left).
CLOSED_REST = [
    trick("4-1", "4-2"),  # Ben beats in fours (B25)
    trick("5-1", "0-0"),  # Aki has no five: bingo (B25.3)
    trick("3-3", "3-2"),  # Aki: 33
    trick("1-1", "1-0"),  # Aki: 2
    trick("6-4", "3-0"),  # Ben trumps: 20
    trick("4-0", "6-0"),  # Aki beats in blanks
    trick("2-0", "4-3"),  # Ben: 7
]
