"""a hand's "made" tick and chosen phase, for games where each player plays their own phase (RULES.md §8.6)

Revision ID: 5e2a8c41d7b9
Revises: 7d4b2e9f1a63
Create Date: 2026-11-27 12:45:00

"""
from alembic import op
import sqlalchemy as sa


revision = '5e2a8c41d7b9'
down_revision = '7d4b2e9f1a63'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hand_score', schema=None) as batch_op:
        batch_op.add_column(sa.Column('made', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('chosen_phase', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('hand_score', schema=None) as batch_op:
        batch_op.drop_column('chosen_phase')
        batch_op.drop_column('made')
