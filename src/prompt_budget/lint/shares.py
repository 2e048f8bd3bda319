"""Shares of a token budget written as a division by a whole number (PB105's integer form).

``max_output_tokens = min(2048, context_size // 4)`` keeps a quarter of the window for the output, as
``0.25 * context_size`` would: a share of a budget, hard-coded. The forms:

- a budget divided by a small whole number: ``context_size // 4``, ``get_max_tokens(model) // 4``,
  ``self._get_max_tokens() // 4`` (the budget read as :meth:`LintRule.budget_expr` reads one);
- a count of tokens divided so, whose result is a length limit: ``len_seg = int(len(segment) / 4)``
  ... ``summarizer(text, max_length=len_seg)``, where ``segment`` is a list of tokens (``len(tokens)``,
  or a name the function gives to a tokenizer's ``decode``);
- a size the function gives to a splitter counting tokens, divided so into another of its sizes:
  ``chunk_overlap = min(chunk_size / 4, 64)`` ... ``SentenceSplitter(chunk_size=chunk_size,
  chunk_overlap=chunk_overlap)``, a quarter of a token chunk as the overlap (set 19: ragatouille).

A fraction of a number whose name says nothing, when the product reaches a token use, is a share of a
token amount too (PB105's fraction form, decided by data flow): ``memory_warning_threshold = int(0.9 *
threshold)`` ... ``if total_tokens > memory_warning_threshold`` (set 20: inspect-ai), the product followed
by ``token_reach.TokenReach`` to a comparison with a token count, a cut of a token list or a budget
keyword. Not a number of characters, words or another unit (``0.25 * n_chars`` is PB104's rate).

A budget divided by a larger whole number (17 to 999) is a share where ``min``/``max`` clamps it against
a literal bound of tokens: ``max(2048, summarization_max_tokens // 20)`` keeps a twentieth of the budget,
at least 2048 tokens (set 43: agent-memory-server).

Not shares: halving (``// 2``, a convention, not a tuned share), other divisions by larger numbers
(``/ 1000`` is a unit, a price per thousand tokens) or by a float (``/ 3.5``), and a length in characters
divided by a small number, which is a characters-per-token rate (PB104's ``len(text) // 4``).
"""

from __future__ import annotations

import ast
from itertools import pairwise
from typing import TYPE_CHECKING

from prompt_budget.lint.estimator_callers import result_budget
from prompt_budget.lint.flow import bound_local, counts_characters, reads_of
from prompt_budget.lint.forms import per_token_key
from prompt_budget.lint.generation_lengths import length_limit_keyword
from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.ordered_budgets import ordered_against_tokens, ordered_reason
from prompt_budget.lint.ordered_shares import climb, ordered_share
from prompt_budget.lint.rule import attr_name, callee_name, sizes_token_chunks
from prompt_budget.lint.stated_rates import rate_stated
from prompt_budget.lint.token_reach import TokenReach
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The divisors of a share: a third down to a sixteenth.
SHARE_DIVISORS = range(3, 17)
#: A tokenizer's calls turning a list of tokens back into text.
_DECODE_CALLS = frozenset({"decode", "batch_decode", "convert_ids_to_tokens"})
#: Words of a tokenizer's name (the receiver of ``decode``).
_TOKENIZER_WORDS = frozenset({"tokenizer", "tok", "enc", "encoding", "encoder", "tiktoken", "bpe"})


def divisor(node: ast.BinOp) -> int | None:
    """The whole number a share divides by: ``x // 4``, ``x / 4`` -> 4 (not ``// 2``, ``/ 3.5``)."""
    if not isinstance(node.op, (ast.Div, ast.FloorDiv)) or type(node.right) is not ast.Constant:
        return None
    value = node.right.value
    return value if type(value) is int and value in SHARE_DIVISORS else None


