"""PostgreSQL notifies each change of a table's version from a trigger (not from the app)

Revision ID: a6c1e4f2b8d0
Revises: 9b4e2d7c1a06
Create Date: 2026-11-27 03:20:00

The app sent ``pg_notify`` itself before each commit, one more round trip per write; from here the
database does it for every row written to ``events`` or ``pending_corrections``, whoever writes it.
SQLite has no notifications: nothing to do there.
"""
from alembic import op


revision = 'a6c1e4f2b8d0'
down_revision = '9b4e2d7c1a06'
branch_labels = None
depends_on = None

WATCHED = ('events', 'pending_corrections')


def upgrade():
    if op.get_bind().dialect.name != 'postgresql':
        return
    op.execute(
        "CREATE OR REPLACE FUNCTION referee_notify_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        " PERFORM pg_notify('referee_versions',"
        " CASE WHEN TG_OP = 'DELETE' THEN OLD.table_id ELSE NEW.table_id END);"
        " RETURN NULL; END $$"
    )
    for table in WATCHED:
        op.execute(
            f"CREATE TRIGGER referee_notify_version AFTER INSERT OR UPDATE OR DELETE ON {table}"
            " FOR EACH ROW EXECUTE FUNCTION referee_notify_version()"
        )


def downgrade():
    if op.get_bind().dialect.name != 'postgresql':
        return
    for table in WATCHED:
        op.execute(f"DROP TRIGGER IF EXISTS referee_notify_version ON {table}")
    op.execute("DROP FUNCTION IF EXISTS referee_notify_version()")
