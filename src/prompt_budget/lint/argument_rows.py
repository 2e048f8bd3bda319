"""Numbers PB101 reads as budgets by where they are given rather than by a keyword's name.

- a row of a test table: ``@pytest.mark.parametrize("prompt,max_tokens", [("Hi", 64), ...])`` (also
  ``pytest.param("Hi", 64)`` rows and a single name with a list of values, ``parametrize("n_ctx",
  [256, 512])``): the element at the position of an argument named as a budget is that budget, sent as
  the test's request or server setting. One finding per row line and argument;
- a command line's value: ``["--ctx-size", "8192"]``, ``cmd += ["--max-tokens", "512"]``: the word
  after a long option named as a budget (a runtime's own spelling, ``--ctx-size``, read as its setting
  ``n_ctx``), written as a string or a number. Short options (``-c``, ``-n``) say nothing on their own;
- a setter's argument: ``writer.add_context_length(2048)``, ``cfg.set_max_tokens(hparams.get("n",
  4096))``: a method that sets or records a budget (``add_``/``set_``/``with_`` and a budget's name)
  given a literal, directly or as a lookup's fallback. A value its comment calls arbitrary or no limit
  (``add_context_length(2**20)  # arbitrary value``, ``# RWKV isn't context limited``) is a sentinel,
  and so is a power of two of a million or more written as a power (``add_context_length(2**20)``),
  and a rotary embedding's original length (``add_rope_scaling_orig_ctx_len``) is the architecture's;
- a budget per item: ``server.n_ctx = server.n_slots * 1024``, a name said to be a budget set to a
  count (a name or attribute that is no amount of tokens or characters) times a literal, the budget
  each item gets.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from itertools import pairwise
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.inline_forms import lookup_pair
from prompt_budget.lint.names import words
from prompt_budget.lint.request_entries import digits
from prompt_budget.lint.rule import attr_name, callee_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: (the literal, the budget's name, its value) of a number found.
Found = tuple[ast.expr, str, int | float]

#: A runtime's option spelt otherwise than its setting (llama.cpp's server and CLI).
_OPTION_SETTINGS = {"ctx_size": "n_ctx", "predict": "n_predict", "ubatch_size": "n_ubatch"}
#: Verbs of a method that sets or records the setting its name continues with.
_SETTERS = ("add_", "set_", "with_")
#: Words of a setting that belongs to the positional encoding, not to a budget.
_POSITIONAL_WORDS = frozenset({"rope", "orig", "original"})
#: A comment saying a value stands for no limit.
_SENTINEL = re.compile(r"arbitrary|unlimited|no limit|n[o']t (?:\w+ )?limited|infinite", re.IGNORECASE)


def _argnames(node: ast.expr) -> list[str]:
    if (text := string_value(node)) is not None:
        return [n.strip() for n in text.split(",")]
    if isinstance(node, (ast.List, ast.Tuple)):
        return [string_value(e) or "" for e in node.elts]
    return []


def _row(node: ast.expr, width: int) -> list[ast.expr] | None:
    """The values of one parametrize row: a tuple or list, a ``pytest.param(...)``, a lone value."""
    if isinstance(node, ast.Call) and callee_name(node) == "param":
        values = list(node.args)
    elif width > 1 and isinstance(node, (ast.Tuple, ast.List)):
        values = list(node.elts)
    elif width == 1:
        values = [node]
    else:
        return None
    return values if len(values) == width else None


def parametrize_rows(rule: LintRule, call: ast.Call) -> Iterator[Found]:
    """The budgets in the rows of ``pytest.mark.parametrize(argnames, argvalues)``."""
    names = _argnames(call.args[0]) if call.args else []
    rows = call.args[1] if len(call.args) > 1 else None
    rows = next((kw.value for kw in call.keywords if kw.arg == "argvalues"), rows)
    budgets = [i for i, name in enumerate(names) if name and rule.names.is_budget_setting(name)]
    if not budgets or not isinstance(rows, (ast.List, ast.Tuple)):
        return
    seen: set[tuple[int, int]] = set()
    for row in rows.elts:
        values = _row(row, len(names))
        for index in budgets if values is not None else ():
            literal = values[index]  # type: ignore[index]
            value = rule.budget_literal(literal)
            if value is not None and (literal.lineno, index) not in seen:
                seen.add((literal.lineno, index))
                yield literal, names[index], value


def _option_setting(rule: LintRule, word: str) -> str | None:
    """``--ctx-size`` -> ``n_ctx``, ``--max-tokens`` -> ``max_tokens``: the budget a long option sets."""
    if not word.startswith("--") or len(word) < 4:
        return None
    name = word[2:].replace("-", "_")
    for candidate in (name, _OPTION_SETTINGS.get(name, "")):
        if candidate and rule.names.is_budget_setting(candidate):
            return candidate
    return None


def _word_value(node: ast.expr) -> int | None:
    """The whole number a command line's word spells: ``"8192"`` or ``8192``."""
    text = string_value(node)
    if text is not None:
        return int(text) if text.isdigit() and len(text) < 9 else None
    if type(node) is ast.Constant and type(node.value) is int:
        return node.value
    return None


