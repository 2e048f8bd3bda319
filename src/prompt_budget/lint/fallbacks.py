"""Numbers reached through a fallback: the literal a setting takes when the config does not give one.

``getattr(cfg, "output_reserve", 8000)``, ``cfg.get("threshold", 0.8)``, ``cfg.get("threshold") or
0.8``, ``float(cfg.get("threshold", 0.8) or 0.8)``: the literal is the setting's value whenever the
config is silent, so a local bound to such an expression is followed like a local bound to the literal
(PB105's shares, PB106's reserves). A value read from the environment (``os.getenv("N", 8000)``,
``os.environ.get(...)``) is the environment's, not a literal setting: not a fallback here.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import attr_name, callee_name, dotted, number
from prompt_budget.lint.walks import walk

#: Conversions that keep the value: ``int(x)``, ``float(x)``.
_KEEPING = frozenset({"int", "float", "round"})
#: Receivers whose ``.get`` reads the environment.
_ENVIRONMENT = frozenset({"environ", "os.environ", "env"})


def _environment(call: ast.Call) -> bool:
    if callee_name(call) in {"getenv", "get_env", "getenvb"}:
        return True
    func = call.func
    return isinstance(func, ast.Attribute) and (
        dotted(func.value) in _ENVIRONMENT or attr_name(func.value) in _ENVIRONMENT
    )


def fallback_literals(value: ast.expr | None) -> list[ast.expr]:
    """The numeric literals ``value`` falls back to (outermost first), [] when it is no fallback form."""
    found: list[ast.expr] = []
    node = value
    while isinstance(node, ast.Call) and callee_name(node) in _KEEPING and len(node.args) == 1:
        node = node.args[0]
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or) and len(node.values) == 2:
        first, last = node.values
        if number(last) is not None and not isinstance(first, ast.Constant):
            found.append(last)
            node = first
            while isinstance(node, ast.Call) and callee_name(node) in _KEEPING and len(node.args) == 1:
                node = node.args[0]
    if isinstance(node, ast.Call) and not _environment(node):
        name = callee_name(node)
        default: ast.expr | None = None
        if name == "getattr" and isinstance(node.func, ast.Name) and len(node.args) == 3:
            default = node.args[2]
        elif name == "get" and isinstance(node.func, ast.Attribute) and len(node.args) == 2:
            default = node.args[1]
        if default is not None and number(default) is not None:
            found.append(default)
    return found


def local_bindings(fn: ast.AST, name: str) -> list[ast.Assign]:
    """The plain assignments ``name = ...`` in ``fn`` (its nested functions and classes left out)."""
    found: list[ast.Assign] = []
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id == name
        ):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


def keyed_fallbacks(node: ast.Dict) -> list[tuple[str, ast.expr]]:
    """``{"threshold": getattr(args, "context_threshold", 0.8)}``: (key, literal) of each entry whose
    value is a number or falls back to one."""
    found: list[tuple[str, ast.expr]] = []
    for key, value in zip(node.keys, node.values, strict=False):
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            continue
        literals = [value] if number(value) is not None else fallback_literals(value)
        if literals:
            found.append((key.value, literals[-1]))
    return found


def read_key(value: ast.expr | None) -> str | None:
    """The key a ``.get("key", ...)`` (not ``getattr``) of a fallback reads, else None."""
    for node in walk(value) if value is not None else ():
        if isinstance(node, ast.Call) and callee_name(node) == "get" and node.args:
            key = node.args[0]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                return key.value
    return None
