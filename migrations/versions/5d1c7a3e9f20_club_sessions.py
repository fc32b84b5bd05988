"""club sessions: a roster and the tables a director runs from it

Revision ID: 5d1c7a3e9f20
Revises: 7d2a9c4e1b53
Create Date: 2026-11-25 02:10:00

"""
from alembic import op
import sqlalchemy as sa


revision = '5d1c7a3e9f20'
down_revision = '7d2a9c4e1b53'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('club_sessions',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('director_token_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('session_players',
    sa.Column('session_id', sa.String(length=32), nullable=False),
    sa.Column('index', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('key', sa.String(length=160), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['club_sessions.id'], ),
    sa.PrimaryKeyConstraint('session_id', 'index'),
    sa.UniqueConstraint('session_id', 'key', name='uq_session_players_key')
    )
    op.create_table('session_tables',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('session_id', sa.String(length=32), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['club_sessions.id'], ),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ),
    sa.PrimaryKeyConstraint('table_id'),
    sa.UniqueConstraint('session_id', 'number', name='uq_session_tables_number')
    )
    with op.batch_alter_table('session_tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_session_tables_session_id'), ['session_id'], unique=False)


def downgrade():
    with op.batch_alter_table('session_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_session_tables_session_id'))
    op.drop_table('session_tables')
    op.drop_table('session_players')
    op.drop_table('club_sessions')
