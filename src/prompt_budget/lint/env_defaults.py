"""PB101's budgets written as an environment variable's default (set 253: adra's
``max_tokens=int(os.environ.get("ADRA_MAX_TOKENS", "4096"))``; sets 243-252: castorice-agent's, neo-cortex's,
pulse-coding-agent's).

``os.getenv(name, default)`` and ``os.environ.get(name, default)`` read a variable a deployment may set; the
default is the budget in force wherever it is not set, which is every test run and every user who never
heard of the variable. Moving the budget into the project's config and keeping the variable as an override
is the fix a team makes by hand: the default is often a string (``"4096"``) whose call site converts it, so
the finding is not fixable with ``--fix``. Reported when the variable's name, its prefix left out, names a
token budget (``ADRA_MAX_TOKENS``, ``LLM_CONTEXT_WINDOW``, ``DIGESTOR_BUDGET`` in a module whose words make
``budget`` one) and the default is a whole number, written as one or as a string of digits. A project's own
helper named for the environment reads it the same way (set 285: nonprofit-agent-harness's
``max_tokens=_env_int("HARNESS_MAX_TOKENS", 200_000)``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.char_getters import returns_characters
from prompt_budget.lint.env_rows import is_variable_name
from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.names import words
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import attr_name, callee_name, dotted, is_env_read, string_value
from prompt_budget.lint.small_caps import LEAST, OUTPUT_CAPS
from prompt_budget.lint.token_cuts import cuts_tokens
from prompt_budget.lint.walks import kept_per_file, source_of, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


#: The standard library's reads of a variable (``os.getenv``, ``os.environ.get``, ``environ.get``); a project's
#: settings reader (``settings.get_int("MAX_TOKENS", 4096)``) is judged as one (``settings_reads``).
_OS_READ = re.compile(r"(?:^|\.)(?:getenv|environ\.get)$")
#: Words of a cache's size (``TOKEN_CACHE_MAX_SIZE``): its entries, whatever the other words say.
_CACHE_WORDS = frozenset({"cache", "cached"})
#: Words of a count of entries (``CACHE_MAX_SIZE``), not of tokens (``MIN_CACHED_TOKENS`` is a caching minimum).
_SIZE_WORDS = frozenset({"size", "entries", "items", "ttl"})
#: Conversions of a variable's text to the number it holds.
_CASTS = frozenset({"int", "float"})
#: Words of a project's helper reading a variable (``_env_int``, ``get_env``, ``env.int``).
_HELPER_WORDS = frozenset({"env", "environ", "environment", "getenv"})


#: Words naming a window or a budget of tokens without saying tokens (``CODER_CTX_LEN``, ``POOH_CONTEXT_WINDOW``).
_WINDOW_WORDS = frozenset({"ctx", "context", "window", "budget"})


def whole_number(node: ast.expr) -> int | None:
    """``4096`` or ``"4096"`` (``"128_000"`` too), else None."""
    if type(node) is ast.Constant and type(node.value) is int:
        return node.value
    text = (string_value(node) or "").strip().replace("_", "")
    return int(text) if text.isdigit() and len(text) < 10 else None


def _helper_read(rule: LintRule, call: ast.Call) -> bool:
    """``_env_int("HARNESS_MAX_TOKENS", 200_000)``: a function of the project's, named for the environment or
    reading it (set 321: groundhog-mcp's ``_int(name, default)`` returning ``os.environ.get(name)`` parsed),
    given a variable's name as one is written (a settings object's ``settings.get_env("max_tokens", 4096)`` is
    ``settings_reads``')."""
    own = _own_callee(call)
    return (
        own is not None
        and (bool(set(words(own)) & _HELPER_WORDS) or own in _environment_readers(rule))
        and is_variable_name(call.args[0])
    )


def _own_callee(call: ast.Call) -> str | None:
    """The name of a function of the module's (``_env_int(...)``) or a method called on ``self`` or ``cls``
    (``self._env_int(...)``, set 393: skillmind), else None."""
    if type(call.func) is ast.Name:
        return call.func.id
    func = call.func
    if type(func) is ast.Attribute and type(func.value) is ast.Name and func.value.id in {"self", "cls"}:
        return func.attr
    return None


#: The module last asked about and the names of its functions reading the environment.
_readers: list[tuple[ast.AST, frozenset[str]]] = kept_per_file([])


def _top_and_nested(tree: ast.AST, lines: Sequence[str]) -> list[ast.FunctionDef]:
    """The module's top-level functions and the functions nested in the body of one of them or of a method (not
    methods): only the functions whose text holds a second ``def`` are walked."""
    top = [s for s in getattr(tree, "body", ()) if isinstance(s, ast.FunctionDef)]
    scopes = [
        f
        for s in getattr(tree, "body", ())
        for f in (s.body if isinstance(s, ast.ClassDef) else [s])
        if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
        and any("def " in line for line in lines[f.lineno : f.end_lineno or f.lineno])
    ]
    nested = [
        s
        for scope in scopes
        for fn in walk(scope)
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        for s in fn.body
        if isinstance(s, ast.FunctionDef)
    ]
    return [*top, *nested]


def _environment_readers(rule: LintRule) -> frozenset[str]:
    """The module's functions of two parameters whose body reads the environment, nested in another too (set 439:
    omem-os's ``def _int(var, default)`` inside ``from_env``) (once per file)."""
    tree = rule.ctx.tree
    if _readers and _readers[0][0] is tree:
        return _readers[0][1]
    lowered = source_of(rule.ctx.lines)[1]
    reads = "environ" in lowered or "getenv" in lowered  # most modules read no variable: no walk
    found = frozenset(
        stmt.name
        for stmt in (_top_and_nested(tree, rule.ctx.lines) if reads and tree is not None else ())
        if len(stmt.args.args) == 2
        and any(
            (isinstance(n, ast.Call) and is_env_read(n))
            or (isinstance(n, ast.Subscript) and dotted(n.value).endswith("environ"))  # ``os.environ[var]``
            for n in walk(stmt)
        )
    )
    _readers[:] = [(tree, found)] if tree is not None else []
    return found


def _named(rule: LintRule, name: str, value: int) -> str | None:
    """The budget the variable ``name`` (lower-cased) names by its own words or those after its prefix (``ADRA_``,
    ``LLM_``), in tokens or as a window; else None."""
    names = rule.names
    found = next((n for n in (name, name.split("_", 1)[-1]) if names.is_budget_setting(n)), None)
    if found is None or names.is_excluded(name) or names.implausible(found, value):
        return None
    if not names.mentions_tokens(found) and not set(words(found)) & _WINDOW_WORDS:
        return None  # ``ARSHAI_MAX_PROMPT_LENGTH``: a length in no unit the name says (a log's characters, set 255)
    return found


def _given_budget(rule: LintRule, name: str, given: str) -> bool:
    """The read is given to ``given``, a budget of tokens or a window by its name (not a share, a time, a length
    in no unit), and the variable ``name`` says no other unit."""
    names = rule.names
    if (
        names.is_excluded(name)
        or names.is_excluded(given)
        or names.is_ratio(given)
        or not names.is_budget(given)
    ):
        return False
    return given in OUTPUT_CAPS or names.mentions_tokens(given) or bool(set(words(given)) & _WINDOW_WORDS)


def _least(rule: LintRule, given: str) -> int:
    """The least default reported when the read is given to ``given``: a request's output cap from ``LEAST``
    up (``max_tokens = int(os.getenv("SMOKETEST_MAX_TOKENS", "3"))``, set 289: ioa-core) unless the user set
    the rule's least value or the module is a test's, else the rule's least value."""
    small = given in OUTPUT_CAPS and rule.options.min_value == type(rule).DEFAULT_MIN_VALUE
    return LEAST if small and not is_test_module(rule.ctx.path) else rule.options.min_value


def _past_cast(rule: LintRule, call: ast.Call) -> tuple[ast.AST, ast.AST | None]:
    """The read and what holds it, past a conversion (``int(os.getenv(...))``)."""
    node: ast.AST = call
    parent = rule.ctx.parent(node)
    if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or) and parent.values[0] is node:
        node, parent = parent, rule.ctx.parent(parent)  # ``int(os.getenv("X") or "8192")``
    if (
        isinstance(parent, ast.Call)
        and callee_name(parent) in _CASTS
        and parent.args
        and parent.args[0] is node
    ):
        node, parent = parent, rule.ctx.parent(parent)
    return node, parent


