"""PB101's budgets given to a project's own helper that parses one setting (set 56: academic-paperweight).

``_int_setting(config.get("max_input_tokens"), 7000, minimum=500)``, where the module defines ``def
_int_setting(value, default, *, minimum=0)``: the helper is handed a read of a key named as a token
budget (a mapping's ``.get(key)`` without a default of its own, ``config[key]``, ``getattr(obj, key)``)
and a number for the parameter its definition names as the default (``default``, ``fallback``), or a
number given as ``default=``/``fallback=``. That number is the budget whenever the setting is missing or
unparsable, as a mapping's ``.get("max_tokens", 2048)`` (``inline_forms.lookup_default``) or a settings
getter's ``get_int("max_tokens") or 4096`` (``settings_reads``). In the same call, a number given as the
helper's floor (``minimum=``, ``min_value=``, ``lo=``) bounds the budget from below, reported as its ``_min``,
and one given as its cap (``maximum=``, ``hi=``) as its ``_max``.

A helper whose parameter is named for anything but a default is not judged: the number could be a base, a
precision, a count (``int(value, 16)``, ``round(x, 2)``). One defined elsewhere is judged only when named for
reading a value (``as_int``, ``get_setting``, ``parse_opt``) and handed a mapping, a budget's key and a number, in
that order (set 242: flywheel-relay's ``_as_int(args, "max_tokens", 512)``, imported under an alias). A key written as an
environment variable's name, or read from the environment, is no setting of the code.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_budget.lint.env_rows import reads_environment
from prompt_budget.lint.names import words
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.walks import statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: (the literal, the budget's name, its value, how) -> None: PB101's report.
Report = Callable[[ast.expr, str, "int | float", str], None]

#: Words of a parameter (or keyword) taking a setting's default.
_DEFAULT_WORDS = frozenset({"default", "fallback"})
#: Words of a helper's parameter taking the key it reads (``def _integer(payload, key, *, default)``).
_KEY_WORDS = frozenset({"key", "name", "field", "setting", "option"})
#: Words of a helper's keywords taking its floor and its cap (``minimum=``, ``min_value=``, ``lo=``; ``hi=``),
#: with the suffix of the key each is reported under (set 223: rekall-mcp's ``_read_int(query, "max_tokens",
#: 2000, lo=100, hi=20000)``).
_BOUNDS = {
    **dict.fromkeys(("min", "minimum", "floor", "lo", "low", "lower"), "_min"),
    **dict.fromkeys(("max", "maximum", "ceiling", "hi", "high", "upper"), "_max"),
}


def _budget_key(rule: LintRule, read: ast.expr) -> str | None:
    """``config.get("max_input_tokens")``, ``config["max_tokens"]``, ``getattr(cfg, "max_tokens")``: the
    key read, when named as a token budget, read with no default of its own and not from the
    environment; else None."""
    key: str | None = None
    if isinstance(read, ast.Subscript):
        key = string_value(read.slice)
    elif isinstance(read, ast.Call) and not read.keywords and not reads_environment(read):
        func = read.func
        given = read.args[1:]
        if isinstance(func, ast.Attribute) and func.attr == "get" and read.args:
            key = string_value(read.args[0])
        elif isinstance(func, ast.Name) and func.id == "getattr" and len(read.args) >= 2:
            key, given = string_value(read.args[1]), read.args[2:]
        if any(not (isinstance(g, ast.Constant) and g.value is None) for g in given):
            return None  # ``.get(key, 2048)``: its own default, judged as a lookup's
    if not key or key.isupper() or not rule.names.is_budget_setting(key):
        return None
    return key


def _params(rule: LintRule, call: ast.Call) -> list[str] | None:
    """The positional parameters of ``call``'s callee when this module defines it (a method's ``self``
    left out), else None."""
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    if name is None or rule.ctx.tree is None:
        return None
    for stmt in statements(rule.ctx.tree):
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name == name:
            params = [a.arg for a in (*stmt.args.posonlyargs, *stmt.args.args)]
            if isinstance(func, ast.Attribute) and params[:1] in (["self"], ["cls"]):
                params = params[1:]
            return params
    return None


def _default_positions(rule: LintRule, call: ast.Call) -> frozenset[int]:
    """The positions of ``call``'s arguments that its callee, defined in this module, names as a default
    (``def _int_setting(value, default, ...)``: 1)."""
    params = _params(rule, call)
    if params is None:
        return frozenset({2}) if len(call.args) == 3 and _reader(call) else frozenset()  # ``_handed_key``
    return frozenset(i for i, p in enumerate(params) if set(words(p)) & _DEFAULT_WORDS)


def _handed_key(rule: LintRule, call: ast.Call) -> str | None:
    """``_integer(data, "max_tokens", context="runtime", default=768)``: the key a helper of this module is
    handed beside the mapping it reads, its parameter there named as a key (set 146: xrtm-forecast's
    payload readers), when named as a token budget; else None."""
    key = string_value(call.args[1]) if len(call.args) >= 2 else None
    if not key or key.isupper() or not rule.names.is_budget_setting(key):
        return None
    params = _params(rule, call)
    if params is None:
        # a reader imported from another module of the project, named for what it reads (``from .mcp_request
        # import as_int as _as_int`` ... ``_as_int(args, "max_tokens", 512)``, set 242: flywheel-relay)
        return key if len(call.args) == 3 and _reader(call) else None
    return key if len(params) >= 2 and set(words(params[1])) & _KEY_WORDS else None


#: Words of a reader's name that say it parses a value: an imported reader handed (mapping, key, default).
_READER_WORDS = frozenset({"int", "float", "get", "read", "parse", "setting", "arg", "opt", "option"})


def _reader(call: ast.Call) -> bool:
    """A bare name's call (not a method: ``config.get("api", "max_tokens", 32768)`` reads a section, judged as
    such elsewhere) named for reading, its third argument a literal."""
    func = call.func
    name = func.id if isinstance(func, ast.Name) else ""
    return bool(set(words(name)) & _READER_WORDS) and isinstance(call.args[2], ast.Constant)


def helper_budgets(rule: LintRule, call: ast.Call, report: Report) -> None:
    """Report the default (and floor, cap) a setting-parsing helper is given with a budget's read."""
    if not call.args:
        return
    key = _budget_key(rule, call.args[0]) or _handed_key(rule, call)
    if key is None:
        return
    defaults = [kw.value for kw in call.keywords if kw.arg and set(words(kw.arg)) & _DEFAULT_WORDS]
    if not defaults and len(call.args) >= 2:
        positions = _default_positions(rule, call)
        defaults = [a for i, a in enumerate(call.args) if i in positions]
    found = [(d, key, "the default") for d in defaults if rule.budget_literal(d) is not None]
    if not found:
        return
    helper = ast.unparse(call.func)
    for kw in call.keywords:
        ws = [w for w in words(kw.arg or "") if w != "value"]  # ``max_value=``, not ``max_retries=``
        suffix = _BOUNDS.get(ws[0]) if len(ws) == 1 else None
        if suffix is not None:
            found.append((kw.value, key + suffix, f"the `{kw.arg}=` bound"))
    for literal, name, what in found:
        value = rule.budget_literal(literal)
        if value is not None and not is_reported(rule, literal):
            report(literal, name, value, f"given as {what} of `{helper}()` parsing the setting `{key}`")
