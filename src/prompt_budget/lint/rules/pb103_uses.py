"""PB103's readings of what a compared or clamped value is and where a comparison's result goes
(set 25):

- a read of a clamp's local that bounds a slice of a token sequence (``ctx = min(2048, length)`` ...
  ``tokens[:, :ctx]``: the clamp caps a number of tokens, exllamav2's calibration rows);
- a conditional on a token count whose sides are only numbers bound to a price (``price = [0.08 if n >
  300 else 0 for n in counts]``: a billing tier, not a budget; alpaca-eval's JinaChat).

Kept apart from the rule: they read bindings and expressions, and judge no finding themselves.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.char_params import named_in_characters
from prompt_budget.lint.counted_locals import bound_to_count, bound_to_length
from prompt_budget.lint.estimator_callers import result_budget
from prompt_budget.lint.flow import reads_of
from prompt_budget.lint.forms import used_as_characters
from prompt_budget.lint.names import PRICE_WORDS, words
from prompt_budget.lint.rule import BUDGET_WORDS, attr_name, number
from prompt_budget.lint.walks import walk

#: PB103's pre-check: the budget words, and ``tkn``, an abbreviation of token (``get_tkn_length``; set 47:
#: wdoc), which a file may use without spelling "token" anywhere.
PRECHECK_WORDS = re.compile(f"{BUDGET_WORDS.pattern}|tkn")

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Expressions a conditional's value passes through unchanged in kind (an element of a list built).
_CARRIERS = (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.List, ast.Tuple, ast.Set)


def cuts_token_sequence(rule: LintRule, read: ast.Name, parents: dict[ast.AST, ast.AST]) -> bool:
    """The read bounds a slice of a token sequence, alone or in arithmetic (``tokens[:, :ctx]``,
    ``ids[: n - (n % ctx)]``): the local counts tokens."""
    child: ast.AST = read
    parent = parents.get(read)
    in_slice = False
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.Slice):
            in_slice = True
        if isinstance(parent, ast.Subscript):
            return in_slice and child is parent.slice and rule.token_sequence(parent.value)
        if not isinstance(parent, (ast.BinOp, ast.Slice, ast.Tuple)):
            return False
        child, parent = parent, parents.get(parent)
    return False


def _priced(names: Sequence[str | None]) -> bool:
    return any(set(words(n or "")) & PRICE_WORDS for n in names)


def _picks_row(chain: list[ast.AST], node: ast.Compare) -> bool:
    """``node`` is (in) the test of an ``if`` whose body returns or binds something, or of a conditional: a tier is
    picked, not a limit kept (a loop trimming until under it, a ``raise`` above it)."""
    for parent in reversed(chain):
        if isinstance(parent, ast.IfExp):
            return True
        if isinstance(parent, ast.If):
            first = parent.body[0] if parent.body else None
            return isinstance(first, (ast.Return, ast.Assign)) and any(
                n is node for n in ast.walk(parent.test)
            )
        if isinstance(parent, (ast.stmt, ast.Lambda)):
            return False
    return False


#: Words of a function that prices (not a ``tier`` of a window, a ``rate`` of anything).
_PRICE_NAMES = frozenset({"price", "prices", "pricing", "cost", "costs", "usd"})


def picks_price(ancestors: Sequence[ast.AST], node: ast.Compare) -> bool:
    """``price = [0.08 if msg_tokens > 300 else 0 for msg_tokens in counts]``: the comparison is the
    test of a conditional whose sides are both numbers, and the conditional's value (an element of a
    list built, or itself) is bound or passed under a name of a price or a cost; or any comparison in a
    function named for a price (``def _price(model, prompt_tokens)``)."""
    chain = list(ancestors)
    fn = next((a for a in reversed(chain) if isinstance(a, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    if fn is not None and _PRICE_NAMES.intersection(words(fn.name)) and _picks_row(chain, node):
        return True  # ``def _price(model, prompt_tokens)`` ... ``if prompt_tokens > 100_000: return LONG`` (set 533)
    at = next((i for i in range(len(chain) - 1, -1, -1) if isinstance(chain[i], ast.IfExp)), None)
    if at is None:
        return False
    cond = chain[at]
    assert isinstance(cond, ast.IfExp)
    if cond.test is not (chain[at + 1] if at + 1 < len(chain) else node):
        return False
    if number(cond.body) is None or number(cond.orelse) is None:
        return False
    child: ast.AST = cond
    for parent in reversed(chain[:at]):
        if isinstance(parent, ast.keyword):
            return _priced([parent.arg])
        if isinstance(parent, (ast.Assign, ast.AnnAssign)):
            targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
            return _priced([attr_name(t) for t in targets])
        if isinstance(parent, ast.comprehension) or not isinstance(parent, _CARRIERS):
            return False
        if isinstance(parent, (ast.ListComp, ast.GeneratorExp, ast.SetComp)) and parent.elt is not child:
            return False
        child = parent
    return False


def stored_as_budget(rule: LintRule, fn: ast.AST, name: str) -> str | None:
    """The budget setting a local of ``fn`` is later stored as (``new_budget = max(new_budget, floor)`` ...
    ``self.context_budget = new_budget``, set 156: natshell), else None: the clamp's local a budget in two
    steps. Only an attribute or a subscript stored whole, by a name that is a budget setting."""
    parents, reads = reads_of(fn, name)
    for read in reads:
        use = parents.get(read)
        if (
            isinstance(use, ast.Assign)
            and len(use.targets) == 1
            and isinstance(use.targets[0], (ast.Attribute, ast.Subscript))
            and (stored := attr_name(use.targets[0]))
            and rule.names.is_budget_setting(stored)
        ):
            return stored
    return None


def returned_literal_budget(
    rule: LintRule, fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str
) -> str | None:
    """The budget ``fn``'s result is (``estimator_callers.result_budget``) when the local ``name`` its clamp is
    bound to is also bound to a budget's literal there (``budget = 1024`` ... ``budget = max(budget, 2048)`` ...
    ``return min(budget, 8192)`` in ``_estimate_thinking_budget``, set 607: narecli); not a local only ever
    computed from other amounts (``budget = client.page_count - offset``), else None."""
    literal = any(
        isinstance(n, ast.Assign)
        and [getattr(t, "id", None) for t in n.targets] == [name]
        and rule.budget_literal(n.value) is not None
        for n in walk(fn)
    )
    return result_budget(rule, fn) if literal else None


def held_as_text(rule: LintRule, amount: ast.expr) -> bool:
    """``amount`` is a local holding characters, whatever it is named: used as characters (``reasoning_budget``
    given to ``_truncate_at_line(text, max_chars)``, set 521: fitz-forge) or bound to a text's length
    (``context_size = len(str(context))``, set 523: agenthelm-sdk's log line)."""
    if type(amount) is not ast.Name or bound_to_count(rule, amount) or rule.names.says_tokens(amount.id):
        return False  # ``pruned_tokens = self.count_tokens(ctx)`` also cutting ``ctx[pruned_tokens - 5000:]``
    return used_as_characters(rule, amount.id) or bound_to_length(rule, amount)


def clamped_characters(rule: LintRule, clamp: ast.Call, target: ast.expr | None) -> bool:
    """A clamp of characters: bound to a local used as characters (``context_limit = max(250, n)`` ...
    ``text[:context_limit]``, set 20: open-webui), or of an amount named for them (``max(500,
    _TOKEN_BUDGET_CHARS - len(fixed) - 200)``, set 521: fitz-forge)."""
    if isinstance(target, ast.Name) and used_as_characters(rule, target.id):
        return True
    return any(named_in_characters(a) for a in clamp.args)


def bound_sides(node: ast.expr) -> tuple[ast.expr, ...]:
    """The values a bound may take: both sides of a conditional, else the bound itself."""
    return (node.body, node.orelse) if isinstance(node, ast.IfExp) else (node,)
