"""PB101's budgets read through a project's own settings or given where a model is loaded (sets 51 and
52: pysubtrans, chembench, fmbench).

- a settings getter of the project's own (``settings.get_int('max_tokens', 8192)``,
  ``pipeline.get_arg("llm_extractor_max_tokens", 8192)``, ``settings.get_int('max_tokens') or 4096``):
  a ``get_<what>`` method whose first argument is a key named as a token budget; the literal given as its
  default (second argument, ``default=``, ``fallback=``) or after it as an ``or`` fallback is that
  budget's value whenever the settings are silent, as for a mapping's ``.get("max_tokens", 2048)``
  (``inline_forms.lookup_default``). A getter of the environment (its name or its receiver says
  ``env``, ``os.getenv``), and a key written as an environment variable's name (``MAX_TOKENS``), read
  the environment, not a setting of the code. A value used twice (``get_int('max_tokens', 1024) or
  1024``) is reported once, at its ``or``;
- a model's maximum positions given where it is loaded (``LlamaForSampling.from_pretrained(path,
  n_positions=4096)``): the longest sequence the loaded (or compiled) model takes, its context window.
  The same keyword given to an architecture's config class (``GPT2Config(n_positions=1024)``) defines a
  model, no budget of the code that runs it.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.assigned_lookups import assigned_lookup_budgets
from prompt_budget.lint.commented_keywords import commented_chunk_sizes
from prompt_budget.lint.env_rows import reads_environment
from prompt_budget.lint.helper_settings import helper_budgets
from prompt_budget.lint.names import words
from prompt_budget.lint.prompted_defaults import prompted_budgets
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.search_bounds import range_budgets
from prompt_budget.lint.section_reads import section_budgets
from prompt_budget.lint.truncating_models import PRECHECK_WORDS as TRUNCATING

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: (the literal, the budget's name, its value, how) -> None: PB101's report.
Report = Callable[[ast.expr, str, "int | float", str], None]

#: Keywords a getter's default is given as.
_DEFAULTS = frozenset({"default", "fallback"})
#: A model config's attributes holding its window (Hugging Face's names), given where a model is loaded.
_POSITIONS = frozenset({"n_positions", "max_position_embeddings"})
#: Calls loading a model.
_LOADS = frozenset({"from_pretrained"})
#: PB101's precheck words of models: those that truncate (``truncating_models``), a model's positions,
#: an ``encode`` given a length (``model.encode(texts, max_length=512)``: ``padded_inputs``).
PRECHECK_WORDS = TRUNCATING + r"|n_positions|encode\([^()]*max_length"


def getter_key(rule: LintRule, call: ast.expr) -> str | None:
    """``settings.get_int('max_tokens')``: the key a project's settings getter reads, when it is named as
    a token budget and is no environment variable's name; else None (a mapping's ``.get`` and
    ``getattr`` are ``inline_forms.lookup_pair``'s)."""
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute) or not call.args:
        return None
    method = call.func.attr
    said = words(method)
    if len(said) < 2 or said[0] != "get" or reads_environment(call):
        return None
    key = string_value(call.args[0])
    if not key or key.isupper() or not rule.names.is_budget_setting(key):
        return None
    return key


def _getter_fallbacks(rule: LintRule, call: ast.Call) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    key = getter_key(rule, call)
    if key is None:
        return
    given = [kw.value for kw in call.keywords if kw.arg in _DEFAULTS] or call.args[1:2]
    default = given[0] if given else None
    parent = rule.ctx.parent(call)
    fallback: ast.expr | None = None
    if (
        isinstance(parent, ast.BoolOp)
        and isinstance(parent.op, ast.Or)
        and len(parent.values) >= 2
        and parent.values[-2] is call
    ):
        fallback = parent.values[-1]
    amount = rule.budget_literal(fallback)
    if fallback is not None and amount is not None and not is_reported(rule, fallback):
        yield fallback, key, amount, f"used as the `or` fallback of a settings getter reading `{key}`"
    value = rule.budget_literal(default)
    if default is not None and value is not None and value != amount and not is_reported(rule, default):
        yield default, key, value, f"used as the default of a settings getter reading `{key}`"


def settings_budgets(rule: LintRule, call: ast.Call, report: Report) -> None:
    """Report the budgets of ``call`` in the forms above."""
    for literal, name, value, how in _getter_fallbacks(rule, call):
        report(literal, name, value, how)
    helper_budgets(rule, call, report)  # ``_int_setting(config.get("max_input_tokens"), 7000)``
    found = (
        *section_budgets(rule, call),
        *assigned_lookup_budgets(rule, call),
        *commented_chunk_sizes(rule, call),
        *range_budgets(rule, call),  # ``bind_attr(cfg, "max_tokens", bounds=(1, 32000))`` (set 152)
        *prompted_budgets(rule, call),  # ``max_new_tokens = prompt_int("Max new tokens", 1200)`` (set 248)
    )
    for literal, name, value, how in found:
        report(literal, name, value, how)  # ``config.get("api", "max_tokens", 32768)``
    if callee_name(call) in _LOADS:
        for kw in call.keywords:
            window = rule.budget_literal(kw.value) if kw.arg in _POSITIONS else None
            if kw.arg and window is not None and not is_reported(rule, kw.value):
                report(kw.value, kw.arg, window, f"given to `{callee_name(call)}`: the loaded model's window")
