"""The rule API: ``LintRule``, its test cases and the per-file context the rules share.

A rule is a small class in its own module under ``prompt_budget.lint.rules``::

    class InlineBudget(LintRule):
        \"\"\"A token budget passed inline as a keyword argument.\"\"\"
        CODE = "PB101"
        NAME = "inline-budget"
        SUMMARY = "Token budget passed inline"
        VALID = [Valid("client.create(max_tokens=settings.max_tokens)")]
        INVALID = [Invalid("client.create(max_tokens=8000)", key="max_tokens")]

        def visit_keyword(self, node: ast.keyword) -> None:
            value = self.budget_literal(node.value)
            if value is not None and node.arg and self.names.is_budget(node.arg):
                self.report(node.value, "...", target=node.value, value=value, key_parts=(node.arg,))

Rules work on Python's own ``ast`` (``visit_<Type>``/``leave_<Type>``, called by the engine in one walk): it
parses ~7x faster than libcst and carries positions, which makes linting a tree cheap. ``--fix`` edits with
libcst, keeping formatting and comments (``fix.py``). Rules see the shared ``FileContext`` (ancestors,
enclosing function and class, comments) as ``self.ctx``, options as ``self.options``.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from prompt_budget.lint.amount_words import LOCAL_LIMIT_NAMES, LOCAL_LIMIT_WORDS
from prompt_budget.lint.bucket_refills import refilled
from prompt_budget.lint.comment_units import without_char_rates
from prompt_budget.lint.comments import NOT_MODEL_TOKEN_WORDS, bit_pattern, other_tokens, trailing_comment
from prompt_budget.lint.findings import Fact, Value
from prompt_budget.lint.imports import import_origins
from prompt_budget.lint.kept_budgets import enclosing_budget, local_budgets
from prompt_budget.lint.names import CHAR_WORDS, TOKENS_WORD, NameJudge, words
from prompt_budget.lint.options import RuleOptions
from prompt_budget.lint.table_entries import table_name
from prompt_budget.lint.text_params import typed_as_text
from prompt_budget.lint.token_properties import reads_tokens_themselves, usage_part
from prompt_budget.lint.token_quotas import token_quota_name
from prompt_budget.lint.token_splitters import TOKEN_SPLITTERS, token_length_function
from prompt_budget.lint.unit_constants import unit_factor
from prompt_budget.lint.walks import alternatives, enclosing_function, kept_per_file, parents, walk

if TYPE_CHECKING:
    from pathlib import Path

    from prompt_budget.lint.findings import Finding
    from prompt_budget.lint.options import LintOptions

Scope = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


@dataclass(frozen=True)
class Valid:
    """Code the rule must not report."""

    code: str


@dataclass(frozen=True)
class Invalid:
    """Code the rule must report exactly once (or ``count`` times), on ``line`` if given, suggesting
    ``key`` if given; ``fixed`` is the code ``--fix`` must produce."""

    code: str
    line: int | None = None
    key: str | None = None
    count: int = 1
    fixed: str | None = None


@dataclass
class Report:
    """A finding before positions, suppressions and keys are resolved; ``target``: what --fix replaces."""

    code: str
    rule: str
    node: ast.AST
    message: str
    target: ast.AST | None = None
    value: Value = None
    key_parts: tuple[str, ...] = ()
    advice: str = ""


# --- small node helpers the rules share -------------------------------------------------------------


def number(node: ast.AST | None) -> int | float | None:
    """The value of a non-negative int or float literal (``8_000``, ``0.8``), else None."""
    value = node.value if type(node) is ast.Constant else None  # (a parsed tree's types, no subclass)
    return value if type(value) is int or type(value) is float else None


def unwrap_walrus(node: ast.AST) -> ast.AST:
    """The value a walrus binds (``(n := 8000)`` -> ``8000``), else ``node`` itself: the literal a
    finding points at and ``--fix`` replaces, leaving the binding in place."""
    while isinstance(node, ast.NamedExpr):
        node = node.value
    return node


#: Tokens this many are a "no limit" sentinel (``999_999_999``), not a budget: the largest windows hold ~10M.
NO_LIMIT = 100_000_000


def token_amount_literal(node: ast.AST | None) -> int | float | None:
    """The amount of tokens a literal spells, else None: an int (``8000``, ``8_000``), a float whose value is a
    whole number (``1e5``, ``8e3``, ``4096.0``: kept a float, the value the code sees), either behind a unary
    plus (``+16000``) or a walrus (``(limit := 8000)``). Negative literals (``-1``, ``-500``) and huge ones
    (``999_999_999``) are sentinels or offsets, never budgets; fractions (``0.8``) are ratios (``number``)."""
    if type(node) is not ast.Constant:  # a constant (most of the 280,000 asked on the corpus) is read at once
        if node is None:
            return None
        node = unwrap_walrus(node)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd):
            node = node.operand
    if type(node) is ast.Constant:
        value = number(node)
    elif isinstance(node, ast.BinOp) or (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "int"
    ):
        value = constant_expression(node)
    else:
        return None
    if value is None or value < 0 or value >= NO_LIMIT:
        return None
    if isinstance(value, float) and not (math.isfinite(value) and value.is_integer()):
        return None
    return value


_ARITHMETIC: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Mult: operator.mul,
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.LShift: operator.lshift,
    ast.Pow: operator.pow,
    ast.FloorDiv: operator.floordiv,
}


def constant_expression(node: ast.AST, depth: int = 0) -> int | float | None:
    """The value of arithmetic on number literals that spells an amount: ``20 * 1024``, ``1 << 13``,
    ``2**15``, ``128_000 - 4_000``, ``int(1e5)``, ``+16000``; None for anything else (names, calls
    other than ``int()``, results too large to be an amount)."""
    if depth > 8:
        return None
    if isinstance(node, ast.Constant):
        return number(node)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd):
        return constant_expression(node.operand, depth + 1)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "int"
        and len(node.args) == 1
        and not node.keywords
    ):
        inner = constant_expression(node.args[0], depth + 1)
        return int(inner) if inner is not None and math.isfinite(inner) else None
    if isinstance(node, ast.BinOp):
        op = _ARITHMETIC.get(type(node.op))
        left = constant_expression(node.left, depth + 1)
        right = constant_expression(node.right, depth + 1)
        if isinstance(node.op, ast.Mult) and (left is None) != (right is None):  # ``21 * K_TOKENS``
            left, right = left or unit_factor(node.left), right or unit_factor(node.right)
        if op is None or left is None or right is None:
            return None
        if isinstance(node.op, (ast.Pow, ast.LShift)) and not (0 <= right <= 64 and isinstance(right, int)):
            return None
        if isinstance(node.op, ast.FloorDiv) and right == 0:
            return None
        value = op(left, right)
        return value if isinstance(value, (int, float)) and abs(value) < 1e15 else None
    return None


def string_value(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def attr_name(node: ast.AST | None) -> str | None:
    """The name an expression reads: ``x`` -> x, ``self.cfg.max_tokens`` -> max_tokens,
    ``d["max_tokens"]``, ``d.get("max_tokens")`` and ``getattr(llm, "max_tokens", 4096)`` -> max_tokens."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):
        return string_value(node.slice)
    if isinstance(node, ast.Call) and node.args:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in {"get", "pop"}:
            return string_value(node.args[0])
        if type(func) is ast.Name and func.id == "getattr" and len(node.args) > 1:
            return string_value(node.args[1])
    return None


