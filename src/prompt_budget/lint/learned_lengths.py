"""Token lengths under the project's own names (PB102; set 33: ColBERT's ``doc_maxlen``, ``query_maxlen``).

A name that says a length (``doc_maxlen``, ``max_doc_length``) says nothing of its unit. The project
tells, where it hands the value under that name to a tokenizer's truncation length::

    # colbert/modeling/tokenization/doc_tokenization.py: the name reaches the length a tokenizer cuts to
    self.doc_maxlen = config.doc_maxlen
    obj = self.tok(texts, truncation="longest_first", max_length=(self.doc_maxlen - 1))

The name is learned from: the length keyword of a call that truncates (``max_length=self.NAME - 1``,
``min(NAME, 512)``, a term of a sum or a difference: ``max_length=self.prompt_max_length +
self.template_length``, through a local bound to it: ``max_length = self.query_maxlen``), an argument of a
tokenizer's class (``QueryTokenizer(args.query_maxlen)``, ``RerankerTokenizer(total_maxlen=
config.doc_maxlen)``), a tokenizer's maximum length set from it (``ckpt.query_tokenizer.query_maxlen =
config.query_maxlen``, ``model_max_length=cfg.NAME``), a token budget keyword or dict entry given it
(``max_new_tokens=args.gen_maxlen``, ``{"max_new_tokens": candidate_maxlength}``), or an ordering with a
count of tokens (``length < max_output_length`` in a comprehension over ``zip(rows, lengths)``, the
lengths ``len(tokenizer.encode(...))``, or ``len(query) <= query_len`` with ``query`` a row of a
tokenizer's ids: ``compared_lengths``; set 34: llm-blender, set 44: alpaca-farm). Then every literal given under that name elsewhere in the same
project (``project_of``) is a number of tokens: an argparse option's default for that destination, a
class field's default (also wrapped in a one-argument call: ``doc_maxlen: int = DefaultVal(220)``,
``Field(default=220)``), a keyword argument (``ColBERTConfig(doc_maxlen=300)``), a dict entry, an
assignment (``cfg.doc_maxlen = 300``), a parameter's default, and a comparison of a read of the name with a
literal (``assert config.query_maxlen == 64``; not in a test module, where a comparison checks a scenario).

Guards: only a name holding ``len`` / ``length`` and a word of its own (not ``max_length`` itself), without
a unit word (``line_maxlen``, ``max_word_len``), is learned or reported; a literal under 16 is not taken,
nor a "no limit" sentinel (``not_limits.no_limit_sentinel``: ``if max_sequence_length > 1_000_000``);
a name the project also gives to a length that is not tokens (``deque(maxlen=...)``, a string field's
``Field(max_length=...)``) is not learned. Facts ``LEARN_FACT`` (a name given to a token length, with how),
``OTHER_FACT`` and ``LITERAL_FACT`` (a literal given under a name, with its form) are joined in
``project_lengths``; a module that learns the name itself reports its literals at once.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Final

from prompt_budget.lint.compared_lengths import counts_tokens, ordered_pairs
from prompt_budget.lint.flow import finding_where_bound, is_test_module, tagged
from prompt_budget.lint.forecast_contexts import forecast_context
from prompt_budget.lint.forms import argparse_default
from prompt_budget.lint.kernel_launch import defines_kernels
from prompt_budget.lint.length_arguments import argument_cuts, cuts_when
from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, config_key, words
from prompt_budget.lint.not_limits import no_limit_sentinel
from prompt_budget.lint.padded_lengths import pads_tokens
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.reports_made import reported_ids
from prompt_budget.lint.rope_origins import rope_origin
from prompt_budget.lint.rule import attr_name, callee_name, defaults, string_value
from prompt_budget.lint.text_starts import match_starts
from prompt_budget.lint.token_cuts import cuts_tokens, tokenizer_length, tokenizer_maxlen
from prompt_budget.lint.walks import lines_at, source_of, statements, walk

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

    #: What ``learned_here`` records a name given to a token length with: (the value, where, how, and
    #: whether a bare local is followed to what it is bound to).
    _Learn = Callable[[ast.expr, ast.AST, str, bool, int], None]

LEARN_FACT = "\x00length-learn "
OTHER_FACT = "\x00length-other "
LITERAL_FACT = "\x00length-literal "

#: The smallest literal taken as a token length under a learned name.
_SMALLEST = 16
#: Words of a length name; a name of these words only (``max_length``, ``maxlen``) is anyone's.
_LENGTH_WORDS = frozenset({"len", "length"})
_GENERIC_WORDS = frozenset({"max", "maximum", "min", "minimum", "len", "length", "lengths", "total", "seq"})
#: Units other than tokens a length may count (beside ``names.UNIT_WORDS`` and characters).
_OTHER_UNITS = frozenset(
    {"word", "sentence", "sentences", "byte", "pixel", "pixels", "frame", "frames", "sample", "samples"}
    | {"audio", "image", "images", "batch", "dim", "history", "queue", "buffer", "string", "str", "url"}
)
#: Callees whose length keyword is not a number of tokens: a queue's, a string field's.
_OTHER_LENGTH_CALLEES = frozenset(
    {
        "deque",
        "Field",
        "CharField",
        "String",
        "Column",
        "constr",
        "conlist",
        "shorten",
        "Query",
        "Body",
        "Form",
    }
)
_OTHER_LENGTH_KEYWORDS = frozenset({"maxlen", "max_length", "min_length", "length", "width"})
_ARITHMETIC = (ast.Add, ast.Sub)
#: The fields of a compound statement that hold statements.
_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")
#: A line that may give a name to a length: a truncating call, a tokenizer made or its length set, a
#: maximum length keyword, a token budget keyword (lower-cased).
_GATE: Final = tuple(
    re.compile(p)
    for p in (
        # searched one by one, each for its own words: the alternation searched whole tried every ``t``,
        # ``m`` and ``_`` of a module (twice the time on the benchmark corpus, the same lines found)
        r"truncat",
        r"tokenizer\(",
        r"tokenizer\.\w*(?:max|len)",
        r"maxlen",
        r"max_length",
        r"_tokens\s?=",
        r"_tokens['\"]\s*:",
        r"[<>]=?\s*[\w.]*len(?:gth)?\b",
        r"max_seq_len",
        r"max_sequence_length",
    )
)
_BOUNDS = frozenset({"min", "max", "int"})


def length_name(name: str | None) -> bool:
    """``doc_maxlen``, ``max_query_length``: a length named for what it measures, in no other unit than
    tokens may be; not a bare ``max_length`` and not ``line_maxlen`` / ``max_word_len``."""
    ws = set(words(name or ""))
    return (
        bool(ws & _LENGTH_WORDS)
        and bool(ws - _GENERIC_WORDS)
        and not ws & (UNIT_WORDS | CHAR_WORDS | _OTHER_UNITS)
    )


def stride_name(name: str | None) -> bool:
    """``doc_stride``, ``max_doc_stride``: a stride named for what it strides over. It says no unit (a
    convolution's stride is pixels): learned and reported only where the project gives it to the
    ``stride=`` of a tokenizer returning its overflowing tokens, the overlap of the windows a long input
    is cut into, in tokens (set 40: autotrain's question answering, after Hugging Face's ``run_qa``)."""
    ws = set(words(name or ""))
    return (
        "stride" in ws
        and bool(ws - _GENERIC_WORDS - {"stride"})
        and not ws & (UNIT_WORDS | CHAR_WORDS | _OTHER_UNITS)
    )


#: Sizes that count something other than tokens whatever the project does with them.
_OTHER_SIZES = frozenset(
    {"hidden", "vocab", "embed", "embedding", "embeddings", "kernel", "patch", "pool", "font", "page"}
    | {"file", "step", "beam", "group", "grid", "cache", "heap", "stack", "model", "vector", "head"}
)
#: Keywords and dict keys saying a sequence's length, in tokens (a tokenizer's or a trainer's longest
#: input; not a bare ``max_length``, which may count characters: a database field's, a text's cut).
_SEQUENCE_LENGTHS = frozenset({"max_seq_length", "max_seq_len", "max_sequence_length"})


def size_name(name: str | None) -> bool:
    """``block_size``: a size named for what it sizes, which says no unit (a batch, a hidden layer, a
    chunk of bytes). Learned only from the strongest evidence (``learned_here``'s ``sized``): the project
    sets it from a tokenizer's longest input (``block_size = tokenizer.model_max_length``) or hands it
    on as a sequence's length in tokens (``training_args["max_seq_length"] = config.block_size``,
    ``max_seq_length=config.block_size``, a tokenizer's ``max_length=`` where it truncates; set 40:
    autotrain). Learning every ``*_size`` name from any
    read took about 130 sizes that count no tokens."""
    ws = set(words(name or ""))
    return (
        "size" in ws
        and bool(ws - _GENERIC_WORDS - {"size"})
        and not ws & (UNIT_WORDS | CHAR_WORDS | _OTHER_UNITS | _OTHER_SIZES)
    )


@lru_cache(maxsize=65536)
def learnable(name: str | None) -> bool:
    """A length name, or a stride name: learned from the project's reads, reported where learned; a
    size name, where it is learned (``size_name``). Kept per name (asked at every name read walked)."""
    return length_name(name) or stride_name(name) or size_name(name)


def _learnable_from(name: str, sized: int) -> bool:
    """A name the evidence at hand teaches: a length or stride name (``sized`` 0), a size name too (1:
    the strongest evidence, a tokenizer's own length), a size name only (2: evidence only sizes need)."""
    if sized == 2:
        return size_name(name)
    return length_name(name) or stride_name(name) or (sized == 1 and size_name(name))


def _reads(expr: ast.expr, local: Callable[[], dict[str, list[ast.expr]]] | None = None) -> Iterator[str]:
    """The names whose value ``expr`` is, give or take a constant: ``self.doc_maxlen - 1`` ->
    doc_maxlen, ``min(cfg["query_maxlen"], 512)`` -> query_maxlen; a local followed once to what it
    is bound to (``max_length = self.query_maxlen``)."""
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, _ARITHMETIC):
        # a sum or a difference counts what each of its terms counts: ``self.prompt_max_length +
        # self.template_length`` (set 34: llm-blender), ``self.doc_maxlen - 1``
        yield from _reads(expr.left, local)
        yield from _reads(expr.right, local)
        return
    if isinstance(expr, ast.IfExp):
        # ``n if n > 0 else None``: either branch is the value (set 53: rankify's ``answer_maxlength``)
        yield from _reads(expr.body, local)
        yield from _reads(expr.orelse, local)
        return
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in _BOUNDS:
        for arg in expr.args:
            yield from _reads(arg, local)
        return
    if not isinstance(expr, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)):
        return
    name = attr_name(expr)
    if name is not None:
        yield name
    if isinstance(expr, ast.Name) and local is not None:
        for bound in local().get(expr.id, ()):
            yield from _reads(bound, None)


