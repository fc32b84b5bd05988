"""each club's ladder as last worked out, kept for the first read in a process (issue 32)

Revision ID: b7f3d2e8c4a1
Revises: e4b7a2c9d1f6
Create Date: 2026-11-27 21:05:00

Derived rows: nothing to fill in here. A club with no kept ladder gets one the first time its players'
pages read it (referee/store/club_ratings.py).
"""
from alembic import op
import sqlalchemy as sa


revision = 'b7f3d2e8c4a1'
down_revision = 'e4b7a2c9d1f6'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('club_ladders',
    sa.Column('club_id', sa.String(length=32), nullable=False),
    sa.Column('format', sa.Integer(), nullable=False),
    sa.Column('kept', sa.LargeBinary(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], ),
    sa.PrimaryKeyConstraint('club_id')
    )


def downgrade():
    op.drop_table('club_ladders')
