"""Templates only show (issue 30): nothing a template can call reaches the store's database, so every
query a page needs is made before it renders, in the view.

What a template can call is what the app hands Jinja: its globals, filters and tests, and what the
context processors add. Each is followed through the functions it calls (by the names its code
reads, also inside nested functions and through modules it names) as far as they are ``referee``'s
own code, the store's included; reaching the database (the store's handle, an engine or session, its
ORM models, or SQLAlchemy itself) is a violation. The pure parts of the store (``replay`` turns a log
into a state in memory) are not the database. The templates' own calls are read from their parsed
source: a method called on an object a view passed in must not be named like a store function or a
query method.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from jinja2 import DictLoader, Environment, nodes
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, scoped_session

import referee.store
from referee.store import replay, tables
from referee.store.database import db
from referee.web.tables import table_page
from referee.web.tables.access import Access
from tests.conftest import close_app, make_app

STORE = "referee.store"
OWN_CODE = str(Path(__file__).resolve().parents[2])  # the repository: its functions are followed
DATABASE = ("referee.store.database", "referee.store.models", "sqlalchemy", "flask_sqlalchemy")
# what a session or a query is asked
QUERY_METHODS = {"query", "execute", "scalar", "scalars", "commit", "flush", "delete", "merge", "refresh"}


def _module_of(obj: Any) -> str:
    if isinstance(obj, types.ModuleType):
        return obj.__name__
    return getattr(obj, "__module__", None) or ""


def _is_store(obj: Any) -> bool:
    if obj is db or isinstance(obj, Engine | Session | scoped_session):
        return True
    if isinstance(obj, types.ModuleType | type | types.FunctionType | types.BuiltinFunctionType):
        return _module_of(obj).startswith(DATABASE)
    return False


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    """A function's code and the code of every function, lambda or comprehension inside it."""
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _codes(const)


def _callees(fn: types.FunctionType) -> Iterator[tuple[str, Any]]:
    """What ``fn``'s code can reach by name: its globals, the attributes it reads on modules it
    names, and what its closure holds."""
    names = {name for code in _codes(fn.__code__) for name in code.co_names}
    for name in sorted(names):
        if name in fn.__globals__:
            value = fn.__globals__[name]
            yield name, value
            if isinstance(value, types.ModuleType):
                for attr in sorted(names):
                    if hasattr(value, attr):
                        yield f"{name}.{attr}", getattr(value, attr)
    for cell in fn.__closure__ or ():
        try:
            yield "(closure)", cell.cell_contents
        except ValueError:  # a cell not yet filled
            continue


def _unwrap(obj: Any) -> Any:
    if isinstance(obj, functools.partial):
        return _unwrap(obj.func)
    if isinstance(obj, types.MethodType):
        return _unwrap(obj.__func__)
    return inspect.unwrap(obj) if callable(obj) else obj


def store_path(obj: Any, seen: set[int] | None = None, reached: Callable[[Any], bool] = _is_store) -> list[str] | None:
    """The chain of names from ``obj`` to the database (or to what ``reached`` says), or None if it reaches none."""
    seen = set() if seen is None else seen
    obj = _unwrap(obj)
    if id(obj) in seen:
        return None
    seen.add(id(obj))
    if reached(obj):
        return [_module_of(obj) or repr(obj)]
    if not isinstance(obj, types.FunctionType) or not obj.__code__.co_filename.startswith(OWN_CODE):
        return None  # a library's code, a class or a value: not followed
    for name, value in _callees(obj):
        path = store_path(value, seen, reached)
        if path is not None:
            return [f"{obj.__module__}.{obj.__qualname__} -> {name}", *path]
    return None


def template_callables(app: Flask) -> dict[str, Any]:
    """Everything a template can name and call: Jinja globals, filters and tests, and the values
    the context processors add (computed for a request, as a page would get them)."""
    env = app.jinja_env
    found = {f"global {k}": v for k, v in env.globals.items()}
    found |= {f"filter {k}": v for k, v in env.filters.items()}
    found |= {f"test {k}": v for k, v in env.tests.items()}
    with app.test_request_context("/"):
        for processors in app.template_context_processors.values():
            for processor in processors:
                found[f"context processor {processor.__module__}.{processor.__qualname__}"] = processor
                found |= {f"context {k}": v for k, v in processor().items()}
    return found


def called_methods(env: Environment) -> dict[str, set[str]]:
    """Per template, the names of the methods it calls on objects (``x.name(...)``)."""
    out = {}
    for name in env.list_templates():
        source = env.loader.get_source(env, name)[0] if env.loader else ""
        calls = env.parse(source).find_all(nodes.Call)
        out[name] = {c.node.attr for c in calls if isinstance(c.node, nodes.Getattr)}
    return out