class _Locals:
    """The locals bound by a plain assignment in the innermost function holding a node, found once per
    function (asked only for a length given as a bare name)."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self._bound: dict[int, dict[str, list[ast.expr]]] = {}

    def _scope(self, line: int) -> ast.AST:
        """The innermost function whose statements span ``line``, else the module."""
        scope: ast.AST = self.tree
        node: ast.AST | None = self.tree
        while node is not None:
            body = [s for f in _BODIES for s in getattr(node, f, ())]
            node = next(
                (s for s in body if getattr(s, "lineno", 0) <= line <= (getattr(s, "end_lineno", 0) or 0)),
                None,
            )
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                scope = node
        return scope

    def scope(self, node: ast.AST) -> ast.AST:
        """The innermost function holding ``node``, else the module."""
        return self._scope(getattr(node, "lineno", 0))

    def at(self, node: ast.AST) -> dict[str, list[ast.expr]]:
        scope = self.scope(node)
        bound = self._bound.get(id(scope))
        if bound is None:
            bound = self._bound[id(scope)] = {}
            for stmt in statements(scope):
                if (
                    isinstance(stmt, ast.Assign)
                    and len(stmt.targets) == 1
                    and type(stmt.targets[0]) is ast.Name
                ):
                    bound.setdefault(stmt.targets[0].id, []).append(stmt.value)
        return bound


def _near(tree: ast.Module, lines: list[int]) -> Iterator[ast.AST]:
    """The nodes of the statements spanning one of ``lines`` (sorted; a compound statement's header and
    the statements of its body that do): the module is walked only where it may teach."""

    def spans(node: ast.AST) -> bool:
        first = getattr(node, "lineno", None)
        if first is None:  # ``match_case``
            return True
        i = bisect_left(lines, first)
        return i < len(lines) and lines[i] <= (getattr(node, "end_lineno", None) or first)

    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        body = [s for f in _BODIES for s in getattr(node, f, ())]
        if not body:
            yield from walk(node)
            continue
        yield node
        inside = {id(s) for s in body}
        for child in ast.iter_child_nodes(node):
            if id(child) not in inside:
                yield from walk(child)
            elif spans(child):
                todo.append(child)


def _tokenizer_class(call: ast.Call) -> bool:
    """``QueryTokenizer(...)``, ``tokenization.DocTokenizer(...)``: a tokenizer's class made."""
    name = callee_name(call) or ""
    ws = words(name)
    return name[:1].isupper() and ws[-1:] == ("tokenizer",)