def option_values(rule: LintRule, node: ast.List | ast.Tuple) -> Iterator[Found]:
    """The budgets in a command line written as a list of words: ``["--ctx-size", "8192"]``."""
    elts = node.elts
    for flag, word in pairwise(elts):
        option = string_value(flag)
        setting = _option_setting(rule, option) if option else None
        value = _word_value(word) if setting else None
        if setting and value is not None and not rule.options.allows(value):
            yield word, setting, value


def _sentinel(rule: LintRule, line: int) -> bool:
    """The statement's comment, or the comment line just above it, calls the value no limit."""
    lines = rule.ctx.lines
    above = lines[line - 2].strip() if 1 < line <= len(lines) + 1 else ""
    return bool(_SENTINEL.search(rule.ctx.comment()) or (above.startswith("#") and _SENTINEL.search(above)))


def setter_argument(rule: LintRule, call: ast.Call) -> Found | None:
    """``gguf_writer.add_context_length(2048)``, ``.add_context_length(hparams.get(key, 2048))``: a
    literal given to a method that sets a budget."""
    callee = callee_name(call) or ""
    if len(call.args) != 1 or not callee.startswith(_SETTERS):  # told at once for most calls
        return None
    setting = next((callee[len(v) :] for v in _SETTERS if callee.startswith(v)), "")
    if not setting or len(call.args) != 1 or not rule.names.is_budget_setting(setting):
        return None
    if _POSITIONAL_WORDS.intersection(words(setting)):
        return None
    literal: ast.expr = call.args[0]
    if isinstance(literal, ast.Call) and (pair := lookup_pair(literal)) is not None:
        literal = pair[1]
    value = rule.budget_literal(literal)
    if value is None or _sentinel(rule, call.lineno) or _power_sentinel(literal, value):
        return None
    return literal, setting, value


#: First words of a function that gets a budget: a getter's verb, or the budget's own name (``max_tokens(model,
#: 4096)``, ``context_window(model, 8192)``); not a predicate's or an action's (``fits_within_...``, ``strip_...``).
_GETTER_STARTS = frozenset(
    {
        "get",
        "resolve",
        "lookup",
        "fetch",
        "read",
        "load",
        "find",
        "default",
        "max",
        "context",
        "model",
        "output",
    }
    | {"input", "token", "tokens", "window", "num", "n"}
)


def budget_argument(rule: LintRule, call: ast.Call) -> Found | None:
    """A literal given by position to a function setting a budget or falling back to one, or as the value
    of a setting a sibling keyword names."""
    return setter_argument(rule, call) or fallback_argument(rule, call) or keyed_argument(rule, call)


