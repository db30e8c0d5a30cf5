"""The suite itself: every test checks an outcome. A test function whose body has no `assert`,
no `pytest.raises` / `pytest.fail` and calls no helper (of tests/) that has one can only prove
that nothing was raised, which a broken rule passes as easily as a right one (issue 21)."""
from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent

Function = ast.FunctionDef | ast.AsyncFunctionDef


def checks_directly(node: ast.AST) -> bool:
    """An assert, or pytest.raises / fail / warns, anywhere in `node`."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Assert):
            return True
        if isinstance(inner, ast.Attribute) and inner.attr in ("raises", "fail", "warns"):
            return True
    return False


def called_names(node: ast.AST) -> set[str]:
    names: set[str] = set()
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call):
            func = inner.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


def functions(tree: ast.AST) -> list[Function]:
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def checking_helpers(trees: list[ast.Module]) -> set[str]:
    """The names of the helpers in tests/ that check something directly."""
    return {f.name for tree in trees for f in functions(tree)
            if not f.name.startswith("test") and checks_directly(f)}


def unchecked_tests(paths: list[Path]) -> list[tuple[Path, int, str]]:
    """(file, line, name) of each test in `paths` that checks nothing."""
    trees = {path: ast.parse(path.read_text(), filename=str(path)) for path in paths}
    helpers = checking_helpers(list(trees.values()))
    return [(path, node.lineno, node.name)
            for path, tree in trees.items() for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.name.startswith("test")
            and not checks_directly(node) and not called_names(node) & helpers]


def test_every_test_checks_an_outcome():
    found = unchecked_tests(sorted(TESTS.rglob("*.py")))
    assert found == [], "tests that only prove nothing was raised:\n" + "\n".join(
        f"{path.relative_to(TESTS.parent)}:{line} {name}" for path, line, name in found)


def test_the_scan_finds_a_test_that_checks_nothing(tmp_path):
    sample = tmp_path / "test_sample.py"
    sample.write_text("def helper(x):\n    assert x\n\n"
                      "def test_checks():\n    helper(1)\n\n"
                      "def test_asserts():\n    assert 1 + 1 == 2\n\n"
                      "def test_raises():\n    with pytest.raises(ValueError):\n"
                      "        int('x')\n\n"
                      "def test_nothing():\n    int('1')\n")
    assert [name for _, _, name in unchecked_tests([sample])] == ["test_nothing"]
