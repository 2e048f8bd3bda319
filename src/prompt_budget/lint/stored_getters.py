"""A setting's fallback stored on ``self`` that a getter named as a token budget returns (PB102; set 63:
euroeval's zero-shot classifier)::

    _DEFAULT_MAX_LENGTH = 512

    class ZeroShotClassifierModel(BenchmarkModule):
        def __init__(self, ...):
            self.max_length = (config or {}).get("max_len", _DEFAULT_MAX_LENGTH)

        @cached_property
        def model_max_length(self) -> int:
            return self.max_length

The key (``max_len``) and the attribute (``max_length``) may count characters; a method of the class
named as a token budget (``model_max_length``, the name PB102 already reads where it returns a literal)
returning that very attribute says the fallback is the model's window when the config gives none. The
fallback is reported where it is written: the literal, or the module-level constant it names (bound
once, to a number). The class's methods are read through its cached statements, once per class.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import targets_of
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import kept_per_file, statements
from prompt_budget.lint.window_lengths import setting_fallback

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Wrappers a fallback read may sit in before it is stored: ``int(cfg.get(...))``, ``(cfg or {}).get``.
_KEEPING = frozenset({"int"})
_kept: list[tuple[ast.ClassDef, dict[str, str]]] = kept_per_file([])


def _getters(rule: LintRule, cls: ast.ClassDef) -> dict[str, str]:
    """Attribute -> the method named as a token budget that returns ``self.<attribute>`` and nothing else."""
    if _kept and _kept[0][0] is cls:
        return _kept[0][1]
    out: dict[str, str] = {}
    for fn in cls.body:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not rule.names.is_budget(fn.name):
            continue
        returns = [s for s in statements(fn) if isinstance(s, ast.Return)]
        if len(returns) == 1 and (attr := _self_attribute(returns[0].value)):
            out[attr] = fn.name
    _kept[:] = [(cls, out)]
    return out


def _self_attribute(node: ast.AST | None) -> str | None:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return node.attr
    return None


def _module_number(rule: LintRule, name: str) -> ast.expr | None:
    """The value of a module-level constant bound once, to a number: ``_DEFAULT_MAX_LENGTH = 512``."""
    found: list[ast.expr] = []
    for stmt in getattr(rule.ctx.tree, "body", ()):
        targets = targets_of(stmt)
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            found.append(stmt.value)
    return found[0] if len(found) == 1 and found[0] is not None else None


def stored_getter_fallback(rule: LintRule, call: ast.Call) -> None:
    """``self.max_length = cfg.get("max_len", 512)`` where ``def model_max_length(self): return
    self.max_length``: report the fallback (the literal, or the constant it names)."""
    found = setting_fallback(call)
    cls = rule.ctx.enclosing_class()
    if found is None or cls is None:
        return
    node: ast.AST = call
    store: ast.Assign | None = None
    for ancestor in reversed(rule.ctx.ancestors[:-1]):
        if isinstance(ancestor, ast.Call) and (callee_name(ancestor) or "") in _KEEPING:
            node = ancestor
            continue
        if isinstance(ancestor, ast.Assign) and ancestor.value is node and len(ancestor.targets) == 1:
            store = ancestor
        break
    attr = _self_attribute(store.targets[0]) if store is not None else None
    getter = _getters(rule, cls).get(attr) if attr else None
    if getter is None:
        return
    written = _module_number(rule, found[1].id) if isinstance(found[1], ast.Name) else found[1]
    value = rule.budget_literal(written) if written is not None else None
    if written is None or value is None or any(r.target is written for r in rule.ctx.reports):
        return
    message = (
        f"token budget {found[0]}={value} as a fallback default, stored in `self.{attr}` that "
        f"`{getter}()` returns as a token budget; move it to config so it can be tuned and tested"
    )
    rule.report_literal(written, message, value, found[0])
