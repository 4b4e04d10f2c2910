"""``make run``'s server command (``flask --app companion serve``), opened from another device on the home network.

The other device is a network namespace made for the test (see
:mod:`netns`); the server is gunicorn on a free port with its own instance
folder and SQLite file. Needs root and ``ip`` (skipped, saying why, without).
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import segno
from netns import local_addresses, phone_namespace, why_not

from companion.links import network_address
from tests.conftest import free_port

TESTS = Path(__file__).resolve().parent
FLASK = str(Path(sys.executable).with_name("flask"))


class Served:
    """The server command running, with what it printed so far."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
        )
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if "Listening at:" in line or "Booting worker" in line:
                self.ready.set()
        self.ready.set()

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def wait_until_listening(self, port: int, host: str = "127.0.0.1") -> None:
        """Until gunicorn answers: up to 300 tries 0.2 s apart (a count, not a clock reading or a speed check)."""
        for _ in range(300):
            assert self.process.poll() is None, f"the server stopped:\n{self.output}"
            try:
                with socket.create_connection((host, port), timeout=1):
                    return
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"the server never answered on port {port}:\n{self.output}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, 15)  # gunicorn's master and its workers: the group this test started
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, 9)
                self.process.wait()
        self.reader.join(timeout=10)  # the output ends with the process
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture
def serve(tmp_path):
    """``serve(*args)``: the server command started with a fresh instance folder; stopped afterwards."""
    started: list[Served] = []

    def start(*args: str) -> Served:
        env = {key: value for key, value in os.environ.items() if not key.startswith("COMPANION_")}
        env.update(
            COMPANION_INSTANCE_PATH=str(tmp_path / "instance"),
            # SQLite in the test's folder on every run: the command applies the migrations to its database
            DATABASE_URL=f"sqlite:///{tmp_path / 'instance' / 'companion.sqlite'}",
            PYTHONUNBUFFERED="1",
        )
        served = Served([FLASK, "--app", "companion", "serve", *args], env)
        started.append(served)
        return served

    yield start
    for served in started:
        served.stop()


def printed_links(output: str) -> list[str]:
    return re.findall(r"^  (http://\S+)$", output, flags=re.MULTILINE)


def terminal_qr(text: str) -> str:
    """The QR code a phone's camera reads off the terminal, drawn by segno (the library, not our helper)."""
    import io

    out = io.StringIO()
    segno.make(text, error="l").terminal(out=out, compact=True)
    return out.getvalue()


@pytest.mark.skipif(why_not() is not None, reason=why_not() or "")
def test_a_phone_on_the_home_network_opens_the_printed_address_and_gets_links_with_it(serve):
    port = free_port("0.0.0.0")
    served = serve("--port", str(port))
    served.wait_until_listening(port)
    origin, setup_link = printed_links(served.output)

    # the printed address is this machine's, on its network (not loopback), with the port
    match = re.fullmatch(r"http://([\d.]+):(\d+)", origin)
    assert match, origin
    assert int(match.group(2)) == port
    assert match.group(1) in local_addresses() - {"127.0.0.1"}
    assert re.fullmatch(re.escape(origin) + r"/setup/[A-Za-z0-9_-]{20,}", setup_link)
    # each with its QR code, in the order printed
    assert terminal_qr(origin) in served.output
    assert terminal_qr(setup_link) in served.output
    assert served.output.index(terminal_qr(origin)) < served.output.index(setup_link)

    with phone_namespace() as phone:
        # the phone is another machine: this machine's loopback is not its own
        seen_from_phone = phone.run(sys.executable, "-c", "import socket; print(socket.gethostname())", capture_output=True)
        assert seen_from_phone.returncode == 0
        done = phone.run(
            sys.executable, str(TESTS / "phone_client.py"), origin, setup_link, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr + "\n" + served.output
        seen = json.loads(done.stdout)

    # before the owner exists, a phone that just opens the address is asked to wait
    assert seen["stranger"]["status"] == 403
    assert seen["stranger"]["url"] == f"{origin}/setup"
    assert "Ask the person who started the app" in seen["stranger"]["text"]
    # the printed link makes the owner
    assert seen["setup_form"] == 200
    assert seen["after_setup"] == {"status": 200, "url": f"{origin}/"}
    assert seen["game"]["status"] == 200 and re.fullmatch(re.escape(origin) + r"/games/\d+", seen["game"]["url"])
    # the watch link and its QR code carry the printed address; the link opens the game for anyone
    watch_link = seen["watch_link"]
    assert re.fullmatch(re.escape(origin) + r"/watch/g/[A-Za-z0-9_-]+", watch_link), watch_link
    # the QR code's dark modules are those segno draws for the watch link (the app asks for error level M)
    dark_modules = segno.make(watch_link, error="m").svg_inline(scale=4, border=2, omitsize=True, light=None)
    assert re.search(r' d="([^"]+)"', dark_modules).group(1) in seen["qr_svg_paths"]
    assert seen["watch"] == {"status": 200, "url": watch_link, "h1": "Contract Rummy"}


@pytest.mark.skipif(why_not() is not None, reason=why_not() or "")
def test_local_serves_this_machine_only(serve):
    port = free_port("0.0.0.0")
    served = serve("--port", str(port), "--local")
    served.wait_until_listening(port)
    assert f"for this machine only: open http://127.0.0.1:{port}" in served.output
    address = network_address()
    if address is not None:
        with pytest.raises(OSError):
            socket.create_connection((address, port), timeout=2).close()
    with phone_namespace() as phone:
        # the phone can reach this machine (the pair's address)... but the app doesn't listen there
        reached = phone.run(
            sys.executable,
            "-c",
            f"import socket; socket.create_connection(({phone.host_address!r}, {port}), timeout=5)",
            capture_output=True,
            text=True,
        )
        assert reached.returncode != 0
        assert "ConnectionRefusedError" in reached.stderr
