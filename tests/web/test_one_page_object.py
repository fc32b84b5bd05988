"""One page, one object (issue 30): every template is rendered through ``referee.web.page.render_page``
from one frozen, typed page object built before rendering, never with loose keyword arguments or a
database row handed to ``render_template``.

No module but ``referee/web/page.py`` calls ``render_template`` (the bead game's "cannot play?" list and
Trick de Bingo's card builder were the last, each now a page object of its game's folder).
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, template_rendered
from jinja2 import DictLoader, Environment, nodes
from werkzeug.datastructures import MultiDict

from referee.store.replay import Replayed
from referee.web import page as page_module
from referee.web.page import Message, render_page
from tests.web.tables import new_table, new_table_by_form
from tests.web.test_director_forms import open_screen
from tests.web.test_sessions import new_session, session_table

ROOT = Path(__file__).resolve().parents[2]
PAGE = "referee/web/page.py"
RENDERERS = {"render_template", "render_template_string", "stream_template", "stream_template_string"}


def renderers_called(source: str) -> list[int]:
    """The lines of ``source`` that call one of Flask's template renderers (by name or as ``flask.x``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in RENDERERS:
                lines.append(node.lineno)
    return lines


def modules_rendering_templates() -> set[str]:
    found = set()
    for path in sorted((ROOT / "referee").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel != PAGE and renderers_called(path.read_text(encoding="utf-8")):
            found.add(rel)
    return found


def test_only_render_page_renders_a_template():
    assert modules_rendering_templates() == set()


@pytest.mark.parametrize(
    "source, lines",
    [
        ('return render_template("home.html", held=tables, hidden=2)', [1]),
        ('x = 1\nreturn flask.render_template_string("{{ a }}", a=1)', [2]),
        ('return render_page("home.html", HomePage((), 0))', []),
    ],
)
def test_a_loose_render_is_caught(source, lines):
    assert renderers_called(source) == lines


@dataclass
class Loose:
    message: str


@pytest.mark.parametrize("page", [Loose("no"), {"message": "no"}, "no"])
def test_render_page_refuses_anything_but_a_frozen_page_object(page):
    app = Flask(__name__, template_folder=str(ROOT / "templates"))
    with app.test_request_context("/"), pytest.raises(TypeError, match="frozen page object"):
        render_page("error.html", page)


def test_render_page_shows_the_page_fields_by_name():
    app = Flask(__name__)
    app.jinja_env.loader = DictLoader({"m.html": "[{{ message }}]"})
    with app.test_request_context("/"):
        assert render_page("m.html", Message("too many")) == "[too many]"


def held_in(value: Any, wanted: Callable[[Any], bool], seen: set[int] | None = None) -> Iterator[str]:
    """The type names of what ``value`` holds that is ``wanted``, through dataclass fields, mappings and
    sequences."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, str | bytes | int | float | bool | type(None)):
        return
    seen.add(id(value))
    if wanted(value):
        yield type(value).__name__
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from held_in(getattr(value, f.name), wanted, seen)
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from held_in(item, wanted, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from held_in(item, wanted, seen)


def rows_in(value: Any) -> Iterator[str]:
    """The database rows ``value`` holds (a row in a page object is a query a template could still make)."""
    return held_in(value, lambda v: hasattr(v, "_sa_instance_state"))


def test_rows_in_finds_a_row_inside_a_page_object():
    class Row:
        _sa_instance_state = object()

    @dataclass(frozen=True)
    class Page:
        rows: tuple[Any, ...]
        by: Mapping[str, Any]

    assert list(rows_in(Page((1, "a"), {"x": [Row()]}))) == ["Row"]
    assert list(rows_in(Page((), {}))) == []


HX = {"HX-Request": "true"}


def table_screens(app, client) -> list[tuple[str, Any, Mapping[str, str]]]:
    """The table's screens as each reader gets them, each request as (method, url or form, headers):
    the scorer's page, a seat's, a viewer's, with a correction waiting at a table that confirms
    corrections; an entry's answer through htmx and a refused one; the correction page and sheet;
    a moment of the table, the big screen and a live poll."""
    made = new_table(client, players=("Aki", "Ben"), confirm_corrections=True)
    t = f"/t/{made['id']}"
    client.get(f"{t}/join/{made['scorer_token']}")
    for points in (["7", "3"], ["2", "2"]):
        client.post(f"{t}/events", data={"type": "round", "points": points})
    client.post(f"{t}/correct/1", data=MultiDict([("type", "round"), ("points", "9"), ("points", "3")]))
    seat, viewer = app.test_client(), app.test_client()
    seat.get(f"{t}/join/{made['seat_tokens'][0]}")
    return [
        (client, "GET", t, {}),
        (seat, "GET", t, {}),
        (viewer, "GET", t, {}),
        (client, "GET", t, HX),
        (client, "POST", f"{t}/events", HX),
        (client, "POST", f"{t}/events?refused", HX),
        (client, "GET", f"{t}/correct/2", {}),
        (client, "GET", f"{t}/correct/2", HX),
        (client, "GET", f"{t}?at=1", {}),
        (client, "GET", f"{t}/screen", {}),
        (viewer, "GET", f"{t}/live", {}),
    ]


def rendered(
    app, monkeypatch, requests, held: Callable[[Any], Iterator[str]] = rows_in
) -> tuple[list[tuple[str, list[str]]], list[str]]:
    """Send ``requests`` (who, method, url, headers[, form]); the templates they rendered, each with what
    ``held`` finds in its context (the database rows), and the templates ``render_page`` rendered."""
    through_page: list[str] = []
    shown: list[tuple[str, list[str]]] = []

    def by_page(template, **context):
        through_page.append(template)
        return flask_render(template, **context)

    def seen(_app, template, context, **_extra):
        shown.append((template.name, sorted({found for v in context.values() for found in held(v)})))

    flask_render = page_module.render_template
    monkeypatch.setattr(page_module, "render_template", by_page)
    template_rendered.connect(seen, app)
    try:
        for who, method, url, headers, *form in requests:
            resp = who.open(url, method=method, headers=headers, data=form[0] if form else None)
            assert resp.status_code in (200, 422), (url, resp.status_code)
    finally:
        template_rendered.disconnect(seen, app)
    return shown, through_page


def test_every_table_screen_is_a_frozen_page_object_holding_no_row(app, client, monkeypatch):
    """The table page (the scorer's, a seat's, a viewer's, with its history), its fragments, the
    answer box, the correction page and sheet, a moment, the big screen and the live poll are each rendered
    by ``render_page`` from one frozen page object, and no database row reaches a template."""
    screens = [
        (who, method, url.removesuffix("?refused"), headers, {"type": "round", "points": ["x"] if url.endswith("?refused") else ["1", "1"]})
        if method == "POST" else (who, method, url, headers)
        for who, method, url, headers in table_screens(app, client)
    ]  # fmt: skip
    shown, through_page = rendered(app, monkeypatch, screens)
    names = [name for name, _rows in shown]
    assert {"table/page.html", "table/_main.html", "table/_answer.html", "table/_alarm.html", "table/correct.html",
            "table/_correction_sheet.html", "table/moment.html", "bigscreen.html"} <= set(names)  # fmt: skip
    assert [(name, rows) for name, rows in shown if rows] == []
    assert sorted(names) == sorted(through_page)


def test_a_games_own_table_pages_are_frozen_page_objects_holding_no_row(app, client, monkeypatch):
    """The bead game's "cannot play?" list (in its sheet and as a page of its own, also when it cannot
    list) and Trick de Bingo's card builder (its page, its preview, a refused save) are rendered by
    ``render_page`` from a page object of the game's folder, and no database row reaches a template."""
    bead = new_table(client, "bead-game", players=("Aki", "Ben"), scorer=True)
    b = f"/t/{bead['id']}"
    starter = {"layout": "columns", "v00": "5", "v10": "1", "v01": "2", "v11": "5", "leader": "1"}
    client.post(f"{b}/bead-game/hand", data=starter)
    tdb = new_table(client, "trick-de-bingo", players=("Aki", "Ben", "Chie", "Dan"), scorer=True)
    t = f"/t/{tdb['id']}/trick-de-bingo/custom"
    card = {"kind": "trick", "outcome": "win", "suit": "S", "example": "AS 10S 4S KH"}
    shown, through_page = rendered(app, monkeypatch, [
        (client, "GET", f"{b}/bead-game/legal?hand=4-4&hand=3-1", HX),
        (client, "GET", f"{b}/bead-game/legal?hand=4-4", {}),
        (client, "GET", f"{b}/bead-game/legal", HX),
        (client, "GET", t, {}),
        (client, "POST", t, HX, {**card, "action": "preview"}),
        (client, "POST", t, {}, {**card, "action": "save", "card_id": "TB-01"}),
    ])  # fmt: skip
    names = [name for name, _rows in shown]
    assert {"bead_game/_legal.html", "bead_game/legal_page.html", "trick_de_bingo/custom.html",
            "trick_de_bingo/_custom_preview.html"} <= set(names)  # fmt: skip
    assert [(name, rows) for name, rows in shown if rows] == []
    assert sorted(names) == sorted(through_page)


def test_the_lists_of_tables_of_every_game_show_a_table_line_not_a_replay(app, client, monkeypatch):
    """The home page (this phone's tables), the director's board (each table's card) and the table just
    added there list tables of every game: each is a ``TableLine`` read before rendering, so no replay
    (its detail untyped, any game's) reaches their templates."""
    new_table_by_form(client, "score-pad")
    new_table_by_form(client, "bingo")
    session = new_session(client, players=["Aki", "Ben", "Chie", "Dan"])
    screen = open_screen(client, session)
    added = client.post(f"{screen}/tables", data={"game": "bingo", "players": ["Aki", "Ben"]})
    assert added.status_code in (302, 303)
    session_table(client, session, "score-pad", ["Chie", "Dan"], options={})
    shown, through_page = rendered(app, monkeypatch, [
        (client, "GET", "/", {}),
        (client, "GET", added.headers["Location"], {}),
    ], lambda page: held_in(page, lambda v: isinstance(v, Replayed)))  # fmt: skip
    names = [name for name, _page in shown]
    assert {"home.html", "session/_board_row.html", "session/director.html"} <= set(names)  # _added.html: its part
    assert [(name, replays) for name, replays in shown if replays] == []
    assert sorted(names) == sorted(through_page)


def calls_on_access(source: str) -> list[str]:
    """The methods a template calls on ``access`` (the reader's rights, shown by reading its fields)."""
    found = Environment(extensions=["jinja2.ext.i18n"]).parse(source).find_all(nodes.Call)
    return [
        call.node.attr
        for call in found
        if isinstance(call.node, nodes.Getattr) and isinstance(call.node.node, nodes.Name) and call.node.node.name == "access"
    ]


def test_no_template_asks_the_readers_rights_for_what_it_shows():
    """The view as this reader may see it is the page's (``page.view``, ``table_page``), worked out
    before rendering: a template that asks ``access.visible_detail(rep)`` redacts while rendering."""
    templates = sorted([*(ROOT / "templates").rglob("*.html"), *(ROOT / "referee").rglob("templates/**/*.html")])
    assert len(templates) > 100
    found = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in templates
        for name in calls_on_access(path.read_text(encoding="utf-8"))
    }
    assert found == set()


