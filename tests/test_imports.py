"""The import floors of core/ and tui/ (issue 18 part 3; ../shared/DESIGN.md, "Windows for
cards"): no import circle, and no import inside a function unless it keeps a heavy import out of
start-up, listed in DEFERRED_IMPORTS with its reason.

The graph is read from the source with the stdlib `ast` (nothing is imported), one node per
module of core/ and tui/, one edge per import of another of their modules:

- `import a.b.c` and `from a.b import c` (c a module) are edges to a.b.c; `from a.b import x`
  (x a name) is an edge to the package a.b;
- importing a.b.c first runs a/b/__init__.py, so an edge to a.b.c is also an edge to the package
  a.b, unless the importer is inside a.b (then that package is already being imported);
- imports under `if TYPE_CHECKING:` never run and are left out;
- an import inside a function (or lambda) is a function-level import: an edge all the same (a
  circle closed through a function is a circle), and reported unless allowed.

A failure names every remaining circle (its modules and the imports that close it, file and
line) and every function-level import not allowed, so the message is the to-do list.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "tui")

# Function-level imports allowed, (importer, imported module) -> the reason. Each keeps a heavy
# import (Textual, the rules engine with msgspec, every game's rules, the search) out of the
# start-up of `muster` (bench/startup.py measures it): the CLI answers --help and `muster list`
# without Textual, and the title screen draws before the rules engine is loaded (tui/app.py
# imports tui/screens/game.py at its top). A light module (tui.computer, tui.session) is no
# reason. An entry no longer
# needed fails `test_every_allowed_deferred_import_is_still_there`.
DEFERRED_IMPORTS: dict[tuple[str, str], str] = {
    ("tui.cli", "tui.app"): "`muster --help`, `muster list` answer without loading Textual",
    ("tui.cli", "tui.cli_parser"): "argparse and the parser of every command load only for a "
                                   "command given arguments: `muster continue` needs none",
    ("tui.cli", "tui.online_cli"): "`muster continue` starts without argparse (tui.online_cli "
                                   "adds the online commands to the parser)",
    ("tui.computer", "core.ai"): "the search (core.ai) loads when a computer player first "
                                 "thinks, not at start-up",
    ("tui.computer", "core.engine"): "the rules engine (msgspec) loads with the first game, not "
                                     "before the title screen",
    ("tui.session", "core.registry"): "every game's rules load when a game is chosen, not "
                                      "before the title screen",
    ("tui.session", "core.engine"): "the rules engine (msgspec) loads with the first game, not "
                                    "before the title screen",
    ("tui.session", "tui.stored"): "a continued game's preview (with the rules engine) loads "
                                   "with `muster continue`, not before the title screen",
    ("tui.app", "tui.screens.title"): "`muster continue` draws its game screen without "
                                      "building the title screen first",
    ("tui.app", "tui.screens.newgame"): "the new-game screen loads when it is opened",
    ("tui.app", "tui.screens.load"): "the load screen loads when it is opened",
    ("tui.app", "tui.screens.help"): "the help screen loads when it is opened",
    ("tui.app", "tui.screens.history"): "the history screen (and its replay) loads when it is "
                                        "opened",
    ("tui.screens.game", "tui.screens.history"): "the history screen (and its replay) loads "
                                                 "when it is opened",
    ("tui.screens.game", "tui.commands"): "the command palette's providers load when the "
                                          "palette opens",
    ("tui.screens.game", "core.engine"): "the rules engine (msgspec) loads with the first game, "
                                         "not before the title screen",
    ("tui.screens.history", "core.engine"): "the rules engine (msgspec) loads with the first "
                                            "game, not before the title screen",
    ("tui.screens.newgame", "core.engine"): "the rules engine (msgspec) loads with the first "
                                            "game, not before the title screen",
    ("tui.screens.history", "tui.screens.dialogs"): "dialogs load when one is first opened",
    ("tui.panes", "tui.screens.dialogs"): "dialogs load when one is first opened",
    ("tui.screens.game", "tui.screens.dialogs"): "dialogs load when one is first opened, not "
                                                 "before the game screen's first frame",
    ("tui.mappane", "tui.overview"): "the overview canvas loads when the player first opens the "
                                     "overview",
    ("tui.app", "tui.screens.online"): "the Online screen (and the online client) loads when "
                                       "it is opened",
    ("tui.remote", "core.registry"): "`muster --help` answers without the games' rules "
                                     "(tui.cli imports tui.online_cli, which imports tui.remote)",
    ("tui.remote", "core.engine"): "`muster --help` answers without the rules engine (tui.cli "
                                   "imports tui.online_cli, which imports tui.remote)",
    ("tui.mappane", "tui.hexcanvas"): "the hex canvas (with maps.hexes) loads only for a hex "
                                      "board (Gettysburg), not for the other games' start-up",
}


@dataclass(frozen=True)
class Import:
    """One import of a module of the project by another."""

    importer: str
    imported: str
    where: str          # "core/ww/battle.py:41"
    in_function: bool
    implicit: bool = False   # a package imported first because a module inside it is


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules_of(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Every module of the packages: dotted name -> file."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            found[module_name(root, path)] = path
    return found


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports_in(tree: ast.AST) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement that can run, with whether it sits inside a function."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking_only(child):
                for other in child.orelse:
                    visit_one(other, in_function)
                continue
            visit_one(child, in_function)

    def visit_one(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append((node, in_function))
            return
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                 ast.Lambda))
        visit(node, inner)

    visit(tree, False)
    return found


def _base(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a `from ... import` reads from."""
    if not node.level:
        return node.module or ""
    parts = importer.split(".") if is_package else importer.split(".")[:-1]
    parts = parts[:len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def _targets(importer: str, is_package: bool, node: ast.Import | ast.ImportFrom,
             modules: dict[str, Path]) -> dict[str, bool]:
    """The modules an import statement runs: each named one (False) and each package on the
    way to one that is imported first (True)."""
    named: set[str] = set()
    if isinstance(node, ast.Import):
        named = {alias.name for alias in node.names}
    else:
        base = _base(importer, is_package, node)
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            named.add(sub if sub in modules else base)
    out: dict[str, bool] = {}
    inside = importer if is_package else importer.rpartition(".")[0]
    for target in sorted(named):
        parts = target.split(".")
        for i in range(1, len(parts)):
            prefix = ".".join(parts[:i])
            # a package on the way is imported first, unless the importer is inside it
            if prefix in modules and not (inside == prefix or inside.startswith(prefix + ".")):
                out.setdefault(prefix, True)
        if target in modules:
            out[target] = False
    out.pop(importer, None)
    return out


def imports_of(root: Path, packages: tuple[str, ...]) -> list[Import]:
    modules = modules_of(root, packages)
    found: list[Import] = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        for node, in_function in _imports_in(tree):
            where = f"{path.relative_to(root).as_posix()}:{node.lineno}"
            for target, implicit in sorted(_targets(name, is_package, node, modules).items()):
                found.append(Import(name, target, where, in_function, implicit))
    return found


def graph_of(imports: list[Import], modules: dict[str, Path]) -> nx.DiGraph:
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for imp in imports:
        graph.add_edge(imp.importer, imp.imported)
        graph.edges[imp.importer, imp.imported].setdefault("at", []).append(imp)
    return graph


def circles(graph: nx.DiGraph) -> list[str]:
    """One paragraph per import circle (a strongly connected group of modules): its modules
    and the imports among them, each with file and line."""
    out = []
    groups = [sorted(group) for group in nx.strongly_connected_components(graph)
              if len(group) > 1]
    for group in sorted(groups, key=lambda g: (-len(g), g)):
        members = set(group)
        lines = [f"{len(group)} modules import each other in a circle: {', '.join(group)}"]
        example = nx.find_cycle(graph.subgraph(group))
        lines.append("  e.g. " + " -> ".join([a for a, _ in example] + [example[0][0]]))
        for a, b in sorted(graph.subgraph(members).edges):
            for imp in graph.edges[a, b]["at"]:
                kind = (" (inside a function)" if imp.in_function else "") + (
                    " (the package, run first)" if imp.implicit else "")
                lines.append(f"  {a} -> {b}  {imp.where}{kind}")
        out.append("\n".join(lines))
    return out


def deferred_not_allowed(imports: list[Import], allowed: dict[tuple[str, str], str]) -> list[str]:
    return [f"{imp.where}: {imp.importer} imports {imp.imported} inside a function"
            for imp in imports if imp.in_function and not imp.implicit
            and (imp.importer, imp.imported) not in allowed]


# --- the project itself ------------------------------------------------------------------------

MODULES = modules_of(ROOT, PACKAGES)
IMPORTS = imports_of(ROOT, PACKAGES)


def test_no_import_circle_in_core_or_tui() -> None:
    found = circles(graph_of(IMPORTS, MODULES))
    assert not found, "import circles remain:\n\n" + "\n\n".join(found)


def test_no_function_level_import_outside_the_allow_list() -> None:
    found = deferred_not_allowed(IMPORTS, DEFERRED_IMPORTS)
    assert not found, (f"{len(found)} imports inside functions are not in DEFERRED_IMPORTS "
                       "(move them to the top of the module, or list them with the heavy "
                       "import they keep out of start-up):\n" + "\n".join(found))


def test_every_allowed_deferred_import_is_still_there() -> None:
    used = {(imp.importer, imp.imported) for imp in IMPORTS if imp.in_function
            and not imp.implicit}
    stale = sorted(set(DEFERRED_IMPORTS) - used)
    assert not stale, f"DEFERRED_IMPORTS lists imports that are gone: {stale}"
    assert all(reason.strip() for reason in DEFERRED_IMPORTS.values())


# --- the reader, on packages made for the purpose ----------------------------------------------


def _package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_reader_finds_a_circle_through_a_function_and_a_package(tmp_path: Path) -> None:
    _package(tmp_path, {
        "game/__init__.py": "",
        "game/low.py": "from game import high\n",                  # low -> high
        "game/high.py": "def f():\n    from game.events import cards\n",
        "game/events/__init__.py": "from game.events import cards\n",
        "game/events/cards.py": "from game.low import x\n",        # -> low: a circle
        "game/events/more.py": "from game.events import cards\n",
        "game/alone.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                         "    from game import low\n",
    })
    modules = modules_of(tmp_path, ("game",))
    imports = imports_of(tmp_path, ("game",))
    found = circles(graph_of(imports, modules))
    assert len(found) == 1
    assert "game.events, game.events.cards, game.high, game.low" in found[0]
    assert "game/high.py:2 (inside a function)" in found[0]
    # importing game.events.cards from outside runs game/events/__init__.py first
    assert ("game.high", "game.events") in {(i.importer, i.imported) for i in imports}
    # a module inside a package does not import that package by importing a sibling
    edges = {(i.importer, i.imported) for i in imports}
    assert ("game.events.more", "game.events.cards") in edges
    assert ("game.events.more", "game.events") not in edges
    assert ("game.events.cards", "game") not in edges
    assert not any(i.importer == "game.alone" for i in imports)   # TYPE_CHECKING only
    assert ("game.high", "game.events") in {(i.importer, i.imported) for i in imports
                                            if i.implicit}
    assert deferred_not_allowed(imports, {}) == [
        "game/high.py:2: game.high imports game.events.cards inside a function"]
    assert deferred_not_allowed(imports, {("game.high", "game.events.cards"): "why"}) == []


def test_the_reader_finds_no_circle_in_floors(tmp_path: Path) -> None:
    _package(tmp_path, {
        "game/__init__.py": "",
        "game/data.py": "",
        "game/battle.py": "from game import data\nWINDOW = {}\n",
        "game/events/__init__.py": "from game.events import cards\n",
        "game/events/cards.py": "from game import battle\nbattle.WINDOW[1] = print\n",
        "game/rules.py": "from game import battle, events\n",
    })
    modules = modules_of(tmp_path, ("game",))
    imports = imports_of(tmp_path, ("game",))
    assert circles(graph_of(imports, modules)) == []
    assert deferred_not_allowed(imports, {}) == []
