"""Where a module constant whose name says nothing reaches, followed past its direct reads: the default
of a parameter (``def __init__(self, compaction_threshold=DEFAULT_COMPACTION_THRESHOLD)``) stored in
``self`` and compared in another method with a count of tokens (``if self._total_tokens < threshold``,
set 29: magentic-ui), or a read in a method that reaches such a use through locals and attributes.

``flow.Uses`` judges each read by what it meets at once; ``token_reach.TokenReach`` follows a
parameter's or a field's value further. This joins the two for constants: a read that is a parameter's
default is followed from that parameter, a read in a function from the read itself. Asked at the end of
the module, only for the constants nothing else decided.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, Any

from prompt_budget.lint.flow import Bindings, Uses
from prompt_budget.lint.getter_clamps import clamped_in_getter, factor_of_budget
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import defaults
from prompt_budget.lint.token_estimates import media_budget
from prompt_budget.lint.token_reach import TokenReach, after_noun
from prompt_budget.lint.walks import (
    functions_and_methods,
    lines_at,
    merge_lines,
    non_ascii_lines,
    source_of,
    spans,
    walk,
)

if TYPE_CHECKING:
    from prompt_budget.lint.deferred import Deferred
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef


#: A module's functions (with their class) and, in each, the reads of the names asked about, in the order
#: of the function's walk: every function is walked once for all the constants (a module with more
#: functions than the walks keep would otherwise walk each function again for each constant).
Reads = list[tuple[Function, "ast.ClassDef | None", dict[str, list[Any]]]]


def _written_at(text: str, name: str) -> Iterator[int]:
    """Every offset where ``name`` is written in ``text`` (as a word or a part of one)."""
    find = text.find
    at = find(name)
    while at >= 0:
        yield at
        at = find(name, at + 1)


def _reads(tree: ast.AST, names: Collection[str], text: str | None = None) -> Reads:
    """``Reads`` of ``names``. With ``text``, the module's, a function whose lines hold none of the names
    (nor a character that is not ASCII, with which Python may spell a name differently) is not walked:
    it reads none of them (of 7,536 functions walked on the benchmark corpus, most read none)."""
    lines = None
    if text is not None:
        lines = lines_at(text, (at for name in names for at in _written_at(text, name)))
        if not text.isascii():
            lines = merge_lines(lines, non_ascii_lines(text))
    out: Reads = []
    for fn, owner in functions_and_methods(tree):
        found: dict[str, list[Any]] = {}
        if lines is not None and not spans(fn, lines):
            out.append((fn, owner, found))
            continue
        for node in walk(fn):
            if type(node) is ast.Name and node.id in names and isinstance(node.ctx, ast.Load):
                found.setdefault(node.id, []).append(node)
        out.append((fn, owner, found))
    return out


def constant_reach(reach: TokenReach, name: str, reads: Reads) -> str | None:
    """Why the module constant ``name`` holds tokens: the token use a parameter it is the default of
    reaches, or one of its reads in a function does (``token_reach``), else None."""
    for fn, owner, found in reads:
        for arg, default in defaults(fn.args):
            if isinstance(default, ast.Name) and default.id == name:
                why = reach.of_parameter(fn, arg.arg, owner)
                if why is not None:
                    return f"the default of `{arg.arg}`, {why}"
        for node in found.get(name, ()):
            why = reach.of_node(fn, node, owner)
            if why is not None:
                return why
    return None


def decide_constants(rule: LintRule, held: Deferred) -> None:
    """Give each module constant held undecided the reason its reads reach a token use
    (``constant_reach``), for ``Deferred.finish`` to report it with."""
    uses = held.uses
    tree = rule.ctx.tree
    if tree is None:
        return
    undecided = [
        name
        for name, binding in held.bindings.by_name.items()
        if binding.module_level and uses.reason(name) is None
    ]
    # ``PROMPT_TOKENS_PER_PAGE = 40_000``: a media item's tokens, held until a read decides
    media = {
        name for name, _ in held.media if uses.reason(name) is None and name not in held.bindings.by_name
    }
    undecided += sorted(media)
    # ``return DEFAULT_OUTPUT_LIMIT`` of an imported constant: its getter's callers decide (set 105: ankaloop)
    undecided += sorted(
        n for n in held.returned - media if uses.reason(n) is None and n not in held.bindings.by_name
    )
    if not undecided:
        return
    reach = TokenReach(rule)
    lines = rule.ctx.lines
    reads = _reads(tree, set(undecided), source_of(lines)[0] if lines else None)
    for name in undecided:
        if uses.reason(name) is not None:  # decided by another constant's reason (an alias of it)
            continue
        # ``DEFAULT_IMAGE_MAX_TOKENS = 25000``, a media item's cap by its name, is followed as any constant
        if name in uses.counted or (name in media and not media_budget(rule, name)):
            # ``max_prompt_tokens=PROMPT_TOKENS_PER_PAGE * pages``: a product, but one given as a budget
            why = factor_of_budget(rule, name, reads)
        else:
            why = constant_reach(reach, name, reads) or clamped_in_getter(rule, name, reads)
            why = why or factor_of_budget(rule, name, reads)
        if why is not None:
            uses.reasons[name] = why


#: Words of a name saying its number is a share of something (``_EMERGENCY_THRESHOLD_FRACTION``).
SHARE_NAME_WORDS = frozenset({"fraction", "ratio", "share", "pct", "percent", "percentage"})


def _module_constant(tree: ast.AST, literal: ast.AST) -> bool:
    """``literal`` is the value of an assignment at the module's top level."""
    return any(
        isinstance(s, (ast.Assign, ast.AnnAssign)) and s.value is literal for s in getattr(tree, "body", ())
    )


def share_reach(reach: TokenReach, name: str, products: Reads) -> str | None:
    """Why the module constant ``name`` (a share by its name) scales an amount of tokens: a product it
    is a factor of, in a function, reaches a token use (``new = int(limit * _THRESHOLD_FRACTION)`` ...
    ``self._threshold = new`` ... ``if self._total_tokens < self._threshold``), else None."""
    for fn, owner, found in products:
        for node in found.get(name, ()):
            why = reach.of_node(fn, node, owner)
            if why is not None:
                return f"scales an amount {after_noun(why)}"
    return None


def _products(tree: ast.AST, names: set[str]) -> Reads:
    """A module's functions and, in each, the products (``a * b``) a name asked about is a factor of,
    by that name, in the order of the function's walk."""
    out: Reads = []
    for fn, owner in functions_and_methods(tree):
        found: dict[str, list[ast.AST]] = {}
        for node in walk(fn):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
                for side in {s.id for s in (node.left, node.right) if type(s) is ast.Name} & names:
                    found.setdefault(side, []).append(node)
        out.append((fn, owner, found))
    return out


#: The products of names in a module's functions, for the readings of other rules (``scaled_thresholds``).
module_products = _products


def decide_shares(rule: LintRule, bindings: Bindings, uses: Uses) -> None:
    """Give each module constant named as a share and held undecided the token use its products reach
    (``share_reach``), for PB105's end of module to report it with."""
    tree = rule.ctx.tree
    if tree is None:
        return
    names = [
        name
        for name, binding in bindings.by_name.items()
        if uses.reason(name) is None
        and _module_constant(tree, binding.literal)
        and set(words(name)) & SHARE_NAME_WORDS
        and not rule.names.is_excluded(name)
    ]
    if not names:
        return
    reach = TokenReach(rule)
    products = _products(tree, set(names))
    for name in names:
        if uses.reason(name) is not None:
            continue
        why = share_reach(reach, name, products)
        if why is not None:
            uses.reasons[name] = why
