"""A module whose prose budgets tokens names its budget ``budget`` (set 185: supercarto, "Token budgeting"
in its docstring, ``budget = max(64, opts.get("budget", 1024))`` and ``def maplet(..., budget: int = 1024)``).

Alone, ``budget`` says nothing of its unit (money, time, steps, tokens); where the module's own docstrings or
comments speak of a "token budget" (``token budget``, ``token-budgeted``, ``token budgeting``), the bare name
and its default spellings are read as the user's ``budget-names`` are: a budget name. Names that say another
unit (``time_budget``, ``budget_usd``) are not among them, and the prose must be words, not an identifier
(``token_budget`` is one already).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from prompt_budget.lint.options import RuleOptions

#: "token budget", "token-budgeted", "token budgeting", "token budgets" in prose (lower case).
_SAYS = re.compile(r"\btoken[- ]budget(?:s|ed|ing)?\b")
#: The bare budget names such a module's budget goes by (compared in lower case, leading ``_`` dropped).
NAMES = frozenset({"budget", "default_budget", "defaultbudget", "budget_val", "budget_value"})


def says_token_budget(lowered: str) -> bool:
    """The module's lower-cased text speaks of a token budget in words."""
    return "budget" in lowered and _SAYS.search(lowered) is not None


#: Bent options by the identities of the options they bend (``LintOptions.options_for`` keeps those alive and
#: the same for every file): every module that speaks of token budgets shares one set of judges, and the name
#: caches keyed by judge keep their answers across files.
_BENT: dict[tuple[int, ...], tuple[Sequence[RuleOptions], list[RuleOptions]]] = {}


def bent(options: Sequence[RuleOptions], lowered: str) -> Sequence[RuleOptions]:
    """``options`` with ``NAMES`` added to the budget names when the module speaks of a token budget."""
    if not says_token_budget(lowered):
        return options
    key = tuple(id(o) for o in options)
    found = _BENT.get(key)
    if found is None:
        made = [
            replace(
                o,
                judge=replace(
                    o.judge, extra_budget_names=o.judge.extra_budget_names | (NAMES - o.judge.ignore_names)
                ),
            )
            for o in options
        ]
        found = _BENT[key] = (list(options), made)
    return found[1]