def _destination(rule: LintRule, call: ast.Call) -> str | None:
    """The name the read (converted or not: ``int(...)``) is given to: a dict's key, a keyword, the key of a
    ``.get`` it is the fallback of, the one name it is bound to (``max_tokens = int(os.getenv(...))``); else None."""
    node, parent = _past_cast(rule, call)
    if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or) and parent.values[-1] is node:
        # ``size or int(os.getenv("X_CTX", "8192"))``: the fallback of the name bound (set 311)
        node, parent = parent, rule.ctx.parent(parent)
    if isinstance(parent, ast.keyword):
        return parent.arg
    if (
        isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Attribute)
        and parent.func.attr == "get"
        and parent.args[1:2] == [node]
    ):  # ``cfg.get("n_ctx", os.getenv("AOC_GGUF_CTX", "2048"))``: the key it stands in for (set 615: ephapsys)
        return string_value(parent.args[0])
    if isinstance(parent, ast.Dict):
        at = next((i for i, v in enumerate(parent.values) if v is node), None)
        return None if at is None else string_value(parent.keys[at])
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and parent.value is node:
        return attr_name(parent.targets[0])
    if (
        isinstance(parent, ast.AnnAssign) and parent.value is node
    ):  # ``BUDGET_TOKENS: int = int(...)`` (set 303)
        return attr_name(parent.target)
    return None


