"""Flask extensions, created unbound and bound to an app in :func:`companion.create_app`."""

from flask_compress import Compress
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """The declarative base for the stored facts."""


db = SQLAlchemy(model_class=Base)
csrf = CSRFProtect()
migrate = Migrate()
compress = Compress()
login_manager = LoginManager()
login_manager.login_view = "auth.login"
login_manager.login_message = "Sign in to change games, scores and leagues."
login_manager.login_message_category = "info"
