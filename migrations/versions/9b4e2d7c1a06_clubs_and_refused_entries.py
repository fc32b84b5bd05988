"""clubs (a roster and its sessions) and refused entries per table

Revision ID: 9b4e2d7c1a06
Revises: 5d1c7a3e9f20
Create Date: 2026-11-25 03:50:00

"""
from alembic import op
import sqlalchemy as sa


revision = '9b4e2d7c1a06'
down_revision = '5d1c7a3e9f20'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('table_refusals',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('last_at', sa.DateTime(), nullable=False),
    sa.Column('burst_at', sa.DateTime(), nullable=False),
    sa.Column('burst_count', sa.Integer(), nullable=False),
    sa.Column('storm_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ),
    sa.PrimaryKeyConstraint('table_id')
    )


def downgrade():
    op.drop_table('table_refusals')
