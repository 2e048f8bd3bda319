"""PB101's ``max_length`` written into a dict of keyword arguments that also says to truncate (set 60:
ragchain's pygaggle tokenizer)::

    if 'truncation' not in kwargs:
        kwargs['truncation'] = True
    ...
    if 'max_length' not in kwargs:
        kwargs['max_length'] = 512
    super().__init__(*args, **kwargs)

The keyword arguments of a tokenizer's call built up one entry at a time, as ``token_cuts.cut_kwargs``
reads them written at once (``{"max_length": 512, "truncation": True}``): the same function writes
``True`` under ``"truncation"`` of the same local, so the number under ``"max_length"`` is the length in
tokens the input is cut to. Not when an entry of that dict names an audio sampling rate (a feature
extractor truncates to samples), nor for a dict bound to something else in between (only the entries
written under a subscript of one local name are read). The function is walked (``walks.walk``,
cached) only for such an entry written with a budget-sized number.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import string_value
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_LENGTH_KEYS = frozenset({"max_length"})
_AUDIO_KEYS = frozenset({"sampling_rate", "sample_rate", "sampling_frequency"})


def truncated_entry(rule: LintRule, target: ast.Subscript) -> bool:
    """``kwargs["max_length"] = N`` in a function that also writes ``kwargs["truncation"] = True``."""
    if string_value(target.slice) not in _LENGTH_KEYS or not isinstance(target.value, ast.Name):
        return False
    fn = rule.ctx.function()
    if fn is None:
        return False
    local = target.value.id
    written: dict[str, list[ast.expr]] = {}
    for node in walk(fn):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        entry = node.targets[0]
        if isinstance(entry, ast.Subscript) and isinstance(entry.value, ast.Name) and entry.value.id == local:
            key = string_value(entry.slice)
            if key is not None:
                written.setdefault(key, []).append(node.value)
    if _AUDIO_KEYS & written.keys():
        return False
    flags = written.get("truncation", [])
    return bool(flags) and all(isinstance(f, ast.Constant) and f.value is True for f in flags)
