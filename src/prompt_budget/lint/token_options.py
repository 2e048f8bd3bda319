"""Command-line options whose defaults are token budgets, in every parser's form (PB102).

argparse's ``parser.add_argument("--length", default=2048, help="Max no. tokens per sample")``,
click's ``@click.option("--max-tokens", default=4096)`` and typer's ``typer.Option(512, "--chunk-size",
help="Chunk size in tokens")``: the option is named by its long flag (or argparse's ``dest``), and is a
budget when that name says so, or when it names a size (``length``, ``chunk_size``) and its help text
gives the unit as tokens (not an access token's, not characters). argparse options named as budgets are
PB102's ``option_default``; this module adds click and typer, and sizes known by their help text.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import single_binding, targets_of
from prompt_budget.lint.forms import argparse_default, help_string
from prompt_budget.lint.names import (
    CHAR_WORDS,
    CONTEXT_WORDS,
    PRICE_WORDS,
    SMALLEST_MODEL_WINDOW,
    TOKENS_WORD,
    words,
)
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.small_caps import small_cap
from prompt_budget.lint.walks import source_of, statements, walk
from prompt_budget.lint.window_lengths import help_says_sequence

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The callees declaring an option: click's ``option``/``Option``, typer's ``Option``.
_OPTION_CALLEES = frozenset({"option", "Option"})
#: Words of an option's name saying it is a size of something.
_SIZE_WORDS = frozenset(
    {"length", "len", "size", "overlap", "limit", "max", "window", "ctx", "budget", "cap", "floor"}
)
#: Words of an option's name saying it sizes a unit of memory layout (a KV cache's block or page of
#: tokens), not a prompt, an output or a context.
_LAYOUT_WORDS = frozenset({"block", "page"})
#: Words of a help text about something else than a language model's tokens.
_NOT_LLM = (
    frozenset({"auth", "oauth", "access", "api", "refresh", "bearer", "jwt", "session", "minute", "second"})
    | CHAR_WORDS
    | PRICE_WORDS
)


def click_option(node: ast.Call) -> tuple[ast.expr, str, str | None] | None:
    """click's ``option("--max-tokens", default=4096)`` or typer's ``Option(512, "--chunk-size")``:
    (the default, the option's name from its long flag, the help text), else None."""
    if callee_name(node) not in _OPTION_CALLEES:
        return None
    flags = [s for s in (string_value(a) for a in node.args) if s and s.startswith("-")]
    written = next((k.value for k in node.keywords if k.arg == "default"), None)
    if written is None and node.args and string_value(node.args[0]) is None:
        written = node.args[0]  # typer: the default comes first
    longs = [f for f in flags if f.startswith("--")]
    first = longs[0] if longs else flags[0] if flags else None
    if written is None or not first:
        return None
    help_text = next((help_string(k.value) for k in node.keywords if k.arg == "help"), None)
    return written, first.lstrip("-").split("/")[0].replace("-", "_"), help_text


#: Words of an option's name saying it sizes a batch: a count of items (sequences, samples), whatever
#: tokens its help text mentions (set 48: rewardbench's ``--batch_size``, "if above number of tokens").
_BATCH_WORDS = frozenset({"batch", "bs"})
#: A help text saying the batch itself is measured in tokens (petals' "the total number of tokens in
#: the same batch", "batch size in tokens"): then a batch's size is a token budget after all.
_BATCH_IN_TOKENS = re.compile(
    r"\bin\s+tokens\b|\btokens?\s+(?:per|in|of)\s+(?:\w+\s+){0,2}batch", re.IGNORECASE
)


#: A help text saying a bare ``--tokens`` bounds something: "Token budget", "Max tokens", "limit".
_BOUNDS = re.compile(r"\b(?:budget|max(?:imum)?|limit|cap|at most|up to)\b", re.IGNORECASE)


#: A help text saying what the option does not count: "..., not tokens".
NOT_TOKENS = re.compile(r"\b(?:not|no|rather than)\s+(?:in\s+)?tokens?\b", re.IGNORECASE)


def says_token_size(name: str, help_text: str | None) -> bool:
    """A size (``length``, ``chunk_size``) whose help text gives its unit as tokens, or a bare ``--tokens``
    whose help says it bounds them; a batch's size only when the help says the batch is measured in
    tokens."""
    if not help_text or not TOKENS_WORD.search(help_text) or NOT_TOKENS.search(help_text):
        return False  # "Per-file export byte limit, not tokens" (set 445: ai-kit-python's ``--max-bytes``)
    said = set(words(help_text))
    named = set(words(name))
    if named <= {"token", "tokens"} and _BOUNDS.search(help_text):
        return not said & _NOT_LLM  # ``--tokens`` "Token budget" (set 303: velqua's memory injection)
    if named & _BATCH_WORDS and not _BATCH_IN_TOKENS.search(help_text):
        return False  # ``--batch_size`` "for inference (if above number of tokens)": items
    return bool(named & _SIZE_WORDS) and not said & _NOT_LLM and not named & (CHAR_WORDS | _LAYOUT_WORDS)


#: A help text naming a model's context window: "Max context length", "context window size", or the
#: budget of a context ("Context budget for retrieval", set 69: know-cli's ``--budget``).
_CONTEXT_HELP = re.compile(r"\bcontext[ _-]+(?:length|len|window|size|budget)\b", re.IGNORECASE)


def says_context_window(name: str, help_text: str | None, value: int | float) -> bool:
    """``--context`` (a name of the context alone) whose help text names a context length or window
    ("Max context length", set 50: gpt-oss's chat), at least the smallest window a model has; a bare
    ``--budget`` whose help calls it the context's budget ("Context budget for retrieval")."""
    named = set(words(name))
    return (
        bool(help_text)
        and value >= SMALLEST_MODEL_WINDOW
        and bool(named)
        and named <= CONTEXT_WORDS | {"max", "maximum", "budget"}
        and _CONTEXT_HELP.search(help_text or "") is not None
        and not set(words(help_text or "")) & _NOT_LLM
    )


#: The words of a bare option's name saying "the length in tokens" (``--max-token-len``).
_TOKEN_LENGTH_WORDS = frozenset({"max", "maximum", "token", "tokens", "tok", "len", "length"})


def says_token_length(name: str, help_text: str | None, value: int | float) -> bool:
    """``--max-token-len default=2048`` with no help text (set 55: atroposlib's view_run): a name of
    nothing but a length of tokens, at least the smallest window a model has. A length that long is a
    sequence's in tokens, not one token's in characters (a tokenizer trainer's ``max_token_length``
    stays near 16); an option with a help text is judged by what the help says."""
    named = set(words(name))
    return (
        help_text is None
        and value >= SMALLEST_MODEL_WINDOW
        and named <= _TOKEN_LENGTH_WORDS
        and bool(named & {"token", "tokens", "tok"})
        and bool(named & {"len", "length"})
    )


def token_option(rule: LintRule, node: ast.Call) -> None:
    """Report a command-line option's default that is a token budget, where PB102's argparse check
    has not reported it."""
    found = click_option(node)
    from_click = found is not None  # argparse's lengths are ``option_default``'s (``option_evidence``)
    if found is None:
        found = argparse_default(node)
        if found is None or rule.names.is_budget_setting(found[1]):
            return  # named as a budget: ``option_default`` judges it
    written, name, help_text = found
    bound = written.id if type(written) is ast.Name else ""
    constant = _module_constant(
        rule, written
    )  # ``default=DEFAULT_BUDGET`` after ``DEFAULT_BUDGET = 100_000``
    if constant is not None:
        written = constant
    # ``@click.option("--max-tokens", default=3)``: a request's small output cap (set 289: ioa-core's smoketest)
    value = rule.budget_literal(written) or small_cap(rule, name, written)
    if value is None or is_reported(rule, written):
        return
    if rule.names.implausible(name, value):
        return
    if rule.names.is_budget_setting(name):
        why = ""
    elif says_token_size(name, help_text):
        why = ", its help text giving tokens"
    elif says_context_window(name, help_text, value):
        why = ", its help text naming a context window"
    elif says_token_length(name, help_text, value):
        why = ", its name a length in tokens"
    elif from_click and help_says_sequence(name, help_text, value):
        why = ", its help text saying it counts a tokenized sequence"
    else:
        return
    if constant is not None:
        message = (
            f"token budget {bound} = {value}, the default of the command-line option `--{name}`{why}; move it "
            "to config so it can be tuned and tested"
        )
        rule.report_literal(written, message, value, bound, scoped=False)
        return
    message = (
        f"token budget {name}={value} as a command-line option's default{why}; move it to config so "
        "it can be tuned and tested"
    )
    rule.report_literal(written, message, value, name)


def _module_constant(rule: LintRule, written: ast.expr) -> ast.expr | None:
    """The literal a default written as a name holds: ``DEFAULT_BUDGET`` bound once in the module, at its
    top level, to a number (``DEFAULT_BUDGET = 100_000``), else None (a name bound twice, in a function,
    or to anything else)."""
    tree = rule.ctx.tree
    if type(written) is not ast.Name or not isinstance(tree, ast.Module):
        return None
    bound = [
        stmt
        for stmt in statements(tree)
        if any(type(t) is ast.Name and t.id == written.id for t in targets_of(stmt))
        or (type(stmt) is ast.AugAssign and type(stmt.target) is ast.Name and stmt.target.id == written.id)
        or (
            isinstance(stmt, (ast.Import, ast.ImportFrom))
            and any((a.asname or a.name.split(".")[0]) == written.id for a in stmt.names)
        )
    ]
    pair = single_binding(bound[0]) if len(bound) == 1 and bound[0] in tree.body else None
    if pair is None or type(pair[1]) is not ast.Constant:
        return None
    if "global" in source_of(rule.ctx.lines)[0] and any(
        isinstance(n, ast.Global) and written.id in n.names for n in walk(tree)
    ):
        return None  # rebound in a function
    return pair[1]
