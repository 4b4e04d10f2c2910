"""What a phone on the home network does on first run, as a program run inside the test's network namespace.

``python phone_client.py ORIGIN SETUP_LINK`` opens the app at ORIGIN (a
stranger is asked to wait), makes the owner through the setup link, starts a
game and reads its watch link and QR code; then opens the watch link. It
prints one JSON object of what it saw. Standard library only (plus the
tests' HTML reader), and never a proxy: the phone talks to the app directly.
"""

from __future__ import annotations

import http.cookiejar
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pages import parse  # noqa: E402


class Browser:
    def __init__(self) -> None:
        self.opener = urllib.request.build_opener(
            urllib.request.ProxyHandler({}), urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def open(self, url: str, data: dict[str, str] | None = None) -> tuple[int, str, str]:
        """``(status, final URL, body)`` after redirects."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        try:
            with self.opener.open(url, data=body, timeout=30) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.url, error.read().decode()


def csrf(html: str) -> str:
    return parse(html).find("input", name="csrf_token").attrs["value"]


def main(origin: str, setup_link: str) -> dict[str, object]:
    seen: dict[str, object] = {}
    stranger = Browser()
    status, url, html = stranger.open(origin + "/")
    seen["stranger"] = {"status": status, "url": url, "text": parse(html).find("main").text}

    owner = Browser()
    status, url, html = owner.open(setup_link)
    seen["setup_form"] = status
    status, url, html = owner.open(
        setup_link, {"csrf_token": csrf(html), "username": "Mum", "password": "correct horse battery"}
    )
    seen["after_setup"] = {"status": status, "url": url}

    status, url, html = owner.open(origin + "/games/new")
    form = {"csrf_token": csrf(html), "ruleset": "contract", "first_dealer": "0"}
    form.update({f"seats-{i}-new_name": name for i, name in enumerate(["Mum", "Dad", "Ann"])})
    status, game_url, html = owner.open(origin + "/games/new", form)
    seen["game"] = {"status": status, "url": game_url}
    page = parse(html)
    share = page.find(cls="share")
    seen["watch_link"] = share.find("input").attrs["value"]
    seen["qr_svg_paths"] = [path.attrs["d"] for path in share.find_all("path")]

    watcher = Browser()
    status, url, html = watcher.open(str(seen["watch_link"]))
    seen["watch"] = {"status": status, "url": url, "h1": parse(html).find("h1").text}
    return seen


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2])))
