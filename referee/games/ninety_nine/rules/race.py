"""The race of a Ninety-Nine rubber: each deal's scores, a game's bonus (N17) with the deal that
ended that game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.race_shape import Race


def race(detail: Mapping[str, Any], players: int, finished: bool) -> Race:
    """Deals of the whole rubber; a single game's target is its fixed total or 100 (N17/N19), a
    rubber's later games start again, so it has none."""
    bonus = {g["number"]: g["bonus"] for g in detail["games"]}
    sheet = detail["sheet"]
    rows = []
    for i, row in enumerate(sheet):
        points = list(row["scores"])
        ends_game = i + 1 == len(sheet) or sheet[i + 1]["game"] != row["game"]
        if ends_game and row["game"] in bonus:
            points = [p + b for p, b in zip(points, bonus[row["game"]], strict=True)]
        rows.append(tuple(points))
    one_game = all(row["game"] == 1 for row in sheet)
    target = (detail["target"] or 100) if one_game else None
    return Race("deal", tuple((s,) for s in range(players)), tuple(rows), (0,) * players, target, finished)
