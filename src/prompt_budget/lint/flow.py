"""Deciding by data flow: follow a number bound to a name to where the module uses that name.

A name says little on its own (``padding = 4096``, ``trigger: float = Field(default=0.9)``); what it meets says
more. A use is evidence of a token amount when it is a budget keyword of a call (``max_tokens=LIMIT``), compared
with or clamps a token count, is subtracted from a budget (``self.max_context_window - padding``), written under
a budget key or a model's name in a window table, returned by a window getter, given to a function cutting by
tokens, bounds a slice of a token list (``tokens[:LIMIT]``) or is multiplied by a rate per token (``OVERLAP_TOKENS
* WORDS_PER_TOKEN``); of a budget ratio when it multiplies or divides a budget (``self.trigger * context_window``).
``Bindings`` collects the candidates and ``Uses`` what their reads meet, both during the rules' one walk of the
file; at the end of the module every candidate with a reason is reported, the reason naming the line (``used as
`max_tokens=` of `client.chat.completions.create` at line 88``).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

# moved to ``character_reads``, still importable from here (explicit re-exports)
from prompt_budget.lint.assignments import uncast
from prompt_budget.lint.bound_products import ordered_local
from prompt_budget.lint.bucket_refills import bucket_call
from prompt_budget.lint.candidate_bindings import Binding as Binding  # noqa: PLC0414
from prompt_budget.lint.candidate_bindings import Bindings as Bindings  # noqa: PLC0414
from prompt_budget.lint.char_conversions import converted_by_rate, converted_to_characters
from prompt_budget.lint.character_reads import bound_local as bound_local  # noqa: PLC0414
from prompt_budget.lint.character_reads import bounds_characters
from prompt_budget.lint.character_reads import counts_characters as counts_characters  # noqa: PLC0414
from prompt_budget.lint.character_reads import reads_of as reads_of  # noqa: PLC0414
from prompt_budget.lint.compared_lengths import neighbours
from prompt_budget.lint.compress_rates import compression_rate
from prompt_budget.lint.constructed_fields import constructed_budget
from prompt_budget.lint.counted_locals import counted_term, token_local
from prompt_budget.lint.fact_tags import tagged as tagged  # noqa: PLC0414
from prompt_budget.lint.field_helpers import FIELD_CALLS, field_call
from prompt_budget.lint.generation_lengths import generation_length as generation_length  # noqa: PLC0414
from prompt_budget.lint.getter_callers import sign_checked
from prompt_budget.lint.getter_returns import returned_budget
from prompt_budget.lint.handed_names import bound_local_use, handed_on
from prompt_budget.lint.lookup_values import lookup_value
from prompt_budget.lint.model_names import looks_like_model_name
from prompt_budget.lint.names import (
    CONTEXT_WORDS,
    EXCLUDED_WORDS,
    PRICE_WORDS,
    TOKEN_WORDS,
    UNIT_WORDS,
    NameJudge,
    config_key,
    speculative,
    words,
)
from prompt_budget.lint.ratio_names import budget_keyword, budget_share
from prompt_budget.lint.read_places import budget_fallback, window_of
from prompt_budget.lint.report_buckets import counts_for_report
from prompt_budget.lint.rule import (
    attr_name,
    callee_name,
    dotted,
    number,
    sizes_token_chunks,
    string_value,
)
from prompt_budget.lint.scaled_counts import scaled_count
from prompt_budget.lint.share_products import scaled_budget, scaled_local
from prompt_budget.lint.stated_units import display_scale, guarding_test, shows_in_tokens, shows_other_unit
from prompt_budget.lint.token_lists import token_list
from prompt_budget.lint.token_minuends import addition_use, budget_local, spent_budget, subtraction_use
from prompt_budget.lint.walks import brief_source, walk

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
#: Words a name's value may still be tokens with (they exclude names alone): a ``padding`` taken off a window.
_FLOW_ALLOWED = frozenset({"pad", "padding"})
#: A name that spells its number (``_ONE_MILLION_TOKENS``) defines a unit, not a setting.
_NUMBER_WORDS = frozenset({"hundred", "thousand", "million", "billion", "one", "two", "ten"})
_AGAINST = (EXCLUDED_WORDS | UNIT_WORDS | _NUMBER_WORDS) - _FLOW_ALLOWED
#: Words a fraction's name may hold and still be a share of a token amount, decided by its use.
_SHARE_ALLOWED = frozenset({"rate", "rates"})
#: Words of a fraction's name saying it is a share of the context window (``context_erase``).
_WINDOW_SHARE_WORDS = frozenset({"context", "ctx", "window"})
#: Words of an alarm's level, which a share of the context window may be named by (set 188: anjor).
_LEVELS = frozenset({"error", "errors", "exceeded"})


#: HoloViz ``param``'s numeric parameters, declared as class attributes (``param.Integer(default=500)``).
_PARAM_CALLS = frozenset({"Integer", "Number"})


def param_declaration(value: ast.expr | None) -> bool:
    """``param.Integer(default=2000, bounds=(1, 8000))``: a ``param.Parameterized`` class attribute
    declared through the ``param`` library, whose ``default`` is the attribute's value."""
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in _PARAM_CALLS
        and isinstance(value.func.value, ast.Name)
        and value.func.value.id == "param"
    )


