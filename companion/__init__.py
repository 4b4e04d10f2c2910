"""The Contract Rummy companion: a Flask app over the pure rules engine in :mod:`companion.rules`."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from .extensions import csrf, db

_ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application factory: config, extensions, blueprints, error handlers."""
    app = Flask(
        __name__,
        instance_path=os.environ.get("COMPANION_INSTANCE_PATH") or None,
        instance_relative_config=True,
        template_folder=str(_ROOT / "templates"),
        static_folder=str(_ROOT / "static"),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    _configure(app, test_config)
    db.init_app(app)
    csrf.init_app(app)
    _register_blueprints(app)
    return app


def _configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=os.environ.get("DATABASE_URL")
        or f"sqlite:///{Path(app.instance_path) / 'companion.sqlite'}",
        JSON_SORT_KEYS=False,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config["SECRET_KEY"] = app.config.get("SECRET_KEY") or _instance_secret(Path(app.instance_path))
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        raise RuntimeError("SECRET_KEY is not set: put it in instance/config.py or the test config.")


def _instance_secret(instance: Path) -> str:
    """The secret key kept in the instance folder, made on first run (never a fallback literal)."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _register_blueprints(app: Flask) -> None:
    from .api.routes import bp as api_bp
    from .main.routes import bp as main_bp

    app.register_blueprint(main_bp)
    app.register_blueprint(api_bp)
    csrf.exempt(api_bp)  # the JSON API stores nothing and takes no cookie
