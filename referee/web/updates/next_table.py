"""A player's "your next table" reaches their phone by the live poll (issue 32), not only at the next
page load.

Pairing a club night's next round writes no line to the tables already in play, so their version
(``sharing.version``) stays the same and a poll would keep answering 204. A seat's page of a club
night's table therefore polls from a version with one more part: the table's version, then the number
of the night's latest paired table ("12.0.0.6"). The page spells it so (``page_live``), and the poll
spells ``now`` the same way when the page's ``since`` has that fourth part (``polled_version``, called by
``live_gate`` before it answers and by ``live.poll``): once the director pairs a round, the poll answers
the seat's fragment, which holds the "Your next table" link, and the version that only grows
(``app.js`` compares versions part by part) makes the phone swap it in. Every other page (the public
view, the big screen, a table outside a club night) polls exactly as before.

Cost: a seat's poll of a club night's table reads one indexed aggregate more (the night's latest paired
table), on the same kind of autocommit connection as ``sharing.read_version``; no other poll does.
"""

from __future__ import annotations

from sqlalchemy import Connection, Engine, String, bindparam, func, select
from sqlalchemy.orm import aliased

from referee.store.database import db
from referee.store.models import GameTable, SessionTable
from referee.store.rounds import next_table
from referee.store.sharing import version
from referee.web.tables.access import Access

_THIS = aliased(SessionTable)
LATEST_PAIRED_TABLE = (
    select(func.max(SessionTable.number))
    .join(_THIS, _THIS.session_id == SessionTable.session_id)
    .where(_THIS.table_id == bindparam("table_id", type_=String), SessionTable.round.is_not(None))
)
TABLE_PARTS = 3  # seq, corrections made, corrections decided (sharing.spell_version)


def latest_paired_table(conn: Connection, table_id: str) -> int:
    """The number of the latest table of a paired round of this table's club night (0: none yet).

    Tables, not rounds: pairing keeps the round's number first and then makes its tables one by one
    (``store.rounds.pair_round``), so a poll between the two would adopt the new round's version before
    the table that seats the player exists, and stay quiet once it does (CI, stop 43). Each table made
    raises this number, so the poll answers again when the seat's next table is there."""
    return conn.execute(LATEST_PAIRED_TABLE, {"table_id": table_id}).scalar() or 0


def page_live(table: GameTable, access: Access) -> tuple[str, tuple[str, int] | None]:
    """The version the page polls from, and the table (id, number) its reader sits at next: for a seat at
    a club night's table, the table's version with the night's latest paired table, and the later round's table
    that seats them (if one does); for everyone else, the table's version and no next table."""
    if access.seat is None or db.session.get(SessionTable, table.id) is None:
        return version(table), None
    latest = latest_paired_table(db.session.connection(), table.id)
    return f"{version(table)}.{latest}", next_table(table.id, access.seat)


def polled_version(engine: Engine, table_id: str, now: str, since: str | None) -> str:
    """The table's version ``now`` as the polling page spells it: with the night's latest paired table when the
    page's ``since`` has that part (a seat's page, see ``page_live``), else ``now`` itself."""
    if since is None or since.count(".") < TABLE_PARTS:
        return now
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        return f"{now}.{latest_paired_table(conn, table_id)}"
