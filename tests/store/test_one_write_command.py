"""The store's one write command (``store.writing``) alone decides who may write what at a table:
each writer (the scorer, each seat, a viewer) against each kind of line (a sealed bid, a premium bid,
which a seat writes for itself but everyone sees, an undo, a correction of a sealed entry or of one
before it, a refused event, a stale page, a correction at a table that confirms them, a reused
idempotency key, a seat's answer to a pending correction). A refusal stores nothing and leaves nothing
pending; a seat is told why in words. And no module outside the store writes a log line."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee.store import tables
from referee.store.sharing import corrections_of, propose_correction, set_confirm_corrections
from referee.store.writing import (
    Accepted,
    Decided,
    Proposed,
    Reason,
    Refused,
    Writer,
    confirm,
    open_correction,
    renew_link,
    write,
)
from tests.conftest import close_app, make_app

ROOT = Path(__file__).resolve().parents[2]
SCORER, VIEWER = Writer(scorer=True), Writer()
SEAT = {i: Writer(seat=i) for i in range(3)}
WRITERS = {"scorer": SCORER, "seat0": SEAT[0], "seat1": SEAT[1], "seat2": SEAT[2], "viewer": VIEWER}


def bid(seat: int, cards: list[str]) -> dict:
    return {"type": "bid", "seat": seat, "cards": cards}


ROUND = {"type": "round", "points": [3, 1]}  # a score pad's
DEAL = {"type": "deal", "dealer": 0}
SEAT1_BID = bid(1, ["KS", "QH", "7C"])  # logged as seq 2, sealed: private to seat 1
LINES = {
    "seat 2's sealed bid": ("event", bid(2, ["JS", "10H", "6C"])),
    "seat 1's bid again": ("event", bid(1, ["AD", "9H", "8C"])),  # its bid is in already
    "a deal": ("event", {"type": "deal", "dealer": 1}),
    "undo of seat 1's sealed bid": ("undo", {}),
    "correction of seat 1's sealed bid": ("correct", {"target": 2, "event": bid(1, ["AD", "9H", "8C"])}),
    "correction of the deal before it": ("correct", {"target": 1, "event": {"type": "deal", "dealer": 1}}),
    "seat 1's declare": ("event", {"type": "premium", "seat": 1, "kind": "declare"}),
    "seat 2's reveal": ("event", {"type": "premium", "seat": 2, "kind": "reveal"}),
}
A, F, P, R = "accepted", Reason.FORBIDDEN, Reason.PRIVATE, Reason.REFUSED
DECISIONS = {  # line -> writer -> decision, at a Ninety-Nine table dealt, seat 1's bid sealed
    "seat 2's sealed bid": {"scorer": A, "seat0": F, "seat1": F, "seat2": A, "viewer": F},
    "seat 1's bid again": {"scorer": R, "seat0": F, "seat1": R, "seat2": F, "viewer": F},
    "a deal": {"scorer": R, "seat0": F, "seat1": F, "seat2": F, "viewer": F},
    "undo of seat 1's sealed bid": {"scorer": P, "seat0": F, "seat1": F, "seat2": F, "viewer": F},
    "correction of seat 1's sealed bid": {"scorer": P, "seat0": F, "seat1": A, "seat2": F, "viewer": F},
    "correction of the deal before it": {"scorer": P, "seat0": F, "seat1": F, "seat2": F, "viewer": F},
    "seat 1's declare": {"scorer": A, "seat0": F, "seat1": A, "seat2": F, "viewer": F},
    "seat 2's reveal": {"scorer": A, "seat0": F, "seat1": F, "seat2": A, "viewer": F},
}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One SQLite database for the module: who may write is decided before any SQL dialect matters."""
    url = f"sqlite:///{tmp_path_factory.mktemp('writing') / 'test.sqlite3'}"
    app = make_app(url, WTF_CSRF_ENABLED=False)
    with app.app_context():
        yield app
    close_app(app, url)


