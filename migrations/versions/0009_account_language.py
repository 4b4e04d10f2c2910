"""the language an account reads pages in (none: the phone's or browser's)

Revision ID: 7d4b2e9f1a63
Revises: 3c1f9a7e5d20
Create Date: 2026-11-27 10:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = '7d4b2e9f1a63'
down_revision = '3c1f9a7e5d20'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=8), nullable=True))


def downgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_column('language')
