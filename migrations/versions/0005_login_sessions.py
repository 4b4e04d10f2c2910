"""server-side login sessions (signing out ends a session everywhere)

Revision ID: 5f0c2a9e7b41
Revises: f02f437b1215
Create Date: 2026-11-23 14:25:00

"""
from alembic import op
import sqlalchemy as sa


revision = '5f0c2a9e7b41'
down_revision = 'f02f437b1215'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('login_session',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('token', sa.String(length=43), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('agent', sa.String(length=120), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name='login_session_user_fk', ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token')
    )
    with op.batch_alter_table('login_session', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_login_session_user_id'), ['user_id'], unique=False)


def downgrade():
    with op.batch_alter_table('login_session', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_login_session_user_id'))
    op.drop_table('login_session')
