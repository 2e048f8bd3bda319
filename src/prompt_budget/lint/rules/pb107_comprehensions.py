"""PB107's tables built by a comprehension over a module's models (set 79: hiveloom's ``_CLAUDE_MAX_OUTPUT``)::

    _CLAUDE_MODELS = {"claude-opus-5-5": (4.00, 20.00), "claude-haiku-4-5": (1.00, 5.00), ...}
    _CLAUDE_MAX_OUTPUT: dict[str, int] = {
        mid: 128_000 for mid in _CLAUDE_MODELS if mid != "claude-haiku-4-5"
    }
    ...
    ModelInfo(id=mid, max_output_tokens=_CLAUDE_MAX_OUTPUT.get(mid))

One number given to every model of a table or list the module binds (its keys or items, model ids for
half of them at least, two or more) is a model -> limit table written in code, as ``{"claude-opus-5-5":
128_000, ...}`` is: reported where its name says a window or a budget of tokens, or where the module reads
a row of it into a budget (``max_output_tokens=TABLE.get(mid)``, ``pb107_reads.budget_lookups``). Guards:
a module-level binding, one ``for`` over a name (or its ``.keys()``), the key the loop's own variable,
the value a literal of 1024 or more; a name saying prices, requests or another unit is left alone. The
finding is at the number, which ``--fix`` moves into config under the table's name.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import single_binding
from prompt_budget.lint.model_names import looks_like_model_name
from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, string_value
from prompt_budget.lint.rules.pb107_reads import budget_lookups

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_SMALLEST = 1024
_WINDOW_WORDS = frozenset({"context", "ctx", "window", "windows", "budget", "budgets"})


def _looped(comp: ast.DictComp) -> str | None:
    """The name a one-loop comprehension keyed by its own variable runs over (``for m in MODELS``,
    ``for m in MODELS.keys()``), else None."""
    if len(comp.generators) != 1 or type(comp.key) is not ast.Name:
        return None
    loop = comp.generators[0]
    if type(loop.target) is not ast.Name or loop.target.id != comp.key.id or loop.is_async:
        return None
    over = loop.iter
    if (
        type(over) is ast.Call
        and type(over.func) is ast.Attribute
        and over.func.attr == "keys"
        and not over.args
    ):
        over = over.func.value
    return over.id if type(over) is ast.Name else None


def _model_ids(module: ast.Module, name: str) -> int:
    """How many model ids the module's binding of ``name`` holds as keys or items (0 unless half are)."""
    for stmt in module.body:
        bound = single_binding(stmt)
        if bound is None or type(bound[0]) is not ast.Name or bound[0].id != name:
            continue
        value = bound[1]
        if type(value) is ast.Call and callee_is_set(value):
            value = value.args[0]
        items: list[ast.expr | None] = []
        if isinstance(value, ast.Dict):
            items = list(value.keys)
        elif isinstance(value, (ast.List, ast.Tuple, ast.Set)):
            items = list(value.elts)
        ids = [string_value(i) if i is not None else None for i in items]
        models = sum(1 for i in ids if i and looks_like_model_name(i))
        return models if len(ids) >= 2 and models * 2 >= len(ids) else 0
    return 0


def callee_is_set(call: ast.Call) -> bool:
    """``frozenset({...})``, ``set([...])``, ``tuple(...)`` of one literal argument."""
    return (
        type(call.func) is ast.Name
        and call.func.id in {"frozenset", "set", "tuple", "list"}
        and len(call.args) == 1
        and not call.keywords
    )


def comprehension_table(rule: LintRule, node: ast.Assign | ast.AnnAssign) -> None:
    """``LIMITS = {m: 128_000 for m in MODELS}`` at module level: one finding at the comprehension."""
    comp = node.value
    tree = rule.ctx.tree
    if type(comp) is not ast.DictComp or rule.ctx.scopes or not isinstance(tree, ast.Module):
        return
    target = node.targets[0] if isinstance(node, ast.Assign) else node.target
    name = attr_name(target) or ""
    amount = rule.budget_literal(comp.value)
    over = _looped(comp)
    ws = set(words(name))
    if not name or over is None or amount is None or amount < _SMALLEST or ws & (EXCLUDED_WORDS | UNIT_WORDS):
        return
    models = _model_ids(tree, over)
    if not models:
        return
    about = (
        "" if ws & _WINDOW_WORDS or rule.names.is_budget(name) else budget_lookups(tree, rule.names).get(name)
    )
    if about is None:
        return
    read = f", {about}" if about else ""
    rule.report(
        comp.value,
        f"model-to-token-limit table built by a comprehension: {amount} for each of the {models} models of "
        f"`{over}`{read}; keep it in config so new models and budgets need no code change",
        target=comp.value,
        value=amount,
        key_parts=(name, rule.ctx.module_name),
    )