def _cut_length(rule: LintRule, call: ast.Call) -> bool:
    """The read (converted or not) is the length keyword of a call that cuts its input to tokens (a tokenizer's
    ``enable_truncation(max_length=...)``, a call given ``truncation=True``; dsh-kb's reranker, set 467)."""
    _, parent = _past_cast(rule, call)
    holder = rule.ctx.parent(parent) if isinstance(parent, ast.keyword) else None
    return (
        isinstance(parent, ast.keyword)
        and parent.arg in _CUT_LENGTHS
        and isinstance(holder, ast.Call)
        and cuts_tokens(holder)
    )


#: The keywords a cutting call takes its length in.
_CUT_LENGTHS = frozenset({"max_length", "max_len", "max_seq_length"})


def environment_read(rule: LintRule, call: ast.Call) -> bool:
    """Report the default of ``call`` when it reads the environment (``os.getenv``, ``os.environ.get``) or is a
    project's own reader (``_env_int("HARNESS_MAX_TOKENS", 200_000)``, asked only of a callee named for the
    environment); True for the standard library's reads, which the caller reads no further."""
    if is_env_read(call):
        env_default(rule, call)
        return True
    own = _own_callee(call)
    if own is not None and _aliased(call) and ("env" in own.lower() or own in _environment_readers(rule)):
        env_default(rule, call)
    elif len(call.args) == 2 and type(starred := call.args[1]) is ast.Starred and not call.keywords:
        # ``_ea.pick_default("8192", *_ea.LLM_MAX_TOKENS)``: a default, then a tuple of variables' names in a
        # constant named for them (set 587: seed-kernel's ``env_access``)
        variable = attr_name(starred.value) or ""
        if variable.isupper() and "default" in words(callee_name(call) or "") and whole_number(call.args[0]):
            _report_default(rule, call, variable, call.args[0])
    return False


