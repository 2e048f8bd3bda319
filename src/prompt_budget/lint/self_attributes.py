"""The attribute of ``self`` an expression names: one reading for the rules that follow a value kept on an
instance (a budget getter's stored default, an encoding kept by a constructor, a length stored and cut to)."""

from __future__ import annotations

import ast


def self_attribute(node: ast.AST | None) -> str:
    """``self.x`` -> "x"; anything else (``cfg.x``, ``self.a.b``, a call) -> ""."""
    if type(node) is ast.Attribute and type(node.value) is ast.Name and node.value.id == "self":
        return node.attr
    return ""
