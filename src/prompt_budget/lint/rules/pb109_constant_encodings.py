"""PB109's fixed encoding named through a module constant: ``_ENCODING_NAME = "cl100k_base"`` at the top
of a module, then ``tiktoken.get_encoding(_ENCODING_NAME)`` (or ``encoding_for_model(DEFAULT_MODEL)``
with ``DEFAULT_MODEL = "gpt-4o"``). The constant is the literal written once more: bound once, at the
module's top level, to the literal alone, and rebound nowhere in the module (no ``global`` statement
for it, no other assignment). The finding is on the literal, where the choice is written (set 47:
needlehaystack's ``core/tokens.py``, one shared encoding measuring every context sent to Anthropic,
Cohere and OpenAI models). A constant read from the environment or config (``os.getenv(..., "cl100k_base")``)
is no literal alone; a name imported from another module is not followed.
Kept apart from the project pass: it reads the module's top-level statements only.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.assignments import single_binding
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.rules.pb109_other_providers import fixed_gpt_encoding
from prompt_budget.lint.walks import walk


def _rebound(tree: ast.Module, name: str) -> bool:
    """A ``global`` statement names it, or a ``for``, ``with``, ``del`` or another assignment at the top
    binds it (a function's own local of that name is no rebinding of the global)."""
    for node in walk(tree):
        if isinstance(node, ast.Global) and name in node.names:
            return True
    bound = 0
    for stmt in tree.body:
        for node in (
            walk(stmt) if isinstance(stmt, (ast.If, ast.Try, ast.For, ast.While, ast.With)) else [stmt]
        ):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = list(node.targets)
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For)):
                targets = [node.target]
            elif isinstance(node, ast.Delete):
                targets = list(node.targets)
            bound += sum(1 for t in targets for n in walk(t) if isinstance(n, ast.Name) and n.id == name)
    return bound != 1


def constant_encoding(tree: ast.AST | None, call: ast.Call, callee: str) -> tuple[str, ast.AST] | None:
    """The GPT encoding or OpenAI model a tiktoken call names through a module constant bound once to the
    literal alone (see the module's docstring), and the literal; else None."""
    arg = call.args[0] if call.args else None
    if not isinstance(arg, ast.Name) or not isinstance(tree, ast.Module):
        return None
    literal = None
    for stmt in tree.body:
        bound = single_binding(stmt)
        if bound is not None and isinstance(bound[0], ast.Name) and bound[0].id == arg.id:
            literal = bound[1]
            break
    if literal is None or string_value(literal) is None or _rebound(tree, arg.id):
        return None
    fixed = fixed_gpt_encoding(ast.Call(func=call.func, args=[literal], keywords=[]), callee)
    return (fixed, literal) if fixed else None