def callee_name(call: ast.Call) -> str | None:
    """``foo(...)`` -> foo, ``a.b.foo(...)`` -> foo (``attr_name`` inlined: asked at every call walked)."""
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def dotted(node: ast.AST) -> str:
    """``os.environ.get`` for an Attribute chain of Names, else ""."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr}" if base else ""
    return ""


_ENV_CALLS = re.compile(
    r"(?:^|\.)(?:environ\.get|environ\.setdefault|getenv|get_env|env\.get|get_secret\w*)$"
)


#: The keywords that tell a splitter its unit: ``split_unit="token"``, ``length_unit="tokens"``.
_UNIT_KEYWORDS = frozenset({"split_unit", "length_unit", "chunk_unit", "unit", "split_by"})
_SIZE_WORDS = frozenset({"size", "sizes", "overlap", "length", "len", "limit", "max"})
#: A callee that cuts text by tokens (``TokenTextSplitter``), not a token *cache* (``TokenCacheBackend``).
_SPLITTER_WORDS = frozenset({"splitter", "split", "chunker", "chunk", "truncate", "trim", "window"})


def sizes_token_chunks(
    judge: NameJudge, keyword: str, call: ast.Call, ctx: FileContext | None = None
) -> bool:
    """``TokenTextSplitter(chunk_size=...)``, ``SentenceSplitter.from_defaults(chunk_size=...)``, ``Recursive...
    .from_tiktoken_encoder(chunk_size=...)``, haystack's ``RecursiveDocumentSplitter(split_length=...,
    split_unit="token")``: ``keyword`` is a size given to a splitter that measures its chunks in tokens."""
    ws = set(words(keyword))
    if not ws & _SIZE_WORDS or ws & CHAR_WORDS:
        return False
    callee = callee_name(call) or ""
    if callee == "from_defaults" and isinstance(call.func, ast.Attribute):  # llama_index's constructors
        callee = attr_name(call.func.value) or callee
    if ctx is not None and isinstance(call.func, ast.Name):
        callee = ctx.origin(callee).rsplit(".", 1)[-1]  # ``TokenTextSplitter as Splitter``
    unit = next((string_value(k.value) or "" for k in call.keywords if k.arg in _UNIT_KEYWORDS), "")
    if callee in TOKEN_SPLITTERS or unit.lower().startswith("token") or token_length_function(judge, call):
        return True
    return judge.mentions_tokens(callee) and bool(set(words(callee)) & _SPLITTER_WORDS)


#: The last names ``_ENV_CALLS`` ends with (or ``get_secret...``): other calls are told apart unspelt.
_ENV_LAST = frozenset({"get", "setdefault", "getenv", "get_env"})


def is_env_read(call: ast.Call) -> bool:
    """``os.getenv(...)``, ``os.environ.get(...)``, ``get_secret_str(...)``: a value from the environment."""
    func = call.func
    last = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if last is None or (last not in _ENV_LAST and not last.startswith("get_secret")):
        return False
    return bool(_ENV_CALLS.search(dotted(func)))


#: ``defaults``' last signature and answer: each rule's ``visit_arguments`` asks of it in turn (``forget``).
_last_defaults: list[tuple[ast.arguments, list[tuple[ast.arg, ast.expr]]]] = kept_per_file([])


def defaults(node: ast.arguments) -> list[tuple[ast.arg, ast.expr]]:
    """Every parameter that has a default, with it (positional and keyword-only). Read it, never change
    it: the last signature's list is kept for the next question."""
    last = _last_defaults
    if last and last[0][0] is node:
        return last[0][1]
    given = node.defaults
    positional = [*node.posonlyargs, *node.args][-len(given) :] if given else []
    pairs = list(zip(positional, given, strict=True))
    if node.kwonlyargs:
        pairs += [(a, d) for a, d in zip(node.kwonlyargs, node.kw_defaults, strict=True) if d is not None]
    last[:] = [(node, pairs)]
    return pairs


