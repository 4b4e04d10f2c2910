"""The Contract Rummy companion: a Flask app over the pure rules engine in :mod:`companion.rules`."""

from __future__ import annotations

import datetime as dt
import gc
import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from . import i18n
from .extensions import compress, csrf, db, login_manager, migrate
from .i18n import N_

_PACKAGE = Path(__file__).resolve().parent
_ROOT = _PACKAGE.parent


def _site_folder(name: str) -> Path:
    """Where ``templates``, ``static`` or ``migrations`` is: inside the package when the app runs from a built
    wheel (setup.py copies them there), else at the top of the repository beside the package. The package's
    copy is looked for first: an installed package's parent is site-packages, whose ``templates`` folder, if
    any, belongs to someone else."""
    packaged = _PACKAGE / name
    return packaged if packaged.is_dir() else _ROOT / name


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application factory: config, extensions, blueprints, error handlers."""
    app = Flask(
        __name__,
        instance_path=os.environ.get("COMPANION_INSTANCE_PATH") or None,
        instance_relative_config=True,
        template_folder=str(_site_folder("templates")),
        static_folder=str(_site_folder("static")),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    _configure(app, test_config)
    _bound_ids(app)
    _private_database_file(app)
    db.init_app(app)
    migrate.init_app(app, db, directory=str(_site_folder("migrations")))
    csrf.init_app(app)
    compress.init_app(app)
    i18n.install(app)
    _register_accounts(app)
    _register_assets(app)
    _register_blueprints(app)
    _register_page_filters(app)
    _register_error_pages(app)
    _register_security_headers(app)
    _register_commands(app)
    from .leagues.summary import install

    install()
    # Everything made at start-up lives as long as the app: keep it out of the garbage collector's
    # passes, which otherwise walk it on every collection and show up as pauses in the slowest requests.
    # (Not under tests, which make thousands of apps in one process.)
    if not app.testing:
        gc.freeze()
    return app


def _configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    from . import autobackup

    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=os.environ.get("DATABASE_URL")
        or f"sqlite:///{Path(app.instance_path) / 'companion.sqlite'}",
        JSON_SORT_KEYS=False,
        # The largest form (a deal's scores for 8 players) is a few kilobytes; a league backup's upload
        # raises its own limit (leagues/backup_routes.py). Anything larger is refused before it is read.
        MAX_CONTENT_LENGTH=64 * 1024,
        # Static files carry a content hash in their URL (see _register_assets), so phones may keep them.
        SEND_FILE_MAX_AGE_DEFAULT=365 * 24 * 3600,
        COMPRESS_ALGORITHM=["br", "gzip"],
        # Pages, styles and scripts; the JSON API's answers are a few hundred bytes and go as they are.
        COMPRESS_MIMETYPES=["text/html", "text/css", "text/javascript", "application/javascript", "image/svg+xml"],
        COMPRESS_STREAMS=False,  # static files are served from memory (see _register_assets), nothing streams
        # Cookies as a careful app sets them: not for scripts, not sent by other sites' forms, and (behind
        # HTTPS, COMPANION_HTTPS=1) only over HTTPS. Phones stay signed in for a year.
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        REMEMBER_COOKIE_HTTPONLY=True,
        REMEMBER_COOKIE_SAMESITE="Lax",
        REMEMBER_COOKIE_DURATION=dt.timedelta(days=365),
        SESSION_COOKIE_SECURE=os.environ.get("COMPANION_HTTPS") == "1",
        REMEMBER_COOKIE_SECURE=os.environ.get("COMPANION_HTTPS") == "1",
        # Where phones reach this server: watch links, invitations and QR codes start with it (see
        # companion.links). Empty: the address the server was started on.
        COMPANION_ORIGIN=os.environ.get("COMPANION_ORIGIN", ""),
        # How often a followed game page asks whether the game changed (a 204 while it hasn't).
        LIVE_POLL_MS=2000,
        # The secret of the one-time link that makes the owner's account; `flask serve` makes it and prints the link.
        SETUP_TOKEN=os.environ.get("COMPANION_SETUP_TOKEN") or None,
        # The automatic backups kept (companion.autobackup): the newest daily ones, and one a week for so many weeks.
        BACKUP_KEEP_DAILY=_count_setting("COMPANION_BACKUP_DAILY", autobackup.KEEP_DAILY),
        BACKUP_KEEP_WEEKLY=_count_setting("COMPANION_BACKUP_WEEKLY", autobackup.KEEP_WEEKLY),
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config["SECRET_KEY"] = app.config.get("SECRET_KEY") or _instance_secret(Path(app.instance_path))
    else:
        app.config.from_mapping(test_config)
    if str(app.config["SQLALCHEMY_DATABASE_URI"]).startswith("sqlite"):
        # Several workers share one SQLite file: wait for a writer rather than fail at once.
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"connect_args": {"timeout": 30}})
    if not app.config.get("SECRET_KEY"):
        raise RuntimeError("SECRET_KEY is not set: put it in instance/config.py or the test config.")
    if app.config.get("COMPANION_ORIGIN"):
        from .links import OriginError, checked_origin

        try:
            app.config["COMPANION_ORIGIN"] = checked_origin(app.config["COMPANION_ORIGIN"])
        except OriginError as error:
            raise RuntimeError(str(error)) from None


def _count_setting(name: str, default: int) -> int:
    """A count from the environment (0 to 999), or a sentence that says what is wrong with it."""
    written = os.environ.get(name, "").strip()
    if not written:
        return default
    if not written.isdigit() or int(written) > 999:
        raise RuntimeError(f"{name} must be a whole number from 0 to 999, not {written[:20]!r}.")
    return int(written)


def _bound_ids(app: Flask) -> None:
    """``<int:...>`` in every route takes only ids a table can hold: a larger number is "not found" (404).

    (PostgreSQL's integer ends at 2**31 - 1 and SQLite's at 2**63 - 1; asking
    either for more was a 500.)
    """
    from werkzeug.routing import IntegerConverter

    from .validation import MAX_ID

    class IdConverter(IntegerConverter):
        regex = r"\d{1,10}"

        def __init__(self, map, fixed_digits=0, min=None, max=MAX_ID, signed=False):  # noqa: A002, ANN001
            super().__init__(map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)

    app.url_map.converters["int"] = IdConverter


def _private_database_file(app: Flask) -> None:
    """A SQLite database file is made readable by its owner only: it holds password hashes and link secrets."""
    uri = str(app.config["SQLALCHEMY_DATABASE_URI"])
    if not uri.startswith("sqlite:///") or uri.endswith(":memory:"):
        return
    path = Path(uri.removeprefix("sqlite:///").split("?", 1)[0])
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))  # SQLite's journal files follow its mode
    else:
        path.chmod(0o600)


def _instance_secret(instance: Path) -> str:
    """The secret key kept in the instance folder, made on first run (never a fallback literal)."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _register_assets(app: Flask) -> None:
    """Static files, served from memory, and ``asset(name)``: a static URL with a hash of its content.

    The files are small (htmx, the stylesheet, icons), so each is read once
    and answered from memory: Flask-Compress then compresses it like a page
    (no streamed file to keep open), and the hash in its URL lets phones keep
    it for a year and fetch it anew only when it changes.
    """
    import hashlib
    import mimetypes

    from flask import Response, abort, url_for
    from werkzeug.security import safe_join

    static_root = Path(app.static_folder or "")
    files: dict[str, tuple[bytes, str, str]] = {}
    types = {".webmanifest": "application/manifest+json", ".js": "text/javascript"}

    def load(filename: str) -> tuple[bytes, str, str]:
        if filename not in files or app.debug:
            path = safe_join(str(static_root), filename)
            if path is None or not Path(path).is_file():
                abort(404)
            data = Path(path).read_bytes()
            suffix = Path(filename).suffix
            mimetype = types.get(suffix) or mimetypes.guess_type(filename)[0] or "application/octet-stream"
            files[filename] = (data, mimetype, hashlib.sha256(data).hexdigest()[:12])
        return files[filename]

    def static(filename: str) -> Response:
        data, mimetype, digest = load(filename)
        response = Response(data, mimetype=mimetype)
        response.cache_control.public = True
        response.cache_control.max_age = app.config["SEND_FILE_MAX_AGE_DEFAULT"]
        response.set_etag(digest)
        return response

    def asset(filename: str) -> str:
        return url_for("static", filename=filename, v=load(filename)[2])

    app.view_functions["static"] = static
    app.add_template_global(asset)


