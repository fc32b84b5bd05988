"""The race chart of a table (issue 32) in the reader's language, as the table page's race tab, the big
screen, the moment page and the PDFs show it: the picture, and its numbers as a table beside it for
screen readers.

The race is read from the view detail this reader may see (referee/rules/race.py), so the chart tells
no more than the page; the drawing is printables/race.py's, shared with the PDFs."""

from __future__ import annotations

import base64
from dataclasses import dataclass

from flask_babel import gettext

from printables.race import Plot, RacePage, plot, svg
from referee.rules.base import D, _
from referee.rules.numbers import shown_number
from referee.rules.race import TITLES, Race, Summary, race, summary
from referee.store.replay import Replayed

from .access import Access
from .words import words as word

STEP_HEADERS = {"deal": _("Deal no."), "hand": _("Hand no."), "round": _("Round no.")}
BARS = {
    "deal": _("The bars under the lines: the points of each deal, in the colour of each line; a bar hanging down is a loss."),
    "hand": _("The bars under the lines: the points of each hand, in the colour of each line; a bar hanging down is a loss."),
    "round": _("The bars under the lines: the points of each round, in the colour of each line; a bar hanging down is a loss."),
}
STRIP = _(
    "Count: one tick per play of the hand, as tall as the count after it; a dark tick is a play that scored."
)
MAX_TABLE_ROWS = 30  # the table beside the chart: the last rows of a long evening


@dataclass(frozen=True)
class RaceChart:
    """A table's race as a reader sees it: the words, the picture and the numbers beside it."""

    race: Race
    names: tuple[str, ...]
    title: str
    summary: str
    step_header: str
    plot: Plot

    @property
    def rows(self) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
        """(step number, (running total, points of the step) per side), the last ``MAX_TABLE_ROWS``."""
        rows = tuple(
            (n, tuple(zip(total, points, strict=True)))
            for n, (total, points) in enumerate(zip(self.race.running, self.race.points, strict=True), 1)
        )
        return rows[-MAX_TABLE_ROWS:]

    @property
    def labels(self) -> tuple[str, str]:
        return gettext("Target"), gettext("Count")

    @property
    def legend(self) -> tuple[str, ...]:
        """What the bars and the count ticks under the lines mean, in words (a new player could not tell)."""
        bars = (gettext(BARS[self.race.unit]),) if self.plot.bars_zero is not None else ()
        return bars + ((gettext(STRIP),) if self.plot.strip_base is not None else ())

    def svg(self) -> str:
        return svg(self.plot, self.title, self.summary, self.labels)

    def image(self) -> str:
        """The picture as a ``data:`` address: the moment page draws it in its own read of the table at
        that moment instead of having the browser ask race.svg to replay the table again."""
        return image_address(self.svg())

    def page(self) -> RacePage:
        """The chart for paper: the same picture, and the table beside it as cell strings."""
        rows = tuple((str(n), *(f"{shown_number(total)} ({shown_number(points, sign=True)})" for total, points in cells)) for n, cells in self.rows)
        return RacePage(self.plot, self.title, self.summary, self.labels, (self.step_header, *self.names), rows)


def image_address(picture: str) -> str:
    """An SVG drawn into the page that shows it (the CSP allows ``data:`` images)."""
    return "data:image/svg+xml;base64," + base64.b64encode(picture.encode()).decode()


def summary_words(words: Summary) -> str:
    """The summary sentence in the reader's language: its step worded first ("deal 5", "第5ディール")."""
    params = {k: word(v) for k, v in words.params.items()}
    if words.step:
        params["step"] = gettext(words.step, n=words.n)
    return gettext(words.message, **params)


def race_chart(rep: Replayed[D], access: Access) -> RaceChart:
    detail = access.visible_detail(rep)
    the_race = race(rep.game, detail, rep.view.totals, rep.view.finished)
    names = the_race.names(rep.players)
    return RaceChart(
        race=the_race,
        names=names,
        title=gettext(TITLES[the_race.unit]),
        summary=summary_words(summary(the_race, rep.players)),
        step_header=gettext(STEP_HEADERS[the_race.unit]),
        plot=plot(the_race, names),
    )
