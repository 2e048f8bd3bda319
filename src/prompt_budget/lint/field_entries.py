"""PB102's reading of a class field's entry in the class docstring's parameter list (set 58: kvpress's
``DecodingPress``, whose numpy-style ``Parameters`` list gives ``target_size : int, default=2048`` the
description "Target number of tokens to keep after compression"): a field whose entry calls it a
target or a maximum number of tokens is a token budget, whatever its name says, as a constructor's
attribute already is (``param_docstrings.attribute_documented_in_tokens``). Not an entry speaking of
characters, bytes, access tokens or sampling.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from prompt_budget.lint.param_docstrings import entry_says

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: An entry giving its field as a cap or a goal of tokens ("Target number of tokens to keep").
_TOKEN_CAP = re.compile(r"\b(?:max(?:imum)?|target)\s+(?:number|count)\s+of\s+tokens\b", re.IGNORECASE)


def field_entry_in_tokens(rule: LintRule, name: str) -> bool:
    """The class docstring's entry for the field ``name`` (being visited in the class body) calls it a
    target or maximum number of tokens (see the module's docstring)."""
    if len(name) < 2:
        return False
    return entry_says(rule, name, _TOKEN_CAP)