def _other_length(call: ast.Call, keyword: str) -> bool:
    """``deque(maxlen=...)``, ``Field(max_length=...)``: a length that counts no tokens."""
    name = callee_name(call) or ""
    return keyword in _OTHER_LENGTH_KEYWORDS and (
        name in _OTHER_LENGTH_CALLEES or bool(set(words(name)) & CHAR_WORDS)
    )


def learned_here(rule: LintRule, tree: ast.Module) -> tuple[dict[str, tuple[ast.AST, str]], set[str]]:
    """The length names a module gives to a token length (name -> (where, how)), and those it gives to
    another length. Walks the whole tree (the rules' walk skips statements without a number), only in a
    module that speaks of tokenizers, truncation, maximum lengths or token budget keywords."""
    learned: dict[str, tuple[ast.AST, str]] = {}
    other: set[str] = set()
    text = source_of(rule.ctx.lines)[1]
    lines = lines_at(text, (at for gate in _GATE for at in match_starts(text, gate)))
    if not lines:
        return learned, other

    locals_ = _Locals(tree)

    def learn(expr: ast.expr, where: ast.AST, how: str, resolve: bool, sized: int = 0) -> None:
        local = partial(locals_.at, where) if resolve else None
        for name in _reads(expr, local):
            if _learnable_from(name, sized) and not rule.names.is_excluded(name):
                learned.setdefault(name.lower(), (where, how))

    cut_params: list[tuple[ast.AST, ast.Call, str, str]] = []
    for node in _near(tree, lines):
        if type(node) is ast.Call:
            for keyword, name in _learn_call(rule, node, learn, other):
                cut_params.append((locals_.scope(node), node, name, keyword))
        elif type(node) is ast.Dict:
            # ``{"max_new_tokens": candidate_maxlength, ...}``: generation settings (set 34: llm-blender)
            for key, value in zip(node.keys, node.values, strict=True):
                entry = string_value(key) if key is not None else None
                if entry is not None and rule.names.is_budget(entry):
                    learn(value, value, f"the token budget `{entry!r}` of a dict", True)
        elif type(node) is ast.Compare:
            # ``length < max_output_length``, ``length`` a count of tokens (``compared_lengths``)
            for side, count in ordered_pairs(node):
                if any(learnable(n) for n in _reads(side)) and counts_tokens(
                    rule, count, partial(locals_.at, node), partial(locals_.scope, node)
                ):
                    learn(side, node, f"a comparison with the token count `{ast.unparse(count)}`", True)
        elif type(node) is ast.Assign and any(tokenizer_maxlen(t) for t in node.targets):
            # ``ckpt.query_tokenizer.query_maxlen = config.query_maxlen``
            target = next(t for t in node.targets if tokenizer_maxlen(t))
            learn(node.value, node, f"a tokenizer's maximum length `{ast.unparse(target)}`", False, 1)
            learn(target, node, "a tokenizer's maximum length", False)
        elif type(node) is ast.Assign and len(node.targets) == 1:
            _learn_sized(node, learn)
    if cut_params:
        argument_cuts(tree, cut_params, learn)  # ``encode(texts, tok, self.passage_maxlength)``
    if learned:
        _stored(rule, tree, learned)
    return learned, other


