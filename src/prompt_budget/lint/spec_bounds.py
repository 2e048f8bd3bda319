"""PB101's reading of a parameter spec whose budget is named beside its numbers, not by them (set 37:
dify-plugin): a call ``ParameterRule(name=DefaultParameterName.MAX_TOKENS.value, default=512, max=4096)``
or a template entry ``{DefaultParameterName.MAX_TOKENS: {"default": 64, "max": 2048}}``, where the
spec's name (a string ``"max_tokens"`` or an enum member ``MAX_TOKENS``) says what its ``default`` /
``min`` / ``max`` bound; and a lookup's fallback written as a numeric string converted by ``int()``
(``int(credentials.get("context_size", "4096"))``); and the limit of a quantity a call names first as a
string saying tokens (``EssentialVariable.monotonic("tokens_total", hard_limit=2200)``). Judges nothing
itself: the rule's names decide.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.comments import CREDENTIAL_NAMED, NOT_MODEL_TOKEN_WORDS
from prompt_budget.lint.names import UNIT_WORDS, words
from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The slots of a spec holding a value of the quantity it names (its default and its range's bounds).
SPEC_SLOTS = frozenset(
    {"default", "min", "max", "minimum", "maximum", "default_value", "min_value", "max_value"}
)
#: The slots of a spec listing values of the quantity it names, tried one by one (a sweep's search
#: space: ``{"max_tokens": {"type": "discrete", "values": [256, 512, 1024]}}``; set 96: armature-ai).
SPEC_LISTS = frozenset({"values", "choices", "candidates"})
#: The keyword of a spec call naming the parameter it describes (``field_name=``, set 75: miiflow's
#: ``ParameterConfig(field_name="max_tokens", default_value=4096, max_value=8192)``).
_NAME_KEYWORDS = frozenset(
    {"name", "key", "param", "parameter", "field_name", "param_name", "parameter_name"}
)


#: The keywords of a call bounding the quantity its first argument names (``metric("tokens", limit=...)``).
_LIMIT_SLOTS = frozenset({"limit", "hard_limit", "soft_limit", "max", "maximum", "cap", "ceiling", "budget"})


_TOKENS = frozenset({"tokens", "toks"})
#: Words of a quantity that is no amount of tokens, though its name says tokens.
_NOT_AMOUNTS = UNIT_WORDS | {"count", "counts", "concurrent", "concurrency", "parallel", "workers", "threads"}


def spec_name(node: ast.expr | None) -> str | None:
    """The parameter a spec's name expression names: ``"max_tokens"``, ``Names.MAX_TOKENS`` or
    ``Names.MAX_TOKENS.value`` (an enum member, the member's own name), else None."""
    if node is None:
        return None
    text = string_value(node)
    if text is not None:
        return text
    if isinstance(node, ast.Attribute) and node.attr == "value" and isinstance(node.value, ast.Attribute):
        node = node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, (ast.Name, ast.Attribute)):
        return node.attr if node.attr.isupper() else None  # an enum member: ``X.MAX_TOKENS``
    return None


def _budget(rule: LintRule, name: str | None) -> bool:
    return bool(name) and rule.names.is_budget_setting(name or "") and not rule.names.is_excluded(name or "")


def named_spec_bounds(rule: LintRule, node: ast.Call) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """``ParameterRule(name="max_tokens", default=512, min=1, max=4096)``: each number of a slot of
    ``SPEC_SLOTS`` given to a call whose ``name=`` keyword names a budget."""
    named = next((kw.value for kw in node.keywords if kw.arg in _NAME_KEYWORDS), None)
    name = spec_name(named)
    described = not _budget(rule, name) and _described_in_tokens(rule, node, name)
    if not _budget(rule, name) and not described:
        yield from _metric_limits(rule, node)
        return
    said = ", described in tokens" if described else ""
    for kw in node.keywords:
        if kw.arg in SPEC_SLOTS and (value := rule.budget_literal(kw.value)) is not None:
            yield kw.value, name or "", value, f"as the `{kw.arg}=` of the spec of `{name}`{said}"


