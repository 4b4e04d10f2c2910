"""Flask extensions, created unbound and bound to an app in :func:`companion.create_app`."""

from flask_babel import Babel, gettext
from flask_compress import Compress
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from typing import Any, cast

from sqlalchemy import CursorResult, Executable
from sqlalchemy.orm import DeclarativeBase

from .i18n import N_


class Base(DeclarativeBase):
    """The declarative base for the stored facts."""


db = SQLAlchemy(model_class=Base)


def rows_changed(statement: Executable) -> int:
    """How many rows a conditional UPDATE or DELETE changed: 0 when another phone got there first."""
    return cast(CursorResult[Any], db.session.execute(statement)).rowcount

csrf = CSRFProtect()
migrate = Migrate()
compress = Compress()
login_manager = LoginManager()
login_manager.login_view = "auth.login"
login_manager.login_message = N_("Sign in to change games, scores and leagues.")
login_manager.localize_callback = gettext
login_manager.login_message_category = "info"
babel = Babel()  # bound with its locale selector by companion.i18n.install
