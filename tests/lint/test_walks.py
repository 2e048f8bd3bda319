"""The lint's walks (``lint/walks.py``): ``ast.walk``'s nodes in its order, without the expression
contexts and operators; a module's, class's or function's walk made once and kept while its file is
linted; and a linted file leaves nothing for the cyclic collector (its tree is freed when it is done)."""

from __future__ import annotations

import ast
import gc
from pathlib import Path
from types import FunctionType

import prompt_budget
from prompt_budget.lint.engine import all_rules, known_codes, lint_source
from prompt_budget.lint.options import parse_lint_options
from prompt_budget.lint.rule import FileContext, LintRule
from prompt_budget.lint.walks import forget, lines_at, parents, source_of, statements, walk, walk_spanning

SOURCE = (
    "import os\n\nclass A:\n    def f(self, x=512):\n        return [y for y in range(x) if y > 2 and not y]\n\n"
    "async def g():\n    await h(max_tokens=1024 + -1)\n    global z\n    del z\n"
)
PACKAGE = str(Path(prompt_budget.__file__).parent)
#: What ``ast.walk`` yields that is no node of the code: a rule reads these through their parent.
_NOT_CODE = (ast.expr_context, ast.operator, ast.cmpop, ast.boolop, ast.unaryop)


def _expected_nodes(node: ast.AST) -> list[ast.AST]:
    """``ast.walk``'s nodes without the context and operator leaves: what the lint's walks give."""
    return [n for n in ast.walk(node) if not isinstance(n, _NOT_CODE)]


def _expected(node: ast.AST) -> list[int]:
    return [id(n) for n in _expected_nodes(node)]


def test_a_module_class_function_and_expression_walk_like_ast_walk() -> None:
    tree = ast.parse(SOURCE)
    call = tree.body[2].body[0].value.value  # type: ignore[attr-defined]
    nodes = [tree, tree.body[1], tree.body[1].body[0], tree.body[2], call]  # type: ignore[attr-defined]
    for node in nodes:
        walked = walk(node)
        assert [id(n) for n in walked] == _expected(node)
        assert not any(isinstance(n, _NOT_CODE) for n in walked)
    assert [type(n).__name__ for n in walk(call)][:3] == ["Call", "Name", "keyword"]


def test_a_walk_is_made_once_and_kept_until_forgotten() -> None:
    tree = ast.parse(SOURCE)
    first = walk(tree)
    assert walk(tree) is first
    other = ast.parse(SOURCE)  # another tree of the same text: its own nodes, not the first tree's
    assert [id(n) for n in walk(other)] == _expected(other)
    assert walk(tree) is first  # the first tree's walk is still kept
    forget()
    again = walk(tree)
    assert again is not first
    assert [id(n) for n in again] == [id(n) for n in first]


def test_a_linted_file_leaves_no_cycle_behind() -> None:
    """Rules' helpers refer back to their rule, and the pre-check's matcher to itself: unless the engine
    releases them, every linted file's tree and text live on in a cycle and each collection scans them."""
    options = parse_lint_options({}, root=Path("."), known_codes=known_codes())
    source = (
        "MAX_TOKENS = 4096\n\nclass Agent:\n    context_window: int = 128_000\n\n"
        "    def run(self, client, text):\n        if len(text) // 4 > 8000:\n            text = text[:32000]\n"
        "        return client.chat.completions.create(model='gpt-4o', max_tokens=1024, messages=[])\n"
    )
    gc.collect()
    collecting = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        result = lint_source(source, "agent.py", options, all_rules())
        gc.collect()
        # ast.dump's own recursive helper is the standard library's: only the project's objects count
        left = [
            getattr(o, "__qualname__", type(o).__name__)
            for o in gc.garbage
            if isinstance(o, (ast.AST, FileContext, LintRule))
            or (isinstance(o, FunctionType) and o.__code__.co_filename.startswith(PACKAGE))
        ]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if collecting:
            gc.enable()
    assert result.findings  # the file was linted, not skipped
    assert left == []


