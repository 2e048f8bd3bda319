"""Where PB104 sees an estimate given by position to a parameter of tokens (set 71: deeprepo's
``RoutingResult(intent, "standard_rag", context, files_used, len(context) // 4)``, whose ``__init__``
names the fifth parameter ``token_estimate``): the parameter's name says what the argument counts, as a
keyword's would. Only callees defined in the module being linted (a function, or a class by its
``__init__`` or, for a dataclass, its fields), found through the module's shared statement walk
(``walks.statements``). Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.walks import statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


#: Words that make a name of tokens an estimate of them (``token_estimate``), as ``pb104_context``'s.
_ESTIMATE_WORDS = frozenset({"estimate", "estimated", "approx", "approximate", "rough"})


def _params(defn: ast.AST) -> list[str] | None:
    """The names of the positional parameters of a call of ``defn`` (without ``self``), else None."""
    if isinstance(defn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return [a.arg for a in (*defn.args.posonlyargs, *defn.args.args)]
    if not isinstance(defn, ast.ClassDef):
        return None
    for stmt in defn.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__":
            return [a.arg for a in (*stmt.args.posonlyargs, *stmt.args.args)][1:]
    dataclass = any(
        (d.id if isinstance(d, ast.Name) else d.attr if isinstance(d, ast.Attribute) else "") == "dataclass"
        for d in (dec.func if isinstance(dec, ast.Call) else dec for dec in defn.decorator_list)
    )
    if not dataclass:
        return None
    return [s.target.id for s in defn.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]


def positional_token_slot(rule: LintRule) -> bool:
    """The expression being visited is given by position to a function or class of this module whose
    parameter at that position is named as an amount or an estimate of tokens (``token_estimate``)."""
    ancestors = rule.ctx.ancestors
    if len(ancestors) < 2:
        return False
    return given_to_token_param(rule, ancestors[-2], ancestors[-1])


def given_to_token_param(rule: LintRule, call: ast.AST, node: ast.AST) -> bool:
    """``node`` is an argument given by position in ``call`` to a function or class of this module whose
    parameter (or dataclass field) at that position is named as an amount or an estimate of tokens."""
    tree = rule.ctx.tree
    if tree is None:
        return False
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and node in call.args):
        return False
    index = call.args.index(node)
    if any(isinstance(a, ast.Starred) for a in call.args[: index + 1]):
        return False
    name = call.func.id
    found = [
        s
        for s in statements(tree)
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and s.name == name
    ]
    if len(found) != 1:
        return False  # none, or defined twice: which one is called is not known
    params = _params(found[0])
    if params is None or index >= len(params):
        return False
    param = params[index]
    return (
        rule.names.is_token_amount(param)
        or (rule.names.mentions_tokens(param) and bool(set(words(param)) & _ESTIMATE_WORDS))
    ) and not rule.names.is_chars(param)
