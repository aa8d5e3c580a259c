"""The shape of the house: apps import downwards only, no module cycle, no hidden imports inside functions.

The order (README, "Layout"): a module of an app imports modules of its own app or of a lower app, never of a
higher one. The pure cores are leaves that import nothing of the project but other pure modules, so any app
may use them. An import inside a function is allowed only with a comment that says why
(``# inner import: …``); imports under ``if TYPE_CHECKING:`` name types only and are not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ORDER = [
    "tournaments",
    "registration",
    "draw",
    "standings",
    "judging",
    "records",
    # The federation's register and rating: above the tournament's apps (it reads their results, places,
    # officials and sanctions), below the documents, pages and API that print its IDs and ratings.
    "federation",
    # Entry fees and prize money (issue 34): reads entries, participants and the final standings; the
    # documents (the payers' list, the prize annex) and pages above it print its ledgers.
    "fees",
    "protocols",
    "interchange",
    "public",
    # The season (issue 32): the calendar and the series read finished events' places and print documents;
    # the season's paperwork (ЕВСК norms, rank dossiers, the report package) bundles the event's documents.
    "season",
    "reporting",
    # Notifications (issue 33): hears the tournament's apps and tells the people who asked.
    "notify",
    "api",
]
TOP = {"config"}  # settings and URLs see every app
PURE = (
    "draw/pairing/",
    "standings/metrics.py",
    "standings/team_metrics.py",
    "standings/board_standings.py",
    "interchange/trf.py",
    "registration/admission.py",
    "rules_core/",
    "federation/rating/",
    "fees/money.py",
    "season/scoring.py",
)
PROJECT = set(ORDER) | TOP | {"rules_core"}


def _modules():
    for path in sorted(ROOT.glob("*/**/*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.split("/")[0] not in PROJECT or "/migrations/" in rel:
            continue
        yield rel, path


def _name(rel: str) -> str:
    parts = rel[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_pure(rel: str) -> bool:
    return rel.startswith(PURE)


def _pure_module(name: str) -> bool:
    rel = name.replace(".", "/")
    return any(rel.startswith(p.rstrip("/").removesuffix(".py")) for p in PURE)


def _imports(rel: str, path: Path):
    """(imported module, line, inside a function, has a why-comment) for every project import."""
    source = path.read_text()
    lines = source.splitlines()
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for n in ast.walk(node)}
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    inner = {id(n) for f in functions for n in ast.walk(f)}
    package = _name(rel) if rel.endswith("__init__.py") else _name(rel).rpartition(".")[0]
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            targets = [f"{base}.{a.name}" for a in node.names] if base else []
        else:
            continue
        for target in targets:
            if target.split(".")[0] not in PROJECT and id(node) not in inner:
                continue
            context = " ".join(lines[max(0, node.lineno - 2) : node.end_lineno])
            yield target, node.lineno, id(node) in inner, "inner import:" in context


def _resolve(target: str, known: set[str]) -> str:
    """The module an imported name lives in (``from draw import results`` → ``draw.results``)."""
    while target and target not in known:
        target = target.rpartition(".")[0]
    return target


def test_apps_import_downwards_only_and_pure_cores_import_nothing_of_the_project():
    modules = dict(_modules())
    known = {_name(rel) for rel in modules}
    wrong = []
    for rel, path in modules.items():
        app = rel.split("/")[0]
        for target, line, _inner, _why in _imports(rel, path):
            module = _resolve(target, known)
            other = module.split(".")[0]
            if not module:
                continue  # a library imported inside a function: see the next test
            if _is_pure(rel):
                if not _pure_module(module):
                    wrong.append(f"{rel}:{line}: the pure module imports {module}")
                continue
            if _pure_module(module) or other == app or app in TOP:
                continue
            if other in TOP or ORDER.index(other) > ORDER.index(app):
                wrong.append(f"{rel}:{line}: {app} imports the higher {module}")
    assert not wrong, "\n".join(wrong)


def test_the_pure_cores_import_no_django_and_no_database_library():
    """Pairing, the standings' metrics, the admission checks and the rules of the game are plain Python: the
    web app, a command line and another program call them alike (DESIGN, "Pure cores, thin Django")."""
    banned = ("django", "celery", "psycopg", "redis", "ninja", "django_tables2", "reportlab")
    wrong = []
    for rel, path in _modules():
        if not _is_pure(rel):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            wrong += [f"{rel}:{node.lineno}: {n}" for n in names if n.split(".")[0] in banned]
    assert not wrong, "\n".join(wrong)


def test_no_import_inside_a_function_without_a_reason():
    wrong = [
        f"{rel}:{line}: {target}"
        for rel, path in _modules()
        for target, line, inner, why in _imports(rel, path)
        if inner and not why
    ]
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle_between_modules():
    modules = dict(_modules())
    known = {_name(rel) for rel in modules}
    graph: dict[str, set[str]] = {_name(rel): set() for rel in modules}
    for rel, path in modules.items():
        for target, _line, inner, _why in _imports(rel, path):
            module = _resolve(target, known)
            if module and module != _name(rel) and not inner:  # inner ones are checked above
                graph[_name(rel)].add(module)
    # A package's __init__ is imported on the way to its modules: an edge into it is not a cycle by itself.
    state: dict[str, int] = {}
    cycles = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(" → ".join([*stack[stack.index(nxt) :], nxt]))
            elif nxt not in state:
                visit(nxt, [*stack, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert not cycles, "\n".join(cycles)


def test_the_settings_list_the_apps_in_the_layer_order():
    from django.conf import settings

    ours = [a for a in settings.INSTALLED_APPS if a in ORDER]
    assert ours == ORDER