def default_of(value: ast.expr | None) -> ast.expr | None:
    """The literal of ``x = 8000`` or of ``x: int = Field(default=8000)`` / ``Field(8000, ...)`` /
    ``Field(default_factory=lambda: 8000)`` / ``param.Integer(default=8000)`` / an ORM column's
    ``mapped_column(Integer, default=2048)`` (set 216: agentend)."""
    if isinstance(value, ast.Call) and callee_name(value) in {"mapped_column", "Column"}:
        return next((kw.value for kw in value.keywords if kw.arg == "default"), None)
    if isinstance(value, ast.Call) and (field_call(value) or param_declaration(value)):
        for kw in value.keywords:
            if kw.arg == "default":
                return kw.value
            if kw.arg in {"default_factory", "factory"} and isinstance(kw.value, ast.Lambda):
                return kw.value.body
        return value.args[0] if value.args else None
    return value


def field_const(value: ast.expr | None) -> ast.expr | None:
    """The ``const`` of a field's metadata (``attr.field(default=0, metadata={"const": 5000})``): what
    a command-line flag built from the field takes when given without a value (argparse's ``const``)."""
    if isinstance(value, ast.Call) and callee_name(value) in FIELD_CALLS:
        for kw in value.keywords:
            if kw.arg == "metadata" and isinstance(kw.value, ast.Dict):
                for key, item in zip(kw.value.keys, kw.value.values, strict=False):
                    if string_value(key) == "const":
                        return item
    return None


@lru_cache(maxsize=1024)
def is_test_module(path: str) -> bool:
    """``tests/test_agent.py``, ``agent_test.py``, ``conftest.py``, a package's ``testing.py`` and the fakes of its
    ``testing/`` folder (``testing/fake_llm.py``, ``testing/fixtures.py``: what it ships for its users' tests, set 573:
    needlepath's fake service's responses; not the rest of such a folder, a testing tool's own code, the corpus check:
    voicey's ``testing/runner.py``): code whose numbers are scenarios. Kept per path: the rules ask it of the file
    being linted at many of its statements."""
    parts = path.replace("\\", "/").split("/")
    stem = parts[-1].rsplit(".", 1)[0]
    return (
        stem.startswith("test_")
        or stem.endswith("_test")
        or stem in {"conftest", "testing"}
        or any(p in {"tests", "test"} for p in parts[:-1])
        or ("testing" in parts[:-1] and (stem in _FAKES or stem.startswith(("fake_", "mock_", "stub_"))))
    )


#: The modules of a ``testing/`` folder that hold fakes for tests.
_FAKES = frozenset({"fixtures", "fakes", "fake", "mocks", "mock", "stubs", "stub", "factories"})


