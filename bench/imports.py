"""What the importers and the league restore cost the server, and what they make other phones wait.

Run ``python bench/imports.py``. Each case starts the server as ``make run``
serves it (``python -m companion.server``: waitress, one process, its
threads) on 127.0.0.1 with a fresh SQLite database, signs in as the owner,
and while the case runs a second phone corrects a deal of a game in
progress over and over, as fast as the server answers. Printed per case:
the answers' statuses, the server process's CPU seconds and the wall time
of the case, its peak memory above what it held before (``VmHWM`` after
resetting it through ``/proc/<pid>/clear_refs``) and what it keeps after
(``VmRSS``), and the other phone's slowest save (and median) while the case
ran.

Cases (``--cases``, comma-separated):

- ``refuse``: a paper sheet whose Deal row holds 15,000 names, posted as a
  file (it must be refused with a sentence), plus the reader alone in this
  process;
- ``paper:N``: a paper sheet of N seven-deal games posted as a file
  (preview), then confirmed;
- ``restore:MB``: a league backup of about MB megabytes restored from its
  page.

``--form-limit-mb`` writes ``MAX_CONTENT_LENGTH`` and ``MAX_FORM_MEMORY_SIZE``
into the instance's config: the app before the importers had their own
limits answered 413 to any sheet over 64 KB (about 340 games), so their
costs could only be measured with the app-wide limit raised.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from werkzeug.security import generate_password_hash  # noqa: E402

from companion import create_app  # noqa: E402
from companion.extensions import db  # noqa: E402
from companion.games import life  # noqa: E402
from companion.leagues.service import add_member, create_league  # noqa: E402
from companion.models import User  # noqa: E402
from history_import import FAMILY, paper_history  # noqa: E402
from load import PASSWORD, Phone, Stats, _csrf, _wait_for  # noqa: E402
from support import free_port, tool  # noqa: E402

CLK_TCK = os.sysconf("SC_CLK_TCK")


def server_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def server_memory(pid: int, key: str) -> int:
    """``VmHWM`` or ``VmRSS`` of the process, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) * 1024
    return 0


def reset_peak(pid: int) -> None:
    Path(f"/proc/{pid}/clear_refs").write_text("5")


def mb(value: float) -> str:
    return f"{value / 1024 / 1024:.0f} MB"


# ---------------------------------------------------------------------------
# The other phone


class OtherPhone(threading.Thread):
    """A phone correcting deal 1 of its game as fast as the server answers; each save's (start, seconds)."""

    def __init__(self, port: int, game_id: int) -> None:
        super().__init__(daemon=True)
        self.phone = Phone(port, "owner", Stats())
        self.game_id = game_id
        self.saves: list[tuple[float, float]] = []
        self.failed: list[int] = []
        self.stopping = threading.Event()
        self.version = 1

    def run(self) -> None:
        self.phone.sign_in()
        rng = random.Random(7)
        while not self.stopping.is_set():
            form = {"went_out": "0", "confirm": "y", "version": str(self.version), "confirm_finished": "y"}
            for seat in range(3):
                form[f"hands-{seat}-cards"] = ""
                form[f"hands-{seat}-points"] = "0" if seat == 0 else str(rng.randrange(5, 90, 5))
            started = time.perf_counter()
            answer = self.phone.send("save", "POST", f"/games/{self.game_id}/deals/1", form)
            self.saves.append((started, time.perf_counter() - started))
            if answer.status == 303:
                self.version += 1
                self.phone.send("page", "GET", answer.location or "/")
            else:
                self.failed.append(answer.status)
                time.sleep(0.05)

    def during(self, start: float, end: float) -> list[float]:
        """The seconds of each save that was waiting at some moment between ``start`` and ``end``."""
        return [seconds for began, seconds in self.saves if began < end and began + seconds > start]


# ---------------------------------------------------------------------------
# The server


