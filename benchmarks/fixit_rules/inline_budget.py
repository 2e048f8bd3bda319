"""The fixit rule the lint benchmark runs: PB101's keyword case (``max_tokens=8000``) written as a
Fixit 2 rule, the nearest single-rule equivalent a fixit user would write."""

from __future__ import annotations

import re
from typing import ClassVar

import libcst as cst
from fixit import Invalid, LintRule, Valid

_BUDGET = re.compile(
    r"(?i)(max|limit|budget|window|reserve|cap).*tokens?|tokens?.*(limit|budget)|context_?window|n_ctx|num_ctx"
)


class InlineBudget(LintRule):
    MESSAGE = "token budget passed inline; move it to config"
    VALID: ClassVar[list[Valid]] = [Valid("f(max_tokens=settings.max_tokens)")]
    INVALID: ClassVar[list[Invalid]] = [Invalid("f(max_tokens=8000)")]

    def visit_Arg(self, node: cst.Arg) -> None:
        if (
            node.keyword is not None
            and isinstance(node.value, cst.Integer)
            and _BUDGET.search(node.keyword.value)
        ) and int(node.value.evaluated_value) >= 16:
            self.report(node)