def sealed_table(confirm_corrections: bool = False):
    """A Ninety-Nine table of three: dealt by seat 0, seat 1's bid in and sealed."""
    table = tables.create_table("ninety-nine", ["Aki", "Ben", "Chie"], {}).table
    set_confirm_corrections(table, confirm_corrections)
    assert isinstance(write(table, SCORER, "event", DEAL), Accepted)
    assert isinstance(write(table, SEAT[1], "event", SEAT1_BID), Accepted)
    return table


def decision(written) -> object:
    return "accepted" if isinstance(written, Accepted) else written.reason


def assert_nothing_stored(table, written, last_seq: int) -> None:
    assert isinstance(written, Refused)
    assert tables.current(table).last_seq == last_seq and corrections_of(table) == []


CASES = [(line, writer, expected) for line, row in DECISIONS.items() for writer, expected in row.items()]


@pytest.mark.parametrize(("line", "writer", "expected"), CASES, ids=[f"{w}: {line}" for line, w, _e in CASES])
def test_each_writer_may_write_only_its_own(app, line, writer, expected):
    table = sealed_table()
    kind, body = LINES[line]
    written = write(table, WRITERS[writer], kind, body)
    assert decision(written) == expected
    if expected == "accepted":
        assert written.seq == 3 and written.created and tables.log_of(table)[-1].author == WRITERS[writer].author
    else:
        assert_nothing_stored(table, written, 2)
        assert (written.error is None) == (writer == "viewer"), written.error  # a seat is told why
        if expected is Reason.FORBIDDEN and writer != "viewer":
            assert written.error.code == "not_yours"


@pytest.mark.parametrize(
    ("writer", "from_page", "expected"),
    [
        (SCORER, True, Reason.STALE),  # the scorer's page is out of date: check the table first
        (SEAT[2], True, "accepted"),  # a seat's own bid does not depend on what happened meanwhile
        (SEAT[2], False, Reason.STALE),  # unless the writer set the precondition itself (If-Match)
        (VIEWER, True, Reason.FORBIDDEN),
    ],
)
@pytest.mark.parametrize("line", ["seat 2's sealed bid", "seat 2's reveal"])
def test_a_page_made_before_the_last_line_is_stale_except_for_a_seats_own_entry(app, writer, from_page, expected, line):
    """A premium bid is no such entry: another premium may have outranked it (N7), so a seat's page made before
    the last line is stale for it, as the scorer's is."""
    if line == "seat 2's reveal" and expected == "accepted":
        expected = Reason.STALE
    table = sealed_table()
    written = write(table, writer, *LINES[line], based_on=1, from_page=from_page)
    assert decision(written) == expected
    if expected is Reason.STALE:
        assert written.state.last_seq == 2  # the table as it stands, to check before entering again
    if expected != "accepted":
        assert_nothing_stored(table, written, 2)


def test_a_seats_premium_bid_opens_only_its_own_bid_and_a_refused_one_opens_nothing(app):
    """A premium bid lays its bidder's bid face up (N5) and no other: seat 0 writing one for seat 1 is refused
    with a sentence that says nothing of the table, and seat 1's bid stays sealed; seat 1's own opens its bid
    while seat 2's sealed bid stays its own."""
    table = sealed_table()
    assert isinstance(write(table, SEAT[2], *LINES["seat 2's sealed bid"]), Accepted)
    for_another = write(table, SEAT[0], *LINES["seat 1's declare"])
    assert_nothing_stored(table, for_another, 3)
    assert for_another.reason is Reason.FORBIDDEN and for_another.error.code == "not_yours"
    assert not {"KS", "QH", "7C", "JS", "10H", "6C"} & set(str(for_another.error).split())
    assert tables.current(table).view.detail["bid_status"] == ["missing", "sealed", "sealed"]
    own = write(table, SEAT[1], *LINES["seat 1's declare"])
    assert isinstance(own, Accepted) and own.seq == 4 and tables.log_of(table)[-1].author == "seat1"
    detail = own.state.view.detail
    assert detail["bid_status"] == ["missing", "shown", "sealed"]
    assert detail["private_events"] == [[2, 2]]  # seat 2's bid (its event index), for seat 2 alone


