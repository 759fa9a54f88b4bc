"""The house's layering, read from the code: no import cycles (function-level imports included,
since a lazy import is still a dependency) and the card layer imports nothing above it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "deckcheck"
# what deckcheck.cards may import of the rest of the house (lazy_pattern: a regex compiled on first
# use, which imports nothing of the house; wording: how a message words a count, likewise)
BELOW_CARDS = {
    "deckcheck",
    "deckcheck.errors",
    "deckcheck.atomic",
    "deckcheck._gc",
    "deckcheck.lazy_pattern",
    "deckcheck.value",
    "deckcheck.wording",
}


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {dep for dep in found if dep in MODULES and dep != name}


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def test_the_graph_is_read() -> None:
    assert "deckcheck.card_facts" in GRAPH["deckcheck.fastcheck"]
    assert "deckcheck.rules.companions" in GRAPH["deckcheck.card_facts"]


def test_no_import_cycles() -> None:
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            raise AssertionError("import cycle: " + " -> ".join([*path[path.index(name) :], name]))
        if name in done:
            return
        for dep in sorted(GRAPH[name]):
            if dep != "deckcheck":  # the package's own __init__ (its version) sits below all
                visit(dep, [*path, name])
        done.add(name)

    for name in sorted(GRAPH):
        visit(name, [])


def test_the_card_layer_imports_nothing_above_it() -> None:
    upward = {
        (name, dep)
        for name, deps in GRAPH.items()
        if name.startswith("deckcheck.cards")
        for dep in deps
        if not dep.startswith("deckcheck.cards") and dep not in BELOW_CARDS
    }
    assert not upward


def test_no_module_is_imported_by_a_string() -> None:
    """importlib.import_module hides a dependency from the graph above; only the lazy loaders that
    name their modules in a table may use it."""
    allowed = {"deckcheck.decklist", "deckcheck.findings"}
    users = {name for name, path in MODULES.items() if "import_module(" in path.read_text(encoding="utf-8")}
    assert users <= allowed
