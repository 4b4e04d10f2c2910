"""What the benchmarks share: counting SQL statements, a free loopback port, the venv's tools."""

from __future__ import annotations

import shutil
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import event

from companion.extensions import db


def count_queries(app, call: Callable[[], object]) -> int:  # noqa: ANN001
    """How many SQL statements ``call`` sends through the app's engine."""
    seen: list[str] = []

    def listener(conn, cursor, statement, *args):  # noqa: ANN001, ANN002
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", listener)
    try:
        call()
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    return len(seen)


def free_port() -> int:
    """A port on 127.0.0.1 nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tool(name: str) -> str:
    """A command from this virtualenv (``gunicorn``, ``flask``), else from the PATH."""
    local = Path(sys.executable).parent / name
    return str(local) if local.exists() else (shutil.which(name) or name)
