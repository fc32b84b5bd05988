"""The score pad's score sheet: one row per round, a column per player, running totals."""

from __future__ import annotations

from printables.job import Printable, PrintJob
from printables.score_sheet import Column, ColumnGroup, ScoreSheet, build_score_sheet
from referee.games.score_pad.rules.view import Detail
from referee.rules.base import _


def score_sheet(job: PrintJob[Detail]) -> ScoreSheet:
    groups = tuple(
        ColumnGroup(name, (Column(job.t(_("Points")), 1.0, "right"), Column(job.t(_("Total")), 1.0, "right")))
        for name in job.players
    )
    rows: list[tuple[str, ...]] = []
    if (detail := job.detail) is not None:
        for n, (points, running) in enumerate(zip(detail["rounds"], detail["running"], strict=True), 1):
            rows.append(
                (str(n), *(x for p, r in zip(points, running, strict=True) for x in (str(p), str(r))))
            )
    return ScoreSheet(
        title=job.t(_("Score pad")),
        subtitle=job.subtitle,
        result=job.result,
        columns=(Column(job.t(_("Round")), 0.6, "left"), *groups),
        rows=tuple(rows),
        totals=(job.t(_("Total")), *(x for t in job.totals for x in ("", str(t)))) if not job.blank else None,
        blank_rows=max(0, 20 - len(rows)),
    )


def build(job: PrintJob[Detail]) -> bytes:
    return build_score_sheet(score_sheet(job), spec=job.spec, race=job.race)


PRINTABLES = (Printable("score-pad", "score-sheet", _("Score sheet"), build),)
