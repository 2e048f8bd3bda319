"""The shared walk of a module, class or function (``lint/walks.py``) gives ``ast.walk``'s nodes in its order."""

from __future__ import annotations

import ast

from prompt_budget.lint.walks import walk

SOURCE = (
    "import os\n\nclass A:\n    def f(self, x=512):\n        return [y for y in range(x)]\n\n"
    "async def g():\n    await h(max_tokens=1024)\n"
)


def test_a_module_class_and_function_walk_like_ast_walk() -> None:
    tree = ast.parse(SOURCE)
    nodes = [tree, tree.body[1], tree.body[1].body[0], tree.body[2]]  # type: ignore[attr-defined]
    for node in nodes:
        assert [id(n) for n in walk(node)] == [id(n) for n in ast.walk(node)]


def test_a_walk_is_made_once_and_kept() -> None:
    tree = ast.parse(SOURCE)
    first = walk(tree)
    assert walk(tree) is first
    other = ast.parse(SOURCE)  # another tree of the same text: its own nodes, not the first tree's
    assert [id(n) for n in walk(other)] == [id(n) for n in ast.walk(other)]
    assert walk(tree) is first  # the first tree's walk is still kept


def test_a_small_node_is_walked_lazily() -> None:
    call = ast.parse("h(max_tokens=1024)").body[0].value  # type: ignore[attr-defined]
    walked = walk(call)
    assert not isinstance(walked, list)
    assert [type(n).__name__ for n in walked][:2] == ["Call", "Name"]