def _register_accounts(app: Flask) -> None:
    """Flask-Login for the session, the sign-in gate, and HTTPS behind a proxy when told so."""
    from .auth import gate
    from .models import User

    login_manager.init_app(app)

    @login_manager.user_loader
    def load_user(user_id: str) -> User | None:
        from .auth.service import user_for_session

        return user_for_session(user_id)  # only while its server-side session exists

    gate.install(app)
    if os.environ.get("COMPANION_HTTPS") == "1":
        app.wsgi_app = _behind_proxy(app.wsgi_app, os.environ.get("COMPANION_PROXY", "127.0.0.1 ::1").split())  # type: ignore[method-assign]


def _behind_proxy(wsgi_app: Any, proxies: list[str]) -> Any:
    """The client's address and scheme from the proxy in front, only for requests that come from that proxy.

    A request straight to the server (not through a proxy at ``COMPANION_PROXY``,
    loopback by default) keeps its own address: its ``X-Forwarded-For`` is
    anyone's invention, and trusting it let a guesser reset the sign-in count
    of its address. ``X-Forwarded-Host`` is never taken (links to share come
    from ``COMPANION_ORIGIN``, see :mod:`companion.links`).
    """
    from werkzeug.middleware.proxy_fix import ProxyFix

    fixed = ProxyFix(wsgi_app, x_for=1, x_proto=1)
    trusted = set(proxies)

    def app(environ: dict[str, Any], start_response: Any) -> Any:
        if environ.get("REMOTE_ADDR") in trusted:
            return fixed(environ, start_response)
        return wsgi_app(environ, start_response)

    return app