def test_at_a_table_that_confirms_corrections_only_a_seats_own_sealed_change_is_applied_at_once(app):
    table = sealed_table(confirm_corrections=True)
    own = write(table, SEAT[1], *LINES["correction of seat 1's sealed bid"])
    assert isinstance(own, Accepted) and own.seq == 3
    before_sealed = write(table, SCORER, *LINES["correction of the deal before it"])  # not even proposed
    assert_nothing_stored(table, before_sealed, 3)
    assert before_sealed.reason is Reason.PRIVATE
    pad = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
    set_confirm_corrections(pad, True)
    write(pad, SCORER, "event", ROUND)
    proposed = write(pad, SCORER, "correct", {"target": 1, "event": {**ROUND, "points": [1, 3]}})
    assert isinstance(proposed, Proposed) and proposed.pending.proposed_by == "scorer"
    assert tables.current(pad).last_seq == 1  # waiting, not in the log


def test_an_idempotency_key_answers_the_first_write_and_only_to_the_same_writer(app):
    table = sealed_table()
    first = write(table, SEAT[2], *LINES["seat 2's sealed bid"], idempotency_key="k1")
    again = write(table, SEAT[2], *LINES["seat 2's sealed bid"], idempotency_key="k1")
    assert isinstance(first, Accepted) and first.created
    assert isinstance(again, Accepted) and (again.seq, again.created) == (first.seq, False)
    probe = write(table, SCORER, *LINES["seat 2's sealed bid"], idempotency_key="k1")  # guessing the cards
    assert decision(probe) is Reason.REFUSED and probe.error.code == "idempotency_key_reused"
    assert tables.current(table).last_seq == 3


@pytest.mark.parametrize(
    ("writer", "expected"), [(SCORER, Reason.FORBIDDEN), (VIEWER, Reason.FORBIDDEN), (SEAT[0], "decided")]
)
def test_a_seat_not_the_scorer_answers_a_pending_correction(app, writer, expected):
    table = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
    write(table, SCORER, "event", ROUND)
    pending = propose_correction(table, 1, {**ROUND, "points": [1, 3]})
    decided = confirm(table, writer, pending.id, accept=True)
    if expected == "decided":
        assert isinstance(decided, Decided) and decided.state.view.totals == (1, 3)
        late = confirm(table, SEAT[1], pending.id, accept=False)  # the other phone, a moment later
        assert isinstance(late, Refused) and late.reason is Reason.DECIDED
    else:
        assert isinstance(decided, Refused) and decided.reason is expected
        assert [row.status for row in corrections_of(table)] == ["pending"]


@pytest.mark.parametrize("writer", WRITERS.values(), ids=WRITERS.keys())
def test_only_the_scorer_makes_a_new_link(app, writer):
    table = tables.create_table("score-pad", ["Aki", "Ben"], {}).table
    before = (table.scorer_token_hash, [seat.token_hash for seat in table.seats])
    for role in ("scorer", "seat1"):
        renewed = renew_link(table, writer, role)
        if writer is SCORER:
            assert isinstance(renewed, str)
        else:
            assert isinstance(renewed, Refused) and renewed.reason is Reason.FORBIDDEN
    after = (table.scorer_token_hash, [seat.token_hash for seat in table.seats])
    assert (after[0] != before[0] and after[1][1] != before[1][1]) if writer is SCORER else after == before


OPEN = {  # entry -> writer -> may they open its correction form (None) or why not, seat 1's bid sealed
    "the deal (seq 1)": {"scorer": None, "seat0": F, "seat1": F, "seat2": F, "viewer": F},
    "seat 1's sealed bid (seq 2)": {"scorer": P, "seat0": F, "seat1": None, "seat2": F, "viewer": F},
}


