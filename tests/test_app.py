"""The app factory, the home page and the vendored htmx."""

import hashlib
from pathlib import Path

from companion import create_app
from companion.rules import RULESETS

HTMX = Path(__file__).resolve().parent.parent / "static" / "vendor" / "htmx-2.0.11.min.js"


def test_factory_uses_test_config(tmp_path):
    assert not create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"}).testing
    assert create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"}).testing


def test_secret_key_is_made_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app()
    assert Path(app.instance_path) == tmp_path / "instance"
    key_file = Path(app.instance_path) / "secret_key"
    assert key_file.exists()
    assert app.config["SECRET_KEY"] == key_file.read_text().strip()
    assert len(app.config["SECRET_KEY"]) == 64
    assert create_app().config["SECRET_KEY"] == app.config["SECRET_KEY"]  # kept, not remade


def test_home_lists_every_ruleset(client):
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for ruleset in RULESETS.values():
        assert ruleset.name.replace("'", "&#39;") in page


def test_home_loads_vendored_htmx(client):
    page = client.get("/").get_data(as_text=True)
    assert "vendor/htmx-2.0.11.min.js" in page
    with client.get("/static/vendor/htmx-2.0.11.min.js") as response:
        assert response.status_code == 200


def test_vendored_htmx_is_the_released_2_0_11():
    digest = hashlib.sha256(HTMX.read_bytes()).hexdigest()
    assert digest == "d6fdc75f204e6bdefa99b69bf1e6d4ac69b8a364f77929f45c13476b4000f717"
