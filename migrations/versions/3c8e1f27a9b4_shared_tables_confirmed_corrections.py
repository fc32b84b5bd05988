"""shared tables: the confirm_corrections setting and pending corrections

Revision ID: 3c8e1f27a9b4
Revises: fcfec8344bee
Create Date: 2026-11-22 06:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = '3c8e1f27a9b4'
down_revision = 'fcfec8344bee'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('confirm_corrections', sa.Boolean(), server_default=sa.false(), nullable=False))

    op.create_table('pending_corrections',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('target', sa.Integer(), nullable=False),
    sa.Column('event', sa.JSON(), nullable=False),
    sa.Column('proposed_by', sa.String(length=16), nullable=False),
    sa.Column('proposed_at', sa.DateTime(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('decided_by', sa.String(length=16), nullable=True),
    sa.Column('decided_at', sa.DateTime(), nullable=True),
    sa.Column('applied_seq', sa.Integer(), nullable=True),
    sa.Column('idempotency_key', sa.String(length=80), nullable=True),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'idempotency_key', name='uq_pending_table_idem')
    )
    with op.batch_alter_table('pending_corrections', schema=None) as batch_op:
        batch_op.create_index('ix_pending_table', ['table_id'], unique=False)


def downgrade():
    with op.batch_alter_table('pending_corrections', schema=None) as batch_op:
        batch_op.drop_index('ix_pending_table')
    op.drop_table('pending_corrections')
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.drop_column('confirm_corrections')
