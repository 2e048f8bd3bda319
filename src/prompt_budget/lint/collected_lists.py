"""Lists of items, for PB104's way back from tokens to characters (``tokens * 4``): a product of a token
count compared with the length of a list the code collects (``history.append(x)`` ... ``if len(history) >
self.context_window * 2``) or cutting one (``history[-(self.context_window * 2):]``) counts items, not
characters: a string has no ``append``. A list is collected when ``append``, ``extend`` or ``insert`` is
called on it in the function, or (an attribute of ``self``) in its class, or when the function binds it to
a list display or comprehension (set 64: toolagents' navigation history), or when it is a parameter annotated
as a list or another container of items (``history: list``, ``msgs: Sequence[dict]``): ``len(history)``
counts its items, and a share of it is no rate of tokens per character (set 91: bharatcode's
``int(len(history) * _COMPACT_TARGET_RATIO)``). Kept apart from the rule: it reads
a function's and a class's statements through the shared walks, and judges no finding itself.
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.rule import FileContext, string_value
from prompt_budget.lint.text_params import parameter_typed
from prompt_budget.lint.walks import walk

#: Annotations of a container of items (never a string): ``list``, ``List[Message]``, ``Sequence[dict]``.
_CONTAINERS = frozenset(
    {
        "list",
        "List",
        "Sequence",
        "MutableSequence",
        "tuple",
        "Tuple",
        "set",
        "Set",
        "frozenset",
        "deque",
        "dict",
    }
)

#: Methods of a list (not of a string) that add items to it.
_ADDING = frozenset({"append", "extend", "insert"})


def _same(a: ast.expr, b: ast.expr) -> bool:
    if isinstance(a, ast.Name) and isinstance(b, ast.Name):
        return a.id == b.id
    return (
        isinstance(a, ast.Attribute)
        and isinstance(b, ast.Attribute)
        and a.attr == b.attr
        and isinstance(a.value, ast.Name)
        and isinstance(b.value, ast.Name)
        and a.value.id == b.value.id
    )


def _collects(scope: ast.AST, node: ast.expr) -> bool:
    for n in walk(scope):
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in _ADDING
            and _same(n.func.value, node)
        ):
            return True
        if (
            isinstance(n, (ast.Assign, ast.AnnAssign))
            and isinstance(n.value, (ast.List, ast.ListComp))
            and any(_same(t, node) for t in (n.targets if isinstance(n, ast.Assign) else [n.target]))
        ):
            return True
    return False


def collected_list(fn: ast.AST | None, cls: ast.ClassDef | None, node: ast.expr) -> bool:
    """``node`` (a local or an attribute of ``self``) is a list the code adds items to or builds."""
    if fn is None or not isinstance(node, (ast.Name, ast.Attribute)):
        return False
    if isinstance(node, ast.Attribute) and not (isinstance(node.value, ast.Name) and node.value.id == "self"):
        return False
    if _collects(fn, node):
        return True
    return isinstance(node, ast.Attribute) and cls is not None and _collects(cls, node)


#: Methods returning a list of items: regular expression matches, lines, a mapping's keys or entries.
_LISTING = frozenset({"findall", "finditer", "splitlines", "keys", "values", "items", "readlines"})
#: A pattern matching one character: a class (``[\u4e00-\u9fff]``), an escape (``\w``) or a character.
_ONE_CHARACTER = re.compile(r"\[(?:\\.|[^\]])*\]|\\.|.", re.DOTALL)


def listed_items(ctx: FileContext, node: ast.expr) -> bool:
    """``node`` holds items, not a text: a container parameter (``typed_list``) or a list the function or
    its class builds (``collected_list``: ``consolidated_heuristics.append({...})`` ... ``len(
    consolidated_heuristics) * 0.5``, set 208: btp-guard's bonus per stored heuristic)."""
    fn = ctx.function()
    return typed_list(fn, node, ctx.tree) or collected_list(fn, ctx.enclosing_class(), node)


def typed_list(fn: ast.AST | None, node: ast.expr, tree: ast.AST | None = None) -> bool:
    """``node`` is a parameter of ``fn`` annotated as a container of items (``history: list``,
    ``messages: list[Message]``, ``Optional[List[dict]]``, ``list[str] | None``), or a call listing
    matches, lines or keys (``len(NUMBER.findall(text))`` counts matches, set 181: web-scout-ai), unless
    its pattern, written in the call or compiled in a constant of the module ``tree``, matches one
    character at a time (``_CJK_RE = re.compile(r"[\u4e00-\u9fff]")``: characters, set 175: corecoder)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        pattern = _pattern(node, node.func, tree) if node.func.attr in {"findall", "finditer"} else None
        return node.func.attr in _LISTING and not (pattern and _ONE_CHARACTER.fullmatch(pattern))
    return parameter_typed(fn, node, _CONTAINERS)


def _pattern(call: ast.Call, func: ast.Attribute, tree: ast.AST | None) -> str | None:
    """The pattern ``re.findall(pattern, text)`` is given, or the one ``NAME.findall(text)``'s ``NAME``
    is compiled from at the module's top level (``NAME = re.compile(pattern)``); else None."""
    if type(func.value) is not ast.Name:
        return None
    if func.value.id == "re":
        return string_value(call.args[0]) if call.args else None
    for stmt in getattr(tree, "body", ()):
        if (
            isinstance(stmt, ast.Assign)
            and any(type(t) is ast.Name and t.id == func.value.id for t in stmt.targets)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and stmt.value.func.attr == "compile"
            and stmt.value.args
        ):
            return string_value(stmt.value.args[0])
    return None


def counts_items(fn: ast.AST | None, cls: ast.ClassDef | None, node: ast.expr) -> bool:
    """``len(history)`` of a collected list (``collected_list``)."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "len"
        and len(node.args) == 1
        and collected_list(fn, cls, node.args[0])
    )