#: Words of a usage counter's name (``prompt_tokens``, ``cached_tokens``), no size a spec bounds.
_COUNTED = frozenset(
    {"prompt", "completion", "cached", "cache", "total", "input", "output", "reasoning", "used"}
)
_COUNTED = _COUNTED | {"usage", "billed", "spent"}
#: A spec's description of an amount of tokens ("Target tokens per chunk.", "Maximum number of tokens",
#: "Conversation token budget before context is summarized.").
_IN_TOKENS = re.compile(r"\btokens\b|\btoken (?:budget|limit|cap)s?\b", re.IGNORECASE)
#: Words of a generic size's name (``chunk_size``, ``limit``), whose unit a description gives; or of an
#: amount of tokens named for what happens past it (``tokens_before_summarize``, set 461: ursa-ai).
_SIZE_WORDS = frozenset({"size", "limit", "length", "max", "budget", "overlap", "tokens"})


def _described_in_tokens(rule: LintRule, node: ast.Call, name: str | None) -> bool:
    """``ToolParameter(name="chunk_size", description="Target tokens per chunk.", default=512)``: a generic
    size whose spec's description says tokens and no other unit (set 435: grampus-ai's document tools)."""
    ws = set(words(name or ""))
    if not ws & _SIZE_WORDS or ws & (UNIT_WORDS | _COUNTED) or rule.names.is_excluded(name or ""):
        return False  # not ``prompt_tokens`` "billed for the request": a usage counter
    text = next((string_value(kw.value) for kw in node.keywords if kw.arg in {"description", "help"}), None)
    return bool(text and _IN_TOKENS.search(text) and not set(words(text.replace(".", " "))) & UNIT_WORDS)


def _metric_limits(rule: LintRule, node: ast.Call) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """``EssentialVariable.monotonic("tokens_total", hard_limit=2200, scale=2200)``: each number given as
    the limit of a quantity the call names first, as a string saying an amount of tokens (set 159:
    ultrastable's guard of a run's token use)."""
    name = string_value(node.args[0]) if node.args and node.keywords else None
    ws = set(words(name or ""))
    if not name or not ws & _TOKENS or ws & _NOT_AMOUNTS or rule.names.is_excluded(name):
        return  # ``"TOKEN_COUNTER_MAX_CONCURRENT_COUNTS"``: a count of something else
    if "env" in words(callee_name(node) or ""):
        return  # ``get_env_int_in_range("NAME", default=4, maximum=256)``: an environment read's bounds
    for kw in node.keywords:
        if kw.arg in _LIMIT_SLOTS and (value := rule.budget_literal(kw.value)) is not None:
            yield kw.value, name, value, f'as the `{kw.arg}=` of "{name}"'


#: The head of a description, before its first ``;`` or sentence's end ("Estimated token budget; hard JSON byte cap
#: is 4x this number." says tokens; the byte cap is another setting's unit).
_HEAD = re.compile(r"[^;]*?(?=;|\.\s|\.$|$)")


def _lists_credentials(spec: ast.Dict) -> bool:
    """``spec`` (a tool's) describes credentials' tokens ("List invite tokens with optional filtering", set 602:
    dakb-server's admin tools)."""
    return any(
        string_value(k) == "description" and CREDENTIAL_NAMED.search(string_value(v) or "") is not None
        for k, v in zip(spec.keys, spec.values, strict=False)
    )


def _schema_in_tokens(rule: LintRule, item: ast.Dict, name: str | None) -> bool:
    """``{"type": "integer", "minimum": 256, "description": "Estimated token budget; ..."}``: a JSON schema's
    property of a number whose description's head says tokens and no other unit, under a generic size's name
    (set 487: weftgate's brain tools)."""
    ws = set(words(name or ""))
    if not ws & _SIZE_WORDS or ws & (UNIT_WORDS | _COUNTED) or rule.names.is_excluded(name or ""):
        return False
    slots = {string_value(k): v for k, v in zip(item.keys, item.values, strict=False) if k is not None}
    if string_value(slots.get("type")) not in {"integer", "number"} or any(
        type(outer) is ast.Dict and _lists_credentials(outer) for outer in rule.ctx.ancestors
    ):
        return False  # a tool "List invite tokens ..." paging by a ``limit`` "Maximum number of tokens to return"
    text = string_value(slots.get("description"))
    head = _HEAD.match(text or "")
    said = head.group(0) if head else ""
    said_words = set(words(said)) | set(re.findall(r"[a-z]+", said.lower()))
    # not "Maximum number of API tokens to list": a credential's
    return bool(_IN_TOKENS.search(said)) and not said_words & (UNIT_WORDS | NOT_MODEL_TOKEN_WORDS)


