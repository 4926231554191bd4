"""No import circle among the store's modules, nor among the live matches' (``server/live``).

``tests/test_imports.py`` checks every package by the modules named in ``from a.b import c``;
here ``c`` counts when it is a module (``from gamehall.server.live import sync``), and a name
taken from a package's ``__init__`` counts as importing it, so that a circle through a
package's re-exports is found as well. Type-only imports count: they tie the modules as much.
"""

import ast
from pathlib import Path

import networkx as nx
import pytest

SOURCE = Path(__file__).resolve().parents[2] / "src"


def _module(path: Path) -> str:
    parts = path.relative_to(SOURCE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph(package: str) -> "nx.DiGraph[str]":
    """The imports among the modules of ``package`` (a dotted name), its ``__init__`` included."""
    folder = SOURCE.joinpath(*package.split("."))
    modules = {_module(path): path for path in folder.glob("*.py")}
    graph: nx.DiGraph[str] = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text())):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                named = [f"{node.module}.{alias.name}" for alias in node.names]
                modules_named = [name for name in named if name in modules]
                targets = modules_named if modules_named else [node.module]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            graph.add_edges_from((name, t) for t in targets if t in modules and t != name)
    return graph


@pytest.mark.parametrize("package", ["gamehall.store", "gamehall.server.live"])
def test_no_import_circle(package: str) -> None:
    circles = list(nx.simple_cycles(_graph(package)))
    assert not circles, f"import circles in {package}: {circles}"


def test_the_graph_holds_the_imports() -> None:
    """The graph is read right: ``Store`` composes the repositories, and the package
    re-exports it."""
    graph = _graph("gamehall.store")
    assert graph.has_edge("gamehall.store.store", "gamehall.store.users")
    assert graph.has_edge("gamehall.store", "gamehall.store.store")