def _stored(rule: LintRule, tree: ast.Module, learned: dict[str, tuple[ast.AST, str]]) -> None:
    """``self.max_len_target = self.config.max_target_length`` where the module gives ``max_len_target``
    to a token length: the name the attribute copies is a token length too (set 40: autotrain's seq2seq
    dataset). One pass over the module's statements, only in a module that learned a name."""
    for stmt in statements(tree):
        if not (
            type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Attribute
        ):
            continue
        found = learned.get(stmt.targets[0].attr.lower())
        if found is None:
            continue
        for name in _reads(stmt.value):
            if _learnable_from(name, 0) and not rule.names.is_excluded(name):
                how = f"{found[1]} (stored in `{stmt.targets[0].attr}`)"
                learned.setdefault(name.lower(), (stmt, how))


def _learn_sized(node: ast.Assign, learn: _Learn) -> None:
    """``block_size = tokenizer.model_max_length`` (also in ``min(...)``): a name set from a tokenizer's
    longest input; ``training_args["max_seq_length"] = config.block_size``: a name stored as a
    sequence's length (set 40: autotrain). Size names only: a length name needs no more evidence."""
    target, value = node.targets[0], node.value
    reads = [value.args] if isinstance(value, ast.Call) and callee_name(value) == "min" else [[value]]
    if type(target) in (ast.Name, ast.Attribute) and any(tokenizer_maxlen(v) for v in reads[0]):
        learn(target, node, f"a tokenizer's maximum length `{ast.unparse(value)}`", False, 2)
    elif type(target) is ast.Subscript and string_value(target.slice) in _SEQUENCE_LENGTHS:
        learn(value, node, f"a sequence's length `{ast.unparse(target)}`", True, 2)