def _slot_bounds(
    rule: LintRule, item: ast.Dict, name: str | None, said: str = ""
) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    for slot, inner in zip(item.keys, item.values, strict=False):
        which = string_value(slot)
        if which in SPEC_SLOTS and (value := rule.budget_literal(inner)) is not None:
            yield inner, name or "", value, f'under "{which}" of the spec of `{name}`{said}'
        elif which in SPEC_LISTS and isinstance(inner, (ast.List, ast.Tuple)):
            for each in inner.elts:
                if (value := rule.budget_literal(each)) is not None:
                    yield each, name or "", value, f'listed under "{which}" of the spec of `{name}`{said}'


def assigned_spec_bounds(rule: LintRule, node: ast.Dict) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """``budget = {"type": "integer", "maximum": 16000, "description": "Estimated token budget"}``: the slots of a
    schema property bound to a name (``_schema_in_tokens``), the dict being visited."""
    bound = rule.ctx.parent(node)
    if (
        type(bound) is ast.Assign
        and len(bound.targets) == 1
        and type(target := bound.targets[0]) is ast.Name
        and _schema_in_tokens(rule, node, target.id)
    ):
        yield from _slot_bounds(rule, node, target.id, ", described in tokens")


def nested_spec_bounds(rule: LintRule, node: ast.Dict) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """``{Names.MAX_TOKENS: {"type": "int", "default": 64, "max": 2048}}``: each number under a slot of
    ``SPEC_SLOTS`` (or listed under one of ``SPEC_LISTS``) in a dict that is the entry of a budget's key, or of a
    generic size's key whose schema says tokens (``_schema_in_tokens``)."""
    for key, item in zip(node.keys, node.values, strict=False):
        name = spec_name(key)
        if not isinstance(item, ast.Dict):
            continue
        if _budget(rule, name):
            yield from _slot_bounds(rule, item, name)
        elif _schema_in_tokens(rule, item, name):
            yield from _slot_bounds(rule, item, name, ", described in tokens")


def int_of_string(rule: LintRule, lookup: ast.Call, node: ast.expr) -> int | None:
    """``"4096"`` converted by the ``int()`` call enclosing the lookup it is the fallback of
    (``int(d.get("context_size", "4096"))``), or by one the function gives the local the lookup is bound to
    (``ctx_str = d.get("context_window", "128000")`` ... ``int(ctx_str)``, set 427: code-review-ai): its value
    when it is large enough to be a budget."""
    text = string_value(node)
    if text is None or not text.isdigit() or not text.isascii():
        return None
    outer = rule.ctx.parent(lookup)
    if not (
        isinstance(outer, ast.Call)
        and isinstance(outer.func, ast.Name)
        and outer.func.id == "int"
        and outer.args[:1] == [lookup]
    ) and not _converted_later(rule, outer, lookup):
        return None
    value = rule.budget_literal(ast.Constant(value=int(text)))
    return int(value) if value is not None else None


def _converted_later(rule: LintRule, outer: ast.AST | None, lookup: ast.Call) -> bool:
    """``outer`` binds ``lookup`` to a local that an ``int()`` call of the same function converts."""
    if not (isinstance(outer, ast.Assign) and outer.value is lookup and len(outer.targets) == 1):
        return False
    target, fn = outer.targets[0], rule.ctx.function()
    if not isinstance(target, ast.Name) or fn is None:
        return False
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id == "int"
        and len(n.args) == 1
        and isinstance(n.args[0], ast.Name)
        and n.args[0].id == target.id
        for n in walk(fn)
    )