STATEMENTS = (
    "import os\n\ntry:\n    import anthropic\nexcept ImportError:\n    def fallback():\n        return 1\n"
    "else:\n    x = 2\nfinally:\n    y = 3\n\nclass A:\n    def f(self, n):\n        match n:\n"
    "            case 1:\n                z = [lambda: 0 for _ in range(n)]\n        while n:\n"
    "            for i in range(n):\n                with open('f') as fh:\n                    pass\n"
    "        return (w := 1) if n else None\n"
)


def test_the_statement_walk_is_the_walk_s_statements_in_its_order() -> None:
    tree = ast.parse(STATEMENTS)
    kinds = (ast.stmt, ast.excepthandler, ast.match_case)
    for node in (tree, tree.body[2], tree.body[2].body[0]):  # type: ignore[attr-defined]
        expected = [id(n) for n in ast.walk(node) if n is node or isinstance(n, kinds)]
        assert [id(n) for n in statements(node)] == expected
    names = [type(n).__name__ for n in statements(tree)]
    assert {"ExceptHandler", "match_case", "With", "For", "Pass"} <= set(names)
    assert "Lambda" not in names


def _under_a_statement_off(node: ast.AST, parents: dict[int, ast.AST], lines: set[int]) -> bool:
    """Whether ``node`` or a statement above it spans none of ``lines``."""
    current: ast.AST | None = node
    while current is not None:
        if isinstance(current, ast.stmt):
            first = min([current.lineno, *(d.lineno for d in getattr(current, "decorator_list", []))])
            last = current.end_lineno or current.lineno
            if not lines & set(range(first, last + 1)):
                return True
        current = parents.get(id(current))
    return False


def test_a_walk_of_some_lines_is_the_walk_without_the_statements_off_them() -> None:
    tree = ast.parse(STATEMENTS)
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    for lines in ([4], [9, 17], [13], [1, 22], []):
        expected = [
            id(n) for n in _expected_nodes(tree) if not _under_a_statement_off(n, parents, set(lines))
        ]
        assert [id(n) for n in walk_spanning(tree, lines)] == expected
    kept = walk_spanning(tree, [17])  # the lambda inside the match inside the method inside the class
    assert any(isinstance(n, ast.Lambda) for n in kept)
    assert not any(isinstance(n, ast.Import) for n in kept)


def test_lines_at_counts_the_lines_of_offsets() -> None:
    text = "a\nbb\n\nccc\n"
    assert lines_at(text, [text.index("ccc"), 0, 1, text.index("bb") + 1]) == [1, 2, 4]
    assert lines_at(text, []) == []


def test_parents_are_each_node_s_parent_in_the_walk() -> None:
    tree = ast.parse(STATEMENTS)
    expected = {
        id(child): node
        for node in ast.walk(tree)
        for child in ast.iter_child_nodes(node)
        if not isinstance(child, _NOT_CODE)
    }
    found = parents(tree)
    assert {id(child): parent for child, parent in found.items()} == expected
    assert parents(tree) is found  # kept for the module, like its walk
    method = tree.body[2].body[0]  # type: ignore[attr-defined]
    assert tree not in parents(method).values()  # a function's map stays inside the function


def test_a_module_s_text_is_joined_and_lowered_once() -> None:
    lines = ["import os", "MAX_TOKENS = 4096  # Tokens"]
    text, lowered = source_of(lines)
    assert (text, lowered) == (
        "import os\nMAX_TOKENS = 4096  # Tokens",
        "import os\nmax_tokens = 4096  # tokens",
    )
    assert source_of(lines)[0] is text  # kept for the same lines
    assert source_of(list(lines))[0] is not text  # another file's lines (equal text) are joined again
    forget()
    assert source_of(lines)[0] is not text