def budget_share(rule: LintRule, node: ast.BinOp) -> tuple[int, str] | None:
    """(the divisor, what it divides) of a share of a token budget written as a division by a whole
    number (``context_size // 4``), or of a count of tokens divided so into a length limit; else None.
    ``node`` is the division being visited. A divisor the comment states as characters per token (``n //
    4`` under ``# ~1 token per 4 chars``) is PB104's rate: no share."""
    found = _budget_share(rule, node)
    return None if found is None or rate_stated(rule, found[0]) else found


def _budget_share(rule: LintRule, node: ast.BinOp) -> tuple[int, str] | None:
    value = divisor(node)
    if value is None:
        return None
    kept = numerator(node)
    left = node.left.left if kept > 1 and isinstance(node.left, ast.BinOp) else node.left
    budget = rule.budget_expr(left)
    if budget is not None and not rule.names.is_chars(budget) and not _cuts_text(rule, node):
        return value, budget
    counted = _token_count(rule, left) or _chunk_size(rule, left)
    if (
        counted is None
        and (kept > 1 or _split_elsewhere(rule, node, left))
        and rule.names.is_weak_budget(attr_name(left) or "")
    ):
        # ``query_max_length = max_length * 3 // 4`` ... ``tokenizer(q, truncation=True,
        # max_length=query_max_length)``: 3/4 of a length limit kept as another (set 23: FlagEmbedding)
        counted = attr_name(left)
    if counted is None and kept > 1 and _neutral(rule, left) and _returned_budget(rule, node):
        # ``def _target_tokens(request): return max(1, request.budget.low_watermark * 2 // 3)``: a share
        # written as parts of a whole, returned as a budget (set 74: firstcoder's compaction target)
        return value, attr_name(left) or ""
    if counted is None and _neutral(rule, left) and ordered_share(rule, node):
        return value, attr_name(left) or ""  # ``tail = max(1, n * 2 // 3)`` ... ``if used > tail`` (set 94)
    if counted is None and kept == 1 and _neutral(rule, left) and _clamped_result(rule, node):
        return value, attr_name(left) or ""  # ``return max(4096, min(16_384, context // 8))`` (set 607)
    if counted is not None and _limit_result(rule, node):
        return value, counted
    if type(left) is ast.Name and _neutral(rule, left) and ordered_against_tokens(rule, left.id):
        return value, left.id  # ``physical // 4`` where ``if count.tokens > physical`` (set 85)
    return None


def _cuts_text(rule: LintRule, node: ast.BinOp) -> bool:
    """``third = budget // 3`` ... ``text[:third]``, ``text[-third:]``: a part bound to a local that only cuts
    strings, a number of characters whatever the budget's name (set 263: waystone's ``_session_sample``)."""
    fn, local = rule.ctx.function(), bound_local(rule.ctx.parent(node))
    return fn is not None and local is not None and counts_characters(fn, local, rule)


def _neutral(rule: LintRule, node: ast.expr) -> bool:
    """``node`` is a name or an attribute whose name says no unit but tokens (:func:`neutral_name`)."""
    name = attr_name(node) if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)) else None
    if isinstance(node, ast.Subscript) and rule.names.is_token_amount(name or ""):
        return False  # ``token_limits["input"]`` (set 553: cicaddy), not a usage's ``["input_tokens"]``
    return bool(name) and neutral_name(rule, name or "")


def neutral_name(rule: LintRule, name: str) -> bool:
    """``name`` says no unit but tokens (neither characters, words, lines, items... nor a credential, a
    time or money: ``NameJudge.is_excluded``) and is no per-token rate."""
    return not (rule.names.is_excluded(name) or set(words(name)) & _OTHER_UNITS or per_token_key(name))


def _returned_budget(rule: LintRule, node: ast.BinOp) -> bool:
    """The division's result (through ``int()``, ``min``/``max``, ``+``/``-``) is returned by a function
    whose name says it gives a budget (``_target_tokens``, ``get_max_tokens``)."""
    parents = {child: parent for parent, child in pairwise(rule.ctx.ancestors)}
    _, parent = climb(parents, node)
    fn = rule.ctx.function()
    return isinstance(parent, ast.Return) and fn is not None and rule.names.is_budget(fn.name)


