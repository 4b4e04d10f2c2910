"""exactly one owner: a partial unique index on user.is_owner (racing first-run setups made eight)

Revision ID: 3c1f9a7e5d20
Revises: 9b3e6d1c2a50
Create Date: 2026-11-25 05:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '3c1f9a7e5d20'
down_revision = '9b3e6d1c2a50'
branch_labels = None
depends_on = None


def upgrade():
    # a database that the race already gave several owners keeps the first as its owner
    op.execute(
        'UPDATE "user" SET is_owner = false WHERE is_owner AND id > (SELECT min(id) FROM "user" WHERE is_owner)'
    )
    op.create_index(
        "user_one_owner", "user", ["is_owner"], unique=True,
        sqlite_where=sa.text("is_owner"), postgresql_where=sa.text("is_owner"),
    )


def downgrade():
    op.drop_index("user_one_owner", table_name="user")
