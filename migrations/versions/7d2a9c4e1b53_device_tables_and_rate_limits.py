"""device tables (the links a phone holds, server-side) and shared rate-limit counters

Revision ID: 7d2a9c4e1b53
Revises: 3c8e1f27a9b4
Create Date: 2026-11-25 01:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = '7d2a9c4e1b53'
down_revision = '3c8e1f27a9b4'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('device_tables',
    sa.Column('device', sa.String(length=64), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('role', sa.String(length=16), nullable=False),
    sa.Column('sealed_token', sa.String(length=160), nullable=False),
    sa.Column('remembered_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ),
    sa.PrimaryKeyConstraint('device', 'table_id', 'role')
    )
    with op.batch_alter_table('device_tables', schema=None) as batch_op:
        batch_op.create_index('ix_device_tables_table', ['table_id'], unique=False)

    op.create_table('rate_limits',
    sa.Column('key', sa.String(length=255), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('expires_at', sa.Float(), nullable=False),
    sa.PrimaryKeyConstraint('key')
    )
    with op.batch_alter_table('rate_limits', schema=None) as batch_op:
        batch_op.create_index('ix_rate_limits_expires', ['expires_at'], unique=False)


def downgrade():
    with op.batch_alter_table('rate_limits', schema=None) as batch_op:
        batch_op.drop_index('ix_rate_limits_expires')
    op.drop_table('rate_limits')
    with op.batch_alter_table('device_tables', schema=None) as batch_op:
        batch_op.drop_index('ix_device_tables_table')
    op.drop_table('device_tables')
