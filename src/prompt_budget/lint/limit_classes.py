"""The other fields of a class named for limits whose fields the project reads as token budgets (PB102; set
157: glassrail's ``NodeBudgets``).

A settings class of per-call caps names its unit once, in its name or docstring, and each field by its role::

    class NodeBudgets(BaseModel):
        planner: int = 16384
        think: int = 8192
        decision: int = 256

    max_tokens=self._settings.budgets.planner          # read straight into a budget: ``field_reach``
    return {NodeType.THINK: budgets.think, ...}[kind]  # read through a table: no read says tokens

Where the project reads some of its fields into a token budget (``field_reach``), the class's other whole
number fields of 16 or more are the same kind of setting: the class's name (its last word ``budgets``,
``limits``, ``thresholds``, ``caps``, ``quotas``) says they are limits, and the fields read say in which unit.
A field whose name says another unit or a count (``timeout_seconds``, ``max_retries``, ``page_size``) is
left out, and so is a class whose name says no limits (``Settings``, ``NodeConfig``); where the fields read
name tokens (``max_tokens_per_month``), so is a field capping another noun (``max_skills``), not a role alone.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from prompt_budget.lint.amount_words import COUNT_WORDS
from prompt_budget.lint.flow import finding_where_bound
from prompt_budget.lint.held_limits import says_limits
from prompt_budget.lint.names import TOKEN_WORDS, UNIT_WORDS, config_key, words

if TYPE_CHECKING:
    from collections.abc import Set
    from pathlib import Path

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

#: Words of a field's name saying a cap (of what the name's other words count).
_CAP_WORDS = frozenset({"max", "min", "maximum", "minimum", "limit", "cap"})
#: Words of a field's name that say it counts something other than tokens.
_OTHER_WORDS = UNIT_WORDS | COUNT_WORDS | {"retries", "attempts", "workers", "depth", "ms", "timeout", "port"}
#: Words of a share of a budget (``pressure_pct = 80``), not a budget beside it.
_SHARE_WORDS = frozenset({"pct", "percent", "percentage", "ratio", "frac", "fraction", "share"})


def limit_siblings(
    rule: type[LintRule],
    fields: dict[tuple[Path, str], list[tuple[Fact, str, str]]],
    reported: Set[int],
) -> list[Finding]:
    """``fields``: (project, field name) -> (its fact, ``Class#mark``, done) of each class field bound to a
    literal (``field_reach.FIELD_FACT``); ``reported``: the ids of the facts the project-wide pass reported.
    The findings for the other fields of each class named for limits one of whose fields is reported."""
    classes: dict[tuple[Path, str], list[tuple[str, Fact, bool]]] = defaultdict(list)
    for (where, name), bound in fields.items():
        if len(bound) != 1:
            continue  # one field name in two classes: which class a read reads is not known
        fact, cls, mark = bound[0]
        classes[(where, cls.split("#")[0])].append((name, fact, mark == "1" or id(fact) in reported))
    out: list[Finding] = []
    for (_, cls), members in classes.items():
        budgets = sorted(name for name, _, read in members if read)
        if not budgets or not says_limits(cls):
            continue
        shown = ", ".join(f"`{b}`" for b in budgets[:3]) + (" ..." if len(budgets) > 3 else "")
        # fields named for tokens (``max_tokens_per_month``) leave a sibling that caps another noun (``max_skills``)
        # to count it (set 413: reflection-agent's tenant quotas); a role alone (``memory = 4000`` beside
        # ``max_total_tokens``, kaiwen-agent's context slices) is a share of the same budget
        named = any(TOKEN_WORDS.intersection(words(b)) for b in budgets)
        for name, fact, read in members:
            if read or (_OTHER_WORDS | _SHARE_WORDS).intersection(words(name)):
                continue
            ws = set(words(name))
            if ws & _CAP_WORDS and not ws & TOKEN_WORDS and (named or _plural(words(name)[-1])):
                continue  # ``max_failures = 40`` beside a window: a count of things (set 543: ctxkernel)
            message = (
                f"token budget {name} = {fact.value} as the default of `{cls}.{name}`, a class of limits whose "
                f"fields {shown} are read as token budgets; move it to config so it can be tuned and tested"
            )
            out.append(finding_where_bound(rule, fact, message, name, config_key(name)))
    return out


def _plural(word: str) -> bool:
    """``failures``, ``invariants``: a count of things a cap of them counts (not ``process``, ``analysis``,
    ``status``, ``tokens``)."""
    return (
        len(word) > 3
        and word.endswith("s")
        and not word.endswith(("ss", "is", "us"))
        and word not in TOKEN_WORDS
    )
