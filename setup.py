"""Packaging hook: the wheel carries the top-level site folders inside the package.

``templates/``, ``static/`` and ``migrations/`` stay at the top of the repository
(the product card's layout), so ``packages.find`` never sees them; a built wheel
holds them as ``companion/templates``, ``companion/static`` and
``companion/migrations``, where ``create_app`` looks when it runs installed.
Everything else is in ``pyproject.toml``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SITE_FOLDERS = ("templates", "static", "migrations")
"""The top-level folders the app reads at run time, copied into the package in a build."""


class BuildWithSiteFolders(build_py):
    """``build_py`` that also copies the site folders into the built package (not for editable installs,
    which run from the repository and find the folders beside the package)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        here = Path(__file__).resolve().parent
        for folder in SITE_FOLDERS:
            target = Path(self.build_lib) / "companion" / folder
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(
                here / folder, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
            )


setup(cmdclass={"build_py": BuildWithSiteFolders})