def against_flow(name: str, share: bool = False) -> bool:
    """The name itself says the number is something else: a unit (``lines``, ``messages``, ``bytes``,
    ``seconds``, ``cost``), a credential, a time, a rate. A fraction (``share``) named a rate
    (``EVICTION_RATE = 0.7``) is a share of whatever it multiplies: its use decides (set 24: memary)."""
    ws = words(name)
    # ``_CONTEXT_ERROR = 0.90``: a share of the context at which an error is raised, not an error code
    allowed = _SHARE_ALLOWED | _LEVELS if share and _WINDOW_SHARE_WORDS & set(ws) else _SHARE_ALLOWED
    if share and {"share", "fraction", "portion"} & set(ws):  # ``FILES_SHARE``: a budget's, for files
        allowed = allowed | UNIT_WORDS
    return speculative(ws) or any(w in _AGAINST and not (share and w in allowed) for w in ws)


@dataclass
class Uses:
    """What the reads of watched names met, gathered during the rules' one walk of the file (no second
    walk): the first reason each name is a budget (or ratio), and the names added up or returned as a
    count. A read before the name is bound (a constant at the bottom of its module) is not seen."""

    watch: set[str] = field(default_factory=set)
    reasons: dict[str, str] = field(default_factory=dict)
    counted: set[str] = field(default_factory=set)
    #: Names used as a slice bound (``context[:max_context_length]``): a number of characters or items.
    sliced: set[str] = field(default_factory=set)
    #: ``self._chunk_size = chunk_size``: the attribute's uses decide for the name (attribute -> name).
    aliases: dict[str, str] = field(default_factory=dict)
    #: The first reason of each parameter read in its own function: (the function's id, the name) -> why.
    scoped: dict[tuple[int, str], str] = field(default_factory=dict)

    def reason(self, name: str) -> str | None:
        """Why ``name`` is a budget: a use of its own, or of an attribute it was stored in."""
        why = self.reasons.get(name)
        if why is None:
            why = next(
                (self.reasons[a] for a, n in self.aliases.items() if n == name and a in self.reasons), None
            )
        return why

    def read(self, name: str, ancestors: Sequence[ast.AST], rule: LintRule, ratio: bool) -> None:
        """``ancestors[-1]`` reads ``name`` (a Name or an Attribute in Load context)."""
        node = ancestors[-1]
        if not isinstance(getattr(node, "ctx", None), ast.Load) or len(ancestors) < 2:
            return
        parent = ancestors[-2]
        if (window := window_of(node, ancestors)) is not None and token_list(rule, window.value):
            # ``ids[i : i + WIDTH]``: the width of a window of a token list, judged as the slice's bound
            # (a window of anything else is left as before: its unit is not known)
            ancestors = ancestors[:-1]
            parent = ancestors[-2]
        if isinstance(parent, ast.Slice):
            grand = ancestors[-3] if len(ancestors) > 2 else None
            if not (isinstance(grand, ast.Subscript) and token_list(rule, grand.value)):
                self.sliced.add(name)  # ``text[:n]`` counts characters; ``tokens[:n]`` tokens
        elif bounds_characters(rule, ancestors):
            self.sliced.add(name)  # ``Field(le=CAP)`` of a field named as characters
        elif (alias := handed_on(node, ancestors, ratio)) is not None and alias not in self.watch | {name}:
            # ``self.t = T``, ``def __init__(self, t=T)``, a share's field ``t: float = T``: the alias decides
            self.aliases[alias] = name
            self.watch.add(alias)
        fn = rule.ctx.function()
        own = (id(fn), name) if fn is not None and name in _params(fn) else None
        if name not in self.reasons or (own is not None and own not in self.scoped):
            grand = ancestors[-3] if len(ancestors) > 2 else None
            if (
                (isinstance(parent, ast.IfExp) and node is not parent.test)
                or (isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.USub))
                or (isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or))
            ) and len(ancestors) > 3:
                # ``split_length=size if size else 500``, ``max_tokens=max_tokens or LIMIT``: the
                # keyword the conditional or the fallback is given to; ``tokens[-tail:]``: the slice
                # the negated number bounds
                parent, grand = ancestors[-3], ancestors[-4]
            elif (value_at := lookup_value(ancestors)) is not None:
                parent, grand = value_at  # ``TABLE.get(model, DEFAULT)``: what the lookup's value meets
            why = _ratio_use(node, ancestors, rule) if ratio else _amount_use(node, parent, grand, rule)
            if not why and not ratio:  # ``overlap_chars = max(0, chunk_overlap * 4)``: tokens made characters
                why = converted_to_characters(node, ancestors)
            if not why and not ratio:  # ``cost = self._TOKENS_PER_ENTRY`` ... ``budget - cost < 0``
                why = bound_local_use(
                    ancestors, rule.ctx.function(), lambda n, p, g: _amount_use(n, p, g, rule)
                )
            if (
                not why
                and not ratio
                and isinstance(parent, ast.Compare)
                and shows_in_tokens(ancestors, parent, node)
            ):
                why = "shown in tokens by the branch the comparison decides"  # ``f"({LEAN:,} tokens)"`` (set 563)
            if why and isinstance(parent, ast.Compare) and counts_for_report(ancestors, parent):
                why = None  # ``if tokens > LONG: stats["long"] += 1`` in a report: a bucket's edge
            elif why and isinstance(parent, ast.Compare) and (test := guarding_test(ancestors, parent)):
                why = None if shows_other_unit(test.body, node) else why  # ``f"{MAX} lexical terms"``
            if why and isinstance(parent, ast.Compare) and display_scale(_function_of(ancestors), name):
                why = None  # ``f"{tokens / UNIT:.1f}k"``: a display unit's scale (set 600: tunacode)
            if why:
                self.reasons.setdefault(name, f"{why} at line {getattr(node, 'lineno', 0)}")
                if own is not None:  # ``budget`` read in the function whose parameter it is
                    self.scoped[own] = f"{why} at line {getattr(node, 'lineno', 0)}"
        if _count_use(node, parent, ancestors):
            self.counted.add(name)


