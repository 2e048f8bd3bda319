"""A call of a token-counting callable that its function got from a tokenizer's factory: a count of
tokens, whatever the callable is named, for PB106 (reserve-arithmetic) and, through ``counted_locals``,
PB103 (token-threshold) (set 76: easy-agent-mem)::

    count, _ = tokenizer()                    # (a counting callable, the encoding's name)
    prefix = "Saved project evidence:\\n"
    packet = get_task_context(store, session, goal, [], 2048 - count(prefix))
    if count(context) > 2048: ...

``rule.token_amount`` knows a call by its callee's name (``count_tokens(text)``); ``count`` alone says
no unit. Here the callable's name says it counts (``count``, ``counter``, ``length``) and the function
binds it, every time (alone or as a tuple's first item), to the result of a call whose name says it
makes a counter of tokens (``tokenizer()``, ``get_token_counter(model)``). A callable bound otherwise
(``enc = tokenizer()``: calling a tokenizer gives ids; a parameter; a tuple's later item) or named for
no count is not read; so is a callable bound to callables' names saying they count tokens, one falling back on
another (``counter = count_tokens or _default_count_tokens``). Asked only where a literal meets such a call, so the function's walk is rare.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import TOKEN_WORDS, words
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a callable's name saying that it counts.
_COUNTING = frozenset({"count", "counter", "len", "length", "num", "measure"})
#: Words of a factory's name whose result counts tokens when called (``tokenizer()``, ``token_counter()``).
_COUNTER_WORDS = frozenset({"tokenizer", "tokenizers", "counter", "count", "counting"})


def counter_call(rule: LintRule, node: ast.AST, fn: ast.AST | None = None) -> bool:
    """``node`` calls, on an argument, a counting callable every binding of which in its function is
    a tokenizer factory's result (see the module's docstring): a count of tokens, for PB103's
    thresholds (``count(context) > 2048``, through ``counted_locals``) and PB106's reserves."""
    if not (isinstance(node, ast.Call) and type(node.func) is ast.Name and node.args):
        return False
    fn = fn or rule.ctx.function()  # the function ``node`` is in (``token_overheads`` reads each at the end)
    return (
        fn is not None
        and bool(_COUNTING.intersection(words(node.func.id)))
        and _made_counter(fn, node.func.id)
    )


def _made_counter(fn: ast.AST, name: str) -> bool:
    """``name`` is a local of ``fn`` every binding of which is the result of a factory about tokens
    (``count, _ = tokenizer()``; ``count = make_token_counter(model)``), as the first of the names it
    is unpacked to; a parameter, a loop's or a ``with``'s target, or any other binding, is not."""
    made = 0
    for node in walk(fn):
        if isinstance(node, ast.arg) and node.arg == name:
            return False  # a parameter: whatever the caller gives
        bound = (
            [i.optional_vars for i in node.items if i.optional_vars is not None]
            if isinstance(node, ast.With)
            else [node.target]
            if isinstance(node, (ast.For, ast.comprehension, ast.NamedExpr, ast.AugAssign))
            else []
        )
        if any(type(t) is ast.Name and t.id == name for b in bound for t in walk(b)):
            return False
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            first = target.elts[0] if isinstance(target, ast.Tuple) and target.elts else target
            if type(first) is ast.Name and first.id == name and _counter_alias(node.value):
                made += 1  # ``counter = count_tokens or _default_count_tokens`` (set 567: polarity-keystone)
            elif type(first) is ast.Name and first.id == name:
                factory = node.value.func if isinstance(node.value, ast.Call) else None
                ws = set(words(attr_name(factory) or "")) if factory is not None else set()
                if not (ws & _COUNTER_WORDS and (ws & TOKEN_WORDS or "tokenizer" in ws)):
                    return False
                made += 1
            elif any(type(t) is ast.Name and t.id == name for t in walk(target)):
                return False  # bound some other way (a later element of a tuple)
    return made > 0


def _counter_alias(value: ast.expr) -> bool:
    """``count_tokens or _default_count_tokens``: names of callables saying they count tokens, one falling back
    on the other (a parameter's counter, else the module's)."""
    names = value.values if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) else [value]
    return all(
        type(n) is ast.Name and set(words(n.id)) & _COUNTING and set(words(n.id)) & TOKEN_WORDS for n in names
    )
