"""Backups the running app takes by itself: one a day, one before every migration, the old ones pruned.

A family's league lives in one database on one laptop or small server; a
failed disk or a bad upgrade should cost at most a day. So the server
(:func:`companion.server.serve`, what ``make run`` and the container run)
takes a backup when it starts if none was taken today, then once a day;
:mod:`companion.upgrade` takes one before it migrates. Each is a
:mod:`companion.dbbackup` file (every row, from one consistent snapshot,
restored with ``flask restore``), gzipped, in ``instance/backups/``, a folder
only the owner of the process may read (the file holds the accounts'
password hashes).

Which daily backups are kept is :func:`kept`: the newest ``daily`` ones
and, for each of the newest ``weekly`` weeks, that week's newest: 7 and 4
unless ``COMPANION_BACKUP_DAILY`` / ``COMPANION_BACKUP_WEEKLY`` say
otherwise. Backups taken before a migration are kept apart, the newest
:data:`KEEP_BEFORE_UPGRADE` of them, so a week of daily backups never pushes
out the copy an upgrade can go back to.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import logging
import os
import re
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

from .dbbackup import dump

log = logging.getLogger(__name__)

FOLDER = "backups"
"""The folder inside the instance folder where automatic backups go."""

DAILY, BEFORE_UPGRADE = "daily", "before-upgrade"
"""The two kinds of automatic backup, as their file names start."""

KEEP_DAILY, KEEP_WEEKLY = 7, 4
"""How many daily backups and weekly ones are kept unless the settings say otherwise."""

KEEP_BEFORE_UPGRADE = 3
"""How many backups taken before a migration are kept (upgrades are rare; each is the way back from one)."""

CHECK_EVERY = dt.timedelta(hours=1)
"""How often the server looks whether today's backup is due (a laptop asleep at midnight catches up on waking)."""

_NAME = re.compile(r"^(daily|before-upgrade)-(\d{8}-\d{6})(?:-[0-9a-z]+)?\.json\.gz$")


@dataclass(frozen=True)
class BackupFile:
    """One automatic backup in the folder."""

    path: Path
    """Where the file is."""
    kind: str
    """:data:`DAILY` or :data:`BEFORE_UPGRADE`."""
    taken_at: dt.datetime
    """When it was taken (UTC, to the second, from its name)."""


def folder(instance_path: str | Path) -> Path:
    """The backups folder, made if missing, readable by this process's user only."""
    path = Path(instance_path) / FOLDER
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.chmod(0o700)
    return path


def backups(where: Path) -> list[BackupFile]:
    """The automatic backups in ``where``, oldest first (other files there are not ours and are left alone)."""
    found = []
    for path in where.glob("*.json.gz"):
        match = _NAME.match(path.name)
        if match:
            taken = dt.datetime.strptime(match.group(2), "%Y%m%d-%H%M%S").replace(tzinfo=dt.UTC)
            found.append(BackupFile(path, match.group(1), taken))
    return sorted(found, key=lambda each: (each.taken_at, each.path.name))


def latest(where: Path) -> BackupFile | None:
    """The newest automatic backup of either kind in ``where``, if any (nothing is made if the folder isn't there)."""
    every = backups(where) if where.is_dir() else []
    return every[-1] if every else None


def take(engine: Engine, where: Path, kind: str = DAILY, *, now: dt.datetime | None = None, note: str = "") -> Path:
    """Write a backup of the database into ``where`` and return its path.

    It is written to a temporary name first and renamed when whole, so a
    crash mid-write never leaves a file that looks like a backup.
    """
    now = now or dt.datetime.now(dt.UTC)
    suffix = f"-{note}" if note else ""
    target = where / f"{kind}-{now:%Y%m%d-%H%M%S}{suffix}.json.gz"
    partial = target.with_name(f".{target.name}.partial")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as packed:
        packed.write(json.dumps(dump(engine), ensure_ascii=False).encode())
    os.replace(partial, target)
    return target


def kept(taken: Iterable[dt.datetime], daily: int = KEEP_DAILY, weekly: int = KEEP_WEEKLY) -> set[dt.datetime]:
    """Which daily backups to keep, given when each was taken: the newest ``daily``, and the newest of each of
    the newest ``weekly`` ISO weeks (Monday to Sunday) that hold one."""
    newest_first = sorted(set(taken), reverse=True)
    keep = set(newest_first[: max(daily, 0)])
    weeks_seen: list[tuple[int, int]] = []
    for moment in newest_first:
        week = moment.isocalendar()[:2]
        if week not in weeks_seen:
            weeks_seen.append(week)
            if len(weeks_seen) > max(weekly, 0):
                break
            keep.add(moment)
    return keep


def prune(where: Path, daily: int = KEEP_DAILY, weekly: int = KEEP_WEEKLY) -> list[Path]:
    """Delete the automatic backups the retention doesn't keep; the paths deleted."""
    every = backups(where)
    dailies = [each for each in every if each.kind == DAILY]
    keep = kept((each.taken_at for each in dailies), daily, weekly)
    doomed = [each.path for each in dailies if each.taken_at not in keep]
    upgrades = [each for each in every if each.kind == BEFORE_UPGRADE]
    doomed += [each.path for each in upgrades[: max(len(upgrades) - KEEP_BEFORE_UPGRADE, 0)]]
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed


def due(where: Path, now: dt.datetime | None = None) -> bool:
    """Whether today's daily backup (UTC) is still to be taken."""
    today = (now or dt.datetime.now(dt.UTC)).date()
    return not any(each.kind == DAILY and each.taken_at.date() == today for each in backups(where))


def retention(config: dict[str, int]) -> tuple[int, int]:
    """The daily and weekly counts to keep, from the app's config (``BACKUP_KEEP_DAILY`` / ``_WEEKLY``)."""
    return config.get("BACKUP_KEEP_DAILY", KEEP_DAILY), config.get("BACKUP_KEEP_WEEKLY", KEEP_WEEKLY)


def run_once(engine: Engine, where: Path, daily: int, weekly: int, now: dt.datetime | None = None) -> Path | None:
    """Take today's backup if it is due and prune; the new file, or None when today's was already there."""
    if not due(where, now):
        return None
    path = take(engine, where, DAILY, now=now)
    prune(where, daily, weekly)
    return path


def start(app) -> threading.Thread:  # noqa: ANN001
    """Start the daily backups for a served app: a daemon thread that checks every :data:`CHECK_EVERY`."""
    where = folder(app.instance_path)
    daily, weekly = retention(app.config)

    def loop() -> None:
        while True:
            try:
                with app.app_context():
                    from .extensions import db

                    made = run_once(db.engine, where, daily, weekly)
                if made:
                    log.info("Backed up the database to %s", made)
            except Exception:  # a full disk must not stop the server; it is said in the log, and tried again
                log.exception("The daily backup failed; trying again in an hour")
            time.sleep(CHECK_EVERY.total_seconds())

    thread = threading.Thread(target=loop, name="daily-backup", daemon=True)
    thread.start()
    return thread
