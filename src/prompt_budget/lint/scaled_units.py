"""What a ratio scales, for PB105 (budget-ratio): a ratio whose name says a window or budget
(``_WINDOW_FRACTION = 0.05``) but whose every read in its module multiplies or divides an amount of
something else than tokens (``round(float(total_training_steps * _WINDOW_FRACTION))``: a share of
training steps sizing a rolling window of losses; set 35, llm-foundry) is no share of a token budget.
Decided by data flow: every read is an operand of ``*`` or ``/`` whose other operand's names say a unit
(``steps``, ``epochs``, ``batch``, ``samples``, ``loss``, ``seconds``, ``lines``...) and none of them
tokens, the context, a window or a budget. A read given to a call, stored or compared keeps the ratio.
Kept apart from the rule: it reads the module's tree, and judges no finding itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import PRICE_WORDS, UNIT_WORDS, NameJudge, words
from prompt_budget.lint.ratio_names import TOKEN_UNIT_WORDS
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import parents, walk

#: Units an amount scaled by a ratio may count that are not tokens (beside ``names.UNIT_WORDS``).
OTHER_UNITS = UNIT_WORDS | frozenset(
    {
        "step",
        "epoch",
        "epochs",
        "batch",
        "batches",
        "sample",
        "samples",
        "example",
        "examples",
        "loss",
        "losses",
        "iteration",
        "iterations",
        "iters",
        "item",
        "row",
        "second",
        "secs",
        "minutes",
        "hours",
        "nodes",
        "pages",
        "images",
        "frames",
        "pixels",
        "rounds",
        "episodes",
        "requests",
        "records",
        # a single-cell model's cells (set 198: arc-stack)
        "cell",
        "cells",
        # an event buffer's capacity (set 264: obol-sdk's ``self._max_buffer * _OVERFLOW_WARN_THRESHOLD``)
        "buffer",
        "event",
        "events",
        "queue",
        # ``turn_score * token_factor``: a score's efficiency penalty, not a share of tokens (set 379: agentworkbench)
        "score",
        "scores",
        "reward",
        "rewards",
        # ``DECISION_POINTS * self.per_decision_timeout * TOTAL_BUDGET_FACTOR``: a run's time budget (set 489: sagabench)
        "timeout",
        "timeouts",
        "duration",
        "latency",
    }
)

#: The operators by which a ratio scales an amount.
SCALING = (ast.Mult, ast.Div, ast.FloorDiv)


def _names_in(node: ast.AST) -> list[str]:
    return [
        n.id if isinstance(n, ast.Name) else n.attr
        for n in walk(node)
        if isinstance(n, (ast.Name, ast.Attribute))
    ]


#: Words of an amount of money: a budget named with one (``budget_usd``) is a budget in money.
MONEY_WORDS = frozenset(
    {"cost", "costs", "usd", "eur", "price", "prices", "pricing", "spend", "spending", "dollar", "dollars"}
    | {
        "cny",
        "rmb",
        "yuan",
        "jpy",
        "gbp",
        "inr",
        "krw",
    }  # ``config.budget_cny * share`` (set 274: aifix-code)
)


def other_unit(names: NameJudge, operand: ast.expr) -> bool:
    """``total_training_steps``, ``len(self.losses)``: an amount whose names say a unit that is not
    tokens, and none of them tokens, the context, a window or a budget (unless a budget of money:
    ``budget_usd * _BUDGET_WARN_FRACTION``, set 188's anjor)."""
    found = _names_in(operand)
    ws = {w for name in found for w in words(name)}
    if ws & MONEY_WORDS and not ws & (TOKEN_UNIT_WORDS - {"budget"}):
        return not any(names.says_tokens(name) for name in found)
    return (
        bool(ws & OTHER_UNITS)
        and not ws & TOKEN_UNIT_WORDS
        and not any(names.is_budget(name) or names.says_tokens(name) for name in found)
    )


def scales_other_units(tree: ast.AST | None, name: str, names: NameJudge) -> bool:
    """Every read of ``name`` in ``tree`` (``name`` or ``<obj>.name``) multiplies or divides an amount
    of something else than tokens, and there is at least one read."""
    if tree is None:
        return False
    # each read with its parent (``walks.parents``, shared with ``item_shares``): the reads of the walk
    # in its order, not every node's children (``ast.iter_child_nodes`` at each of a module's nodes);
    # a parsed tree holds no subclass of a node type, and the answer is the same in any order
    reads = 0
    up = parents(tree)
    for child in walk(tree):
        kind = type(child)
        if kind is ast.Name:
            if child.id != name:  # type: ignore[attr-defined]
                continue
        elif kind is not ast.Attribute or child.attr != name:  # type: ignore[attr-defined]
            continue
        if type(child.ctx) is not ast.Load:  # type: ignore[attr-defined]
            continue
        parent = up.get(child)
        if parent is None:
            continue  # ``tree`` itself
        if not isinstance(parent, ast.BinOp) or not isinstance(parent.op, SCALING):
            return False
        other = parent.right if parent.left is child else parent.left
        if not (other_unit(names, other) or _priced(up, parent) or _ordered_against_other(names, up, parent)):
            return False
        reads += 1
    return reads > 0


def _ordered_against_other(names: NameJudge, up: dict[ast.AST, ast.AST], product: ast.BinOp) -> bool:
    """The product is ordered against an amount of another unit (``_largest_table_rows(text) < RATIO *
    src_block``, set 345: pdfmux's share of a table's rows an extraction must keep)."""
    compare = up.get(product)
    if not isinstance(compare, ast.Compare) or len(compare.comparators) != 1:
        return False
    other = compare.comparators[0] if compare.left is product else compare.left
    return other is not product and other_unit(names, other)


def _priced(up: dict[ast.AST, ast.AST], product: ast.BinOp) -> bool:
    """The chain of products the read is in also multiplies by a price (``SHARE * usage.input_tokens *
    (input_price - cache_read_price) / 1_000_000``, set 211: runledger-ai's saving in dollars): money."""
    while isinstance(up.get(product), ast.BinOp) and isinstance(up[product].op, SCALING):  # type: ignore[attr-defined]
        product = up[product]  # type: ignore[assignment]
    leaves = [n for n in walk(product) if isinstance(n, (ast.Name, ast.Attribute))]
    return any(set(words(attr_name(n) or "")) & PRICE_WORDS for n in leaves)


#: Words of a keyword taking a share of a device's memory (``gpu_memory_utilization=``, ``mem_fraction_static=``).
_MEMORY_KEYWORDS = frozenset({"memory", "mem", "gpu", "vram"})


def given_as_memory(tree: ast.AST | None, name: str) -> bool:
    """Every read of ``name`` (a share's name) is given under a keyword of a device's memory (set 533: kvfit's
    ``utilization: float = 0.9`` ... ``gpu_memory_utilization=utilization``, ``mem_fraction_static=utilization``),
    and there is at least one read."""
    if tree is None:
        return False
    up = parents(tree)
    reads = 0
    for child in walk(tree):
        if type(child) is not ast.Name or child.id != name or type(child.ctx) is not ast.Load:
            continue
        parent = up.get(child)
        if not (
            isinstance(parent, ast.keyword)
            and parent.arg
            and _MEMORY_KEYWORDS.intersection(words(parent.arg))
        ):
            return False
        reads += 1
    return reads > 0
