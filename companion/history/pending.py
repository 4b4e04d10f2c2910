"""Sheets waiting for their preview to be confirmed, kept in the instance folder under a secret token.

A preview's page sends back only the token and the answers, not the sheet:
a 2,000-game sheet is posted once (within its route's own limit), and the
questions and the confirm button post a few hundred bytes. The text is
kept compressed, readable by the server's user only, bound to the league,
the kind of file and the account that posted it; it expires after
:data:`MAX_AGE` seconds, is forgotten once its games are stored, and at most
:data:`MAX_KEPT` are kept (the oldest go first), so the folder holds at most
about ``MAX_KEPT`` × 2 MB whatever is posted.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
import zlib
from pathlib import Path

from flask import current_app

__all__ = ["forget", "keep", "kept"]

MAX_AGE = 2 * 3600
"""Seconds a preview may wait for its answers and confirmation."""
MAX_KEPT = 64
"""Sheets kept at once, across every league and account."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")


def _folder() -> Path:
    """``PENDING_IMPORTS_FOLDER`` when configured, else ``pending-imports`` in the instance folder."""
    folder = Path(current_app.config.get("PENDING_IMPORTS_FOLDER") or Path(current_app.instance_path) / "pending-imports")
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def _tidy(folder: Path, room_for: int) -> None:
    """Forget the expired sheets, then the oldest until ``room_for`` more fit."""
    now = time.time()
    kept_files = []
    for path in folder.glob("*.sheet"):
        try:
            modified = path.stat().st_mtime
        except FileNotFoundError:
            continue  # another request tidied it
        if now - modified > MAX_AGE:
            path.unlink(missing_ok=True)
        else:
            kept_files.append((modified, path))
    kept_files.sort()
    for _, path in kept_files[: max(0, len(kept_files) + room_for - MAX_KEPT)]:
        path.unlink(missing_ok=True)


def keep(text: str, *, league_id: int, source: str, user_id: int | None) -> str:
    """Keep ``text`` for a preview of ``source`` in league ``league_id`` posted by ``user_id``; its token."""
    folder = _folder()
    _tidy(folder, room_for=1)
    token = secrets.token_urlsafe(24)
    header = json.dumps({"league": league_id, "source": source, "user": user_id}).encode()
    temporary = folder / f"{token}.tmp"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        out.write(zlib.compress(header + b"\n" + text.encode("utf-8", "surrogatepass"), 6))
    os.replace(temporary, folder / f"{token}.sheet")
    return token


def kept(token: str, *, league_id: int, source: str, user_id: int | None) -> str | None:
    """The sheet kept under ``token`` for this league, kind and account; ``None`` when it is none (expired,
    forgotten, or another's)."""
    if not _TOKEN.fullmatch(token or ""):
        return None
    path = _folder() / f"{token}.sheet"
    try:
        if time.time() - path.stat().st_mtime > MAX_AGE:
            path.unlink(missing_ok=True)
            return None
        header, _, body = zlib.decompress(path.read_bytes()).partition(b"\n")
    except (FileNotFoundError, zlib.error):
        return None
    if json.loads(header) != {"league": league_id, "source": source, "user": user_id}:
        return None
    return body.decode("utf-8", "surrogatepass")


def forget(token: str) -> None:
    """Forget the sheet kept under ``token`` (its games are stored)."""
    if _TOKEN.fullmatch(token or ""):
        (_folder() / f"{token}.sheet").unlink(missing_ok=True)
