"""PB101's budgets given as a lookup's default under a key that does not say tokens, where the code says
what the value is (set 57: huixiangdou).

- ``self.max_token_size = data.get('remote_llm_max_text_length', 32000) - 4096``: a mapping's
  ``.get(key, N)`` (or ``getattr(obj, key, N)``) bound, bare, converted (``int(...)``) or less or more
  a reserve, to a single name saying a budget of tokens (``max_token_size``), or a window read under a key saying
  context (``self.n_ctx = kwargs.get("context", 131072)``): the default is that budget
  whenever the key is missing, whatever the key is named, unless the key says characters or bytes. A key
  named as a budget is ``inline_forms.lookup_default``'s;
- ``TPM(int(data.get('tpm', 50000)))``: a default under a key that is a quota of tokens per unit of
  time (``tpm``, ``max_tokens_per_minute``: ``token_quotas``), the quota a rate limiter lets through
  whenever the config is silent, as a parameter's default named so is (PB102).

A read of the environment (``os.environ.get("TPM", 50000)``) is no setting of the code.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.env_rows import reads_environment
from prompt_budget.lint.inline_forms import lookup_pair
from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import attr_name, callee_name, string_value
from prompt_budget.lint.token_quotas import token_quota_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Conversions of a setting's value to a number.
_CONVERSIONS = frozenset({"int", "float"})
#: Words of a key naming a model's context.
_CONTEXT = frozenset({"context", "ctx"})
#: Words of a key measured in something else than tokens.
_OTHER_UNITS = CHAR_WORDS | {"byte", "bytes", "word", "words", "line", "lines"}


def _bound_name(rule: LintRule, call: ast.Call) -> str | None:
    """The single name ``call``'s value is bound to: bare, converted, or plus or minus an amount."""
    node: ast.AST = call
    parent = rule.ctx.parent(node)
    while True:
        if (
            isinstance(parent, ast.Call) and callee_name(parent) in _CONVERSIONS and len(parent.args) == 1
        ) or (
            isinstance(parent, ast.BinOp)
            and parent.left is node
            and isinstance(parent.op, (ast.Sub, ast.Add))
        ):
            node, parent = parent, rule.ctx.parent(parent)
        else:
            break
    if isinstance(parent, (ast.Assign, ast.AnnAssign)) and parent.value is node:
        targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
        if len(targets) == 1 and isinstance(targets[0], (ast.Name, ast.Attribute)):
            return attr_name(targets[0])
    return None


def assigned_lookup_budgets(
    rule: LintRule, call: ast.Call
) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """The default of a lookup, in the forms above."""
    pair = lookup_pair(call)
    key = string_value(pair[0]) if pair is not None else None
    if pair is None or not key or key.isupper() or reads_environment(call):
        return
    value = rule.budget_literal(pair[1])
    if value is None or is_reported(rule, pair[1]) or rule.names.is_budget_setting(key):
        return
    if token_quota_name(key):
        yield pair[1], key, value, "used as the fallback of a quota of tokens per unit of time"
        return
    name = _bound_name(rule, call)
    if (
        name
        # ``self.n_ctx = kwargs.get("context", 131072)``: a window by its name, read under a key saying context
        # (set 236: turboagent-ai's backends)
        and (rule.names.mentions_tokens(name) or (rule.names.is_budget(name) and _CONTEXT & set(words(key))))
        and rule.names.is_budget_setting(name)
        and not set(words(key)) & _OTHER_UNITS
        and not rule.names.is_excluded(key)
    ):
        yield pair[1], name, value, f"used as the fallback of `{key}`, bound to `{name}`"