# --- the per-file context ------------------------------------------------------------------------------

SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
#: Statements whose lines hold other statements: their comments are not theirs.
_COMPOUND = (*SCOPES, ast.If, ast.For, ast.While, ast.With, ast.Try)


class FileContext:
    """What every rule may ask about where it is in the file. The engine keeps ``ancestors`` and
    ``scopes`` up to date during its one walk, so each rule does not keep its own stacks."""

    def __init__(
        self, path: str, module_name: str, lines: Sequence[str] = (), tree: ast.AST | None = None
    ) -> None:
        self.path = path
        #: The folder ``path`` is relative to (the engine sets it; the cwd when unset).
        self.root: Path | None = None
        self.tree = tree
        self._origins: dict[str, str] | None = None
        self.module_name = module_name
        #: ``LintRule.budget_expr``'s local names bound to a budget read, per function (by id, with the node)
        self.local_budgets: dict[int, tuple[ast.AST, dict[str, str]]] = {}
        self.lines = lines
        self.ancestors: list[ast.AST] = []
        self.scopes: list[Scope] = []
        self.reports: list[Report] = []
        self.facts: list[tuple[ast.AST, str, int | float]] = []

    def parent(self, node: ast.AST) -> ast.AST | None:
        """The parent of ``node``, which must be on the ancestor stack (the node being visited or one
        of its ancestors)."""
        for i in range(len(self.ancestors) - 1, 0, -1):
            if self.ancestors[i] is node:
                return self.ancestors[i - 1]
        return None

    def origin(self, name: str) -> str:
        """Where the module imports ``name`` from (``Splitter`` -> ``langchain.text_splitter.TokenTextSplitter``),
        else ``name`` itself (``imports.py``; read on the first question)."""
        if self._origins is None:
            self._origins = import_origins(self.tree)
        return self._origins.get(name, name)

    def function(self) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        for scope in reversed(self.scopes):
            if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return scope
        return None

    def function_name(self) -> str:
        fn = self.function()
        return fn.name if fn is not None else ""

    def enclosing_class(self) -> ast.ClassDef | None:
        """The class whose body (or method) is being visited: the nearest enclosing class."""
        return next((s for s in reversed(self.scopes) if isinstance(s, ast.ClassDef)), None)

    def class_name(self) -> str:
        cls = self.enclosing_class()
        return cls.name if cls is not None else ""

    def comment(self) -> str:
        """The trailing comments on the lines of the simple statement being visited
        (``DEFAULT_NUM_OUTPUTS = 256  # tokens``). Comment blocks above a statement are not used: they
        often describe its neighbours too."""
        stmt = next((n for n in reversed(self.ancestors) if isinstance(n, ast.stmt)), None)
        if stmt is None or not self.lines or isinstance(stmt, _COMPOUND):
            return ""
        first = stmt.lineno
        last = min(stmt.end_lineno or stmt.lineno, len(self.lines), first + 12)
        parts = []
        for number_ in range(first, last + 1):
            found = trailing_comment(self.lines[number_ - 1])
            if found:
                parts.append(found)
        return " ".join(parts)


