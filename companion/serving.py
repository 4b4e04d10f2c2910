"""``flask --app companion serve``: the app on the home network (what ``make run`` runs).

It backs the database up and applies the migrations when this version is newer (and refuses a database a
newer version made: :mod:`companion.upgrade`), finds the address phones on the home Wi-Fi
should open (this machine's address on its network), makes that address the
public origin (``COMPANION_ORIGIN``: watch links, invitations and their QR
codes carry it), prints it with a QR code in the terminal, and, until the
owner's account exists, a one-time setup link (with its QR code) that is the
only way to make that account from a browser. Then the project's web server
(:mod:`companion.server`) takes over the process (Ctrl+C stops it).

The lines it prints are in the machine's language (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES`` or ``LANG``, as a terminal's programs read it) where pages
speak it, else English.
"""

from __future__ import annotations

import os
import secrets
import sys

import click
from flask import current_app
from flask.cli import with_appcontext
from flask_babel import force_locale, gettext

from .extensions import db
from .i18n import DEFAULT_LANGUAGE, chosen_language
from .links import network_address
from .qr import terminal_qr


def machine_language() -> str:
    """The language this machine's terminal is set to (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``:
    ``es_CL.UTF-8`` is Spanish), where pages speak it; else English (also for ``C`` or nothing set)."""
    from babel import default_locale

    found = default_locale(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")) or ""
    return chosen_language(found.split("_")[0]) or DEFAULT_LANGUAGE


def server_command(host: str, port: int) -> list[str]:
    """The project's web server (:mod:`companion.server`, waitress with its settings) on ``host:port``."""
    return [sys.executable, "-m", "companion.server", "--host", host, "--port", str(port)]


@click.command("serve")
@click.option("--port", type=click.IntRange(1, 65535), default=5000, show_default=True, help="The port to serve on.")
@click.option("--local", is_flag=True, help="Serve this machine only (127.0.0.1), not the home network.")
@click.option("--address", help="The address phones open, when this machine's network address is not the one.")
@with_appcontext
def serve_command(port: int, local: bool, address: str | None) -> None:
    """Serve the app on the home network, and print the address phones open."""
    from .auth.service import has_accounts
    from .upgrade import MigrationFailed, UpgradeRefused, prepare

    try:
        with force_locale(machine_language()):
            prepare(current_app._get_current_object(), db.engine)  # type: ignore[attr-defined]
    except (UpgradeRefused, MigrationFailed) as refusal:
        raise click.ClickException(str(refusal)) from None
    with force_locale(machine_language()):
        bind_host, env = _announce(port, local, address, has_accounts())
    sys.stdout.flush()
    sys.stderr.flush()
    db.engine.dispose()  # the server opens its own connections
    command = server_command(bind_host, port)
    os.execve(command[0], command, env)


def _announce(port: int, local: bool, address: str | None, has_owner: bool) -> tuple[str, dict[str, str]]:
    """Find where to serve and what phones open, and print it (with its QR code, and until the owner's account
    exists the one-time setup link), in the language in use: the host to bind and the server's environment (the
    public origin, the setup link's secret)."""
    if local:
        bind_host, address = "127.0.0.1", "127.0.0.1"
    else:
        bind_host = "0.0.0.0"  # every interface: the Wi-Fi's, and this machine's own
        address = address or network_address()
        if address is None:
            click.echo(gettext("No network address found (is this machine on the Wi-Fi?): serving this machine only."))
            bind_host, address = "127.0.0.1", "127.0.0.1"
    host = f"[{address}]" if ":" in address else address
    origin = current_app.config.get("COMPANION_ORIGIN") or f"http://{host}:{port}"  # set: a proxy's, kept
    env = {**os.environ, "COMPANION_ORIGIN": origin}

    click.echo("")
    if local:
        click.echo(gettext("Rummy Companion, for this machine only: open %(origin)s", origin=origin))
    else:
        click.echo(gettext("Rummy Companion on the home network. Phones on the same Wi-Fi open:"))
        click.echo(f"  {origin}")
        click.echo(terminal_qr(origin), nl=False)
    if not has_owner:
        token = secrets.token_urlsafe(24)
        env["COMPANION_SETUP_TOKEN"] = token
        link = f"{origin}/setup/{token}"
        click.echo("")
        click.echo(gettext("First run: the owner's account is made from this one-time link (open it on your own phone):"))
        click.echo(f"  {link}")
        click.echo(terminal_qr(link), nl=False)
        click.echo(gettext("Anyone else who opens the app now is asked to wait for you."))
    click.echo(gettext("Ctrl+C stops the app."))
    click.echo("", nl=True)
    return bind_host, env