def _function_of(ancestors: Sequence[ast.AST]) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The innermost function among ``ancestors``, else None."""
    return next(
        (a for a in reversed(ancestors) if isinstance(a, (ast.FunctionDef, ast.AsyncFunctionDef))), None
    )


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
    """The names ``fn`` takes."""
    a = fn.args
    return {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}


def _count_use(node: ast.AST, parent: ast.AST, ancestors: Sequence[ast.AST]) -> bool:
    """Read as an amount added up or scaled (``EXTRA_TOKENS + SQUARE_TOKENS * tiles``, ``total +=
    IMAGE_TOKENS``) or returned by a function that counts (``_count_tokens_from_image``): what a thing
    costs in tokens, not a limit (``get_repo_map_tokens`` returning ``map_tokens`` returns a budget);
    ``tokens += sum(IMAGE_TOKENS for p in parts if p.image)`` adds it once per item as the sum is added."""
    if isinstance(parent, ast.GeneratorExp) and parent.elt is node and len(ancestors) > 3:
        summed = callee_name(ancestors[-3]) == "sum" if isinstance(ancestors[-3], ast.Call) else False
        return summed and _count_use(ancestors[-3], ancestors[-4], ancestors[:-2])
    if isinstance(parent, ast.Return):
        fn = _function_of(ancestors)
        return fn is not None and bool(set(words(fn.name)) & _COUNTING)
    return (isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Add, ast.Mult))) or (
        isinstance(parent, ast.AugAssign) and isinstance(parent.op, ast.Add) and parent.value is node
    )


_COUNTING = frozenset({"count", "counts", "estimate", "estimated", "num", "cost", "usage", "total"})
#: Builtins that make a count a number (``int(usage["input_tokens"])``) and leave its unit.
_NUMBERS = frozenset({"int", "float"})


def _amount_use(node: ast.AST, parent: ast.AST, grand: ast.AST | None, rule: LintRule) -> str | None:
    judge = rule.names
    if (
        isinstance(parent, ast.keyword)
        and parent.arg
        and (
            budget_keyword(judge, parent.arg)  # not ``..._window_percent=``, but ``min_token_threshold=``
            or (  # ``overhead_tokens=``, not a token bucket's ``burst_tokens=`` (``bucket_refills``)
                judge.is_budget_setting(parent.arg)
                and not judge.is_ratio(parent.arg)
                and not (isinstance(grand, ast.Call) and bucket_call(grand))
            )
            or (isinstance(grand, ast.Call) and generation_length(parent.arg, grand))
        )
    ):
        callee = dotted(grand.func) if isinstance(grand, ast.Call) else ""
        callee = callee or (callee_name(grand) if isinstance(grand, ast.Call) else "") or "a call"
        return f"used as `{parent.arg}=` of `{callee}`"
    if (
        isinstance(parent, ast.keyword)
        and parent.arg
        and isinstance(grand, ast.Call)
        and sizes_token_chunks(judge, parent.arg, grand, rule.ctx)
    ):
        # ``TokenTextSplitter(chunk_size=chunk_size)``: a size given to a splitter that counts tokens
        return f"used as `{parent.arg}=` of `{dotted(grand.func) or callee_name(grand)}`"
    if isinstance(parent, ast.Compare) and any(isinstance(op, _ORDER) for op in parent.ops):
        if rule.ctx.function_name() and set(words(rule.ctx.function_name())) & PRICE_WORDS:
            return None  # ``def _long_prompt_cost_multiplier``: a pricing tier (set 12: skyvern)
        for other in neighbours(
            parent, node, rule
        ):  # a chain orders one unit (``MIN <= len(v) <= MAX``, set 557)
            # ``int(t["input_token_count"]) >= threshold``: a count made a number first (set 123)
            if other is not node and (
                rule.token_amount(uncast(other, _NUMBERS)) or counted_term(rule, other)
            ):
                return f"compared with the token count `{brief_source(other)}`"
        return None
    if isinstance(parent, ast.Call) and any(a is node for a in parent.args) and _cuts_tokens(judge, parent):
        # ``openai_truncate_by_token(texts, limit, model)``: a number given to a function cutting by tokens
        return f"given to `{callee_name(parent)}`, which cuts by tokens"
    if isinstance(parent, ast.Slice) and isinstance(grand, ast.Subscript) and token_list(rule, grand.value):
        return f"cuts the token list `{brief_source(grand.value)}`"  # ``tokens[:head_length]``
    if (fallback := budget_fallback(rule, node, parent, grand)) is not None:
        return fallback
    if isinstance(parent, ast.Return) and judge.is_budget(fn := rule.ctx.function_name()):
        return f"returned by the budget getter `{fn}()`"  # ``return GPT_5_LONG_CONTEXT``: a window
    if (
        isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Name)
        and parent.func.id in {"min", "max"}
    ):
        if sign_checked(parent, grand):
            return None  # ``if min(snapshot_limit, context_limit) < 0: raise``: limits checked, none clamped
        for other in parent.args:
            if other is not node and (
                rule.token_amount(other) or token_local(rule, other) or budget_share(judge, other)
            ):
                return f"clamps the token count `{brief_source(other)}` with {parent.func.id}()"
            if other is not node and (getter := returned_budget(rule, other)):
                return f"clamps `{brief_source(other)}`, which the budget getter `{getter}()` returns"
        return None
    if (rate := converted_by_rate(node, parent)) is not None:
        return rate  # ``int(self.OVERLAP_TOKENS * self.WORDS_PER_TOKEN)``: tokens made words (set 489)
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Sub):
        return subtraction_use(rule, node, parent, grand)  # ``max_tokens - prompt_tokens - buffer``
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Add):
        return addition_use(rule, node, parent)  # ``maximum + MODEL_PROMPT_TEMPLATE_ALLOWANCE``
    if isinstance(parent, ast.AugAssign) and isinstance(parent.op, ast.Sub) and parent.value is node:
        spent = rule.budget_expr(parent.target) is not None or spent_budget(rule, parent.target)
        return f"subtracted from the budget `{brief_source(parent.target)}`" if spent else None
    if isinstance(parent, ast.Dict):
        table = _bound_name(grand)
        for key, value in zip(parent.keys, parent.values, strict=False):
            if value is node:
                name = string_value(key)
                if name and judge.is_budget(name):
                    return f'written as "{name}"'
                if name and looks_like_model_name(name) and table and judge.is_budget(table):
                    # ``MAX_TOKEN_DICT = {"gpt-5.5": GPT_5_LONG_CONTEXT}``: a model's window
                    return f'the window of "{name}" in `{table}`'
    return None


def _bound_name(node: ast.AST | None) -> str | None:
    """The one name ``node`` (an assignment) binds, else None."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        return attr_name(node.targets[0])
    return attr_name(node.target) if isinstance(node, ast.AnnAssign) else None