def _clamped_result(rule: LintRule, node: ast.BinOp) -> bool:
    """The division's result is clamped (``min``/``max``) against a literal of tokens and returned by a function
    whose result is a budget (named as one, or bound or given as one where the module calls it:
    ``estimator_callers.result_budget``): ``def reply_tokens(context): return max(4096, min(16_384, context //
    8))`` ... ``max_tokens = reply_tokens(context)`` (set 607: repo-bug-hunter's reply room, 1/8 of the window)."""
    parents = {child: parent for parent, child in pairwise(rule.ctx.ancestors)}
    top, parent = climb(parents, node)
    bounded = any(
        isinstance(n, ast.Call)
        and callee_name(n) in {"min", "max"}
        and any(rule.budget_literal(a) is not None for a in n.args)
        for n in walk(top)
    )
    return bounded and isinstance(parent, ast.Return) and result_budget(rule, rule.ctx.function()) is not None


def _split_elsewhere(rule: LintRule, node: ast.BinOp, left: ast.expr) -> bool:
    """The enclosing function divides the same amount by the same number keeping other parts
    (``max_length * 3 // 4`` beside ``max_length // 4``): one limit split in parts, each a share
    (set 32: rerankers' query and document lengths)."""
    fn = rule.ctx.function()
    whole = ast.dump(left)
    return fn is not None and any(
        isinstance(other, ast.BinOp)
        and other is not node
        and type(other.op) is type(node.op)
        and divisor(other) == divisor(node)
        and numerator(other) not in {1, numerator(node)}
        and isinstance(other.left, ast.BinOp)
        and ast.dump(other.left.left) == whole
        for other in walk(fn)
    )


def numerator(node: ast.BinOp) -> int:
    """How many parts a share keeps: 3 in ``max_length * 3 // 4`` (the amount written first), else 1."""
    left = node.left
    if isinstance(left, ast.BinOp) and isinstance(left.op, ast.Mult) and type(left.right) is ast.Constant:
        k = left.right.value
        if type(k) is int and 1 < k < (divisor(node) or 0):
            return k
    return 1


def _sizes_chunks(rule: LintRule, keyword: ast.AST | None, call: ast.AST | None) -> bool:
    """``keyword`` is a size given to ``call``, a splitter counting tokens (``chunk_overlap=`` of
    llama_index's ``SentenceSplitter``)."""
    return (
        isinstance(keyword, ast.keyword)
        and bool(keyword.arg)
        and isinstance(call, ast.Call)
        and sizes_token_chunks(rule.names, keyword.arg or "", call, rule.ctx)
    )


def _chunk_size(rule: LintRule, node: ast.expr) -> str | None:
    """The name of a local (or parameter) that the enclosing function gives as a size to a splitter
    counting tokens (``SentenceSplitter(chunk_size=chunk_size)``): a count of tokens, else None."""
    fn = rule.ctx.function()
    if fn is None or not isinstance(node, ast.Name):
        return None
    for call in walk(fn):
        if isinstance(call, ast.Call) and any(
            isinstance(k.value, ast.Name) and k.value.id == node.id and _sizes_chunks(rule, k, call)
            for k in call.keywords
        ):
            return node.id
    return None


def _token_count(rule: LintRule, node: ast.expr) -> str | None:
    """The name of a count of tokens (``num_tokens``, ``len(tokens)``, ``len(segment)`` where the
    function gives ``segment`` to a tokenizer's ``decode``: ``segment``), else None."""
    length = isinstance(node, ast.Call) and callee_name(node) == "len" and len(node.args) == 1
    counted = node.args[0] if isinstance(node, ast.Call) and length else node
    name = attr_name(counted) or (callee_name(counted) if isinstance(counted, ast.Call) else None)
    if rule.token_amount(node):
        return name or "tokens"
    return name if length and isinstance(counted, ast.Name) and _decoded(rule, counted.id) else None


