"""A request's own output cap below the rules' least value, for PB101 (sets 147-152: policyrail-ai's
classifiers' ``max_tokens=10``, fr-cli's intent call, an evaluation's ``max_new_tokens=10``)::

    response = client.chat.completions.create(model=model, messages=messages, max_tokens=10)

The keyword is the request's output cap by its exact name (``max_tokens``, ``max_output_tokens``,
``max_new_tokens``, ``num_predict``...): a small number there is still how much the model may write, sized
for a label, a score or a yes/no answer, and a team tunes it like any other cap. The least value (16)
keeps small numbers under other budget names out (``context_length=5``, a count of lines); for these
keywords the least value is ``LEAST`` (2) while ``min-value`` is not configured (a configured one holds
for them too). ``max_tokens=1`` stays out: it is the cap of nearly every probe and of requests made
only to read back the prompt's count of tokens. A probe with a larger cap is left out by its function's
name (``health_check``, ``ping``, ``validate_key``, ``test_connection``, a test) and, after this, by
the probe readings every PB101 finding goes through (``api_minimums``: a literal prompt, a discarded
answer). Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.check_probes import literal_prompt
from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import callee_name, dotted, string_value
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The keywords that are a request's output cap whatever the call (providers' and serving libraries').
OUTPUT_CAPS = frozenset(
    {
        "max_tokens",
        "max_output_tokens",
        "max_completion_tokens",
        "max_new_tokens",
        "max_tokens_to_sample",
        "num_predict",
    }
)
#: The least output cap reported under those keywords while ``min-value`` is not configured.
LEAST = 2
#: A payload's keys holding its prompt.
_PROMPTS = frozenset({"messages", "prompt", "input", "contents"})
#: Words of a function's name that make its small request a probe, not a task's (``health_check``).
_PROBE_WORDS = frozenset(
    {
        "ping",
        "health",
        "healthcheck",
        "test",
        "probe",
        "connection",
        "connectivity",
        "warmup",
        "startup",
        "smoke",
    }
)
#: Words of a check, a probe's when what it checks is the service itself (``validate_api_key``,
#: ``check_inference``), a task's when it checks something else (set 224: lorien-memory's
#: ``_llm_contradiction_check``, a yes/no classification capped at five tokens).
_CHECK_WORDS = frozenset({"check", "validate", "validation", "verify"})
#: What a probe checks: the service, its key, its model or its reach.
_SERVICE_WORDS = frozenset(
    {
        "api",
        "key",
        "keys",
        "valid",
        "llm",
        "lm",
        "model",
        "models",
        "provider",
        "client",
        "endpoint",
        "server",
        "service",
        "credentials",
        "auth",
        "access",
        "available",
        "availability",
        "inference",
        "backend",
        "online",
        "alive",
        "reachable",
    }
)


def small_cap(
    rule: LintRule, name: str | None, value: ast.expr, payload: ast.Dict | None = None
) -> int | None:
    """The number ``value`` is when it is given under ``name``, a request's output cap (``OUTPUT_CAPS``, a
    keyword or a key of the dict ``payload``), as a whole number from ``LEAST`` up to the rule's least
    value, outside tests, probing functions and payloads whose prompt is written whole (``"messages":
    [{"role": "user", "content": "Say 'ok'"}]``, a test request); else None."""
    if (
        name not in OUTPUT_CAPS
        or type(value) is not ast.Constant
        or type(value.value) is not int
        or not LEAST <= value.value < rule.options.min_value
        or rule.options.min_value != type(rule).DEFAULT_MIN_VALUE  # the user's own least value holds
        or value.value in rule.options.allowed_values
        or is_test_module(rule.ctx.path)
    ):
        return None
    if payload is not None and any(
        string_value(k) in _PROMPTS and literal_prompt(v)
        for k, v in zip(payload.keys, payload.values, strict=True)
    ):
        return None
    function = rule.ctx.function()
    return None if function is not None and _probing(function.name) else value.value


def _probing(name: str) -> bool:
    """A function of this name makes probes: a name of one (``health_check``, ``ping``), or a check of nothing
    but the service (``validate_api_key``, ``check``), not of a task's subject (``_llm_contradiction_check``)."""
    ws = set(words(name))
    return bool(ws & _PROBE_WORDS) or (bool(ws & _CHECK_WORDS) and not ws - _CHECK_WORDS - _SERVICE_WORDS)


def forwarded_cap(rule: LintRule, name: str, default: ast.expr) -> tuple[int, str] | None:
    """``def call_judge(prompt, *, max_tokens: int = 10)`` ... ``create(..., max_tokens=max_tokens)``: a small
    default of a parameter named as a request's output cap that its function hands on under that keyword
    (set 181: peekr's judge), as (the number, the message); else None."""
    fn = rule.ctx.function()
    value = small_cap(rule, name, default)
    if value is None or fn is None:
        return None
    for node in walk(fn):
        if isinstance(node, ast.Call) and any(
            kw.arg == name and type(kw.value) is ast.Name and kw.value.id == name for kw in node.keywords
        ):
            where = dotted(node.func) or callee_name(node)
            return value, (
                f"token budget {name}={value} as a parameter default, handed on as `{name}=` of `{where}` at "
                f"line {node.lineno}; move it to config so callers share one tunable value"
            )
    return None


def small_entry(rule: LintRule, node: ast.Assign) -> int | None:
    """``retry_options["num_predict"] = 8``: a small output cap written into a request's dict one entry at a
    time (set 289: ioa-core's retry with a shorter answer), by ``small_cap``'s measure; else None."""
    target = node.targets[0] if len(node.targets) == 1 else None
    if not isinstance(target, ast.Subscript):
        return None
    return small_cap(rule, string_value(target.slice), node.value)
