"""A built wheel carries the templates, static files, migrations and translations, and the app installed from it
serves pages (in Spanish too).

The folders stay at the top of the repository (the product card's layout); ``setup.py`` copies them into
``companion/`` in the build. The build runs in a copy of the repository so no ``build/`` is left behind.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parent.parent
SOURCES = ("companion", "templates", "static", "migrations", "pyproject.toml", "setup.py", "MANIFEST.in", "README.md")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        path = REPOSITORY / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, source / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q",
         "--wheel-dir", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("companion-*.whl")
    return built


def test_the_wheel_holds_the_templates_static_files_and_migrations(wheel: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    top_level = {
        f"companion/{path.relative_to(REPOSITORY).as_posix()}"
        for folder in ("templates", "static", "migrations")
        for path in (REPOSITORY / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert "companion/templates/base.html" in names
    assert "companion/static/vendor/htmx-2.0.11.min.js" in names
    assert "companion/migrations/env.py" in names
    # the Spanish catalogue and its compiled copy, which the app reads (no compile step when installed)
    assert "companion/translations/es/LC_MESSAGES/messages.po" in names
    assert "companion/translations/es/LC_MESSAGES/messages.mo" in names
    assert top_level - names == set()
    assert not any(name.startswith(("templates/", "static/")) for name in names)


def test_the_app_installed_from_the_wheel_serves_a_page_and_htmx(wheel: Path, tmp_path: Path):
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q", "--target", str(site), str(wheel)],
        check=True,
        capture_output=True,
    )
    script = textwrap.dedent(
        """
        import sys
        from pathlib import Path
        import companion
        from companion.extensions import db

        site = Path(sys.argv[1]).resolve()
        assert Path(companion.__file__).resolve().is_relative_to(site), companion.__file__
        app = companion.create_app({
            "TESTING": True, "SECRET_KEY": "wheel-test",
            "SQLALCHEMY_DATABASE_URI": "sqlite:///" + str(site.parent / "wheel.db"),
        })
        assert Path(app.template_folder).resolve().is_relative_to(site), app.template_folder
        with app.app_context():
            db.create_all()
        client = app.test_client()
        # A new server's first page asks for the owner's setup link (a page of its own, answered 403).
        page = client.get("/", follow_redirects=True)
        assert page.status_code == 403, page.status_code
        assert b"</html>" in page.data and b"/static/vendor/htmx-2.0.11.min.js?v=" in page.data, page.data
        spanish = client.get("/", headers={"Accept-Language": "es"}, follow_redirects=True).get_data(as_text=True)
        assert '<html lang="es"' in spanish and "Todavía sin configurar" in spanish, spanish
        htmx = client.get("/static/vendor/htmx-2.0.11.min.js")
        assert htmx.status_code == 200 and len(htmx.data) > 1000, htmx.status_code
        print("served")
        """
    )
    # The wheel's copy goes first on the path; the editable install's finder comes after the path's own.
    done = subprocess.run(
        [sys.executable, "-c", script, str(site)],
        cwd=tmp_path,
        env={"PYTHONPATH": str(site), "COMPANION_INSTANCE_PATH": str(tmp_path / "instance"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("served")