def test_a_call_on_access_is_caught():
    assert calls_on_access("{% set d = access.visible_detail(rep) %}{{ access.seat }}") == ["visible_detail"]
    assert calls_on_access("{% if access.can_write %}{{ page.view.detail }}{% endif %}") == []


LOOSE_DETAIL = re.compile(r"\b(?:Replayed|TablePage|View)\b(?!\[)|\b(?:Replayed|TablePage|View)\[Any\]")
"""A replay, table page or view typed as any game's: bare (the default, ``Mapping[str, Any]``) or ``[Any]``."""
MANY_GAMES = {  # page parts that hold tables of any game side by side, with why
    "referee/web/club/director.py: BoardRow.rep": "a board's row, of any game: its standings, its card's TableLine",
    "referee/web/tables/service.py: Outcome.rep": "a write's answer from the shared entry path, for any game",
}


def loosely_typed_fields(source: str) -> list[str]:
    """``Class.field`` of each dataclass field in ``source`` whose replay, page or view is typed as any game's."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and any("dataclass" in ast.unparse(d) for d in node.decorator_list):
            found += [
                f"{node.name}.{item.target.id}"
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                and LOOSE_DETAIL.search(ast.unparse(item.annotation))
            ]  # fmt: skip
    return found


def test_a_page_of_one_table_keeps_its_games_detail_type():
    """A page object of one table (a moment, a scanned card's seat offer, a game's own page) is generic in
    the game's view detail or names its game's: its template reads the detail's keys type-checked."""
    found = {
        f"{path.relative_to(ROOT).as_posix()}: {name}"
        for path in sorted([*(ROOT / "referee" / "web").rglob("*.py"), *(ROOT / "referee" / "games").glob("*/web.py")])
        for name in loosely_typed_fields(path.read_text(encoding="utf-8"))
    }
    assert found == set(MANY_GAMES)


def test_a_loosely_typed_field_is_caught():
    source = (
        "@dataclass(frozen=True)\nclass P(Generic[D]):\n    rep: Replayed\n    page: TablePage[Any]\n"
        "    ok: Replayed[D]\n    view: View[Detail] | None\n    seen: Replayed | None = None\n"
        "class NotAPage:\n    rep: Replayed\n"
    )
    assert loosely_typed_fields(source) == ["P.rep", "P.page", "P.seen"]
