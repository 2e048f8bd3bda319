"""PB102's judgement of parameter, command-line option and fallback defaults, of what a getter
returns, and of token estimates written in a function.

- A parameter's default (``def ask(max_tokens=1024)``) is a budget by the parameter's name, by a weak
  name (``limit``) in a function about tokens (not one taking a credential beside it: ``def
  token_calls_ep(tid, limit=100, x_admin_token: str | None = None)`` lists the calls of a machine's access
  token, set 170: proxyagent), as a ``*_budget`` beside a token budget, as an
  estimate (``image_token_estimate=256``, held until added up), as the ``fallback`` / ``default``
  of a budget getter (``def get_context_size(config, fallback=2048)``: the window used when the model's
  is unknown), or as a maximum length beside a budget named as tokens (``window_lengths``). Any other
  number is a candidate the module's reads decide (``deferred.Deferred``).
- A command-line option's default (argparse's ``add_argument("--max-new-tokens", default=512)``); a
  maximum length's fallback read from a mapping (``kwargs.pop("max_length", 2048)``) by its company.
- What a getter returns: a budget getter's, a window getter's by its company (``def max_length(self):
  return 2048`` beside ``max_gen_toks``), an estimating function's guess.
- A token estimate written in a function: the literal an estimating getter returns
  (``def estimate_output_tokens(self): ... return 4096``), and a literal added into a token count
  inline where the function estimates or the comment says so (``num_tokens += 1024  # approximate
  token count for images``): the guess ``IMAGE_TOKEN_ESTIMATE = 1024`` would name.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.budget_classes import constructor_budget
from prompt_budget.lint.char_getters import returns_characters
from prompt_budget.lint.comments import CREDENTIAL_NAMED
from prompt_budget.lint.endpoint_params import endpoint_default
from prompt_budget.lint.flow import default_of, is_test_module
from prompt_budget.lint.forecast_contexts import forecast_context
from prompt_budget.lint.forms import argparse_default, assigned_token_size, parameter_cuts_characters
from prompt_budget.lint.forwarded import record_take
from prompt_budget.lint.inline_forms import token_unit_class
from prompt_budget.lint.item_shares import sequence_without_tokens
from prompt_budget.lint.kv_options import kv_option
from prompt_budget.lint.lexer_tokens import parses_own_language
from prompt_budget.lint.names import TOKENS_WORD, words
from prompt_budget.lint.not_limits import no_limit_sentinel, positional_table, scaling_origin
from prompt_budget.lint.option_reads import given_to_budget
from prompt_budget.lint.option_twins import record_option
from prompt_budget.lint.overlap_siblings import chunk_beside_token_overlap, documented_overlap
from prompt_budget.lint.param_docstrings import (
    documented_in_tokens,
    documented_otherwise,
    entry_is_token_limit,
)
from prompt_budget.lint.prefill_steps import prefill_step
from prompt_budget.lint.rate_flows import parameter_is_rate
from prompt_budget.lint.returned_budgets import returns_token_budget
from prompt_budget.lint.returned_fallbacks import budget_returned_before
from prompt_budget.lint.rope_origins import rope_origin
from prompt_budget.lint.row_limits import limits_rows
from prompt_budget.lint.rule import attr_name, callee_name, defaults, dotted, string_value
from prompt_budget.lint.slot_ranges import numbers_slots
from prompt_budget.lint.small_caps import forwarded_cap
from prompt_budget.lint.token_estimates import (
    estimates_tokens,
    forwarded_estimate,
    media_budget,
    media_tokens,
    token_estimate,
)
from prompt_budget.lint.token_options import NOT_TOKENS
from prompt_budget.lint.token_quotas import token_quota_name
from prompt_budget.lint.token_strides import token_stride
from prompt_budget.lint.value_sweeps import swept_under
from prompt_budget.lint.walks import statements, walk
from prompt_budget.lint.window_lengths import setting_fallback

if TYPE_CHECKING:
    from prompt_budget.lint.deferred import Deferred
    from prompt_budget.lint.rule import LintRule

#: Budgets of something else than tokens, beside a token budget (``time_budget``, ``step_budget``).
_OTHER_BUDGETS = frozenset(
    {"time", "step", "steps", "iteration", "iterations", "call", "calls", "request", "requests", "retry"}
)
#: A budget getter's parameter holding the value it returns when it finds none.
_FALLBACKS = frozenset({"fallback", "default", "fallback_value", "default_value"})
#: The smallest default an ``Args:`` entry calling it a maximum number of tokens makes a budget.
_LIMIT_SMALLEST = 256
#: A help text that gives the option's unit as tokens (``help="The maximum number of new tokens."``).
#: A comment saying its line's number is a guess (``# Approximate token count for images``).
_ESTIMATE_COMMENT = re.compile(r"\b(?:approx\w*|estimat\w*|rough\w*|heuristic\w*)", re.IGNORECASE)


def _token_budget_class(name: str) -> bool:
    """``TokenBudget``, ``ContextBudget``: a class named as a budget of tokens and nothing else (not a
    ``RefreshTokenBudget``'s credentials): ``inline_forms.token_unit_class``'s names and a context's budget."""
    return token_unit_class(name) or words(name) in {("context", "budget"), ("tokens", "budget")}


#: A bare parameter name of a cap, whatever it counts, and a docstring's words of one.
_BARE_LIMITS = frozenset({"limit", "budget", "cap", "maximum"})
_LIMIT_DOC = re.compile(r"\b(?:budget|limit)s?\b")


def budget_class_total(rule: LintRule, fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> str | None:
    """``class TokenBudget: def __init__(self, total_tokens: int = 8_000)``: an amount of tokens the constructor of a
    class named as a token budget takes, whatever it counts by its own name; and a default handed to such a class's
    amount of tokens (``def coding_agent_budget(total: int = 6_000): return TokenBudget(total_tokens=total)``; set 507:
    llm-reviewer). Why, else None."""
    cls = rule.ctx.enclosing_class()
    if fn.name == "__init__" and cls is not None:
        if (
            rule.names.is_token_amount(name)
            and _token_budget_class(cls.name)
            and not rule.names.is_excluded(cls.name)
        ):
            return f"the amount of tokens the budget `{cls.name}` is made with"
        doc = (ast.get_docstring(cls) or "").lower()
        if (
            name in _BARE_LIMITS
            and rule.names.mentions_tokens(cls.name)
            and "token" in doc
            and _LIMIT_DOC.search(doc)
        ):
            # ``class TokenRing``: "... token consumption and budget limits" ... ``limit: int = 128000`` (set 571)
            return f"the limit of `{cls.name}`, a class of tokens whose docstring speaks of limits"
        return None
    for call in walk(fn):
        if type(call) is not ast.Call or not _token_budget_class(callee_name(call) or ""):
            continue
        for kw in call.keywords:
            if (
                kw.arg
                and type(kw.value) is ast.Name
                and kw.value.id == name
                and rule.names.is_token_amount(kw.arg)
            ):
                return f"handed to `{callee_name(call)}({kw.arg}=...)`, a budget's amount of tokens"
    return None


def _swept_default(rule: LintRule, name: str, default: ast.expr | None) -> None:
    """``max_tokens_to_sample: list[int] = [1000]``: a parameter taking a list of budgets to try, each
    number of its default one budget (set 27: prompttools' experiment grids)."""
    for literal, value in swept_under(rule, name, default):
        message = f"token budget {name}={value} in a parameter's default list of values to try; move it to config so callers share one tunable value"
        rule.report_literal(literal, message, value, name)


#: Parameters that carry a credential whatever their annotation.
_CREDENTIALS = frozenset({"authorization", "credentials", "api_key", "token_id", "access_token"})


def _takes_credential(node: ast.arguments) -> bool:
    """A parameter of ``node`` carries a credential: named as one (``authorization``), or a token typed as a
    string (``x_admin_token: str | None``: an LLM's token amount is a number)."""
    for arg in (*node.posonlyargs, *node.args, *node.kwonlyargs):
        if arg.arg.lower().lstrip("_") in _CREDENTIALS:
            return True
        shown = ast.unparse(arg.annotation) if arg.annotation is not None else ""
        if "token" in words(arg.arg)[-1:] and re.fullmatch(r"(?:str|Optional\[str\]|str \| None)", shown):
            return True
    return False


def judge_defaults(rule: LintRule, node: ast.arguments, held: Deferred) -> None:
    """Report the token budgets among the defaults of ``node`` (PB102); hold the estimates and the
    other numbers for the module's reads to decide."""
    names = rule.names
    # a lambda's parameters are named by it alone, not by the function around it (set 345: cadre-ai's stub
    # ``listing=lambda limit=40: "(empty)"`` in ``_agent_call_tokens``, a count of files)
    fn_name = "" if isinstance(rule.ctx.parent(node), ast.Lambda) else rule.ctx.function_name()
    # ``system_prompt_budget=2000, rules_budget=500``: a plain ``*_budget`` beside a token budget
    segments: bool | None = None  # decided at the first ``*_budget`` parameter (most functions have none)
    for arg, written in defaults(node):
        default = default_of(written)  # ``max_tokens: int = typer.Option(1000, ...)``
        default = endpoint_default(rule, default)  # ``max_tokens: int = Body(1024, ...)`` (FastAPI)
        size = assigned_token_size(default)  # ``keep=("tokens", 2000)``: tokens, whatever the name
        default = size if size is not None else default
        _swept_default(rule, arg.arg, default)  # ``max_tokens: list[int] = [1000]``: a sweep
        value = rule.budget_literal(default)
        if value is None and default is not None and (small := forwarded_cap(rule, arg.arg, default)):
            rule.report_literal(default, small[1], small[0], arg.arg)  # ``max_tokens: int = 10`` handed on
        if value is None or default is None:
            continue
        name = arg.arg
        if no_limit_sentinel(name, value):
            continue  # ``max_seq_length: int = 1000000``: "no limit", not a tunable length
        if scaling_origin(rule, name) or rope_origin(rule, name) or positional_table(rule, name):
            continue  # ``old_context_len=8192`` of a RoPE scaling: a coefficient, not a limit
        if (fn := rule.ctx.function()) is not None and numbers_slots(fn, name):
            continue  # ``for index in range(1, max_token)`` searching a free label: slots, not tokens
        if documented_otherwise(rule, name):
            continue  # ``:param max_tokens: Maximum words per chunk.``: words, whatever the name (set 140)
        if names.says_tokens(name) and parses_own_language(rule):
            continue  # ``def parse(header, *, maximum_tokens=512)`` beside a lexer: a parser's tokens (set 322)
        if sequence_without_tokens(rule.ctx.tree, name):
            continue  # ``max_seq_len: int = 1024`` of a policy over observations, no model's tokens (set 319)
        weak_ok = (  # not ``def get_invite_tokens(skip=0, limit=20)``: a page of credentials (set 602: dakb-server)
            names.is_weak_budget(name)
            and names.mentions_tokens(fn_name)
            and not _takes_credential(node)
            and not CREDENTIAL_NAMED.search(fn_name)
        )
        weak_ok = weak_ok or (size is not None and not names.is_excluded(name))
        weak_ok = weak_ok or (
            fn_name == "__init__" and constructor_budget(rule, name) is not None
        )  # ``class BudgetManager``'s total_budget
        if not weak_ok and name.lower().endswith("budget") and words(name)[-1:] == ("budget",):
            if segments is None:
                every = (*node.posonlyargs, *node.args, *node.kwonlyargs)
                segments = any(names.is_budget(a.arg) for a in every)
            weak_ok = bool(segments) and not names.is_excluded(name) and not set(words(name)) & _OTHER_BUDGETS
        named = (
            names.is_budget_setting(name)
            or weak_ok
            # ``window_size: int = 2048 + 1`` under "windows of `window_size` tokens" (set 26): the
            # docstrings read last, for the few defaults nothing else named
            or (not names.is_excluded(name) and documented_in_tokens(rule, name))
            or token_quota_name(name)  # ``max_tpm=5000000``: a rate limiter's quota of tokens (set 29)
            or media_budget(rule, name)  # ``max_video_tokens=32000``: a media item's token cap (set 32)
            # ``target_chunk_size=512`` beside ``overlap_tokens=64`` (set 355: docforge-rag's chunking engine)
            or chunk_beside_token_overlap(
                [a.arg for a in (*node.posonlyargs, *node.args, *node.kwonlyargs)], name
            )
            is not None
        )
        # "chunk_size: Maximum number of tokens per chunk" (set 82), not a sampling window of a few
        # tokens ("last_n_tokens_size: Maximum number of tokens to keep", 64); the message says so
        if not named and value >= _LIMIT_SMALLEST and not names.is_excluded(name):
            named = documented = entry_is_token_limit(rule, name)
        else:
            documented = False
        # ``image_token_estimate=256``, ``image_token_cost=85``: when added up
        estimate = not named and (token_estimate(name) or media_tokens(name))
        fallback = name.lower().lstrip("_") in _FALLBACKS and names.is_budget(fn_name)
        # ``def __init__(self, max_length=2048, max_gen_toks=256)``: a window beside a token budget
        # (an overlap parameter is left to the data flow, which also forwards it to its callers)
        overlap = words(name)[-1:] == ("overlap",)
        window = (
            None if named or estimate or fallback or overlap else held.windows.evidence(rule, name, value)
        )
        fn = rule.ctx.function()
        if (
            not (named or estimate or fallback or overlap or window)
            and fn is not None
            and not names.is_excluded(name)
        ):
            window = prefill_step(fn, name)  # ``step_size=2048`` slicing the prompt fed to a cached model
            # ``stride=512`` stepping ``range(0, input_ids.size(1), self.stride)``: tokens per window step
            window = window or token_stride(rule, fn, name) or budget_class_total(rule, fn, name)
        if overlap and not (named or estimate or fallback) and not names.is_excluded(name):
            window = documented_overlap(rule, node, name)  # beside "chunk_size: ... in tokens"
        if (named or estimate or fallback or window) and not names.implausible(
            fn_name if fallback else name, value
        ):
            if parameter_cuts_characters(rule, node, name) or forecast_context(rule, name):
                # ``len(task) >= planner_auto_token_threshold``, its every read: characters, and no
                # candidate either, which a read of the same name in another function (``dict(
                # planner_auto_token_threshold=...)``) would decide (set 67: fabri)
                continue
            if parameter_is_rate(rule, node, name):
                continue  # ``token_limit_per_minute=token_limit``: tokens per minute, not a budget
            if isinstance(owner := rule.ctx.parent(node), ast.AST) and limits_rows(owner, name):
                continue  # ``conn.execute("... LIMIT ?", (query, limit))``: rows (set 205: trustmem)
            message = (
                f"token budget {name}={value} as a parameter default; move it to config so callers "
                "share one tunable value"
            )
            if window or documented:
                why = window or "its docstring calls it a maximum number of tokens"
                message = (
                    f"token budget {name}={value} as a parameter default, {why}; move it to config "
                    "so callers share one tunable value"
                )
            if fallback:  # ``def get_context_size(config, fallback=2048)``
                message = (
                    f"token budget {name}={value} as the fallback of the budget getter `{fn_name}()`; "
                    "move it to config so it can be tuned and tested"
                )
            before = len(rule.ctx.reports)
            rule.report_literal(default, message, value, name)
            record_take(rule, default, name, value)  # other modules' wrappers handing theirs on to it
            held.uses.watch.add(name)  # its reads decide a later default of the name: ``chunk(overlap=80)``
            if estimate:
                held.hold(held.estimates, rule, name, before)
        else:
            held.candidate(rule, name, default, value, param=True)


def option_default(rule: LintRule, node: ast.Call, held: Deferred) -> None:
    """argparse's ``parser.add_argument("--max-new-tokens", type=int, default=512)``: the option's
    default, named as argparse names its destination (a generic ``--max-length`` by a help text that
    says tokens); reported by PB102."""
    found = argparse_default(node)
    value = rule.budget_literal(found[0]) if found is not None else None
    if found is None or value is None:
        return
    written, name, help_text = found
    if help_text and _OPENS_ON_OTHER_UNIT.match(help_text.strip()) and not TOKENS_WORD.search(help_text):
        return  # ``--budget`` "characters of chunk text to retrieve" (set 583: repo2graph; the review: no tokens after)
    said = (  # not "..., not tokens" (set 445)
        rule.names.is_weak_budget(name)
        and help_text is not None
        and bool(TOKENS_WORD.search(help_text))
        and not NOT_TOKENS.search(help_text)
    )
    if help_text is None or said:  # ``--budget`` declared again without its help (``option_twins``)
        record_option(rule, written, name, value, bool(said) and not rule.names.implausible(name, value))
    unit = None if said or rule.names.is_budget_setting(name) else _in_tokens(rule, node, name, help_text)
    if (rule.names.is_budget_setting(name) or said or unit) and not rule.names.implausible(name, value):
        message = (
            f"token budget {name}={value} as a command-line option's default{f' ({unit})' if unit else ''}; "
            "move it to config so it can be tuned and tested"
        )
        rule.report_literal(written, message, value, name)
    elif (why := held.windows.option_evidence(rule, name, value, help_text)) or (
        why := kv_option(
            rule, name, value, help_text
        )  # ``--ctx default=4096``, a KV cache's ``--budget`` (set 491)
    ):
        # ``--sequence-length default=512`` "Sequence length for the calibration data", or parsed
        # where the tokenizer the data is cut with is loaded
        message = (
            f"token budget {name}={value} as a command-line option's default, {why}; move it to config "
            "so it can be tuned and tested"
        )
        rule.report_literal(written, message, value, name)


#: A help text that opens on an amount in another unit: "characters of chunk text to retrieve", "character budget".
_OPENS_ON_OTHER_UNIT = re.compile(
    r"(?:max(?:imum)?\s+|total\s+)?(?:number\s+of\s+)?(?:characters?|chars?|bytes?|words?|lines?|seconds?|messages?)\b",
    re.IGNORECASE,
)
#: A help text that opens on an amount of tokens: "Tokens reserved for the answer", "Max tokens to keep".
_OPENS_ON_TOKENS = re.compile(r"(?:max(?:imum)?\s+)?(?:number\s+of\s+)?tokens\b", re.IGNORECASE)


def _in_tokens(rule: LintRule, node: ast.Call, name: str, help_text: str | None) -> str | None:
    """Why an option's value is a number of tokens whatever its name: its ``metavar`` says so
    (``metavar="TOKENS"``) or its help text opens on tokens (set 181: openprover's ``--answer-reserve``);
    None for an option named for another unit or a credential."""
    if rule.names.is_chars(name) or rule.names.is_excluded(name):
        return None
    metavar = next((string_value(kw.value) for kw in node.keywords if kw.arg == "metavar"), None)
    if metavar and {"tokens", "toks"} & set(words(metavar)):
        return f'its metavar "{metavar}" says tokens'
    if help_text and _OPENS_ON_TOKENS.match(help_text.strip()):
        return "its help text says tokens"
    # a generic name given, once parsed, to a budget keyword (``budget_tokens=args.budget``)
    return given_to_budget(rule, name) if rule.names.is_weak_budget(name) else None


def fallback_default(rule: LintRule, node: ast.Call, held: Deferred) -> None:
    """``max_length=kwargs.pop("max_length", 2048)``: the default of a setting read from a mapping,
    a window by the company its name keeps (``window_lengths``; a name saying budget is PB101's)."""
    found = setting_fallback(node)
    value = rule.budget_literal(found[1]) if found else None
    if found and value is not None and (why := held.windows.evidence(rule, found[0], value)):
        message = (
            f"token budget {found[0]}={value} as a fallback default, {why}; move it to config so it "
            "can be tuned and tested"
        )
        rule.report_literal(found[1], message, value, found[0])


def judge_return(rule: LintRule, node: ast.Return, held: Deferred) -> None:
    """A literal a getter returns: a budget getter's (``def get_context_window(model): ... return
    8192``), a window getter's by its company (``def max_length(self): return 2048`` beside ``def
    max_gen_toks(self)``), an estimating function's guess (``estimate_returned``)."""
    value = rule.budget_literal(node.value)
    fn = rule.ctx.function()
    if value is None or node.value is None or fn is None:
        return
    if rule.names.is_budget(fn.name):
        if returns_characters(rule, fn):
            return  # ``budget_chars=budget_chars or _default_context_budget()`` (set 389)
        key = fn.name.removeprefix("_").removeprefix("get_")
        message = f"{fn.name}() returns a hard-coded token budget ({value}); read it from config"
        rule.report_literal(node.value, message, value, key, scoped=False)
    elif why := held.windows.evidence(rule, fn.name, value):
        message = f"{fn.name}() returns a hard-coded token budget ({value}), {why}; read it from config"
        rule.report_literal(node.value, message, value, fn.name.lstrip("_"))
    elif _length_getter(rule, fn.name) and (read := _window_read(rule, fn)):
        # ``def max_length(self): ... return self._tokenizer.model_max_length ... return 30000``: the
        # window assumed when the model's own is not found (set 21: lighteval)
        message = (
            f"{fn.name}() returns a hard-coded token budget ({value}), the fallback of the window "
            f"`{read}` it reads; read it from config"
        )
        rule.report_literal(node.value, message, value, fn.name.lstrip("_"))
    elif table := _table_loop_fallback(rule, fn, node):
        # ``for pattern, max_tokens in MODEL_LIMITS.items(): if match: return max_tokens`` then
        # ``return 100_000``: the window assumed for a model the table does not know (set 39)
        message = (
            f"{fn.name}() returns a hard-coded token budget ({value}), the fallback when the model is not "
            f"found in `{table}`; read it from config"
        )
        rule.report_literal(node.value, message, value, fn.name.lstrip("_"))
    elif found_budget := budget_returned_before(rule, fn, node):
        # ``if config.context_limit: return config.context_limit`` ... ``return 128_000`` (set 88)
        message = (
            f"{fn.name}() returns a hard-coded token budget ({value}), the fallback of the budget "
            f"`{found_budget[0]}` it returns at line {found_budget[1]}; read it from config"
        )
        rule.report_literal(node.value, message, value, fn.name.lstrip("_"))
    elif returns_token_budget(fn):  # ``def suggest_budget(n): ... return 600``, "Returns: ... token budget"
        message = f"{fn.name}() returns a hard-coded token budget ({value}), its docstring says; read it from config"
        rule.report_literal(node.value, message, value, fn.name.lstrip("_"), scoped=False)
    elif found := estimate_returned(rule, node):  # ``def estimate_output_tokens(self): return 4096``
        message = f"{found[2]}() returns a hard-coded token estimate ({value}); read it from config"
        rule.report_literal(node.value, message, value, found[2].lstrip("_"), scoped=False)


def _table_loop_fallback(rule: LintRule, fn: ast.FunctionDef | ast.AsyncFunctionDef, node: ast.Return) -> str:
    """The table whose lookup loop ``node`` (a return in the function's body, after the loop) stands in
    for: ``for key, max_tokens in MODEL_LIMITS.items(): ... return max_tokens``, the loop's value or the table
    named as a budget; else ""."""
    try:
        before = fn.body[: fn.body.index(node)]
    except ValueError:  # not in the function's own body
        return ""
    for stmt in before:
        if not (
            isinstance(stmt, ast.For)
            and isinstance(stmt.target, ast.Tuple)
            and len(stmt.target.elts) == 2
            and isinstance(value := stmt.target.elts[1], ast.Name)
            and isinstance(stmt.iter, ast.Call)
            and callee_name(stmt.iter) == "items"
            and isinstance(stmt.iter.func, ast.Attribute)
            # the loop's value named as a budget, or the table (``for pattern, size in
            # _MODEL_CONTEXT_WINDOWS.items()``, set 130: kc-agent)
            and (
                rule.names.is_budget(value.id) or rule.names.is_budget(attr_name(stmt.iter.func.value) or "")
            )
        ):
            continue
        if any(
            isinstance(r, ast.Return) and isinstance(r.value, ast.Name) and r.value.id == value.id
            for r in statements(stmt)
        ):
            return dotted(stmt.iter.func.value) or attr_name(stmt.iter.func.value) or "its table"
    return ""


#: Verbs a getter of a length may begin with (``_init_max_length``, ``get_max_length``).
_GETTER_VERBS = ("get_", "init_", "compute_", "resolve_", "infer_", "determine_", "default_")


def _length_getter(rule: LintRule, name: str) -> bool:
    """``max_length``, ``_init_max_length``, ``get_max_len``: a getter of a generic maximum length."""
    bare = name.lstrip("_")
    for verb in _GETTER_VERBS:
        bare = bare.removeprefix(verb)
    return rule.names.is_weak_budget(bare)


def _window_read(rule: LintRule, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """The model's window a getter reads besides its literal: an attribute (``tokenizer.model_max_length``),
    a config key it looks up (``getattr(config, "n_ctx")``, ``("n_positions", "n_ctx")``) or a name it
    binds (``max_seq_length``), else ""."""
    for node in walk(fn):
        if isinstance(node, ast.Attribute):
            name = node.attr
        elif isinstance(node, ast.Name):
            name = node.id  # ``max_seq_length = getattr(config, "max_position_embeddings", None)``
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            name = node.value
        else:
            continue
        if rule.names.is_budget(name) and not rule.names.is_weak_budget(name):
            return name
    return ""


def estimating(rule: LintRule) -> str:
    """The name of the enclosing function when it estimates tokens (``estimate_output_tokens``,
    ``_estimate_tokens``, or a docstring saying "Estimate tokens for an image"; or an estimate returns what it
    returns), else ""."""
    fn = rule.ctx.function()
    if fn is None:
        return ""
    return fn.name if estimates_tokens(fn) or forwarded_estimate(rule.ctx.tree, fn) else ""


def estimate_returned(rule: LintRule, node: ast.Return) -> tuple[ast.expr, int | float, str] | None:
    """``def estimate_output_tokens(self): ... return 4096``: (the literal, its value, the function) a
    token-estimating function returns as its guess."""
    value = rule.budget_literal(node.value)
    fn = estimating(rule)
    if value is None or node.value is None or not fn or is_test_module(rule.ctx.path):
        return None
    return node.value, value, fn


def estimate_added(rule: LintRule, node: ast.AugAssign) -> tuple[int | float, str] | None:
    """``num_tokens += 1024  # approximate token count for images``: (the value, the count) of a
    literal added into a token count where the function estimates tokens or the comment says the
    number is a guess; a count's exact parts (``num_tokens += 3`` per message) are below ``min-value``."""
    if not isinstance(node.op, ast.Add) or is_test_module(rule.ctx.path):
        return None
    value = rule.budget_literal(node.value)
    if value is None or not rule.token_amount(node.target) or rule.names.is_budget(ast.unparse(node.target)):
        return None
    if (
        not estimating(rule)
        and not _ESTIMATE_COMMENT.search(rule.ctx.comment())
        and not _estimate_returning(rule, node.target)
    ):
        return None
    return value, ast.unparse(node.target)


#: Words of a function's name saying it estimates an amount (its count named as tokens says of what).
_ESTIMATE_WORDS = frozenset({"estimate", "estimated", "approx", "approximate", "guess"})


def _estimate_returning(rule: LintRule, target: ast.expr) -> bool:
    """``def estimate_message(message): tokens = 8 ... tokens += 4096 ... return tokens``: a function named
    to estimate that returns the count of tokens the number is added into (set 142: citrus-code's per-image
    allowance)."""
    fn = rule.ctx.function()
    if fn is None or type(target) is not ast.Name or not _ESTIMATE_WORDS & set(words(fn.name)):
        return False
    return any(
        isinstance(n, ast.Return) and type(n.value) is ast.Name and n.value.id == target.id for n in walk(fn)
    )