@pytest.mark.parametrize("writer", WRITERS.values(), ids=WRITERS.keys())
def test_the_store_decides_who_opens_a_correction_form(app, writer):
    """The form's GET asks the store: nobody but its seat opens a sealed entry's form (the scorer
    neither: its contents are shown to nobody else), a seat no other entry, a viewer none."""
    table = sealed_table()
    rep = tables.current(table)
    name = next(k for k, v in WRITERS.items() if v is writer)
    for (entry, row), seq in zip(OPEN.items(), (1, 2), strict=True):
        refused = open_correction(table, rep, writer, seq)
        assert (None if refused is None else refused.reason) is row[name], entry


# What adds a line to a table's log: the log's row model, the bulk insert of a new table's record,
# and the store functions that add (or confirm) a line.
LOG_WRITERS = {"EventRow", "_INSERT_EVENTS", "append", "propose_correction", "decide"}
ALLOWED = {  # module -> the names it may use to write: only the write module reaches append
    "referee/store/tables.py": {"EventRow", "_INSERT_EVENTS", "append"},  # append itself, a new table's record
    "referee/store/sharing.py": {"append", "propose_correction", "decide"},  # reached through writing only
    "referee/store/writing.py": {"append", "propose_correction", "decide"},
}
STORE = {"tables", "sharing", "writing"}  # the store's modules that a module may import by name


def store_modules(tree: ast.AST) -> set[str]:
    """The names a module binds to the store's modules (``from ..store import tables``)."""
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("store") or isinstance(node, ast.Import):
            bound |= {a.asname or a.name for a in node.names if a.name.rpartition(".")[2] in STORE}
    return bound


def log_writes(tree: ast.AST) -> set[str]:
    """The names of LOG_WRITERS a module calls, imports, or makes a row with (``db.session.add`` of
    an ``EventRow(...)``, an ``insert(EventRow)``, the bulk insert statement)."""
    used, modules = set(), store_modules(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            used |= {alias.name for alias in node.names if alias.name in LOG_WRITERS - {"EventRow"}}
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else None
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in modules:
                name = func.attr  # tables.append(...), not a list's append
            if name in LOG_WRITERS:
                used.add(name)
            if name in {"insert", "add", "add_all", "partial"}:
                used |= {n.id for a in node.args for n in ast.walk(a) if isinstance(n, ast.Name) and n.id in LOG_WRITERS}
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "_INSERT_EVENTS":
            used.add("_INSERT_EVENTS")
    return used


def test_no_module_outside_the_store_write_module_writes_a_log_line():
    found = {}
    for path in sorted([*ROOT.glob("referee/**/*.py"), *ROOT.glob("printables/**/*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        used = log_writes(ast.parse(path.read_text(encoding="utf-8")))
        if used - ALLOWED.get(rel, set()):
            found[rel] = sorted(used - ALLOWED.get(rel, set()))
    assert found == {}


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ("from referee.store.tables import append\nappend(t, 'undo', {})", {"append"}),
        ("from ..store import tables\ntables.append(t, 'event', e)", {"append"}),
        ("import referee.store.tables as t\nt.append(table, 'undo', {})", {"append"}),
        ("tables = []\ntables.append(line)", set()),  # a list's append
        ("db.session.add(EventRow(table_id=t, seq=1))", {"EventRow"}),
        ("db.session.execute(insert(EventRow), rows)", {"EventRow"}),
        ("conn.exec_driver_sql(_INSERT_EVENTS['qmark'], rows)", {"_INSERT_EVENTS"}),
        ("from referee.store.sharing import decide", {"decide"}),
        ("rows = select(EventRow).where(EventRow.seq > 3)", set()),  # reading the log is no write
        ("from referee.store.writing import write\nwrite(t, w, 'undo', {})", set()),
    ],
)
def test_the_scan_finds_every_way_to_write_a_line(source, caught):
    assert log_writes(ast.parse(source)) == caught


def test_outside_the_store_nobody_decides_on_private_entries():
    """Who may change a sealed entry is the write command's decision: nothing outside the store
    imports the private-entry rules (the web once checked them itself, beside the store)."""
    importers = set()
    for path in sorted([*ROOT.glob("referee/**/*.py"), *ROOT.glob("printables/**/*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if not rel.startswith("referee/store/") and any(n.endswith("store.private") for n in names):
                importers.add(rel)
    assert importers == set()
