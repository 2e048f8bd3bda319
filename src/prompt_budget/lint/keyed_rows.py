"""A tokenizer's output entry read under a loop's key (set 48: rewardbench's DPO row, after TRL)::

    for answer_tokens in [chosen_tokens, rejected_tokens, prompt_tokens]:
        for k in ["prompt_input_ids", "prompt_attention_mask"]:
            answer_tokens[k] = answer_tokens[k][-self.max_prompt_length :]

``answer_tokens[k]`` is a list of token ids (or the mask aligned with them) whatever ``k`` is, for every
key the loop goes through names one: the slice cuts tokens, not characters, as ``answer_tokens[
"prompt_input_ids"][:n]`` would. The loop is found among the ancestors of the node being visited (the
rules' walk keeps them), so no tree is walked.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _token_key(key: str) -> bool:
    """``input_ids``, ``prompt_input_ids``, ``token_ids``, ``attention_mask``: an entry of a tokenizer's
    output holding one item per token."""
    ws = set(words(key))
    return ("ids" in ws and bool(ws & {"input", "token"})) or {"attention", "mask"} <= ws


def keyed_token_row(rule: LintRule, node: ast.expr) -> bool:
    """``answer_tokens[k]`` inside ``for k in ["prompt_input_ids", "prompt_attention_mask"]``: a row of
    token ids read under a loop's key whose every value names such an entry."""
    if not (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name)):
        return False
    key = node.slice.id
    for outer in reversed(rule.ctx.ancestors):
        if isinstance(outer, (ast.For, ast.AsyncFor)) and isinstance(outer.target, ast.Name):
            if outer.target.id != key:
                continue
            keys = (
                [string_value(e) for e in outer.iter.elts]
                if isinstance(outer.iter, (ast.List, ast.Tuple))
                else []
            )
            return bool(keys) and all(k is not None and _token_key(k) for k in keys)
        if isinstance(outer, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return False
    return False
