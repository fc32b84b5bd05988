"""paired rounds of a session: each round's game, method and byes, and each session table's round (issue 32)

Revision ID: e4b7a2c9d1f6
Revises: c3d8e5a1f7b2
Create Date: 2026-11-27 15:50:00

Tables added before this (or by hand) belong to no round: their ``round`` stays empty.
"""
from alembic import op
import sqlalchemy as sa


revision = 'e4b7a2c9d1f6'
down_revision = 'c3d8e5a1f7b2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('session_rounds',
    sa.Column('session_id', sa.String(length=32), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('method', sa.String(length=16), nullable=False),
    sa.Column('byes', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['club_sessions.id'], ),
    sa.PrimaryKeyConstraint('session_id', 'number')
    )
    with op.batch_alter_table('session_tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('round', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('session_tables', schema=None) as batch_op:
        batch_op.drop_column('round')
    op.drop_table('session_rounds')
