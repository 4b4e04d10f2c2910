"""a league's usual seating

Revision ID: 5a7e0c1d2b34
Revises: 5f0c2a9e7b41
Create Date: 2026-11-23 14:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '5a7e0c1d2b34'
down_revision = '5f0c2a9e7b41'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('league', schema=None) as batch_op:
        batch_op.add_column(sa.Column('usual_seating', sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table('league', schema=None) as batch_op:
        batch_op.drop_column('usual_seating')
