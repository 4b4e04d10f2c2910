import logging
from logging.config import fileConfig

from flask import current_app

from alembic import context

# this is the Alembic Config object, which provides
# access to the values within the .ini file in use.
config = context.config

# Interpret the config file for Python logging.
# This line sets up loggers basically.
fileConfig(config.config_file_name)
logger = logging.getLogger('alembic.env')


def get_engine():
    # Flask-SQLAlchemy >= 3 (pyproject.toml); its get_engine() is deprecated
    return current_app.extensions['migrate'].db.engine


def get_engine_url():
    try:
        return get_engine().url.render_as_string(hide_password=False).replace(
            '%', '%%')
    except AttributeError:
        return str(get_engine().url).replace('%', '%%')


# add your model's MetaData object here
# for 'autogenerate' support
# from myapp import mymodel
# target_metadata = mymodel.Base.metadata
config.set_main_option('sqlalchemy.url', get_engine_url())
target_db = current_app.extensions['migrate'].db

# other values from the config, defined by the needs of env.py,
# can be acquired:
# my_important_option = config.get_main_option("my_important_option")
# ... etc.


def get_metadata():
    if hasattr(target_db, 'metadatas'):
        return target_db.metadatas[None]
    return target_db.metadata


def run_migrations_offline():
    """Run migrations in 'offline' mode.

    This configures the context with just a URL
    and not an Engine, though an Engine is acceptable
    here as well.  By skipping the Engine creation
    we don't even need a DBAPI to be available.

    Calls to context.execute() here emit the given string to the
    script output.

    """
    url = config.get_main_option("sqlalchemy.url")
    context.configure(
        url=url, target_metadata=get_metadata(), literal_binds=True
    )

    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online():
    """Run migrations in 'online' mode.

    In this scenario we need to create an Engine
    and associate a connection with the context.

    """

    # this callback is used to prevent an auto-migration from being generated
    # when there are no changes to the schema
    # reference: http://alembic.zzzcomputing.com/en/latest/cookbook.html
    def process_revision_directives(context, revision, directives):
        if getattr(config.cmd_opts, 'autogenerate', False):
            script = directives[0]
            if script.upgrade_ops.is_empty():
                directives[:] = []
                logger.info('No changes in schema detected.')

    conf_args = current_app.extensions['migrate'].configure_args
    if conf_args.get("process_revision_directives") is None:
        conf_args["process_revision_directives"] = process_revision_directives

    connectable = get_engine()
    if connectable.dialect.name == "sqlite" and connectable.url.database not in (None, "", ":memory:"):
        connectable = _transactional_sqlite(connectable)

    with connectable.connect() as connection:
        # Every pending migration in one transaction (transactional_ddl; alembic's default for PostgreSQL, and
        # true of SQLite too with the engine below): one that fails midway leaves the database as it was.
        context.configure(
            connection=connection,
            target_metadata=get_metadata(),
            transactional_ddl=True,
            transaction_per_migration=False,
            **conf_args
        )

        with context.begin_transaction():
            context.run_migrations()
    if connectable is not get_engine():
        connectable.dispose()


def _transactional_sqlite(app_engine):
    """An engine on the same SQLite file whose transactions hold DDL too.

    Python's sqlite3 driver begins a transaction only before INSERT, UPDATE
    or DELETE, so a CREATE or ALTER runs (and stays) on its own; SQLAlchemy's
    documented recipe turns that off and says BEGIN itself
    ("Serializable isolation / Savepoints / Transactional DDL" in its SQLite
    dialect notes). BEGIN IMMEDIATE takes the write lock up front.
    """
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import NullPool

    engine = create_engine(app_engine.url, poolclass=NullPool)

    @event.listens_for(engine, "connect")
    def _driver_begins_nothing(dbapi_connection, _record):
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin_with_the_write_lock(connection):
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