def _decoded(rule: LintRule, name: str) -> bool:
    """The enclosing function gives the local ``name`` to a tokenizer's ``decode``: a list of tokens."""
    fn = rule.ctx.function()
    if fn is None:
        return False
    for call in walk(fn):
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr in _DECODE_CALLS
            and call.args
            and isinstance(call.args[0], ast.Name)
            and call.args[0].id == name
            and set(words(attr_name(call.func.value) or "")) & _TOKENIZER_WORDS
        ):
            return True
    return False


def _limit_keyword(rule: LintRule, name: str | None) -> bool:
    """``max_tokens``, ``max_length``, ``min_length``: a keyword limiting a length."""
    if not name:
        return False
    return rule.names.is_budget(name) or length_limit_keyword(name)


def _limit_result(rule: LintRule, node: ast.BinOp) -> bool:
    """The division's result is a length limit: given as one (``max_length=n // 4``) or as a size of a
    splitter counting tokens (``chunk_overlap=``), assigned to a budget name, or bound to a local that a read of the function gives as one (``len_seg = int(n / 4)``
    ... ``max_length=len_seg``)."""
    ancestors = rule.ctx.ancestors
    parents = {child: parent for parent, child in pairwise(ancestors)}
    _, parent = climb(parents, node)
    if isinstance(parent, ast.keyword):
        return _limit_keyword(rule, parent.arg) or _sizes_chunks(rule, parent, parents.get(parent))
    if not (isinstance(parent, ast.Assign) and len(parent.targets) == 1):
        return False
    target = parent.targets[0]
    if rule.names.is_budget(attr_name(target) or ""):
        return True
    fn = rule.ctx.function()
    if not isinstance(target, ast.Name) or fn is None:
        return False
    fn_parents, reads = reads_of(fn, target.id)
    for read in reads:
        _, use = climb(fn_parents, read)
        if isinstance(use, ast.keyword) and (
            _limit_keyword(rule, use.arg) or _sizes_chunks(rule, use, fn_parents.get(use))
        ):
            return True
    return False


#: Words of a number of something else than tokens, whose share is no share of a token amount.
_OTHER_UNITS = UNIT_WORDS | CHAR_WORDS | {"word", "byte", "page", "pages", "second", "ms"}


def share_reaching_tokens(
    rule: LintRule, reach: TokenReach, product: ast.BinOp, other: ast.expr
) -> str | None:
    """``memory_warning_threshold = int(0.9 * threshold)`` ... ``if total_tokens >
    memory_warning_threshold``: why the product of a fraction and ``other`` (a name saying neither a
    budget nor another unit) is an amount of tokens (the token use it reaches in its function, see
    ``TokenReach.of_node``), else None. ``product`` is the multiplication being visited."""
    fn = rule.ctx.function()
    if fn is None or not _neutral(rule, other):
        return None
    why = reach.of_node(fn, product, rule.ctx.enclosing_class())
    # ``int(physical * 0.45)`` where ``if fixed_count.tokens > physical`` (``ordered_budgets``, set 85); not
    # a name saying it counts tokens (``token_count < MIN_TOKENS_FOR_CACHE`` orders the count against the
    # threshold: ``int(token_count * 0.9)`` is a price's discount of it, set 133's agentmesh-context)
    if why is not None or type(other) is not ast.Name or _counts_tokens(rule, other.id):
        return why
    return ordered_reason(rule, other.id)


def _counts_tokens(rule: LintRule, name: str) -> bool:
    """``token_count``, ``num_tokens``: a name of an amount of tokens that is no budget, a count."""
    return rule.names.is_token_amount(name) and not rule.names.is_budget(name)


#: The largest margin a budget's sum is scaled by (``1.05 * (n_predict + n_prompt)``, a 5 % margin).
_MARGIN_CEILING = 2.0


