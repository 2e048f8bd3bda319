"""A call of a token-counting callable that its function got from a tokenizer's factory, for PB106
(reserve-arithmetic): a count of tokens, whatever the callable is named (set 76: easy-agent-mem)::

    count, _ = tokenizer()                    # (a counting callable, the encoding's name)
    prefix = "Saved project evidence:\\n"
    packet = get_task_context(store, session, goal, [], 2048 - count(prefix))

``rule.token_amount`` knows a call by its callee's name (``count_tokens(text)``); ``count`` alone says
no unit. Here the callable's name says it counts (``count``, ``counter``, ``length``) and the function
binds it (alone or as a tuple's first item) to the result of a call whose name says tokens
(``tokenizer()``, ``get_token_counter(model)``). A callable bound otherwise (``enc = tokenizer()``:
calling a tokenizer gives ids) or named for no count is not read. Asked only where a number of 512 or
more has something taken off it, so the function's walk is rare.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import TOKEN_WORDS, words
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a callable's name saying that it counts.
_COUNTING = frozenset({"count", "counter", "len", "length", "num", "measure"})
#: Words of a factory's name saying that what it makes works on tokens.
_FACTORY = TOKEN_WORDS | {"tokenizer", "tokeniser"}


def counter_call(rule: LintRule, node: ast.AST) -> bool:
    """``node`` calls, on an argument, a counting callable bound in its function to a tokenizer
    factory's result (see the module's docstring)."""
    if not (isinstance(node, ast.Call) and type(node.func) is ast.Name and node.args):
        return False
    name = node.func.id
    fn = rule.ctx.function()
    if fn is None or not _COUNTING.intersection(words(name)):
        return False
    for stmt in walk(fn):
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.value, ast.Call)):
            continue
        target = stmt.targets[0]
        first = target.elts[0] if isinstance(target, ast.Tuple) and target.elts else target
        if type(first) is ast.Name and first.id == name:
            return bool(_FACTORY.intersection(words(callee_name(stmt.value) or "")))
    return False
