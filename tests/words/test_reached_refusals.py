"""Every refusal a player or a bot's programmer can meet carries a reason, so that it is said in
the reader's words: the raise sites of the ``GameError`` family in the code a player reaches
(writing a play, the actions and their shape, renju's opening choices, the match's end, the
socket's and the bot API's refusals, names, passwords and dice seeds, a match record read back)
each give ``reason=``, but for the few programmer-only errors named below."""

import ast
import importlib
from pathlib import Path

import gamehall
from gamehall.errors import GameError

SRC = Path(gamehall.__file__).parent

REACHED: dict[str, frozenset[str] | None] = {
    "tables/position.py": None,
    "tables/moves.py": None,
    "play/actions.py": None,
    "play/match.py": None,
    "play/renju_match.py": None,
    "play/renju_openings.py": None,
    "play/takebacks.py": None,
    "server/api.py": None,
    "server/ws.py": None,
    "server/bot_api.py": None,
    "server/live/manager.py": None,
    "store/checks.py": frozenset({"check_name", "check_password", "check_seed"}),
    "store/users.py": frozenset({"create", "create_guest", "make_bot"}),
}
"""The modules a player reaches, each with the functions that do (None: all of them)."""

PROGRAMMER_ONLY = {
    ("play/match.py", "__init__"): "a match is made with two players by the hall's own code",
    ("play/match.py", "apply"): "the seat and the Action value are the server's, not typed",
    ("play/match.py", "act"): "a library caller's keyword clash, never a player's",
    ("play/match.py", "forfeit"): "the server forfeits a seat it knows, in a started match",
    ("play/match.py", "from_snapshot"): "the server's own stored snapshot, checked on reload",
    ("play/match.py", "_restore"): "the server's own stored snapshot, checked on reload",
    ("play/renju_match.py", "_set_up"): "a tables game's settings given to RenjuMatch in code",
    ("play/renju_openings.py", "from_dict"): "the opening's state in the server's snapshot",
    ("play/renju_openings.py", "_read_declared"): "the opening's state in the server's snapshot",
    ("play/takebacks.py", "_allow"): "the referee allows takebacks (no player sends it)",
}
"""(module, function) whose refusals only a programmer meets, with why."""

PROGRAMMER_MESSAGES = {
    ("play/match.py", "_act"): ("must come from a player", "the referee starts the match"),
    ("play/takebacks.py", "apply"): ("must come from a player",),
}
"""Refusals inside a reached function that only the referee's own calls can meet: the
referee's actions (``Start``, ``AllowTakebacks``) sent without a player, or by one, which the
wire cannot do (``action_from_dict`` refuses them first)."""


def _family() -> set[str]:
    """The names of the GameError family's classes, the reached modules loaded."""
    for path in REACHED:
        importlib.import_module("gamehall." + path.removesuffix(".py").replace("/", "."))
    found: set[str] = set()
    waiting: list[type[GameError]] = [GameError]
    while waiting:
        kind = waiting.pop()
        found.add(kind.__name__)
        waiting.extend(kind.__subclasses__())
    return found


def _unreasoned(path: str, functions: frozenset[str] | None, family: set[str]) -> list[str]:
    """The raise sites of ``path`` (in ``functions``, if given) without a reason."""
    tree = ast.parse((SRC / path).read_text(encoding="utf-8"))
    found: list[str] = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if functions is not None and function.name not in functions:
            continue
        if (path, function.name) in PROGRAMMER_ONLY:
            continue
        for node in ast.walk(function):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            called = node.exc.func
            name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
            if name not in family or any(k.arg == "reason" for k in node.exc.keywords):
                continue
            text = ast.unparse(node.exc)
            if any(m in text for m in PROGRAMMER_MESSAGES.get((path, function.name), ())):
                continue
            found.append(f"{path}:{node.lineno} in {function.name}: {text[:80]}")
    return found


def test_every_refusal_a_player_meets_has_a_reason() -> None:
    family = _family()
    missing = [site for path, fs in REACHED.items() for site in _unreasoned(path, fs, family)]
    assert not missing, "\n".join(missing)


def test_the_allow_list_names_functions_that_exist() -> None:
    for path, function in [*PROGRAMMER_ONLY, *PROGRAMMER_MESSAGES]:
        tree = ast.parse((SRC / path).read_text(encoding="utf-8"))
        names = {
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        }
        assert function in names, (path, function)