#: Words of a function cutting text to a number of tokens (``truncate_by_token``, ``trim_to_tokens``).
_CUT_WORDS = frozenset({"truncate", "truncated", "trim", "cut", "clip", "shorten", "split", "chunk"})


def _cuts_tokens(judge: NameJudge, call: ast.Call) -> bool:
    """``openai_truncate_by_token(texts, limit, model)``: a call of a function cutting by tokens."""
    callee = callee_name(call) or ""
    return judge.mentions_tokens(callee) and bool(set(words(callee)) & _CUT_WORDS)


def _ratio_use(node: ast.AST, ancestors: Sequence[ast.AST], rule: LintRule) -> str | None:
    """``factor * budget``, also inside a product (``factor * chars_per_token * max_tokens``); a share
    named for the context window given to a call beside a token budget (``context_erase=context_erase,
    n_ctx=n_ctx``: the share of the window the callee erases, set 24: gpt4all)."""
    parent = ancestors[-2]
    name = attr_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
    call = ancestors[-3] if len(ancestors) > 2 else None
    if isinstance(parent, ast.keyword) and (method := compression_rate(parent.arg, call, rule.ctx.tree)):
        # ``self.llm_lingua.compress_prompt(prompt, rate=self.rate)``: the share of the prompt's tokens kept
        return f"given as `rate=` to LLMLingua's `{method}`, the share of the prompt's tokens it keeps"
    # not a score named for its context (``score_with_context=0.8`` of a PII match, set 575: tarja)
    if (
        isinstance(parent, ast.keyword)
        and name
        and _WINDOW_SHARE_WORDS & set(words(name))
        and not rule.names.is_score(name)
    ):
        siblings = [k.arg for k in getattr(call, "keywords", ()) if k.arg and k is not parent]
        budget = next((s for s in siblings if rule.names.is_budget_setting(s)), None)
        if isinstance(call, ast.Call) and budget:
            return f"given to `{callee_name(call)}` beside the token budget `{budget}`"
    child = node
    for parent in reversed(ancestors[:-1]):
        if _complement(parent, child):
            child = parent  # ``limit * (1 - buffer_ratio)``: the share held back (set 28: qianfan)
            continue
        if not (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult)):
            return _product_against_tokens(child, parent, rule) if child is not node else None
        other = parent.right if parent.left is child else parent.left
        # ``max_tokens * chars_per_token * margin`` (set 315), a local bound so (set 563)
        other = scaled_budget(rule, other) or scaled_local(rule, other) or other
        if rule.budget_expr(other) is not None or (child is not node and _token_quota(other)):
            return f"multiplies the budget `{brief_source(other)}`"
        if budget_local(rule, other):  # ``usable = window - reserved`` ... ``int(usable * ratio)`` (set 173)
            return f"multiplies `{brief_source(other)}`, bound only to budgets"
        if isinstance(other, ast.BinOp) and isinstance(other.op, ast.Sub) and rule.budget_expr(other.left):
            # ``int((budget - reserve) * COMPACT_AT)``: a share of what a reserve leaves of a budget (set 138)
            return f"multiplies what is left of the budget `{brief_source(other.left)}`"
        if (given := constructed_budget(rule, other)) is not None:  # ``cls(window=max_context_tokens)``
            return f"multiplies `{brief_source(other)}` (a field the module gives `{given}`)"
        if (scaled := scaled_count(rule, other, parent, ancestors)) is not None:  # set 93
            return scaled
        child = parent
    return None