def margin_on_budget(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, float, str, str] | None:
    """``int(1.05 * (n_predict + prompt_len))``: (the literal, its value, the budget) of a margin, a
    float above 1 and at most 2, scaling a sum of which a token budget is a term (set 24: llama.cpp's
    server-bench sizes each slot's context so), or a budget alone whose product is ordered against a count
    of tokens (``actual_tokens > TOKEN_BUDGET * 1.05``, set 395: repoview's tolerance over its budget).
    Else a budget times a float may convert tokens to another unit (words, characters), PB104's. (The
    literal, its value, the budget, what the margin is.)"""
    if not isinstance(node.op, ast.Mult):
        return None
    for literal, other in ((node.left, node.right), (node.right, node.left)):
        value = margin_value(literal)
        if value is None:
            continue
        budget = rule.budget_expr(other) or _named_budget(rule, other)  # ``budget.pack_budget * 1.1``
        if budget is not None and _ordered_with_tokens(rule, node):
            return (
                literal,
                value,
                budget,
                f"tolerance {value} over `{budget}`, ordered against a count of tokens",
            )
        if not isinstance(other, ast.BinOp) or not isinstance(other.op, ast.Add):
            continue
        terms = (other.left, other.right)
        budget = next((b for t in terms if (b := rule.budget_expr(t)) is not None), None)
        if budget is not None:
            return literal, value, budget, f"margin {value} on a sum of `{budget}`"
    return None


def _named_budget(rule: LintRule, node: ast.expr) -> str | None:
    """``pack_budget``, ``budget.pack_budget``: a name or attribute ending in "budget" that says no other unit."""
    name = attr_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
    return name if name and words(name)[-1:] == ("budget",) and neutral_name(rule, name) else None


