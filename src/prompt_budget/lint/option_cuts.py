"""PB102's command-line option whose destination the module hands to a tokenizer's truncation length
(set 48: rewardbench's ``--max_length default=2048``, "Max length of RM inputs (passed to pipeline)",
read in another function as ``{"truncation": True, "max_length": args.max_length, ...}``, a text
pipeline's keyword arguments). A ``max_length`` says nothing of its unit; one that meets
``truncation=True`` (a tokenizer's or a pipeline's keywords, written as a call's or as a dict) is the
number of tokens the input is cut to. The option's destination is read as an attribute (``args.NAME``,
``self.args.NAME``) as a length key's value in such a dict or a length keyword of such a call, anywhere
in the module: the parser and the call are often in two functions (``get_args()`` and ``main()``).
The module is walked once, and only when an option with a length-like name has a literal default.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.forms import argparse_default
from prompt_budget.lint.learned_lengths import learnable
from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.token_cuts import cut_kwargs, cuts_tokens
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of an option's name saying a length (``max_length``, ``max_seq_len``, ``max_input_length``).
_LENGTH_WORDS = frozenset({"length", "len", "maxlen"})


def _length_key(rule: LintRule, key: str | None) -> bool:
    """``max_length``, ``max_seq_len``: a truncation length's keyword (a weak budget or a window length)."""
    if not key:
        return False
    return rule.names.is_weak_budget(key) or (bool(set(words(key)) & _LENGTH_WORDS) and "max" in words(key))


def _other_length(call: ast.Call, keyword: str | None) -> bool:
    """``deque(maxlen=...)``, ``Field(max_length=...)``, ``CharField(max_length=...)``: a length of a
    queue or a string field, which counts no tokens."""
    name = callee_name(call) or ""
    return keyword in _OTHER_KEYWORDS and (
        name in _OTHER_CALLEES or bool(set(words(name)) & (CHAR_WORDS | {"field", "string", "str"}))
    )


#: The keywords of a queue's or a string field's length, and the callees taking them.
_OTHER_KEYWORDS = frozenset({"maxlen", "max_length"})
_OTHER_CALLEES = frozenset({"deque", "Field", "constr", "StringField", "Column", "String"})


def _cut_reads(rule: LintRule, tree: ast.AST) -> dict[str, int]:
    """The attributes read (``args.max_length``) as the length a truncating call or its keywords' dict
    cuts to, with the line of the first such read; not those also given to a queue's or a string
    field's length."""
    found: dict[str, int] = {}
    other: set[str] = set()
    for node in walk(tree):
        pairs: list[tuple[str | None, ast.expr]] = []
        if isinstance(node, ast.Dict) and cut_kwargs(node):
            pairs = [(string_value(k), v) for k, v in zip(node.keys, node.values, strict=False)]
        elif isinstance(node, ast.Call) and node.keywords:
            if cuts_tokens(node):
                pairs = [(kw.arg, kw.value) for kw in node.keywords]
            else:
                other.update(
                    kw.value.attr
                    for kw in node.keywords
                    if isinstance(kw.value, ast.Attribute) and _other_length(node, kw.arg)
                )
        for key, value in pairs:
            if isinstance(value, ast.Attribute) and _length_key(rule, key):
                found.setdefault(value.attr, value.lineno)
    return {name: line for name, line in found.items() if name not in other}


class OptionCuts:
    """Per module: the attributes handed to a truncation length, gathered on the first question."""

    def __init__(self) -> None:
        self._reads: dict[str, int] | None = None

    def call(self, rule: LintRule, node: ast.Call) -> None:
        """Report argparse's ``add_argument("--max_length", default=2048)`` whose destination the module
        hands to a truncating call's length (unless another judgement reported it)."""
        found = argparse_default(node)
        if found is None:
            return
        written, name, help_text = found
        value = rule.budget_literal(written)
        names = rule.names
        if value is None or not _length_key(rule, name) or learnable(name) or names.is_excluded(name):
            return  # a length named for what it measures (``doc_maxlen``): ``learned_lengths``
        if names.implausible(name, value) or is_reported(rule, written):
            return
        if help_text and (set(words(help_text)) & CHAR_WORDS or "word" in help_text.lower()):
            return  # ``help="Longest sample, in characters"``
        if rule.ctx.tree is None:
            return
        if self._reads is None:
            self._reads = _cut_reads(rule, rule.ctx.tree)
        line = self._reads.get(name)
        if line is None:
            return
        message = (
            f"token budget {name}={value} as a command-line option's default, the length a tokenizer "
            f"truncates to (`{name}` given with `truncation=True` at line {line}); move it to config so "
            "it can be tuned and tested"
        )
        rule.report_literal(written, message, value, name)