#: Words of a quota of tokens per unit of time (``token_limit_per_minute``, ``TPM_LIMIT``), and of its unit.
_QUOTA_WORDS = frozenset({"limit", "limits", "quota", "budget"})
_QUOTA_UNITS = TOKEN_WORDS | {"tpm"}


def _token_quota(node: ast.AST) -> bool:
    """``self._token_limit_per_minute``, ``tpm_limit``: a provider's quota of tokens (per minute): the
    budget a share held back from it (``(1 - buffer_ratio)``) scales, though not a budget per request."""
    ws = set(words(attr_name(node) or ""))
    return bool(ws & _QUOTA_WORDS) and bool(ws & _QUOTA_UNITS)


def _complement(parent: ast.AST, child: ast.AST) -> bool:
    """``(1 - ratio)``: the rest of a share, a share too."""
    subtracted = isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Sub) and parent.right is child
    return subtracted and number(getattr(parent, "left", None)) == 1


def _product_against_tokens(product: ast.AST, parent: ast.AST, rule: LintRule) -> str | None:
    """``if used_tokens < budget * threshold``: a product of a weakly named amount (``budget``,
    ``limit``) ordered against a number of tokens scales a token budget (set 25: praisonai)."""
    ordered = isinstance(parent, ast.Compare) and all(isinstance(op, _ORDER) for op in parent.ops)
    if not (ordered or isinstance(parent, ast.Assign)) or not any(
        isinstance(n, (ast.Name, ast.Attribute)) and rule.names.is_weak_budget(attr_name(n) or "")
        for n in walk(product)
    ):
        return None
    if not isinstance(parent, ast.Compare):
        return ordered_local(rule, product, parent)  # ``cap = budget * ratio`` ... ``if tokens > cap``
    for other in neighbours(parent, product, rule):
        if other is not product and rule.token_amount(other):
            return f"scales the amount compared with the token count `{brief_source(other)}`"
    return None


