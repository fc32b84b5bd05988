"""Ninety-Nine's score sheet: one row per deal (dealer, trump), and per player bid, tricks, bonus,
premium and the running game total. Blank (for 2, 3 or 4 players) or filled from a table."""

from __future__ import annotations

from printables.geometry import PageSpec
from printables.job import Printable, PrintJob
from printables.score_sheet import Column, ColumnGroup, ScoreSheet, build_score_sheet
from referee.games.ninety_nine.rules.view import Detail
from referee.rules.base import _

SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def game_bonus_lines(job: PrintJob[Detail]) -> tuple[str, ...]:
    """The game (and rubber) bonus in short lines, for whoever adds up the totals: the running
    totals on the sheet leave them out (none where the rules give none)."""
    if job.options.get("fixedTarget") or job.options.get("oxfordWhist"):
        return ()  # N19 and N34 end with the highest total: no game bonus
    if job.options.get("wikiGameBonus"):
        return (
            job.t(
                _("Game bonus: +100 to each player at 100 or more who made their bid in the last deal.")
            ),
        )
    return (
        job.t(_("Game bonus: +100 to the game winner and to every other player at 100 or more.")),
        job.t(
            _("Rubber bonus: the first to win 3 games adds 100 × (%(n)s − games played)."),
            n=2 * len(job.players) + 2,
        ),
    )


def _game_bonus_row(
    job: PrintJob[Detail], game: int | None, bonus: list[int], final: list[int] | None
) -> tuple[str, ...]:
    """A line under a finished game (or the rubber) with its bonus in each player's Bonus column and,
    for a game, the final total with the bonus: the sheet adds up to the totals below it (N17, N18)."""
    label = job.t(_("Game bonus")) if game is not None else job.t(_("Rubber bonus"))
    cells = [str(game) if game is not None else "", label, ""]
    for s in range(len(job.players)):
        cells += ["", "", f"+{bonus[s]}" if bonus[s] else "", "", str(final[s]) if final is not None else ""]
    return tuple(cells)


def score_sheet(job: PrintJob[Detail]) -> ScoreSheet:
    groups = tuple(
        ColumnGroup(
            name,
            (
                Column(job.t(_("Bid")), 0.7),
                Column(job.t(_("Taken")), 0.8),
                Column(job.t(_("Bonus")), 1.0),
                Column(job.t(_("Prem.")), 1.0),
                Column(job.t(_("Total")), 1.1, "right"),
            ),
        )
        for name in job.players
    )
    seats = range(len(job.players))
    rows: list[tuple[str, ...]] = []
    if (detail := job.detail) is not None:
        sheet = detail["sheet"]
        for i, r in enumerate(sheet):
            cells = [
                f"{r['game']}.{r['deal']}",
                job.players[r["dealer"]] if r["dealer"] < len(job.players) else "",
                SUIT_SIGNS[r["trump"]] if r["trump"] else job.t(_("none")),
            ]
            for s in seats:
                cells += [
                    str(r["bids"][s]),
                    str(r["tricks"][s]),
                    str(r["bonus"][s]),
                    str(r["premium"][s]),
                    str(r["running"][s]),
                ]
            rows.append(tuple(cells))
            ended = next((g for g in detail["games"] if g["number"] == r["game"]), None)
            if ended is not None and (i + 1 == len(sheet) or sheet[i + 1]["game"] != r["game"]):
                rows.append(_game_bonus_row(job, ended["number"], ended["bonus"], ended["final"]))
        if any(detail["rubber_bonus"]):
            rows.append(_game_bonus_row(job, None, detail["rubber_bonus"], None))
    return ScoreSheet(
        title=job.t(_("Ninety-Nine score sheet")),
        subtitle=job.subtitle,
        result=job.result,
        columns=(
            Column(job.t(_("Deal")), 1.0, "left"),
            Column(job.t(_("Dealer")), 1.2, "left"),
            Column(job.t(_("Trump")), 1.1),
            *groups,
        ),
        rows=tuple(rows),
        totals=(job.t(_("Total")), "", "", *(x for t in job.totals for x in ("", "", "", "", str(t))))
        if not job.blank
        else None,
        footnotes=(
            *game_bonus_lines(job),
            job.t(_("Bid cards: ♦ = 0, ♠ = 1, ♥ = 2, ♣ = 3 tricks; first deal no trump.")),
            *(
                (job.t(_("Agreed total: play until someone passes %(n)s."), n=target),)
                if (target := job.options.get("fixedTarget"))
                else ()
            ),
        ),
        blank_rows=max(0, 16 - len(rows)),
    )


def build(job: PrintJob[Detail]) -> bytes:
    return build_score_sheet(score_sheet(job), spec=page(job), race=job.race)


def page(job: PrintJob[Detail]) -> PageSpec:
    """Sideways from 3 players on: 18 or 23 columns leave an upright page's Japanese headers cramped."""
    return job.spec.turned() if len(job.players) >= 3 else job.spec


PRINTABLES = (Printable("ninety-nine", "score-sheet", _("Score sheet"), build),)