def _learn_call(rule: LintRule, node: ast.Call, learn: _Learn, other: set[str]) -> list[tuple[str, str]]:
    """What one call teaches: the names it gives to a token length (``learn``), or to another length;
    returns the (keyword, bare name) pairs of the length it cuts to (``length_arguments``)."""
    callee = callee_name(node) or ""
    cuts = cuts_tokens(node) or cuts_when(node) or pads_tokens(node)  # ``padding="max_length"``
    bare: list[tuple[str, str]] = []
    if cuts and callee == "enable_truncation" and node.args:
        learn(node.args[0], node.args[0], "a tokenizer's `enable_truncation`", True, 0)
    if _tokenizer_class(node):
        for arg in node.args:
            learn(arg, arg, f"the tokenizer `{callee}`", True, 0)
    for kw in node.keywords:
        if kw.arg is None:
            continue
        if (
            (cuts and rule.names.is_weak_budget(kw.arg))  # ``tok(t, truncation=True, max_length=...)``
            or tokenizer_length(kw.arg, node)  # ``from_pretrained(n, model_max_length=...)``
            or (_tokenizer_class(node) and length_name(kw.arg))  # ``RerankerTokenizer(total_maxlen=...)``
        ):
            if cuts and type(kw.value) is ast.Name and rule.names.is_weak_budget(kw.arg):
                bare.append((kw.arg, kw.value.id))
            learn(
                kw.value,
                kw.value,
                f"a tokenizer's `{kw.arg}=`",
                True,
                int(cuts and kw.arg in {"max_length", *_SEQUENCE_LENGTHS}),
            )
        elif cuts and kw.arg == "stride" and _overflows(node):
            # ``tok(q, ctx, truncation="only_second", stride=cfg.doc_stride, return_overflowing_tokens=True)``
            learn(kw.value, kw.value, "a tokenizer's `stride=` (the overlap of its windows)", True, 0)
        elif rule.names.is_budget(kw.arg):
            learn(kw.value, kw.value, f"the token budget `{kw.arg}=` of `{callee}`", True, 0)
        elif kw.arg in _SEQUENCE_LENGTHS and not _other_length(node, kw.arg):
            # ``FastLanguageModel.from_pretrained(..., max_seq_length=config.block_size)``
            learn(kw.value, kw.value, f"a sequence's length `{kw.arg}=` of `{callee}`", True, 2)
        elif _other_length(node, kw.arg):
            other.update(n.lower() for n in _reads(kw.value) if learnable(n))
    return bare