# --- across modules: a constant bound in one module, used as a budget in a module importing it

#: Fact names the flow records for the project-wide pass (``PB108`` ignores them).
BIND_FACT = "\x00bind "
USE_FACT = "\x00use "


def imported_names(tree: ast.Module) -> dict[str, str]:
    """``from pkg.limits import CAP as C`` -> {"C": "limits CAP"}: local name -> (source module stem, name there) of
    constants (upper-case) imported at module level, or in a function's body (set 257: veracium's)."""
    out: dict[str, str] = {}
    for stmt, alias in constant_imports(tree):
        out[alias.asname or alias.name] = (
            f"{stmt.module.rsplit('.', 1)[-1] if stmt.module else ''} {alias.name}"
        )
    return out


def constant_imports(tree: ast.Module) -> list[tuple[ast.ImportFrom, ast.alias]]:
    """The upper-case names (constants: ``CAP``, ``_DEFAULT_COMPACT_THRESHOLD``) ``tree`` imports from a named module,
    at module level or in a top-level function's body, with their statements: the functions' first, the module's own
    last (where a name is imported twice, the module's wins for a caller keeping the last)."""
    inner = [
        s for fn in tree.body if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) for s in fn.body
    ]
    return [
        (stmt, alias)
        for stmt in [*inner, *tree.body]
        if isinstance(stmt, ast.ImportFrom) and stmt.module
        for alias in stmt.names
        if alias.name.isupper()
    ]


