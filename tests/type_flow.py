"""What mypy proves about a game's view detail (issue 30): on a table of a known game, the game's own
detail type travels from the replay through the redacted view and the table page (and a moment of
it) to the printout's job and the game's builders, with no cast; a game's own pages read their table
typed by their game (``current_of``); where no one game is known, a bare ``Replayed``, ``TablePage``
or ``PrintJob`` holds any game's detail. Type-checked by the test command's mypy (pyproject.toml's
``files``), never run: each ``assert_type`` is the test."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, assert_type

from printables.job import Printable, PrintJob
from referee.games.bingo.printables import PRINTABLES
from referee.games.bingo.rules import GAME as BINGO
from referee.games.bingo.rules.view import Detail
from referee.store.models import GameTable
from referee.store.replay import Replayed, replay
from referee.store.tables import current_of
from referee.web.tables.access import Access
from referee.web.tables.moments import MomentPage, ReadOnly, moment_page
from referee.web.tables.table_page import TableLink, TablePage, table_page


def a_bingo_table(access: Access) -> None:
    rep = replay(BINGO, ("Ann", "Bo"), {}, [])
    assert_type(rep, Replayed[Detail])
    assert_type(rep.view.detail, Detail)
    assert_type(access.visible_detail(rep), Detail)  # the redacted view: still Bingo's detail
    page = table_page(rep, access)
    assert_type(page, TablePage[Detail])
    assert_type(page.view.detail, Detail)
    moment = moment_page(TableLink("t", False), rep, ReadOnly(access.scorer, access.seat), [], 0)
    assert_type(moment, MomentPage[Detail])
    assert_type(moment.page.view.detail, Detail)
    job = PrintJob(players=rep.players, detail=access.visible_detail(rep))
    assert_type(job, PrintJob[Detail])
    assert_type(job.detail, Detail | None)
    sheet = PRINTABLES[0]
    assert_type(sheet, Printable[Detail])
    assert_type(sheet.build(job), bytes)  # Bingo's builder reads Bingo's detail


def a_bingo_page(table: GameTable) -> None:
    assert_type(current_of(table, BINGO), Replayed[Detail])  # a page of Bingo's folder reads Bingo's detail


def any_game(rep: Replayed, access: Access) -> None:
    assert_type(rep, Replayed[Mapping[str, Any]])
    assert_type(access.visible_detail(rep), Mapping[str, Any])
    assert_type(table_page(rep, access), TablePage[Mapping[str, Any]])