def _overflows(call: ast.Call) -> bool:
    """``return_overflowing_tokens=True``: the call returns the windows its ``stride`` overlaps."""
    return any(
        kw.arg == "return_overflowing_tokens"
        and isinstance(kw.value, ast.Constant)
        and kw.value.value is True
        for kw in call.keywords
    )


class LengthFacts:
    """One module's literals given under a length name: reported at the module's end where the module
    itself gives the name to a token length, else kept as project facts."""

    def __init__(self) -> None:
        self.pending: list[tuple[ast.expr, str, int | float, str]] = []

    def _take(self, rule: LintRule, name: str | None, literal: ast.expr | None, form: str) -> None:
        if not name or literal is None or not learnable(name) or rule.names.is_excluded(name):
            return
        amount = rule.budget_literal(literal)
        if (
            amount is not None
            and amount >= _SMALLEST
            and not no_limit_sentinel(name, amount)
            and not rope_origin(rule, name)  # ``original_seq_len: int = 4096`` beside ``rope_theta``
            and not forecast_context(rule, name)  # ``max_context_length=8192`` of Chronos (set 399)
            and all(p[0] is not literal for p in self.pending)
        ):
            self.pending.append((literal, name, amount, form))

    def call(self, rule: LintRule, node: ast.Call) -> None:
        """``add_argument("--doc_maxlen", default=180)``, ``ColBERTConfig(doc_maxlen=300)``."""
        found = argparse_default(node)
        if found is not None:
            self._take(rule, found[1], found[0], "as a command-line option's default")
        callee = callee_name(node) or "a call"
        for kw in node.keywords:
            self._take(rule, kw.arg, kw.value, f"as a keyword argument of `{callee}`")

    def assign(self, rule: LintRule, node: ast.Assign | ast.AnnAssign) -> None:
        """``doc_maxlen: int = DefaultVal(220)`` in a class, ``cfg.doc_maxlen = 300``."""
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if len(targets) != 1 or node.value is None:
            return
        name = attr_name(targets[0]) if isinstance(targets[0], (ast.Name, ast.Attribute)) else None
        in_class = rule.ctx.function() is None and rule.ctx.enclosing_class() is not None
        if in_class and type(targets[0]) is ast.Name:
            self._take(rule, name, _field_default(node.value), "as a field's default")
        else:
            self._take(rule, name, node.value, "as an assignment's value")

    def dict(self, rule: LintRule, node: ast.Dict) -> None:
        for key, value in zip(node.keys, node.values, strict=True):
            self._take(rule, string_value(key), value, "as a dict entry")

    def arguments(self, rule: LintRule, node: ast.arguments) -> None:
        for arg, default in defaults(node):
            self._take(rule, arg.arg, default, "as a parameter's default")

    def compare(self, rule: LintRule, node: ast.Compare) -> None:
        """``assert config.query_maxlen == 64``: a literal the name is checked against (not in a test)."""
        if len(node.ops) != 1 or is_test_module(rule.ctx.path):
            return
        if defines_kernels(rule.ctx.tree, rule.ctx.lines):
            return  # ``if KV_LEN <= 64: BLOCK_N = 32`` beside a Triton kernel: a tile's cutoff (set 513: coda-gqa-l)
        left, right = node.left, node.comparators[0]
        for read, literal in ((left, right), (right, left)):
            # the read is spelt (``ast.unparse``, slow) only when ``_take`` may keep it: a length's name
            # compared with a number
            if isinstance(read, (ast.Name, ast.Attribute, ast.Subscript)) and learnable(attr_name(read)):
                self._take(rule, attr_name(read), literal, f"compared with `{ast.unparse(read)}`")

    def finish(self, rule: LintRule, module: ast.Module) -> None:
        learned, other = learned_here(rule, module)
        for name, (where, how) in learned.items():
            rule.fact(where, f"{LEARN_FACT}{name} {how}", 0)
        for name in other:
            rule.fact(module, OTHER_FACT + name, 0)
        reported = reported_ids(rule)
        for literal, name, amount, form in self.pending:
            if id(literal) in reported:
                continue
            key = name.lower()
            if key in learned and key not in other:
                where, how = learned[key]
                line = getattr(where, "lineno", 0)
                _report(rule, literal, name, amount, form, f"{how} at line {line}")
            else:
                rule.fact(literal, f"{LITERAL_FACT}{name} {form}", amount)


