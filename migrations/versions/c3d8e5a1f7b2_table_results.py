"""each table's result, kept with its log line for the club's pages (issue 28)

Revision ID: c3d8e5a1f7b2
Revises: a6c1e4f2b8d0
Create Date: 2026-11-27 11:40:00

Standings and players' histories read ``table_results`` instead of replaying every table per request.
Nothing to fill in here: a table with no result (every table made before this) gets one the first
time a club page reads it (referee/store/kept_results.py).
"""
from alembic import op
import sqlalchemy as sa


revision = 'c3d8e5a1f7b2'
down_revision = 'a6c1e4f2b8d0'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('table_results',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('result', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ),
    sa.PrimaryKeyConstraint('table_id')
    )


def downgrade():
    op.drop_table('table_results')
