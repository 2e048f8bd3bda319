"""A text's length times a whole number of tokens per character, kept as a token budget, for PB104
(chars-per-token): ``if (max_token := len(text) * 5) > self.options["num_predict"]: ...`` (set 50:
pdf2zh's Ollama translator raises its output cap to five tokens per input character). No tokenizer
makes more than one token of a character, so the rate is an allowance of output, and only the use
says it is in tokens: the product is bound (``=`` or ``:=``) to a budget's name, given as a budget
keyword (a comparison alone may be any unit's). ``maxlen = max(2000, len(text) * 5)`` (a bound of characters in
no budget's name) is not. Read from the node's ancestors only. Kept apart from the rule: it judges no
finding itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import LintRule, attr_name, callee_name

#: Tokens per character an output allowance may give (``len(text) * 5``).
LOWEST, HIGHEST = 2, 10
#: Names of a text whose length counts characters.
TEXT_WORDS = frozenset(
    {"text", "prompt", "content", "string", "source", "document", "passage", "query", "body"}
)


def of_text(rule: LintRule, length: ast.expr) -> bool:
    """``len(text)``, ``len(str(x))``: the length of a text, not of a list (``len(ids)``)."""
    if not (isinstance(length, ast.Call) and callee_name(length) == "len" and length.args):
        return False
    arg = length.args[0]
    if isinstance(arg, ast.Call) and callee_name(arg) == "str":
        return True
    name = attr_name(arg) or ""
    return bool(set(words(name)) & TEXT_WORDS) or rule.names.is_chars(name)


def allowance_use(rule: LintRule, node: ast.BinOp) -> str | None:
    """The budget the product ``node`` (a text's length times a rate) is bound or given to, else None."""
    if not of_text(rule, node.left):
        return None
    ancestors = rule.ctx.ancestors
    parent = ancestors[-2] if len(ancestors) > 1 else None
    names = rule.names
    if isinstance(parent, ast.NamedExpr) and names.is_budget_setting(parent.target.id):
        return parent.target.id
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
        name = attr_name(parent.targets[0])
        return name if name and names.is_budget_setting(name) else None
    if isinstance(parent, ast.keyword) and parent.arg and names.is_budget_setting(parent.arg):
        return parent.arg
    return None


def report_allowance(rule: LintRule, node: ast.BinOp, literal: ast.expr, value: float, budget: str) -> None:
    """Report the rate ``literal`` of the allowance ``node`` that sets the token budget ``budget``."""
    rule.report(
        node,
        f"hard-coded ratio of {value:g} tokens per character sets the token budget `{budget}` from a "
        "text's length; keep the allowance in config so it can be tuned per model",
        target=literal if literal in (node.left, node.right) else None,
        value=value,
        key_parts=("output_tokens_per_char", rule.scope_key(), rule.ctx.module_name),
    )