class Server:
    def __init__(self, workdir: Path, form_limit_mb: int) -> None:
        self.instance = workdir / "instance"
        self.instance.mkdir(parents=True)
        config = f"SECRET_KEY = {secrets.token_hex(32)!r}\n"
        if form_limit_mb:
            config += f"MAX_CONTENT_LENGTH = {form_limit_mb * 1024 * 1024}\nMAX_FORM_MEMORY_SIZE = {form_limit_mb * 1024 * 1024}\n"
        (self.instance / "config.py").write_text(config)
        self.url = f"sqlite:///{workdir / 'bench.sqlite'}"
        self.env = {k: v for k, v in os.environ.items() if k != "COMPANION_HTTPS"}
        self.env.update(DATABASE_URL=self.url, COMPANION_INSTANCE_PATH=str(self.instance))
        migrated = subprocess.run([tool("flask"), "--app", "companion", "db", "upgrade"], env=self.env, cwd=ROOT,
                                  capture_output=True, text=True, timeout=300, check=False)
        if migrated.returncode:
            raise SystemExit(migrated.stdout + migrated.stderr)
        app = create_app({"SECRET_KEY": "bench-setup", "SQLALCHEMY_DATABASE_URI": self.url})
        with app.app_context():
            db.session.add(User(username="owner", username_key="owner", password_hash=generate_password_hash(PASSWORD),
                                is_owner=True))
            league = create_league("The family")
            for name in FAMILY:
                add_member(league, life.find_or_add_player(name))
            db.session.commit()
            self.league_id = league.id
            self.player_ids = [life.find_or_add_player(name).id for name in FAMILY[:3]]
            db.session.remove()
            db.engine.dispose()
        self.port = free_port()
        self.log = open(workdir / "server.log", "wb")  # noqa: SIM115
        self.process = subprocess.Popen([sys.executable, "-m", "companion.server", "--port", str(self.port)],
                                        env=self.env, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)
        _wait_for(self.port, self.process, workdir / "server.log")  # type: ignore[arg-type]

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()


def multipart(fields: dict[str, str], file_field: str, filename: str, content: bytes) -> tuple[bytes, str]:
    boundary = "bench" + secrets.token_hex(8)
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode() for k, v in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{file_field}"; filename="{filename}"\r\n'
                 "Content-Type: application/octet-stream\r\n\r\n".encode() + content + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def post_file(phone: Phone, path: str, fields: dict[str, str], filename: str, content: bytes) -> tuple[int, str]:
    body, kind = multipart({**fields, "csrf_token": phone.csrf}, "file", filename, content)
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", phone.port, timeout=300)
    headers = {"Content-Type": kind, "Cookie": "; ".join(f"{k}={v}" for k, v in phone.cookies.items())}
    connection.request("POST", path, body=body, headers=headers)
    response = connection.getresponse()
    text = response.read().decode(errors="replace")
    connection.close()
    return response.status, text


def hidden_fields(page: str) -> dict[str, str]:
    """The preview form's fields a phone sends back with its confirm button (hidden inputs and chosen answers)."""
    fields = {name: value for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page)}
    fields.pop("csrf_token", None)
    return fields


# ---------------------------------------------------------------------------
# The cases


def run_case(case: str, args: argparse.Namespace, backups: dict[float, bytes]) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="companion-imports-bench-"))
    server = Server(workdir, args.form_limit_mb)
    try:
        owner = Phone(server.port, "owner", Stats())
        owner.sign_in()
        form = {"ruleset": "contract", "first_dealer": "0", **{f"seats-{i}-player": str(p) for i, p in enumerate(server.player_ids)}}
        made = owner.send("new", "POST", "/games/new", form)
        game_id = int((made.location or "").rstrip("/").rsplit("/", 1)[1])
        entry = {"went_out": "0", "confirm": "y", **{f"hands-{s}-cards": "" for s in range(3)},
                 **{f"hands-{s}-points": str(s * 10) for s in range(3)}}
        assert owner.send("deal", "POST", f"/games/{game_id}/deals/1", entry).status == 303
        other = OtherPhone(server.port, game_id)
        other.start()
        deadline = time.monotonic() + 60
        while len(other.saves) < 10 and time.monotonic() < deadline:  # signed in, and saving as usual
            time.sleep(0.2)
        idle = [s for _, s in other.saves[-10:]] or [0.0]
        pid = server.process.pid
        reset_peak(pid)
        held = server_memory(pid, "VmRSS")
        cpu, started = server_cpu(pid), time.perf_counter()
        try:
            statuses = CASES[case.split(":")[0]](owner, server, case, backups)
        except OSError as error:  # a client's timeout (60 s): said, and the case's figures up to then
            statuses = [f"no answer ({type(error).__name__})"]  # type: ignore[list-item]
        wall, used = time.perf_counter() - started, server_cpu(pid) - cpu
        peak = server_memory(pid, "VmHWM") - held
        time.sleep(1.0)
        other.stopping.set()
        other.join(timeout=60)
        waits = other.during(started, started + wall)
        kept = server_memory(pid, "VmRSS")
        print(f"{case:14} answers {statuses}; server {used:5.2f} s CPU, {wall:5.2f} s wall, peak +{mb(peak)}, "
              f"keeps {mb(kept)} (held {mb(held)} before)")
        if waits:
            print(f"{'':14} other phone: {len(waits)} saves meanwhile, slowest {max(waits):.2f} s, median "
                  f"{statistics.median(waits):.3f} s (idle median {statistics.median(idle):.3f} s)"
                  + (f"; refused {sorted(set(other.failed))}" if other.failed else ""))
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def case_refuse(owner: Phone, server: Server, case: str, backups: dict[float, bytes]) -> list[int]:
    sheet = "Game, 2024-12-25, Contract Rummy\nDeal, " + ", ".join(f"P{n}" for n in range(15_000)) + "\n"
    status, body = post_file(owner, f"/leagues/{server.league_id}/history/paper", {}, "sheet.csv", sheet.encode())
    return [status]


