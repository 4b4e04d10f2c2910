"""watch links made with every game and league (so showing a page writes nothing)

Revision ID: 9b3e6d1c2a50
Revises: 5a7e0c1d2b34
Create Date: 2026-11-23 15:15:00

"""
import secrets

from alembic import op
import sqlalchemy as sa


revision = '9b3e6d1c2a50'
down_revision = '5a7e0c1d2b34'
branch_labels = None
depends_on = None


def upgrade():
    connection = op.get_bind()
    for table in ("game", "league"):
        rows = connection.execute(sa.text(f'SELECT id FROM "{table}" WHERE share_token IS NULL')).scalars().all()
        for row_id in rows:
            connection.execute(
                sa.text(f'UPDATE "{table}" SET share_token = :token WHERE id = :id'),
                {"token": secrets.token_urlsafe(32), "id": row_id},
            )


def downgrade():
    pass  # the links stay valid; nothing to undo
