"""Module constants bound to a fraction whose name says no share, for PB105 (budget-ratio; set 101:
wren-agent's compaction)::

    MASK_TARGET = 0.6
    MASK_MIN_GAIN = 0.1
    ...
    def plan_mask(messages, current_tokens, mask_at):
        target = mask_at * MASK_TARGET
        ...
        if current_tokens - freed // 4 <= target: ...
        if best[1] // 4 < mask_at * MASK_MIN_GAIN: ...

``MASK_TARGET`` and ``MASK_MIN_GAIN`` are named for what they do (a target, a gain), in no word the
vocabulary knows as a share (``constant_reach.decide_shares`` asks only about those). What they multiply
decides: a product of the constant that reaches a token use in its function (``TokenReach.of_node``:
bound to ``target``, compared with the count of tokens ``current_tokens - ...``), or whose other factor
is a parameter of the function that reaches one (``mask_at``, the threshold the first share scales), or
that the function orders against a count of tokens (``ordered_factors``), makes the constant a share of a
token threshold. Only fractions (0 < x < 1), only constants of the module's top level that no read
decided, never a name saying another unit or a score (``against_flow``, ``NameJudge.is_excluded``) nor a
weight mixing an old value with a new one (``mixing_weights``: ``DECAY * scale + (1 - DECAY) * ratio``), and
only when a line of the module multiplies the name (a cheap test before the functions are walked).
Kept apart from the rule: it judges no finding itself; PB105's end of module reports what it decides.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import targets_of
from prompt_budget.lint.constant_reach import SHARE_NAME_WORDS, Reads, module_products
from prompt_budget.lint.flow import Binding, Bindings, Uses, against_flow
from prompt_budget.lint.mixing_weights import mixing_weight
from prompt_budget.lint.names import words
from prompt_budget.lint.ordered_factors import ordered_factor
from prompt_budget.lint.ratio_names import fraction
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.shares import neutral_name
from prompt_budget.lint.token_reach import TokenReach, after_noun
from prompt_budget.lint.walks import source_of

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words that keep a name from budgets as a special token's id (``MASK_TOKEN_ID``, ``PAD_ID``): a fraction
#: is no id, so they say nothing of one (``MASK_TARGET = 0.6`` targets the masking of tool outputs).
_SPECIAL_TOKEN_WORDS = frozenset({"mask", "pad", "padding", "bos", "eos", "sep", "unk", "special"})


def _fractions(tree: ast.AST | None) -> dict[str, ast.Constant]:
    """The module's top-level names bound once, to a fraction literal (``MASK_TARGET = 0.6``)."""
    bound: dict[str, ast.Constant] = {}
    seen: set[str] = set()
    for stmt in getattr(tree, "body", ()):
        targets = targets_of(stmt)
        for target in targets:
            if type(target) is not ast.Name:
                continue
            value = getattr(stmt, "value", None)
            if target.id not in seen and type(value) is ast.Constant and fraction(value) is not None:
                bound[target.id] = value
            else:
                bound.pop(target.id, None)
            seen.add(target.id)
    return bound


def _judged(name: str) -> str:
    """``name`` without the words of a special token (``mask_at`` -> ``at``), for the names around a
    fraction: neither it nor the amount it scales is a token's id."""
    return "_".join(w for w in words(name) if w not in _SPECIAL_TOKEN_WORDS)


def _candidates(rule: LintRule, bindings: Bindings, uses: Uses) -> dict[str, ast.Constant]:
    """The module's top-level fractions named for no share, no unit and no score, that nothing decided."""
    out: dict[str, ast.Constant] = {}
    for name, literal in _fractions(rule.ctx.tree).items():
        if uses.reason(name) is not None or name in bindings.ambiguous:
            continue
        binding = bindings.by_name.get(name)
        if binding is not None and binding.literal is not literal:
            continue
        judged = _judged(name)  # a fraction is no token's id
        if not judged or set(words(name)) & SHARE_NAME_WORDS or against_flow(judged, share=True):
            continue
        if not rule.names.is_excluded(judged):
            out[name] = literal
    if not out:
        return out
    text = source_of(rule.ctx.lines)[0]
    return {
        n: v for n, v in out.items() if re.search(rf"\*\s*{re.escape(n)}\b|\b{re.escape(n)}\s*\*(?!\*)", text)
    }


def _threshold(rule: LintRule, other: ast.expr) -> bool:
    """``mask_at``, ``self.limit``: a name or attribute saying no unit, not itself a count of tokens."""
    name = attr_name(other) if type(other) in (ast.Name, ast.Attribute) else None
    judged = _judged(name or "")
    return bool(judged) and neutral_name(rule, judged) and not rule.token_amount(other)


def _why(rule: LintRule, reach: TokenReach, name: str, products: Reads) -> str | None:
    """Why ``name`` scales an amount of tokens: a product of it reaching a token use, or its other factor
    being a parameter that reaches one or an amount ordered against a count of tokens."""
    for fn, owner, found in products:
        params = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
        for node in found.get(name, ()):
            assert isinstance(node, ast.BinOp)
            other = node.right if type(node.left) is ast.Name and node.left.id == name else node.left
            if not _threshold(rule, other):
                continue  # ``len(tokens) * MASK_PROB``: a share of a count, not of a threshold
            why = reach.of_node(fn, node, owner)
            if why is not None:
                return f"scales an amount {after_noun(why)}"
            if type(other) is ast.Name and other.id in params and not against_flow(_judged(other.id)):
                why = reach.of_parameter(fn, other.id, owner, cuts=False)
                if why is not None:
                    return f"scales `{other.id}`, a threshold {after_noun(why)}"
            why = ordered_factor(rule, fn, other)
            if why is not None:
                return why
    return None


def decide_scaled_thresholds(rule: LintRule, bindings: Bindings, uses: Uses) -> None:
    """Give each undecided top-level fraction named for no share the token use its products reach."""
    tree = rule.ctx.tree
    names = _candidates(rule, bindings, uses) if tree is not None else {}
    if not names or tree is None:
        return
    reach = TokenReach(rule)
    products = module_products(tree, set(names))
    for name, literal in names.items():
        if mixing_weight(tree, name):
            continue  # ``DECAY * self.scale + (1 - DECAY) * ratio``: how fast a value follows (set 64)
        why = _why(rule, reach, name, products)
        if why is None:
            continue
        if name not in bindings.by_name:  # ``MASK_TARGET``: no candidate by its name, one by its use
            value = fraction(literal) or 0.0
            bindings.add(Binding(literal, name, value, (name, rule.ctx.module_name), module_level=True))
        uses.reasons[name] = why
