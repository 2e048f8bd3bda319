"""PB104's finding of a rate from one tokenizer's tokens to another's: ``int(token_count * 1.1)`` with
``token_count = len(enc.encode(text))`` of a tiktoken encoding (set 20: inspect-ai's ``o200k_base`` count
"with 10% buffer" for Qwen, DeepSeek and Llama; ``tiktoken_counts``). Kept apart from the rule, which
calls it where a product is visited.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import LintRule, number
from prompt_budget.lint.tiktoken_counts import CountReader


def tokenizer_rate(rule: LintRule, node: ast.BinOp) -> bool:
    """Report ``node`` when it scales a tiktoken count by a rate to another tokenizer's; True if so."""
    reader = CountReader(rule.ctx.function(), rule.ctx.enclosing_class(), rule.ctx.origin)
    found = reader.correction(node)
    rate = number(found[0]) if found else None
    if found is None or rate is None:
        return False
    rule.report(
        node,
        f"hard-coded ratio of {rate} to turn a tiktoken (GPT) count into another model's tokens; the "
        "ratio differs by model and text, so keep one calibrated value in config (or count with the "
        "model's own tokenizer)",
        target=found[0],
        value=rate,
        key_parts=("tokens_per_tiktoken_token", rule.scope_key(), rule.ctx.module_name),
    )
    return True
