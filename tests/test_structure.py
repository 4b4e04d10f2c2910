"""The web layer's shape: no import cycle between the app's packages, nor between two modules of one package.

Every ``import`` and ``from ... import`` in ``companion/`` (at the top of a
module or inside a function: a cycle hidden in a function is still a cycle)
is an edge; the test looks for cycles among packages (``games``, ``leagues``
...) and among the modules of each package.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "companion"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for path in ROOT.rglob("*.py"):
        name = _module(path)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        targets = edges.setdefault(name, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")
                if node.level:
                    base = base[: len(base) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if target.startswith("companion"):
                    targets.add(target)
                    targets.update(f"{target}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names if alias.name.startswith("companion"))
    return edges


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def _package(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and (ROOT / parts[1]).is_dir() else None


PACKAGES = sorted(path.name for path in ROOT.iterdir() if (path / "__init__.py").is_file())
"""Every package of the app, the engine (``rules``) included."""


def test_no_import_cycle_between_packages():
    graph: dict[str, set[str]] = {}
    for source, targets in _imports().items():
        here = _package(source)
        if here is None:
            continue
        graph.setdefault(here, set()).update(p for t in targets if (p := _package(t)) and p != here)
    assert {"games", "leagues", "house_rules", "rules_ui", "rules"} <= set(graph)
    assert _cycle(graph) is None, _cycle(graph)


def test_no_import_cycle_between_the_modules_of_a_package():
    edges = _imports()
    modules = set(edges)
    for package in PACKAGES:
        prefix = f"companion.{package}."
        graph = {
            m: {t for t in targets if t in modules and t.startswith(prefix) and t != m}
            for m, targets in edges.items()
            if m.startswith(prefix)
        }
        assert _cycle(graph) is None, _cycle(graph)


def test_the_cycle_finder_finds_a_cycle():
    """The check can fail: the two cycles this test once let through, as graphs, are found."""
    assert _cycle({"house_rules": {"rules_ui"}, "rules_ui": {"house_rules", "rules"}}) == [
        "house_rules", "rules_ui", "house_rules"
    ]
    assert _cycle({"games.routes": {"games.offline"}, "games.offline": {"games.routes"}}) is not None
    assert _cycle({"games.routes": {"games.offline", "games.entry"}, "games.offline": {"games.entry"}}) is None


# -- the rules engine imports nothing of the web ---------------------------------------------------

ENGINE = ROOT / "rules"
#: What the engine may import besides itself: Python's standard library only (it is pure, and typed strictly).
WEB = ("flask", "flask_", "sqlalchemy", "werkzeug", "wtforms", "jinja2", "markupsafe", "psycopg", "waitress", "gunicorn")


def engine_imports() -> dict[str, set[str]]:
    """Every module each engine file imports, as an absolute name (relative imports resolved)."""
    found: dict[str, set[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        module = "companion." + ".".join(path.relative_to(ROOT).with_suffix("").parts)
        package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    names.add(".".join([*base, *([node.module] if node.module else [])]))
                else:
                    names.add(node.module or "")
        found[module] = names
    return found


def _foreign(name: str) -> bool:
    top = name.split(".")[0]
    return (
        any(top == web or (web.endswith("_") and top.startswith(web)) for web in WEB)
        or (top == "companion" and not (name == "companion.rules" or name.startswith("companion.rules.")))
    )


def test_the_rules_engine_imports_no_web_framework_database_or_app_package():
    """companion/rules/ is pure Python: no Flask, SQLAlchemy, WTForms, nor any companion package outside it."""
    imports = engine_imports()
    assert len(imports) >= 10  # every engine module was read
    offending = {module: sorted(n for n in names if _foreign(n)) for module, names in imports.items()}
    assert {module: names for module, names in offending.items() if names} == {}


def test_the_engine_check_finds_a_web_import():
    """The check can fail: each of these, written in an engine module, is found."""
    for name in ("flask", "flask_login", "sqlalchemy.orm", "werkzeug.exceptions", "companion.models",
                 "companion.games.service", "companion.extensions"):
        assert _foreign(name), name
    for name in ("companion.rules", "companion.rules.cards", "dataclasses", "itertools", "enum"):
        assert not _foreign(name), name


# -- the score POST goes down the layers ------------------------------------------------------------

GAMES_LAYERS = (
    ("companion.games.routes",),
    ("companion.games.offline",),
    ("companion.games.entry",),
    ("companion.games.deal_entry", "companion.games.life"),
    ("companion.games.holding",),
    ("companion.games.errors",),
    ("companion.games.history", "companion.games.forms"),
    ("companion.games.state", "companion.games.changes", "companion.games.pagecache"),
    ("companion.games.phases", "companion.games.round_words"),
)
"""The games package from the pages down: a module imports only modules of the layers below its own.

The game page (routes) shows the offers the offline sync keeps (offline); both
fill the entry page (entry), which asks the use cases (deal_entry, life); they
hold the game's row before deciding (holding), raise errors and write the history, on the game's derived state (a per-player game's phases under it)."""


def _climbing(edges: dict[str, set[str]], layers: tuple[tuple[str, ...], ...]) -> list[tuple[str, str]]:
    """Every import of a module in the same layer or one above (the arrows that run back up)."""
    level = {module: depth for depth, layer in enumerate(layers) for module in layer}
    return sorted(
        (source, target)
        for source, targets in edges.items()
        if source in level
        for target in targets
        if target in level and target != source and level[target] <= level[source]
    )


def test_a_deal_entry_goes_down_the_games_layers_without_climbing_back():
    """A score POST: route -> page data -> use case -> engine, and no games module imports one above it."""
    edges = _imports()
    games = {m for m in edges if m.startswith("companion.games.")}
    listed = {module for layer in GAMES_LAYERS for module in layer}
    assert games == listed, games ^ listed  # a new module takes its place here
    assert _climbing(edges, GAMES_LAYERS) == []


def test_the_layer_check_finds_a_module_that_climbs():
    edges = {
        "companion.games.deal_entry": {"companion.games.entry", "companion.games.life", "companion.games.errors"},
        "companion.games.entry": {"companion.games.deal_entry"},
    }
    assert _climbing(edges, GAMES_LAYERS) == [
        ("companion.games.deal_entry", "companion.games.entry"),
        ("companion.games.deal_entry", "companion.games.life"),
    ]