def _register_blueprints(app: Flask) -> None:
    from . import models  # noqa: F401  (the tables, for migrations)
    from .api.routes import bp as api_bp
    from .auth.routes import bp as auth_bp
    from .games import bp as games_bp
    from .history import bp as history_bp
    from .house_rules import bp as house_rules_bp
    from .leagues import bp as leagues_bp
    from .main.routes import bp as main_bp
    from .rules_ui.routes import bp as rules_ui_bp
    from .watch.routes import bp as watch_bp

    app.register_blueprint(main_bp)
    app.register_blueprint(auth_bp)
    app.register_blueprint(games_bp)
    app.register_blueprint(rules_ui_bp)
    app.register_blueprint(house_rules_bp)
    app.register_blueprint(leagues_bp)
    app.register_blueprint(history_bp)
    app.register_blueprint(watch_bp)
    app.register_blueprint(api_bp)
    csrf.exempt(api_bp)  # the JSON API stores nothing and takes no cookie


def _register_page_filters(app: Flask) -> None:
    """The filters every page's templates use: card codes and contract symbols as a player reads them, a deal's
    contract and the rules card's facts in the page's language."""
    from . import card_faces, card_letters, contract_words, fact_words

    card_faces.register(app)
    card_letters.register(app)
    contract_words.register(app)
    fact_words.register(app)


ERROR_TITLES = {
    400: N_("Bad Request"),
    403: N_("Forbidden"),
    404: N_("Not Found"),
    405: N_("Method Not Allowed"),
    413: N_("Request Entity Too Large"),
    429: N_("Too Many Requests"),
    500: N_("Internal Server Error"),
}
"""An error page's heading, by status (in English, Werkzeug's name of the status)."""

ERROR_SENTENCES = {
    404: N_("There is nothing here: the link may be old."),
    405: N_("That can't be done from here."),
    413: N_("That was far more than any form here sends, so nothing was read or saved."),
}
"""What an error page says, by status, whatever the error's own description."""

STANDARD_DESCRIPTIONS = {
    400: N_("The browser (or proxy) sent a request that this server could not understand."),
    403: N_(
        "You don't have the permission to access the requested resource. It is either read-protected or not"
        " readable by the server."
    ),
    429: N_("This user has exceeded an allotted request count. Try again later."),
    500: N_(
        "The server encountered an internal error and was unable to complete your request. Either the server is"
        " overloaded or there is an error in the application."
    ),
}
"""Werkzeug's own description of a status, word for word, so a page in another language says it too
(an ``abort`` with a description of its own says that instead)."""

