"""A signed-in phone's name as a person knows it ("Chrome on Android", "Safari on iPhone"), from its browser string.

Browser strings pile up the names of every engine they claim to be like
(Chrome on Android says "Safari", Edge says "Chrome"), so the tokens are
tried most specific first. Only the first ``LONGEST`` characters are read,
and the answer is always made of this module's own words: whatever a
browser sends, nothing of it is shown.
"""

from __future__ import annotations

from flask_babel import gettext as _

from ..i18n import N_

LONGEST = 512
"""Characters of a browser string looked at (a stored one is cut at 120; a hostile one may be huge)."""

#: (token in the browser string, the browser's name), most specific first.
BROWSERS: tuple[tuple[str, str], ...] = (
    ("EdgA/", "Edge"),
    ("EdgiOS/", "Edge"),
    ("Edg/", "Edge"),
    ("Edge/", "Edge"),
    ("OPR/", "Opera"),
    ("OPiOS/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("FxiOS/", "Firefox"),
    ("Firefox/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chrome/", "Chrome"),
    ("Chromium/", "Chromium"),
    ("Safari/", "Safari"),
    ("Version/", "Safari"),  # Safari's own mark, when a kept string lost its end
)

#: (token, the device or system's name), most specific first (an iPad's string says "like Mac OS X").
PLATFORMS: tuple[tuple[str, str], ...] = (
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("CrOS", N_("a Chromebook")),
    ("Macintosh", "Mac"),
    ("Linux", "Linux"),
)


STORED = 120
"""Characters of a browser string a sign-in keeps (LoginSession.agent)."""


def kept_agent(agent: str | None) -> str | None:
    """The browser string as a sign-in keeps it: whole if short, else its start (the system) and end (the browser)."""
    if not agent:
        return None
    # no control characters: PostgreSQL refuses a NUL in text (a 500 at sign-in), and none belongs in a name
    agent = "".join(ch if ch.isprintable() else " " for ch in agent)
    if len(agent) <= STORED:
        return agent
    half = (STORED - 1) // 2
    return agent[:half] + "…" + agent[-(STORED - 1 - half):]


def device_name(agent: str | None) -> str:
    """``"Chrome on Android"``, ``"Safari on iPhone"``, ``"Firefox"``, ``"A browser on Linux"``, ``"A browser"``."""
    text = (agent or "")[:LONGEST]
    platform = next((name for token, name in PLATFORMS if token in text), None)
    browser = _browser(text, platform)
    if platform:
        platform = _(platform)  # "a Chromebook" has its words in each language; the names stay as they are
    if browser and platform:
        return _("%(browser)s on %(platform)s", browser=browser, platform=platform)
    if browser:
        return browser
    return _("A browser on %(platform)s", platform=platform) if platform else _("A browser")


def _browser(text: str, platform: str | None) -> str | None:
    """The browser the string names (the first of :data:`BROWSERS` in it), or ``None``; "Safari" only on Apple's systems."""
    browser = next((name for token, name in BROWSERS if token in text), None)
    if browser == "Safari" and platform not in ("iPhone", "iPad", "Mac"):
        return None  # an unknown browser claiming to be like Safari, as nearly all do
    return browser
