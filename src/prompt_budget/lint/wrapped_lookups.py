"""A lookup made through a helper of the package's own (set 81: mvge's ``def _get(key, default): return
config.get(key, ConfigValue(default, ConfigLayer.DEFAULTS)).value`` ... ``_get("max_tokens", 4096)``): a
function of the module (or of the function calling it) whose body returns a ``.get`` / ``.pop`` /
``getattr`` lookup of its first parameter with its second as the default, wrapped or not
(``ConfigValue(default, ...)``) and read back through attributes (``.value``). A call of it with a
string key and a number is the lookup ``d.get("max_tokens", 4096)`` written once removed: the number is
the fallback of that key. Only the helper's own statements are read: a call's name is looked up among
the enclosing functions' and the module's top-level definitions, for calls of a bare name with a string
and a number.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import number, string_value
from prompt_budget.lint.walks import kept_per_file

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_Function = ast.FunctionDef | ast.AsyncFunctionDef
_LOOKUPS = frozenset({"get", "pop", "setdefault"})


def defined_function(rule: LintRule, name: str) -> _Function | None:
    """The definition of ``name`` among the top-level statements of the enclosing functions and of the
    module (the innermost first)."""
    bodies = [
        s.body for s in reversed(rule.ctx.scopes) if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    for body in bodies:
        for stmt in body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == name:
                return stmt
    tree = rule.ctx.tree
    return _module_functions(tree).get(name) if isinstance(tree, ast.Module) else None


#: The last module asked about and its top-level functions by name (``_module_functions``).
_defined: list[tuple[ast.Module, dict[str, _Function]]] = kept_per_file([])


def _module_functions(tree: ast.Module) -> dict[str, _Function]:
    """The first top-level function of each name in the module: read once per module, not once per
    call (a module of constants made 249 calls, each reading its thousands of statements)."""
    if _defined and _defined[0][0] is tree:
        return _defined[0][1]
    found: dict[str, _Function] = {}
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.setdefault(stmt.name, stmt)
    _defined[:] = [(tree, found)]
    return found


def _is_param(node: ast.expr, param: str) -> bool:
    return isinstance(node, ast.Name) and node.id == param


def _forwards(fn: _Function) -> bool:
    """``fn`` returns a lookup of its first parameter with its second (wrapped or not) as the default."""
    params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(params) != 2 or len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return False
    value: ast.expr = body[0].value
    while isinstance(value, ast.Attribute):
        value = value.value  # ``config.get(key, ...).value``
    if not isinstance(value, ast.Call) or len(value.args) != 2:
        return False
    func = value.func
    if isinstance(func, ast.Attribute) and func.attr in _LOOKUPS:
        key, default = value.args
    elif isinstance(func, ast.Name) and func.id == "getattr":
        return False  # an attribute's name given as a key is read as ``getattr(obj, name, default)``
    else:
        return False
    if isinstance(default, ast.Call) and default.args:
        default = default.args[0]  # ``ConfigValue(default, layer)``: the default wrapped
    return _is_param(key, params[0]) and _is_param(default, params[1])


def wrapped_pair(rule: LintRule, node: ast.Call) -> tuple[ast.expr, ast.expr] | None:
    """(the key, the default) of ``_get("max_tokens", 4096)`` when ``_get`` forwards both to a lookup,
    else None."""
    if not isinstance(node.func, ast.Name) or len(node.args) != 2 or node.keywords:
        return None
    key, default = node.args
    if string_value(key) is None or number(default) is None:
        return None
    fn = defined_function(rule, node.func.id)
    return (key, default) if fn is not None and _forwards(fn) else None
