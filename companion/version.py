"""The version a person sees (the account page, ``/healthz``): the one number in ``pyproject.toml``.

Read from the installed package's metadata, which pip writes from ``pyproject.toml`` for an editable install
and a wheel alike, so the number is written in one place. A copy run from a folder that was never installed
says so rather than guess.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    VERSION = version("companion")
    """This copy's version, as ``pyproject.toml`` gives it (``1.0.0``)."""
except PackageNotFoundError:  # a source folder put on sys.path by hand, never installed
    VERSION = "unknown"
