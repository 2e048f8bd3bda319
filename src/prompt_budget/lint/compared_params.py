"""A parameter with no default that its function orders against a count of tokens, recorded as a take for the
project-wide pass (PB102; set 265: doc-atlas)::

    # core/sqlite_store.py
    class SQLiteStore:
        def query(self, text: str, *, limit: int, budget: int) -> list[Chunk]:
            ...
            if selected and token_total + tokens > budget:   # ``tokens = int(r["token_estimate"])``

    # retrieval/lexical.py
    def lexical_search(store, query, *, limit: int = 20, budget: int = 2400):
        return store.query(query, limit=limit, budget=budget)

``budget`` says no unit by its name; ``query``'s comparison says tokens. Every caller's default handed to it
(``forwarded``'s ``PASS_FACT``) is then the same token budget written again, as a parameter with a default
whose data flow decides is (``forwarded.TAKE_FACT``). Only parameters named as budgets, weakly (``budget``,
``limit``) or not, are asked about; the module's top-level functions and its top-level classes' methods, read
off the tree (not the rules' walk, which may leave a function out), so the answer does not depend on pruning.

A parameter whose default is ``None`` counts as one with no default, and a range check raising an error that says
tokens decides as a comparison with a count does (``validated_params.range_in_tokens``). Such a parameter that no
check decides but that its function hands on, by position or under its own name, to a callee the module does not
define is recorded as a pass with nothing to report (``NONE_PASS_FACT``): when the callee's parameter is a take, so
is this one, and so on up the chain (set 487: weftgate's ``recall(..., budget=None)`` hands ``budget`` to
``bounded(items, metadata, budget)``, whose range check says "estimated tokens"; a number a caller gives
``recall`` under ``budget=`` is then that budget, ``given_fields``).
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.counted_locals import token_local
from prompt_budget.lint.forwarded import NONE_PASS_FACT, TAKE_FACT, owned, passed_to
from prompt_budget.lint.reserve_sums import sum_terms
from prompt_budget.lint.validated_params import range_in_tokens
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
#: Letters a name of a budget, weak or not, holds one of (``budget``, ``limit``, ``max_tokens``, ``num_ctx``).
_HINT = re.compile(
    r"budget|limit|tok|max|cap|len|size|window|ctx|context|quota|predict|output|reserve|margin|threshold|trigger",
    re.IGNORECASE,
)


def _none(node: ast.expr | None) -> bool:
    return node is None or (type(node) is ast.Constant and node.value is None)


def _undefaulted(fn: Function) -> list[tuple[ast.arg, bool]]:
    """The parameters of ``fn`` given no default or ``None``, each with whether it is ``None``."""
    args = fn.args
    positional = [*args.posonlyargs, *args.args]
    bare = len(positional) - len(args.defaults)
    return [
        *((a, False) for a in positional[:bare]),
        *((a, d is not None) for a, d in zip(positional[bare:], args.defaults, strict=False) if _none(d)),
        *((a, d is not None) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=False) if _none(d)),
    ]


def _ordered_against_tokens(rule: LintRule, fn: Function, name: str) -> bool:
    for node in walk(fn):
        if not isinstance(node, ast.Compare) or not all(isinstance(op, _ORDER) for op in node.ops):
            continue
        sides = [node.left, *node.comparators]
        if not any(type(s) is ast.Name and s.id == name for s in sides):
            continue
        others = [t for s in sides if not (type(s) is ast.Name and s.id == name) for t in sum_terms(s)]
        if any(rule.token_amount(t) or token_local(rule, t) for t in others):
            return True
    return False


def record_compared_params(rule: LintRule, tree: ast.Module) -> None:
    """Record a take (``forwarded.TAKE_FACT``) for each parameter named as a budget and given no default that
    its function orders against a count of tokens."""
    names = rule.names
    for stmt in tree.body:
        owner = stmt if isinstance(stmt, ast.ClassDef) else None
        for fn in owner.body if owner is not None else [stmt]:
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for param, none in _undefaulted(fn):
                name = param.arg
                if not _HINT.search(name) or not (
                    names.is_weak_budget(name) or names.is_budget_setting(name)
                ):
                    continue  # (the pattern first: asked of every parameter of every function)
                own = owned(rule, fn, owner, name)
                if own is None:
                    continue
                if _ordered_against_tokens(rule, fn, name) or range_in_tokens(fn, name):
                    rule.fact(param, f"{TAKE_FACT}{own[0]} {own[1]} {name}", 0)
                elif none:
                    passer = f"{own[0]} {own[1]}"
                    for callee, slot in passed_to(rule, fn, owner, name):
                        rule.fact(param, f"{NONE_PASS_FACT}{callee} {slot} {name} {passer}", 0)
