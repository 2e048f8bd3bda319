"""A tool argument's fallback whose unit the module's own JSON schema gives as tokens (set 72: memwright's
MCP server, ``"budget": {"type": "integer", "description": "Max tokens to return (default: 2000)"}`` in
the tool's ``inputSchema`` ... ``budget=args.get("budget", 2000)``): the key names no unit, but the
schema the module declares for it does. Only a schema property (a dict under the key holding a
``"description"`` string) of the very key read, described in tokens and never in characters, counts; the
module's dicts are found through its shared walk (``walks.walk``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import CHAR_WORDS, TOKENS_WORD, words
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.walks import kept_per_file, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _described(prop: ast.expr) -> str | None:
    if not isinstance(prop, ast.Dict):
        return None
    for key, value in zip(prop.keys, prop.values, strict=True):
        if string_value(key) == "description":
            return string_value(value)
    return None


#: The last module asked about and the descriptions of its schema properties by key (``_properties``).
_described_in: list[tuple[ast.AST, dict[str, list[str]]]] = kept_per_file([])


def _properties(tree: ast.AST) -> dict[str, list[str]]:
    """Each key of the module's dicts and the descriptions of the properties under it, in the walk's
    order: read once per module, not once per ``get`` of a key with a number (each walked the module)."""
    if _described_in and _described_in[0][0] is tree:
        return _described_in[0][1]
    found: dict[str, list[str]] = {}
    for node in walk(tree):
        if type(node) is ast.Dict:
            for k, v in zip(node.keys, node.values, strict=True):
                if (key := string_value(k)) is not None and (text := _described(v)) is not None:
                    found.setdefault(key, []).append(text)
    _described_in[:] = [(tree, found)]
    return found


def _schema_says_tokens(tree: ast.AST, key: str) -> bool:
    said = _properties(tree).get(key, [])
    return bool(said) and all(TOKENS_WORD.search(t) and not set(words(t)) & CHAR_WORDS for t in said)


def schema_fallback(rule: LintRule, node: ast.Call) -> tuple[ast.expr, str, int | float, str] | None:
    """(the default, the key, its value, how) of ``args.get("budget", 2000)`` whose key the module's
    schema describes in tokens."""
    func, tree = node.func, rule.ctx.tree
    if not (isinstance(func, ast.Attribute) and func.attr == "get" and len(node.args) == 2) or tree is None:
        return None
    key, value = string_value(node.args[0]), rule.budget_literal(node.args[1])
    if not key or value is None or not _schema_says_tokens(tree, key):
        return None
    return node.args[1], key, value, "used as the fallback of a tool argument its schema gives in tokens"