def store_function_names() -> set[str]:
    """The names of the functions the store's modules define (``current``, ``get_table``, ...), but
    for those a list, dict or string also has (``append``: a template's list is no store)."""
    containers = {name for kind in (list, dict, str, set, tuple) for name in dir(kind)}
    names = set()
    for info in pkgutil.walk_packages(referee.store.__path__, f"{STORE}."):
        module = importlib.import_module(info.name)
        names |= {
            n for n, v in vars(module).items() if inspect.isfunction(v) and v.__module__ == info.name
        }
    return names - containers


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """The app as it serves (every blueprint registered); what it is checked for needs no rows."""
    url = f"sqlite:///{tmp_path_factory.mktemp('shown') / 'shown.sqlite3'}"
    app = make_app(url)
    yield app
    close_app(app, url)


def test_nothing_a_template_can_call_reaches_the_store(app):
    reached = {what: store_path(value) for what, value in template_callables(app).items()}
    assert {what: " -> ".join(path) for what, path in reached.items() if path} == {}


def test_no_template_calls_a_store_function_or_query_method_on_what_it_is_given(app):
    forbidden = store_function_names() | QUERY_METHODS
    found = {name: sorted(methods & forbidden) for name, methods in called_methods(app.jinja_env).items()}
    assert {name: methods for name, methods in found.items() if methods} == {}


# --- the checks catch what they are for ------------------------------------------------------------


def _reads_the_table(table_id: str) -> Any:
    return tables.get_table(table_id)


def _shows_a_table(table_id: str) -> str:
    """A helper two steps from the store: it calls a helper that queries."""
    return str(_reads_the_table(table_id))


@pytest.mark.parametrize(
    "helper",
    [
        tables.current,  # a store function registered as it is
        lambda table: tables.current(table),  # a lambda that calls one through its module
        _shows_a_table,  # a helper that calls a helper that queries
        functools.partial(_shows_a_table, "x"),
        lambda: db.session.execute("select 1"),  # the database handle itself
    ],
    ids=["store function", "lambda", "two steps", "partial", "database handle"],
)
def test_a_helper_that_reaches_the_store_is_caught(helper):
    assert store_path(helper) is not None


def test_a_template_that_queries_what_it_is_given_is_caught():
    fine = "{{ ns.seen.append(rep.view.detail.get('x')) }}"  # a list and a dict: no store
    env = Environment(loader=DictLoader({"probe.html": "{{ table.query() }}", "fine.html": fine}))
    assert called_methods(env) == {"fine.html": {"append", "get"}, "probe.html": {"query"}}
    assert "current" in store_function_names() and not {"append", "get"} & store_function_names()


def test_the_pure_parts_of_the_store_are_not_the_database():
    """Replaying a log is memory work (a template may show a correction's effect); a query is not."""
    assert store_path(replay.entry_index) is None
    assert store_path(replay.replay_events) is None


# --- what a table page computes is worked out before it renders (the page object) -------------------

# What the table templates computed while rendering until issue 30 moved it into the page object
# (``web/tables/table_page.py``): a replay (the correction's effect), the history and its groups, the
# reader's redaction of the view and of the events, the answer's undo and correction, whose turn it is,
# the race chart.
COMPUTING = (
    table_page.correction_effect,
    table_page.take_back_allowed,
    table_page.history_groups,
    table_page.history_lines,
    table_page.public_events,
    table_page.last_undone,
    table_page.last_corrected,
    table_page.shown_body,
    table_page.is_turn_of,
    table_page.race_chart,
    Access.visible_detail,
    replay.replay_events,
)


def _computes(obj: Any) -> bool:
    return any(obj is _unwrap(helper) for helper in COMPUTING)


def test_nothing_a_template_can_call_computes_what_the_page_object_holds(app):
    """A global, filter or context value that is (or calls) one of them would let a template work it
    out again while rendering; the views hand it over as ``page`` instead."""
    reached = {what: store_path(value, reached=_computes) for what, value in template_callables(app).items()}
    assert {what: " -> ".join(path) for what, path in reached.items() if path} == {}


def test_no_template_names_a_computing_helper(app):
    """Also by the names the templates used to call them by, whatever they would be bound to."""
    names = {getattr(_unwrap(h), "__name__", "") for h in COMPUTING} | {"seat_view", "undone_body", "history"}
    called = {}
    for name in app.jinja_env.list_templates():
        source = app.jinja_env.loader.get_source(app.jinja_env, name)[0] if app.jinja_env.loader else ""
        calls = app.jinja_env.parse(source).find_all(nodes.Call)
        called[name] = sorted({c.node.name for c in calls if isinstance(c.node, nodes.Name)} & names)
    assert {name: found for name, found in called.items() if found} == {}


def test_a_helper_that_computes_the_page_is_caught():
    assert store_path(lambda rep, seq: table_page.correction_effect(rep, seq), reached=_computes) is not None
    assert store_path(_shows_a_table, reached=_computes) is None  # the store is another check's
