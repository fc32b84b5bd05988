"""The Domino Bead Game score sheet: one row per turn (player, tile, factors, score in the player's
column), then each hand's penalties and totals, and the game totals. Blank, or filled from a table."""

from __future__ import annotations

from printables.job import Printable, PrintJob
from printables.score_sheet import Column, ColumnGroup, ScoreSheet, build_score_sheet
from referee.games.bead_game.rules.view import Detail
from referee.rules.base import _
from referee.rules.numbers import shown_number


def _rows(job: PrintJob[Detail], detail: Detail) -> list[tuple[str, ...]]:
    n = len(job.players)
    rows: list[tuple[str, ...]] = []
    for hand in detail["hands"]:
        for row in detail["sheet"]:
            if row["hand"] != hand["number"]:
                continue
            points = [""] * n
            if row["kind"] == "place" and "numbers" in row:
                points[row["seat"]] = str(row["score"])
                tile, factors = row["tile"] or "", " × ".join(str(x) for x in row["numbers"])
            else:
                points[row["seat"]] = "0"
                tile, factors = "", job.t(_("pass"))
            rows.append(
                (str(hand["number"]), str(row["turn"]), job.players[row["seat"]], tile, factors, *points)
            )
        if hand["penalties"] is not None:
            left = "; ".join(
                f"{job.players[s]}: {', '.join(tiles)}" for s, tiles in enumerate(hand["left"] or ()) if tiles
            )
            rows.append(
                (
                    str(hand["number"]),
                    "",
                    job.t(_("Penalties")),
                    "",
                    left,
                    *(shown_number(p) for p in hand["penalties"]),
                )
            )
            rows.append(
                (str(hand["number"]), "", job.t(_("Hand total")), "", "", *(shown_number(t) for t in hand["totals"]))
            )
    return rows


def score_sheet(job: PrintJob[Detail]) -> ScoreSheet:
    rows = [] if job.detail is None else _rows(job, job.detail)
    scores = ColumnGroup(job.t(_("Score")), tuple(Column(name, 1.0, "right") for name in job.players))
    return ScoreSheet(
        title=job.t(_("Domino Bead Game: score sheet")),
        subtitle=job.subtitle,
        result=job.result,
        columns=(
            Column(job.t(_("Hand")), 0.55),
            Column(job.t(_("Turn")), 0.55),
            Column(job.t(_("Player")), 1.2, "left"),
            Column(job.t(_("Tile")), 0.7),
            Column(job.t(_("Factors")), 1.9, "left"),
            scores,
        ),
        rows=tuple(rows),
        totals=None if job.blank else (job.t(_("Total")), "", "", "", "", *(shown_number(t) for t in job.totals)),
        footnotes=(
            job.t(_("Score: the lengths of the lines that counted, multiplied; ×2 for a double.")),
            job.t(_("End of a hand: −25 for each tile left in hand, −5 for a double.")),
        ),
        blank_rows=max(0, 28 - len(rows)) if job.blank else 4,
    )


def build(job: PrintJob[Detail]) -> bytes:
    return build_score_sheet(score_sheet(job), spec=job.spec, race=job.race)


PRINTABLES = (Printable("bead-game", "score-sheet", _("Score sheet"), build),)