def keyed_argument(rule: LintRule, call: ast.Call) -> Found | None:
    """``create_language_model_setting(..., setting_key="max_tokens", setting_value="16384")``: the value of
    a setting whose key a sibling keyword names (``key=``/``value=``, ``setting_key=``/``setting_value=``), the
    key a token budget's name (set 172: btech-agent-lab's default generation guardrail)."""
    given = {kw.arg: kw.value for kw in call.keywords if kw.arg}
    if is_test_module(rule.ctx.path):
        return None
    for arg, named in given.items():
        found = _SETTING_KEY.fullmatch(arg)
        key = string_value(named) if found else None
        literal = given.get(f"{found.group(1) or ''}value") if found and key else None
        if key and literal is not None and rule.names.is_budget_setting(key):
            value = rule.budget_literal(literal) or digits(rule, literal)  # ``"16384"`` too
            return (literal, key, value) if value is not None else None
    return None


#: A keyword naming a setting's key: ``key=``, ``name=``, ``setting_key=``... (the value's keyword shares its head).
_SETTING_KEY = re.compile(r"(setting_|config_|option_|param_)?(?:key|name)")


def fallback_argument(rule: LintRule, call: ast.Call) -> Found | None:
    """``catalog.max_tokens(model, 4096)``, ``get_context_window(model, 8192)``: a literal given last by
    position, after what is looked up, to a function named as a budget: the budget it falls back to when
    the lookup knows none (set 138: 2b-agent's output cap of a model the catalogue lacks). Not a call of
    one argument (a setter's, or a conversion's), nor one whose other arguments are literals too."""
    args = call.args
    if len(args) < 2 or call.keywords or any(isinstance(a, ast.Starred) for a in args):
        return None
    callee = callee_name(call) or ""
    if (
        callee.startswith(_SETTERS)
        or not rule.names.is_budget_setting(callee)
        or is_test_module(rule.ctx.path)
    ):
        return None
    first = words(callee)[:1]
    if not first or first[0] not in _GETTER_STARTS:
        return None  # ``fits_within_context_window(text, 974)``, ``strip_out_..._over_max_tokens``: no getter
    value = rule.budget_literal(args[-1])
    if value is None or any(isinstance(a, ast.Constant) for a in args[:-1]):
        return None
    return args[-1], callee, value


#: The smallest power of two written as a power that a setter takes for "no limit".
_POWER_SENTINEL_FLOOR = 2**20


def _power_sentinel(literal: ast.expr, value: float) -> bool:
    """``add_context_length(2**20)``, ``1 << 20``: a round power of two of a million or more, written
    as a power, not the documented window of a model (a converter writes that as read from the model's
    config): a "large enough" value for an architecture with no context limit (set 24: a GGUF
    converter's non-RoPE branch)."""
    is_power = isinstance(literal, ast.BinOp) and isinstance(literal.op, (ast.Pow, ast.LShift))
    return is_power and value >= _POWER_SENTINEL_FLOOR


def per_item_budget(rule: LintRule, node: ast.Assign) -> Found | None:
    """``server.n_ctx = server.n_slots * 1024``: (the literal, the budget, its value) of a budget set to
    a count times a literal."""
    value = node.value
    target = attr_name(node.targets[0]) if len(node.targets) == 1 else None
    if not target or not rule.names.is_budget_setting(target) or not isinstance(value, ast.BinOp):
        return None
    if not isinstance(value.op, ast.Mult):
        return None
    for literal, count in ((value.right, value.left), (value.left, value.right)):
        amount = rule.budget_literal(literal)
        name = attr_name(count) if isinstance(count, (ast.Name, ast.Attribute)) else None
        if amount is None or not name or rule.budget_literal(count) is not None:
            continue
        if rule.names.is_token_amount(name) or rule.names.is_chars(name) or rule.names.is_excluded(name):
            return None
        return literal, target, amount
    return None