#: The words a file must mention for the literal rules to look at it (the pre-check, on the lower-cased text).
BUDGET_WORDS = re.compile(
    r"token|ctx|context_?(?:window|length|size|limit)|budget|num_predict|num_output|max_seq|input_ids|sentencesplitter"
    r"|settings\.chunk_|limit_(?:context|output)"
)
_TOKENIZE_CALLS = frozenset(
    {"encode", "encode_ordinary", "tokenize", "encode_batch", "tokenizer", "apply_chat_template", "_tokenize"}
)
_ENCODER_WORDS = frozenset(
    {"enc", "encoding", "encoder", "tokenizer", "tiktoken", "tok", "bpe", "tokenizers"}
)


#: Words of a comment's credential (``# HF token step``, set 77: lmagent-plus) or characters: no model's tokens.
_NOT_MODEL_TOKENS = NOT_MODEL_TOKEN_WORDS | CHAR_WORDS


class LintRule:
    """Base class of every lint rule. Subclasses set the class attributes and define
    ``visit_<ast node type>`` (and optionally ``leave_<type>``) methods that call ``self.report``."""

    CODE: ClassVar[str] = ""
    NAME: ClassVar[str] = ""
    #: One line for rule tables, SARIF's ``shortDescription`` and ``--help``.
    SUMMARY: ClassVar[str] = ""
    #: A file is parsed only when, for at least one enabled rule, every PRECHECK pattern matches its
    #: lower-cased text (write the patterns in lower case).
    PRECHECK: ClassVar[tuple[re.Pattern[str], ...]] = (BUDGET_WORDS,)
    #: The smallest literal reported unless ``min-value`` says otherwise.
    DEFAULT_MIN_VALUE: ClassVar[int] = 16
    #: Project-wide rules get ``check_project`` called with every file's facts.
    PROJECT_WIDE: ClassVar[bool] = False
    VALID: ClassVar[Sequence[Valid]] = ()
    INVALID: ClassVar[Sequence[Invalid]] = ()

    def __init__(self, ctx: FileContext, options: RuleOptions) -> None:
        self.ctx = ctx
        self.options = options
        self.names: NameJudge = options.judge

    def report(
        self,
        node: ast.AST,
        message: str,
        *,
        target: ast.AST | None = None,
        value: Value = None,
        key_parts: Sequence[str] = (),
        advice: str = "",
    ) -> None:
        """Record a finding at ``node``. ``target`` is the literal ``--fix`` replaces with
        ``prompt_budget.value(key)``; ``key_parts`` name the config key (most specific part first);
        ``advice`` is the suggestion when nothing moves to config."""
        parts = tuple(p for p in key_parts if p and p.strip())
        node = unwrap_walrus(node)
        target = unwrap_walrus(target) if target is not None else None
        if target is not None and self._config_default(target):
            return  # ``prompt_budget.value("key", 4096)``: the value is in config already
        if isinstance(target, (ast.BinOp, ast.Call)):
            # ``20 * 1024``, ``int(1e5)``: evaluated to judge it, but --fix replaces literals only
            target = None
            message += " (built by an expression: move it to config by hand)"
        if target is not None and sum(isinstance(a, ast.JoinedStr) for a in self.ctx.ancestors) > 1:
            # inside nested f-strings, which before Python 3.12 use both quote characters between
            # them: ``prompt_budget.value("key")`` could not be written there
            target = None
            message += " (inside nested f-strings, where --fix cannot write the key: move it by hand)"
        self.ctx.reports.append(Report(self.CODE, self.NAME, node, message, target, value, parts, advice))

    def _config_default(self, target: ast.AST) -> bool:
        """Whether ``target`` is (inside) the default of a config read, ``value("key", <default>)``,
        which is what ``--fix`` writes: the value lives in config and the literal is what an installed
        package ships with."""
        for anc in reversed(self.ctx.ancestors):
            if (
                isinstance(anc, ast.Call)
                and (getattr(anc.func, "attr", None) or getattr(anc.func, "id", None)) == "value"
                and anc.args
                and isinstance(anc.args[0], ast.Constant)
                and isinstance(anc.args[0].value, str)
            ):
                defaults = [*anc.args[1:2], *(k.value for k in anc.keywords if k.arg == "default")]
                return any(target is n for d in defaults for n in walk(d))
        return False

    def report_literal(
        self, literal: ast.AST, message: str, value: Value, name: str, scoped: bool = True
    ) -> None:
        """Report ``literal`` for ``--fix`` to move into config, under a key made of ``name``, the
        enclosing function or class (when ``scoped``) and the module."""
        key = f"{self.scope_key()} {name}" if scoped else name
        self.report(literal, message, target=literal, value=value, key_parts=(key, self.ctx.module_name))

    def fact(self, node: ast.AST, name: str, value: int | float) -> None:
        """Record a fact for a project-wide rule."""
        self.ctx.facts.append((node, name, value))

    @classmethod
    def finding_at(cls, fact: Fact, message: str, **fields: Any) -> Finding:
        """A project-wide finding of this rule where ``fact`` was recorded."""
        from prompt_budget.lint.findings import Finding

        return Finding(
            path=fact.path,
            line=fact.line,
            column=fact.column,
            end_line=fact.end_line,
            end_column=fact.end_column,
            code=cls.CODE,
            rule=cls.NAME,
            message=message,
            value=fact.value,
            suppressed=fact.suppressed,
            **fields,
        )

    @classmethod
    def check_project(cls, facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
        """Project-wide rules: findings from every file's facts. Per-file rules return nothing."""
        return []

    # --- helpers shared by several rules

    def budget_literal(self, node: ast.AST | None) -> int | float | None:
        """The value of a literal large enough to be a budget, else None: see ``token_amount_literal``."""
        value = token_amount_literal(node)
        if value is not None and not self.options.allows(value) and not bit_pattern(self.ctx.lines, node):
            return value
        return None

    def token_comment(self) -> bool:
        """The statement's comment talks about tokens (``DEFAULT_NUM_OUTPUTS = 256  # tokens``)."""
        comment = without_char_rates(self.ctx.comment())
        if not comment or not TOKENS_WORD.search(comment) or other_tokens(comment):
            return False  # (a key's base64 tokens; below, ``# 100K chars ~ 25k tokens``: characters)
        return not any(w in _NOT_MODEL_TOKENS for w in words(comment))

    def token_sequence(self, node: ast.AST) -> bool:
        """A list of tokens: ``tokens``, ``input_ids``, ``enc.encode(text)``, ``tokenizer(text)``."""
        if isinstance(node, ast.Call):
            callee = callee_name(node) or ""
            if callee in {"get", "pop"}:
                return False
            if callee.startswith("encode") and isinstance(node.func, ast.Attribute):
                # enc.encode(text) is a token list; secret.encode() is bytes
                receiver = attr_name(node.func.value) or dotted(node.func.value)
                return bool(set(words(receiver)) & _ENCODER_WORDS)
            return callee in _TOKENIZE_CALLS or self.names.mentions_tokens(callee)
        name = attr_name(node)
        if name is None:
            return False
        ws = words(name)  # not ``self._tokens_by_scope``, a mapping whose ``len()`` counts keys (set 280)
        listed = "tokens" in ws or "toks" in ws or ("ids" in ws and ("token" in ws or "input" in ws))
        return listed and "by" not in ws and not (self.names.is_budget(name) or typed_as_text(self.ctx, node))

    def token_amount(self, node: ast.AST) -> bool:
        """An expression holding a number of tokens: ``num_tokens``, ``usage.prompt_tokens``, ``len(enc.encode(
        text))``, ``count_tokens(messages)``, ``a_tokens + b_tokens``, ``(n_tokens := len(m))`` (a walrus, by its
        name or its value), ``(self._max_tokens or 4096)`` (a fallback, by what it falls back from)."""
        if isinstance(node, ast.NamedExpr):
            return self.token_amount(node.target) or self.token_amount(node.value)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            return self.token_amount(node.values[0])
        if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)):
            name = attr_name(node)
            return (name is not None and self.names.is_token_amount(name)) or usage_part(node)
        if isinstance(node, ast.Call):
            callee = callee_name(node) or ""
            if callee == "len":
                return bool(node.args) and self.token_sequence(node.args[0])
            if isinstance(node.func, ast.Name) and (
                callee in {"min", "max"} or (callee == "int" and len(node.args) == 1)
            ):  # a clamp of a token amount is one: ``min(max(tokens / 16, 1024), 8192)``, ``int(n_tokens)``
                return any(self.token_amount(a) for a in node.args)
            if callee in {"get", "pop", "getattr"}:
                return (name := attr_name(node)) is not None and self.names.is_token_amount(name)
            return (
                self.names.mentions_tokens(callee)
                and callee not in _TOKENIZE_CALLS
                and not reads_tokens_themselves(callee)  # ``encode_batch``, ``token_numeric_value(tok)``
                and not self.names.scores(callee)  # ``fuzz.token_set_ratio(a, b)``: a score, not tokens
            )
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):  # not a bucket's refill
            return (self.token_amount(node.left) or self.token_amount(node.right)) and not refilled(node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv)):
            # ``max_input_tokens / 16``: a share of a token amount is tokens
            return self.token_amount(node.left)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):  # ``tokens * self.safety_margin``
            margin = words(attr_name(node.right) or "")
            return bool({"margin", "safety"} & set(margin)) and self.token_amount(node.left)
        return False

    def budget_expr(self, node: ast.AST) -> str | None:
        """The budget name an expression reads (``self.context_window``, ``info["max_input_tokens"]``,
        ``get_context_window(model)``, ``(window := get_context_window(model))``), else None."""
        if isinstance(node, ast.NamedExpr):
            return self.budget_expr(node.target) or self.budget_expr(node.value)
        if isinstance(node, (ast.IfExp, ast.BoolOp)):  # ``p.get("max_tokens") if p else None``, ``a or b``
            sides = [b for b in alternatives(node) if type(b) is not ast.Constant or isinstance(b.value, str)]
            found = [self.budget_expr(b) for b in sides]
            return found[0] if found and all(found) else None
        if isinstance(node, ast.Call) and callee_name(node) not in {"get", "pop", "getattr"}:
            return callee if self.names.is_budget(callee := callee_name(node) or "") else None
        name = attr_name(node) or table_name(node)  # ``WINDOWS[model]``: ``table_entries``
        if name is not None and (self.names.is_budget(name) or token_quota_name(name)):  # ``tpm - est - 64``
            return name
        if isinstance(node, ast.Name) and (
            LOCAL_LIMIT_WORDS.intersection(words(node.id)) or node.id in LOCAL_LIMIT_NAMES
        ):
            fn: ast.AST | None = self.ctx.function()  # ``cw = context_window(model)`` (set 235)
            if fn is None and self.ctx.tree is not None:  # a constant asks: the name's own function (set 247)
                fn = enclosing_function(parents(self.ctx.tree), node)
            local = self._local_budgets(fn).get(node.id)  # or a closure's: ``ctx`` of the enclosing function
            return local or enclosing_budget(self.ctx.scopes, fn, node.id, self._local_budgets)
        return None

    def _local_budgets(self, fn: ast.AST | None) -> dict[str, str]:
        """The local budgets of ``fn`` (``kept_budgets.local_budgets``), read once per function."""
        if fn is None:
            return {}
        cached = self.ctx.local_budgets.get(id(fn))
        if cached is not None and cached[0] is fn:
            return cached[1]
        building: dict[str, str] = {}  # a read while this is built finds the locals bound before it
        self.ctx.local_budgets[id(fn)] = (fn, building)
        found = local_budgets(fn, self.budget_expr, self.token_amount, self.names.is_token_amount, building)
        self.ctx.local_budgets[id(fn)] = (fn, found)
        return found

    def scope_key(self) -> str:
        """The most specific enclosing name, for config keys (function, else class, else "")."""
        fn = self.ctx.function_name()
        if fn and fn != "__init__":
            return fn
        return self.ctx.class_name()