def case_paper(owner: Phone, server: Server, case: str, backups: dict[float, bytes]) -> list[int]:
    games = int(case.split(":")[1])
    sheet = paper_history(games, random.Random(20261125)).encode()
    url = f"/leagues/{server.league_id}/history/paper"
    status, page = post_file(owner, url, {}, "sheet.csv", sheet)
    statuses = [status]
    if status != 200:
        return statuses
    fields = hidden_fields(page)
    if "token" not in fields:  # the app before: the sheet travels back in the form
        import html

        found = re.search(r'<textarea name="sheet"[^>]*>(.*?)</textarea>', page, re.DOTALL)
        fields["sheet"] = html.unescape(found.group(1)) if found else ""
    owner.csrf = _csrf(page) or owner.csrf
    statuses.append(post_form(owner, url, {**fields, "confirm": "1"}))
    return statuses


def post_form(phone: Phone, path: str, form: dict[str, str]) -> int:
    """A form posted as a page posts it, waiting up to 15 minutes for the answer (a phone's own client waits 60 s)."""
    import http.client
    from urllib.parse import urlencode

    connection = http.client.HTTPConnection("127.0.0.1", phone.port, timeout=900)
    headers = {"Content-Type": "application/x-www-form-urlencoded",
               "Cookie": "; ".join(f"{k}={v}" for k, v in phone.cookies.items())}
    connection.request("POST", path, body=urlencode({**form, "csrf_token": phone.csrf}), headers=headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status


def case_restore(owner: Phone, server: Server, case: str, backups: dict[float, bytes]) -> list[int]:
    size = float(case.split(":")[1])
    owner.csrf = _csrf(owner.send("page", "GET", "/leagues/import").body) or owner.csrf
    status, _ = post_file(owner, "/leagues/import", {}, "backup.json", backups[size])
    return [status]


CASES = {"refuse": case_refuse, "paper": case_paper, "restore": case_restore}


def reader_alone() -> None:
    """The sheet reader refusing the 15,000-name Deal row, in this process (no server)."""
    from companion.history.paper import SheetError, read_sheet

    sheet = "Game, 2024-12-25, Contract Rummy\nDeal, " + ", ".join(f"P{n}" for n in range(15_000)) + "\n"
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.test_request_context():
        cpu = time.process_time()
        try:
            read_sheet(sheet)
        except SheetError as error:
            sentence = error.sentences[0]
        print(f"{'reader alone':14} 15,000 names refused in {time.process_time() - cpu:.3f} s CPU: {sentence[:90]}")


def build_backups(sizes: list[float]) -> dict[float, bytes]:
    from restore import backup_of_games

    workdir = Path(tempfile.mkdtemp(prefix="companion-imports-backup-"))
    try:
        probe = backup_of_games(workdir, 200, 12)
        per_game = len(json.dumps(probe).encode()) / 200
        found = {}
        for size in sizes:
            games = max(1, round(size * 1024 * 1024 / per_game))
            found[size] = json.dumps(backup_of_games(workdir, games, 12)).encode()
            print(f"(a backup of {games:,} games, {len(found[size]) / 1024 / 1024:.1f} MB)")
        return found
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", default="refuse,paper:350,paper:2000,restore:19")
    parser.add_argument("--form-limit-mb", type=int, default=0, help="raise the app-wide form limit (the app before)")
    args = parser.parse_args()
    cases = args.cases.split(",")
    sizes = [float(c.split(":")[1]) for c in cases if c.startswith("restore:")]
    backups = build_backups(sizes) if sizes else {}
    if "refuse" in cases:
        reader_alone()
    for case in cases:
        run_case(case, args, {float(k): v for k, v in backups.items()})


if __name__ == "__main__":
    main()