def assign_targets(stmt: ast.AST | None) -> list[ast.expr]:
    """The targets an assignment binds (``a = b = 1``: both; ``a: int = 1``: one; anything else: none)."""
    if isinstance(stmt, ast.Assign):
        return list(stmt.targets)
    return [stmt.target] if isinstance(stmt, ast.AnnAssign) else []


def module_functions(tree: ast.AST | None) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef | None]:
    """A module's top-level functions by name, or a class's methods given the class (None for a name
    defined twice: which one a call reaches is unknown)."""
    found: dict[str, ast.FunctionDef | ast.AsyncFunctionDef | None] = {}
    for stmt in tree.body if isinstance(tree, ast.Module | ast.ClassDef) else []:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[stmt.name] = None if stmt.name in found else stmt
    return found


def function_body(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
    """``fn``'s statements, its docstring left out."""
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return body


def positional_params(fn: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> list[str]:
    """The names ``fn`` takes by position; a method's ``self`` / ``cls`` left out."""
    names = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    return names[1:] if method and names[:1] in (["self"], ["cls"]) else names


def finding_where_bound(rule: type[LintRule], fact: Fact, message: str, name: str, key: str) -> Finding:
    """A project-wide pass's finding at the binding ``fact`` of ``name`` (fixable but in a stub)."""
    from prompt_budget.lint.cache import module_name

    return rule.finding_at(
        fact,
        message,
        fixable=not fact.path.endswith(".pyi"),
        key_parts=(name, module_name(fact.path)),
        key=key,
    )


def imported_budgets(rule: type[LintRule], facts: Sequence[Fact]) -> list[Finding]:
    """Constants bound in one module (``BIND_FACT``) and used as a budget by a module importing them
    (``USE_FACT``): the findings of ``rule`` where they are bound."""
    from prompt_budget.lint.cache import module_name

    uses: dict[str, str] = {}
    for fact, (stem, name, why) in tagged(facts, USE_FACT, 3):
        uses.setdefault(f"{stem} {name}", f"{why} of {fact.path}")
    if not uses:
        return []
    findings = []
    for fact, (name,) in tagged(facts, BIND_FACT, 1):
        use = uses.get(f"{module_name(fact.path)} {name}")
        if use is None:
            continue
        message = (
            f"token budget {name} = {fact.value}: {use}; move it to config so it can be tuned and tested"
        )
        findings.append(finding_where_bound(rule, fact, message, name, config_key(name)))
    return findings


def fallback_window(rule: LintRule, name: str, value: int | float) -> str | None:
    """Why ``name = value`` (being visited) is a window: ``else: maximum_context = 4096`` ending an
    ``if``/``elif`` chain whose other branches read a window (``return context_size``), the window used
    when the lookup finds none, in a local named after the context (set 14: mentat). Looks only at the
    chain's other branches; None when it is not such a fallback."""
    if not set(words(name)) & CONTEXT_WORDS or against_flow(name) or rule.names.implausible(name, value):
        return None
    ancestors = rule.ctx.ancestors
    chain = ancestors[-2] if len(ancestors) > 2 else None
    if not (isinstance(chain, ast.If) and any(s is ancestors[-1] for s in chain.orelse)):
        return None
    branches = list(chain.body)
    i = len(ancestors) - 2
    while i > 1 and isinstance(outer := ancestors[i - 1], ast.If) and outer.orelse == [ancestors[i]]:
        branches.extend(outer.body)  # ``elif``: the chain's earlier branches
        i -= 1
    for node in (n for stmt in branches for n in walk(stmt)):
        if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load):
            read = attr_name(node)
            if read and read != name and rule.names.is_budget(read):
                return f"as the fallback of a lookup whose other branch reads the window `{read}` (line {node.lineno})"
    return None
