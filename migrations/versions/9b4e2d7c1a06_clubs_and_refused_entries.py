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
    op.create_table('clubs',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('director_token_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('club_players',
    sa.Column('club_id', sa.String(length=32), nullable=False),
    sa.Column('index', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('key', sa.String(length=160), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], ),
    sa.PrimaryKeyConstraint('club_id', 'index'),
    sa.UniqueConstraint('club_id', 'key', name='uq_club_players_key')
    )
    with op.batch_alter_table('club_sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('club_id', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_club_sessions_club_id'), ['club_id'], unique=False)
        batch_op.create_foreign_key('fk_club_sessions_club_id', 'clubs', ['club_id'], ['id'])
    op.create_table('table_refusals',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('last_at', sa.DateTime(), nullable=False),
    sa.Column('earlier_1', sa.DateTime(), nullable=True),
    sa.Column('earlier_2', sa.DateTime(), nullable=True),
    sa.Column('earlier_3', sa.DateTime(), nullable=True),
    sa.Column('earlier_4', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ),
    sa.PrimaryKeyConstraint('table_id')
    )


def downgrade():
    op.drop_table('table_refusals')
    with op.batch_alter_table('club_sessions', schema=None) as batch_op:
        batch_op.drop_constraint('fk_club_sessions_club_id', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_club_sessions_club_id'))
        batch_op.drop_column('club_id')
    op.drop_table('club_players')
    op.drop_table('clubs')
