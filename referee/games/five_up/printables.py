"""Five Up's score sheet in the traditional tally style: one mark per 5 points, a column per player
(or per partnership with 4 players), boxes of five marks up to the target (61; Le Quantette 35)."""

from __future__ import annotations

from typing import Any

from printables.job import Printable, PrintJob
from printables.tally import build_tally_sheet
from referee.games.five_up.rules.scoring import CLOU
from referee.games.five_up.rules.view import Detail
from referee.rules.base import _


def sides(players: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """Seats per column: partners sit opposite (0+2, 1+3) with 4 players; else one seat each."""
    if len(players) == 4:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(len(players)))


def tally_sheet(job: PrintJob[Detail]) -> dict[str, Any]:
    """What the tally builder gets: column names, marks (None blank), target, title, subtitle and result."""
    groups = sides(job.players)
    names = tuple(" & ".join(job.players[s] for s in seats) for seats in groups)
    if job.detail is None:
        target = 35 if job.options.get("profile") == CLOU else 61
        marks = None
        subtitle = job.t(_("One mark for every 5 points; four strokes and a fifth across."))
    else:
        target = job.detail["target"]
        points = [job.totals[seats[0]] if job.totals else 0 for seats in groups]
        marks = tuple(p // 5 for p in points)
        scores = ", ".join(f"{n} {p}" for n, p in zip(names, points, strict=True))
        subtitle = " · ".join(x for x in (job.subtitle, job.t(_("Points: %(scores)s"), scores=scores)) if x)
    return {
        "names": names,
        "marks_per_name": marks,
        "target": target,
        "title": job.t(_("Five Up score sheet")),
        "subtitle": subtitle,
        "result": job.result,
    }


def build(job: PrintJob[Detail]) -> bytes:
    return build_tally_sheet(**tally_sheet(job), spec=job.spec, race=job.race)


PRINTABLES = (Printable("five-up", "score-sheet", _("Tally score sheet"), build),)