def _aliased(call: ast.Call) -> bool:
    """``getenv("NAME", default)``, or a project's reader of aliases (``_int_environment_alias("AGENTQA_LLM_MAX_TOKENS",
    "AGENTQA_JUDGE_MAX_TOKENS", 8_192)``, set 549: agentqakit): names, then the default last."""
    return len(call.args) >= 2 and all(string_value(a) is not None for a in call.args[:-1])


def env_default(rule: LintRule, call: ast.Call) -> None:
    """Report the default of an environment read naming a token budget (not fixable: see the module)."""
    parent = rule.ctx.parent(call)
    fallback = (
        parent.values[-1]
        if isinstance(parent, ast.BoolOp)
        and isinstance(parent.op, ast.Or)
        and len(parent.values) == 2
        and parent.values[0] is call
        and len(call.args) == 1
        else None
    )  # ``os.getenv("AI_COURSE_MAX_OUTPUT_TOKENS") or "8192"`` (set 493: mcp-lmsnex)
    if (not _aliased(call) and fallback is None) or call.keywords:
        return
    callee = dotted(call.func)
    if not (_OS_READ.search(callee) or _helper_read(rule, call)):
        return
    variable, default = string_value(call.args[0]), fallback or call.args[-1]
    if variable is not None:
        _report_default(rule, call, variable, default)


def _report_default(rule: LintRule, call: ast.Call, variable: str, default: ast.expr) -> None:
    """Report ``default``, the default of ``call``'s read of the variable ``variable``, when it names a budget,
    and its copy where the variable is set empty."""
    parent = rule.ctx.parent(call)
    value = whole_number(default)
    if value is None or is_reported(rule, default):
        return
    name = variable.lower()
    ws = set(words(name))
    if ws & _CACHE_WORDS and ws & _SIZE_WORDS:
        return  # ``MCP_TOKEN_EXCHANGE_CACHE_MAX_SIZE``: entries of a cache, not tokens of a model
    named = _named(rule, name, value) if value >= 16 else None  # the variable's words decide first
    given = _destination(rule, call) if named is None else None
    if given is not None and _given_budget(rule, name, given) and value >= _least(rule, given):
        named = given  # ``"num_predict": int(os.getenv("IOA_OLLAMA_NUM_PREDICT", "16"))``
    elif given is not None and value >= 16 and not rule.names.is_excluded(name) and _cut_length(rule, call):
        named = (
            given  # ``tok.enable_truncation(max_length=int(os.environ.get("X_MAXLEN", "192")))`` (set 467)
        )
    if named is None or _returned_as_characters(rule):
        return
    message = (
        f"token budget {variable}={value} as the default of an environment variable, the budget in force "
        "wherever it is unset; move it to config and keep the variable as an override"
    )
    rule.report(default, message, value=value, key_parts=(named, rule.ctx.module_name))
    pair = isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or) and len(parent.values) == 2
    again = (
        parent.values[-1] if isinstance(parent, ast.BoolOp) and pair and parent.values[0] is call else None
    )
    if again is not None and again is not default and whole_number(again) == value:
        # ``int(env_value("MAX_TOKENS", "8192") or "8192")``: the same budget where the variable is set empty
        # (set 561: weasley-assistant)
        said = message.replace("wherever it is unset", "wherever it is unset or empty")
        rule.report(again, said, value=value, key_parts=(named, rule.ctx.module_name))


def _returned_as_characters(rule: LintRule) -> bool:
    """The read is what a getter returns whose every call gives it a slot in characters
    (``char_getters``; set 389: sozograph's ``SOZOGRAPH_DEFAULT_CONTEXT_BUDGET``)."""
    fn = rule.ctx.function()
    return (
        fn is not None
        and any(isinstance(a, ast.Return) for a in rule.ctx.ancestors)
        and returns_characters(rule, fn)
    )
