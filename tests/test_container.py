"""The container image, built and run for real with Debian's podman: the owner set up over HTTP from the setup
link in the log, a deal played, the container restarted, the deal still there.

The image builds with no network: its base (the name the Containerfile's FROM uses) is made from Debian's
packages by ``scripts/container-base.sh`` (``make test`` runs it first), and the app's wheels are built here,
on the host, and copied in. Skipped, with the reason, only where podman can't run at all.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.conftest import free_port
from tests.pages import parse
from tests.phone_client import Browser, csrf

REPOSITORY = Path(__file__).resolve().parent.parent
CONF = Path(__file__).resolve().parent / "containers.conf"
BASE = re.search(r"^FROM (\S+)", (REPOSITORY / "Containerfile").read_text(), re.M).group(1)  # type: ignore[union-attr]


def podman(*args: str, check: bool = True, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["podman", *args],
        check=check,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "CONTAINERS_CONF": str(CONF)},
    )


def podman_runs() -> str | None:
    """Why podman can't run containers here, or None when it can."""
    if shutil.which("podman") is None:
        return "podman is not installed (make test installs it with apt-get)"
    if podman("image", "exists", BASE, check=False).returncode != 0:
        return f"the base image {BASE} is missing: scripts/container-base.sh makes it (make test runs it)"
    probe = podman("run", "--rm", "--pull=never", "--network=none", BASE, "true", check=False)
    if probe.returncode != 0:
        return f"podman can't run a container here: {probe.stderr.strip()[:300]}"
    return None


@pytest.fixture(scope="module")
def image(tmp_path_factory: pytest.TempPathFactory):
    reason = podman_runs()
    if reason:
        pytest.skip(reason)
    context = tmp_path_factory.mktemp("image")
    wheels = context / "build" / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--wheel-dir",
         str(wheels), str(REPOSITORY)],
        check=True,
        capture_output=True,
    )
    (app_wheel,) = wheels.glob("companion-*.whl")
    # the dependencies' wheels, for the image's Python (Debian bookworm's 3.11) on this machine's processor
    machine = os.uname().machine
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:", "--python-version", "3.11",
         "--implementation", "cp", *[f"--platform={tag}_{machine}" for tag in ("manylinux2014", "manylinux_2_28")],
         "--dest", str(wheels), str(app_wheel)],
        check=True,
        capture_output=True,
    )
    shutil.copy2(REPOSITORY / "Containerfile", context / "Containerfile")
    tag = f"localhost/rummy-companion-test:{uuid.uuid4().hex[:8]}"
    podman("build", "--pull=never", "--format=docker", "--quiet", "-f", "Containerfile", "-t", tag, str(context))
    yield tag
    podman("rmi", "-f", tag, check=False)


def wait_for_health(origin: str, container: str) -> None:
    browser = Browser()
    for _ in range(240):  # counted tries, each a quarter second apart: a slow machine gets a minute
        try:
            status, _url, body = browser.open(origin + "/healthz")
        except OSError:  # not listening yet (refused, reset): urllib's URLError is an OSError
            status = 0
        if status == 200:
            assert json.loads(body)["status"] == "ok"
            return
        time.sleep(0.25)
    raise AssertionError("the container never answered /healthz:\n" + podman("logs", container, check=False).stdout)


def test_the_image_serves_keeps_its_data_and_restarts(image):
    name = f"rummy-test-{uuid.uuid4().hex[:8]}"
    volume = f"{name}-data"
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    podman("volume", "create", volume)
    try:
        podman(
            "run", "--detach", "--name", name, "--pull=never", "--publish", f"127.0.0.1:{port}:8000",
            "--volume", f"{volume}:/data", "--env", f"COMPANION_ORIGIN={origin}", image,
        )
        wait_for_health(origin, name)
        log = podman("logs", name).stdout + podman("logs", name).stderr
        (setup_link,) = re.findall(rf"{re.escape(origin)}/setup/\S+", log)
        assert podman("exec", name, "id", "-un").stdout.strip() == "rummy"  # never root

        owner = Browser()
        status, _url, html = owner.open(setup_link)
        assert status == 200
        status, url, _html = owner.open(
            setup_link, {"csrf_token": csrf(html), "username": "Mum", "password": "correct horse battery"}
        )
        assert status == 200 and url == origin + "/"
        status, _url, html = owner.open(origin + "/games/new")
        form = {"csrf_token": csrf(html), "ruleset": "contract", "first_dealer": "0"}
        form.update({f"seats-{i}-new_name": seat for i, seat in enumerate(["Mum", "Dad", "Ann"])})
        status, game_url, html = owner.open(origin + "/games/new", form)
        assert status == 200 and "/games/" in game_url
        status, _url, html = owner.open(game_url + "/deals/1")
        deal = {"csrf_token": csrf(html), "went_out": "1", "hands-0-cards": "K Q 7", "hands-1-cards": "",
                "hands-2-cards": "A"}
        status, _url, html = owner.open(game_url + "/deals/1", deal)
        assert status == 200, html

        podman("restart", "--time", "20", name)
        wait_for_health(origin, name)
        status, _url, html = owner.open(game_url)  # the same phone: still signed in (the secret key is kept)
        assert status == 200
        totals = [cell.text.strip() for cell in parse(html).find(id="scoreboard").find("tfoot").find_all("td")]
        assert totals == ["27", "0", "15"]  # Mum K+Q+7 = 27, Dad went out, Ann's ace 15 (RULES.md §3.1)
        backups = podman("exec", name, "ls", "/data/backups").stdout.split()
        assert backups and all(each.startswith("daily-") for each in backups)
        health = podman("inspect", "--format", "{{.Config.Healthcheck.Test}}", name).stdout
        assert "/healthz" in health
    finally:
        podman("rm", "--force", "--time", "5", name, check=False)
        podman("volume", "rm", "--force", volume, check=False)


def test_the_compose_file_runs_the_image_as_the_readme_says():
    import yaml

    compose = yaml.safe_load((REPOSITORY / "compose.yaml").read_text())
    app = compose["services"]["app"]
    assert app["restart"] == "unless-stopped"
    assert app["volumes"] == ["companion-data:/data"] and "companion-data" in compose["volumes"]
    assert "/healthz" in " ".join(app["healthcheck"]["test"])
    assert {"COMPANION_ORIGIN", "DATABASE_URL"} <= set(app["environment"])
    postgres = compose["services"]["app-postgres"]
    assert postgres["profiles"] == ["postgres"] and compose["services"]["db"]["profiles"] == ["postgres"]
    assert postgres["environment"]["DATABASE_URL"].startswith("postgresql+psycopg://")
    containerfile = (REPOSITORY / "Containerfile").read_text()
    assert "\nUSER rummy\n" in containerfile and "COMPANION_INSTANCE_PATH=/data" in containerfile


def test_the_changelog_and_licence_name_this_version():
    import tomllib

    version = tomllib.loads((REPOSITORY / "pyproject.toml").read_text())["project"]["version"]
    assert f"\n## [{version}] - " in (REPOSITORY / "CHANGELOG.md").read_text()
    assert (REPOSITORY / "LICENSE").read_text().startswith("MIT License\n")