def _field_default(value: ast.expr) -> ast.expr | None:
    """``220``, ``DefaultVal(220)``, ``Field(default=220)``, ``Field(220, title=...)``, ``field(default=220)``:
    a field's default."""
    if not isinstance(value, ast.Call):
        return value
    if len(value.args) == 1 and (not value.keywords or callee_name(value) == "Field"):
        return value.args[0]  # pydantic's ``Field(128, title=...)``: the first argument is the default
    return next((kw.value for kw in value.keywords if kw.arg == "default"), None)


def _message(name: str, amount: int | float, form: str, why: str) -> str:
    return (
        f"token budget {name}={amount} {form}: the project gives `{name}` to {why}; "
        "move it to config so it can be tuned and tested"
    )


def _report(rule: LintRule, literal: ast.expr, name: str, amount: int | float, form: str, why: str) -> None:
    rule.report_literal(literal, _message(name, amount, form, why), amount, name)


def project_lengths(rule: type[LintRule], facts: Sequence[Fact], root: Path) -> list[Finding]:
    """The literals given under a length name that the same project gives to a token length (and to
    no other length), where they are written."""

    project = partial(fact_project, root=root)

    learned: dict[tuple[Path, str], tuple[str, Fact]] = {}
    for fact, (name, how) in sorted(tagged(facts, LEARN_FACT, 2), key=lambda f: (f[0].path, f[0].line)):
        learned.setdefault((project(fact), name), (how, fact))
    for fact, (name,) in tagged(facts, OTHER_FACT, 1):
        learned.pop((project(fact), name), None)
    findings = []
    for fact, (name, form) in tagged(facts, LITERAL_FACT, 2):
        found = learned.get((project(fact), name.lower()))
        if found is not None:
            how, where = found
            message = _message(name, fact.value, form, f"{how} at {where.path}:{where.line}")
            findings.append(finding_where_bound(rule, fact, message, name, config_key(name)))
    return findings
