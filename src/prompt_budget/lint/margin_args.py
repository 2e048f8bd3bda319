"""PB106's reading of a reserve added to a count of tokens and handed on as a margin (set 37: phospho)::

    # phospho/lab/job_library.py: the prompt's tokens and 100 more are kept free of the window
    shorten_text(context, MAX_TOKENS, get_number_of_tokens(prompt) + 100, how="right")
    # phospho/utils.py: the parameter it lands in is taken off the length the text is cut to
    def shorten_text(prompt, max_length, margin=20, how="left"): ... tokens[: max_length - margin]

The literal is a reserve when the sum (a token count plus a number: ``get_number_of_tokens(p) + 100``,
``len(enc.encode(p)) + 100``) is given under a margin's name: a keyword (``margin=``), or by position
to a function whose parameter there is named as a margin and taken off something in its body. The
function may be the module's own (judged at once) or imported (``from pkg.utils import shorten_text``):
then the call and the parameter are facts (``ARG_FACT``, ``PARAM_FACT``) joined by ``margin_reserves``
within one project, by the defining module's name, the function's and the position.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import finding_where_bound, module_functions, positional_params, tagged
from prompt_budget.lint.imports import import_origins
from prompt_budget.lint.names import UNIT_WORDS, config_key, words
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

#: A count given positionally to an imported function: ``<module> <function> <position> <count>``.
ARG_FACT = "\x00pb106 margin-arg "
#: A function's margin parameter: ``<module> <function> <position> <parameter>``.
PARAM_FACT = "\x00pb106 margin-param "
#: Words naming the room a caller keeps free (``margin``, ``reserve``, ``headroom``).
MARGIN_WORDS = frozenset({"margin", "reserve", "reserved", "headroom", "buffer"})

Function = ast.FunctionDef | ast.AsyncFunctionDef


def margin_name(rule: LintRule, name: str | None) -> bool:
    """``margin``, ``safety_margin``, ``reserve``: a name of the room kept free, in no other unit."""
    ws = set(words(name or ""))
    return bool(ws & MARGIN_WORDS) and not ws & UNIT_WORDS and not rule.names.is_excluded(name or "")


def counted_reserve(rule: LintRule, node: ast.BinOp) -> int | float | None:
    """``get_number_of_tokens(prompt) + 100``: the literal added to a count of tokens."""
    if not isinstance(node.op, ast.Add) or not rule.token_amount(node.left):
        return None
    return rule.budget_literal(node.right)


def _taken_off(fn: Function, param: str) -> bool:
    """``fn`` subtracts its parameter ``param`` from something (``max_length - margin``)."""
    return any(
        isinstance(n, ast.BinOp)
        and isinstance(n.op, ast.Sub)
        and isinstance(n.right, ast.Name)
        and n.right.id == param
        for n in walk(fn)
    )


def margin_params(rule: LintRule, fn: Function) -> Iterator[tuple[int, str]]:
    """(position, name) of each parameter of ``fn`` named as a margin and taken off in its body."""
    for index, param in enumerate(positional_params(fn, method=False)):
        if margin_name(rule, param) and _taken_off(fn, param):
            yield index, param


def _position(call: ast.Call, node: ast.expr) -> int | None:
    """Where ``node`` stands among ``call``'s positional arguments (none starred before it)."""
    for index, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            return None
        if arg is node:
            return index
    return None


class MarginArgs:
    """One module's margins: reported at once when the callee is the module's own, else kept as facts."""

    def __init__(self, rule: LintRule, tree: ast.AST | None) -> None:
        self.functions = module_functions(tree)
        self.origins = import_origins(tree)
        for name, fn in self.functions.items():
            if fn is None:
                continue  # defined twice: which one a call reaches is unknown
            for index, param in margin_params(rule, fn):
                rule.fact(fn, f"{PARAM_FACT}{rule.ctx.module_name} {name} {index} {param}", 0)

    def added(self, rule: LintRule, node: ast.BinOp) -> tuple[int | float, str, str] | None:
        """For ``count + N`` handed on as a margin: (N, how it is one, the reserve's name), else None; a
        position in a call of an imported function is kept as a fact."""
        value = counted_reserve(rule, node)
        parent = rule.ctx.parent(node)
        if value is None or parent is None:
            return None
        count = ast.unparse(node.left)
        if isinstance(parent, ast.keyword) and margin_name(rule, parent.arg):
            call = rule.ctx.parent(parent)
            callee = (callee_name(call) or "") if isinstance(call, ast.Call) else ""
            how = f"added to the token count `{count}` and passed as `{parent.arg}=`"
            return value, how, f"{callee} {parent.arg} reserve"
        if not isinstance(parent, ast.Call) or not isinstance(parent.func, ast.Name):
            return None
        index = _position(parent, node)
        callee = parent.func.id
        if index is None:
            return None
        fn = self.functions.get(callee)
        if fn is not None:
            param = dict(margin_params(rule, fn)).get(index)
            how = f"added to the token count `{count}` and passed as `{param}` of {callee}()"
            return (value, how, f"{callee} {param} reserve") if param else None
        origin = self.origins.get(callee, "")
        parts = origin.split(".")
        if len(parts) >= 2 and parts[-1] == callee and parts[-2]:
            rule.fact(node.right, f"{ARG_FACT}{parts[-2]} {callee} {index} {count}", value)
        return None


def margin_reserves(rule: type[LintRule], facts: Sequence[Fact], root: Path) -> list[Finding]:
    """The counts plus a literal given by position to another module's margin parameter."""
    from prompt_budget.lint.cache import module_name

    project = partial(fact_project, root=root)

    params: dict[tuple[Path, str, str, str], tuple[str, Fact]] = {}
    for fact, (stem, name, index, param) in tagged(facts, PARAM_FACT, 4):
        if module_name(fact.path) == stem:
            params.setdefault((project(fact), stem, name, index), (param, fact))
    findings = []
    for fact, (stem, name, index, count) in tagged(facts, ARG_FACT, 4):
        found = params.get((project(fact), stem, name, index))
        if found is None:
            continue
        param, where = found
        message = (
            f"hard-coded reserve of {fact.value} tokens added to the token count `{count}` and passed as "
            f"`{param}` of {name}() ({where.path}:{where.line}); keep the reserve in config "
            "(reserved_output) so every caller leaves the same room"
        )
        key = config_key(name, param, "reserve")
        findings.append(finding_where_bound(rule, fact, message, f"{name} {param} reserve", key))
    return findings