CSRF_SENTENCE = N_("The form was out of date (its security token expired). Go back, reload the page and try again.")


def _error_page(error: Any) -> tuple[str, str]:
    """An error page's heading and sentence, in the page's language."""
    from flask_babel import gettext

    code = error.code or 500
    title = gettext(ERROR_TITLES[code]) if code in ERROR_TITLES else error.name
    if code in ERROR_SENTENCES:
        return title, gettext(ERROR_SENTENCES[code])
    description = error.description or error.name
    if description == type(error).description and code in STANDARD_DESCRIPTIONS:
        description = gettext(STANDARD_DESCRIPTIONS[code])
    return title, description


def _register_error_pages(app: Flask) -> None:
    """Errors as pages a player understands (the API answers JSON through its own handlers)."""
    from flask import jsonify, render_template, request
    from flask_babel import gettext
    from flask_wtf.csrf import CSRFError
    from werkzeug.exceptions import HTTPException

    def wants_json() -> bool:
        # the API, and the phone's own script sending what it saved offline (it asks for JSON)
        return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError):  # type: ignore[no-untyped-def]
        if wants_json():
            return jsonify(error=CSRF_SENTENCE, status="token"), 400
        return render_template("error.html", title=gettext("Please try again"), message=gettext(CSRF_SENTENCE)), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):  # type: ignore[no-untyped-def]
        if wants_json():
            return jsonify(error=error.description or error.name), error.code or 500
        title, message = _error_page(error)
        return render_template("error.html", title=title, message=message, code=error.code), error.code or 500


def _register_commands(app: Flask) -> None:
    import click

    from .auth.commands import create_owner_command
    from .serving import serve_command

    app.cli.add_command(serve_command)
    app.cli.add_command(create_owner_command)

    @app.cli.command("backup")
    @click.argument("path", type=click.Path(dir_okay=False, path_type=Path), required=False)
    def backup(path: Path | None) -> None:
        """Write every row of the database to a JSON file (consistent while the app runs)."""
        from .dbbackup import write_backup

        target = path or Path(f"companion-backup-{dt.datetime.now():%Y%m%d-%H%M%S}.json")
        rows = write_backup(db.engine, target)
        click.echo(f"Backed up {rows} rows to {target}.")

    @app.cli.command("restore")
    @click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option("--replace", is_flag=True, help="Delete what the database holds first.")
    def restore(path: Path, replace: bool) -> None:
        """Restore a backup into the database (empty, unless --replace), in one transaction."""
        from .dbbackup import RestoreError, read_backup
        from .dbbackup import restore as restore_backup

        try:
            rows = restore_backup(db.engine, read_backup(path), replace=replace)
        except RestoreError as error:
            raise click.ClickException(str(error)) from None
        app.extensions.pop("game_pages", None)
        click.echo(f"Restored {rows} rows from {path}.")

    @app.cli.command("upgrade")
    def upgrade_database() -> None:
        """Back the database up and migrate it to this version (what `flask serve` does first); a database a
        newer version made is refused."""
        from .upgrade import MigrationFailed, UpgradeRefused, prepare

        try:
            backup = prepare(app, db.engine)
        except (UpgradeRefused, MigrationFailed) as refusal:
            raise click.ClickException(str(refusal)) from None
        click.echo(f"The database is this version's. Backed up first to {backup}." if backup else "The database is this version's.")

    @app.cli.command("rebuild-results")
    def rebuild_results() -> None:
        """Recompute every game's results (the standings' summaries) from its deals."""
        from .leagues.summary import rebuild_all

        click.echo(f"Rebuilt the results of {rebuild_all()} games.")


def _register_security_headers(app: Flask) -> None:
    """A Content-Security-Policy with no inline script, and no framing, sniffing or referrer leaks."""
    policy = "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
            "object-src 'none'",
        ]
    )

    @app.after_request
    def headers(response):  # type: ignore[no-untyped-def]
        response.headers.setdefault("Content-Security-Policy", policy)
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return response