def _ordered_with_tokens(rule: LintRule, product: ast.BinOp) -> bool:
    """``product`` is one side of an ordering whose other side is a count of tokens: it is in tokens."""
    compare = rule.ctx.parent(product)
    if not (isinstance(compare, ast.Compare) and len(compare.ops) == 1):
        return False
    if not isinstance(compare.ops[0], (ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
        return False
    other = compare.comparators[0] if compare.left is product else compare.left
    return other is not product and rule.token_amount(other)


def margin_value(node: ast.AST | None) -> float | None:
    """A float above 1 and at most 2: a safety margin a count may be scaled by (``buffer_frac = 1.1``)."""
    value = node.value if isinstance(node, ast.Constant) else None
    return value if isinstance(value, float) and 1 < value <= _MARGIN_CEILING else None


def margin_against_budget(rule: LintRule, ancestors: list[ast.AST]) -> tuple[str, str] | None:
    """``n_tok_est(prompt) * buffer_frac > context_length``: the name read (``ancestors[-1]``) scales a
    number of tokens in a product ordered against a token budget: a margin on a token estimate before it
    is checked against the window (set 42: spacy-llm's shard mapper). (the amount, the budget) shown,
    else None. A margin scaling a budget alone is not one (it may convert tokens to another unit)."""
    if len(ancestors) < 3:
        return None
    node, product, compare = ancestors[-1], ancestors[-2], ancestors[-3]
    if not (isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult)):
        return None
    if not (isinstance(compare, ast.Compare) and len(compare.ops) == 1):
        return None
    if not isinstance(compare.ops[0], (ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
        return None
    amount = product.right if product.left is node else product.left
    other = compare.comparators[0] if compare.left is product else compare.left
    if not rule.token_amount(amount):
        return None
    budget = rule.budget_expr(other)
    return None if budget is None else (ast.unparse(amount), budget)


#: The divisors of a share a clamp keeps (a seventeenth to a 999th): past a sixteenth, a division alone
#: may be any unit; a thousand and up are units (``tokens / 1000``: thousands, a price per thousand).
CLAMPED_DIVISORS = range(17, 1000)
#: The least bound of such a clamp (PB103's least token threshold): ``max(1, tokens // 100)`` is none.
_SMALLEST_BOUND = 32


def _clamp_of(rule: LintRule, node: ast.BinOp, names: tuple[str, ...]) -> tuple[ast.Call, str] | None:
    """The call ``node`` is one of two positional arguments of, and its name, when it is ``min``/``max``
    (one of ``names``)."""
    ancestors = rule.ctx.ancestors
    call = ancestors[-2] if len(ancestors) > 1 else None
    if (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id in names
        and len(call.args) == 2
        and not call.keywords
        and any(a is node for a in call.args)
    ):
        return call, call.func.id
    return None


def clamped_share(rule: LintRule, node: ast.BinOp) -> tuple[int, str, str] | None:
    """``max(2048, summarization_max_tokens // 20)``, ``min(1024, full_context_tokens // 20)``: a budget
    divided by a whole number past a sixteenth (:data:`CLAMPED_DIVISORS`) and given to ``min``/``max``
    beside a literal bound of tokens (at least 32): the share of the budget the clamp keeps, hard-coded
    (set 43: agent-memory-server). (the divisor, the budget, ``min`` or ``max``), else None. Not a
    division alone (``tokens / 50`` may convert to any unit), not one by a thousand (``tokens / 1000 *
    price``), not a bound too small for tokens (``max(1, max_tokens // 100)``), nor a budget in
    characters. A count of tokens divided by 3 to 16 and capped by ``min`` against a bound of tokens, a literal or a
    module constant, is a share of the count too (``min(_SUMMARY_ALLOWANCE, history_tokens // 10)``)."""
    if not isinstance(node.op, (ast.Div, ast.FloorDiv)) or type(node.right) is not ast.Constant:
        return None
    value = node.right.value
    if type(value) is not int or not (value in CLAMPED_DIVISORS or value in _COUNT_DIVISORS):
        return None
    clamp = _clamp_of(rule, node, ("min", "max"))
    if clamp is None:
        return None
    call, name = clamp
    other = call.args[1] if call.args[0] is node else call.args[0]
    if value in _COUNT_DIVISORS:
        # ``min(_SUMMARY_ALLOWANCE, history_tokens // 10)``: a tenth of a count of tokens capped by a bound of
        # tokens, a literal or a module constant bound to one (set 565: quack-norris)
        bound = rule.budget_literal(other) or _module_literal(rule, other)
        counted = name == "min" and rule.token_amount(node.left) and rule.budget_expr(node.left) is None
        return (
            (value, attr_name(node.left) or "tokens", name)
            if counted and (bound or 0) >= _SMALLEST_BOUND
            else None
        )
    bound = rule.budget_literal(other)
    if bound is None or bound < _SMALLEST_BOUND:
        return None
    budget = rule.budget_expr(node.left)
    if budget is None or rule.names.is_chars(budget):
        return None
    return value, budget, name


#: Divisors of a count of tokens capped by ``min`` against a bound of tokens (``clamped_share``).
_COUNT_DIVISORS = range(3, 17)


def _module_literal(rule: LintRule, node: ast.expr) -> int | float | None:
    """The amount a module constant is bound to (``_SUMMARY_ALLOWANCE = 512``), else None."""
    tree = rule.ctx.tree
    if not isinstance(node, ast.Name) or not isinstance(tree, ast.Module):
        return None
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == node.id for t in stmt.targets
        ):
            return rule.budget_literal(stmt.value)
    return None


def halves(node: ast.BinOp) -> bool:
    """``x / 2`` or ``x // 2``."""
    return (
        isinstance(node.op, (ast.Div, ast.FloorDiv))
        and type(node.right) is ast.Constant
        and type(node.right.value) is int
        and node.right.value == 2
    )


def half_floor(rule: LintRule, node: ast.BinOp) -> tuple[str, str] | None:
    """``max(context_window - RESERVE_TOKENS, context_window // 2)``: half of a budget given to ``max``
    beside what a reserve leaves of the same budget, a floor that keeps a share of the window whatever
    the reserve (set 42: verifiers' compaction threshold). (the budget, the other argument shown), else
    None. A halving alone is not a share (it splits anything in two)."""
    if not halves(node):
        return None
    clamp = _clamp_of(rule, node, ("max",))
    if clamp is None:
        return None
    call = clamp[0]
    other = call.args[1] if call.args[0] is node else call.args[0]
    if not (isinstance(other, ast.BinOp) and isinstance(other.op, ast.Sub)):
        return None
    budget = rule.budget_expr(node.left)
    if budget is None or rule.names.is_chars(budget) or ast.dump(other.left) != ast.dump(node.left):
        return None
    return budget, ast.unparse(other)
