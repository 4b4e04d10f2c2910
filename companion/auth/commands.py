"""Terminal commands for accounts: ``flask --app companion create-owner NAME`` (as Django's createsuperuser)."""

from __future__ import annotations

import os

import click
from flask.cli import with_appcontext

from . import service


@click.command("create-owner")
@click.argument("name")
@with_appcontext
def create_owner_command(name: str) -> None:
    """Make the owner's account NAME (asks for the password, or reads COMPANION_OWNER_PASSWORD)."""
    password = os.environ.get("COMPANION_OWNER_PASSWORD")
    if password is None:
        password = click.prompt("Password (at least 10 characters)", hide_input=True, confirmation_prompt=True)
    try:
        user = service.create_owner(name, password)
    except service.AccountError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"{user.username} owns this companion now: sign in with that name and password.")
