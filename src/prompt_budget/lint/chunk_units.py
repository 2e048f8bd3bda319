"""Chunk sizes and overlaps known to be tokens by their company or by the project's chunker (PB102).

A chunk size is a token budget only where the chunks are measured in tokens. Two kinds of evidence:

- beside a configured tokenizer: ``{"tokenizer_or_token_counter": "gpt2", "chunk_size": 512}``, a
  parameter ``chunk_size=256`` of a function whose ``tokenizer="gpt2"`` parameter picks the counter
  (a tokenizer setting naming characters or words, ``"character"``, does not count), also as the
  fallback of a setting read there (``"chunk_size": kwargs.get("chunk_size", 512)``);
- a model's field whose sibling says the unit: ``class TextSplitter(BaseModel): type = Field("token");
  chunk_size: int = Field(None, ge=50, le=1000)``: the field's bounds are the least and the most
  tokens a chunk may be given (PB101; a ``type`` of ``"character"`` or ``"separator"`` says nothing);
- project-wide: the project's chunker hands a setting to a splitter measuring tokens
  (``SentenceSplitter(chunk_size=config["chunk_size"])``) and no chunker hands it to a splitter that is
  not about tokens: every literal given under that key elsewhere (a config dict's entry, its fallback,
  a ``pytest.mark.parametrize`` row naming it) is a token size. Facts ``TOKEN_KEY_FACT`` (a key read into
  a token splitter), ``OTHER_KEY_FACT`` (read into another splitter) and ``LITERAL_FACT`` (a literal
  given under a key) are joined in ``project_chunk_sizes``.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import bound_values
from prompt_budget.lint.flow import default_of, finding_where_bound, positional_params, tagged
from prompt_budget.lint.forwarded import TAKE_FACT
from prompt_budget.lint.inline_forms import in_examples
from prompt_budget.lint.names import CHAR_WORDS, config_key, words
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.rule import attr_name, callee_name, defaults, sizes_token_chunks, string_value
from prompt_budget.lint.walks import kept_per_file, walk

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

TOKEN_KEY_FACT = "\x00chunk-token "
OTHER_KEY_FACT = "\x00chunk-other "
LITERAL_FACT = "\x00chunk-literal "
CHUNKER_FACT = "\x00chunk-chunker "

#: Tokenizer settings that split into characters or words: their "tokens" are not a model's.
_NOT_TOKENIZERS = frozenset({"character", "characters", "char", "chars", "word", "words", "whitespace", ""})
_SPLITTER_WORDS = frozenset({"splitter", "split", "chunker", "chunk", "chunking", "parser"})


def is_chunk_key(name: str | None) -> bool:
    """``chunk_size``, ``chunk_overlap``, ``CHUNK_OVERLAP``: a chunk's size or overlap, not in characters."""
    if name is None or "chunk" not in name.lower():  # every word of ``words`` is in the name, lower-cased
        return False
    ws = set(words(name))
    return "chunk" in ws and bool(ws & {"size", "overlap"}) and not ws & CHAR_WORDS


def _names_tokenizer(name: str | None, value: ast.expr | None) -> bool:
    """``"tokenizer_or_token_counter": "gpt2"``, ``tokenizer="cl100k_base"``: a tokenizer chosen by name."""
    text = string_value(value)
    return (
        text is not None and "tokenizer" in words(name or "") and text.strip().lower() not in _NOT_TOKENIZERS
    )


def _literal_of(value: ast.expr, key: str) -> ast.expr:
    """The literal given under ``key``: itself, or the fallback of ``x.get(key, 512)`` (the key in any case, or
    a constant naming it: ``"CHUNK_SIZE": chunking.get("chunk_size", 512)``, ``kwargs.get(Names.CHUNK_SIZE, 512)``;
    set 597: ai4rag)."""
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in {"get", "pop"}
        and len(value.args) == 2
        and (string_value(value.args[0]) or attr_name(value.args[0]) or "").lower() == key.lower()
    ):
        return value.args[1]
    return value


#: Words of a chunk key's bound or default (``MAX_CHUNK_SIZE``, ``default_chunk_overlap``): the key they bound.
_BOUND_WORDS = frozenset({"min", "max", "minimum", "maximum", "default"})


def setting_of(key: str) -> str:
    """The chunk setting a key names: ``MAX_CHUNK_SIZE`` and ``CHUNK_SIZE`` -> ``chunk_size``."""
    return "_".join(w for w in words(key) if w not in _BOUND_WORDS)


def _report(rule: LintRule, literal: ast.expr, key: str, value: int | float, why: str) -> None:
    message = f"token budget {key}={value} as a chunk's size, {why}; move it to config so it can be tuned and tested"
    rule.report_literal(literal, message, value, key)


class ChunkFacts:
    """One module's chunk sizes of unknown unit, and the keys it reads into token splitters: at the
    module's end a size under such a key is reported there, the others become project facts."""

    def __init__(self) -> None:
        self.pending: list[tuple[ast.expr, str, int | float]] = []
        self.token_keys: set[str] = set()
        #: the keys read into a splitter not measuring tokens, with that splitter's name
        self.other_keys: set[tuple[str, str]] = set()
        #: the module's own chunkers measuring tokens: (function, chunk parameter)
        self.chunkers: set[tuple[str, str]] = set()
        self.calls: list[ast.Call] = []
        #: of ``other_keys``, those a class reads off ``self``: (class, key, splitter)
        self.own_reads: set[tuple[str, str, str]] = set()

    def finish(self, rule: LintRule, module: ast.Module) -> None:
        self._positional(rule, module)
        owned = _reported_chunk_defaults(rule, module)
        reported = {key for _, key in owned}
        # a chunker documenting its setting in tokens hands it to a splitter by characters with a length in tokens
        # (set 597: ai4rag's ``RecursiveCharacterTextSplitter(chunk_size=self.chunk_size, length_function=...)``)
        self.other_keys -= {(key, callee) for cls, key, callee in self.own_reads if (cls, key) in owned}
        for key in self.token_keys:
            rule.fact(module, TOKEN_KEY_FACT + key, 0)
        for key, callee in self.other_keys:
            rule.fact(module, f"{OTHER_KEY_FACT}{key} {callee}", 0)
        for fn, key in self.chunkers:
            rule.fact(module, f"{CHUNKER_FACT}{fn} {key}", 0)
        other = {key for key, callee in self.other_keys if (callee, key) not in self.chunkers}
        known = self.token_keys - other
        for literal, key, amount in self.pending:
            if any(r.target is literal for r in rule.ctx.reports):
                continue
            if setting_of(key) in reported and not {key, setting_of(key)} & other:
                why = f"given under `{key}`, the setting this module's chunker takes as a token budget"
                _report(rule, literal, key, amount, why)
            elif key in known:
                _report(
                    rule,
                    literal,
                    key,
                    amount,
                    f"given under `{key}`, which a splitter measuring tokens reads here",
                )
            elif key not in other:
                rule.fact(literal, LITERAL_FACT + key, amount)

    def field(self, rule: LintRule, node: ast.Assign | ast.AnnAssign) -> None:
        """A class's chunk setting (``chunk_size: int = 500``, ``chunk_size = param.Integer(default=500)``,
        set 44: ragna's UI settings): kept like a config dict's entry, a token size where the project's
        chunker measures that key in tokens."""
        owner = rule.ctx.scopes[-1] if rule.ctx.scopes else None
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if not isinstance(owner, ast.ClassDef) or len(targets) != 1 or type(targets[0]) is not ast.Name:
            return
        key = targets[0].id
        literal = default_of(node.value)
        amount = rule.budget_literal(literal) if literal is not None and is_chunk_key(key) else None
        if literal is None or amount is None or _expected_or_rejected(rule):
            return
        if set(words(ast.get_docstring(owner) or "")) & CHAR_WORDS:
            return  # ``"""Chunk size is the number of characters in the chunk."""`` (quivr's SplitterConfig)
        self.pending.append((literal, key, amount))

    def _positional(self, rule: LintRule, module: ast.Module) -> None:
        """``make_chunker(100, 10)``: literals given positionally to a module's function (or to what
        a pytest fixture of the module returns) whose parameter there is a chunk size."""
        params = _local_parameters(module)
        for call in self.calls:
            names = params.get(call.func.id, []) if isinstance(call.func, ast.Name) else []
            for name, arg in zip(names, call.args, strict=False):
                amount = rule.budget_literal(arg) if is_chunk_key(name) else None
                if amount is not None:
                    self.pending.append((arg, name, amount))


def _reported_chunk_defaults(rule: LintRule, module: ast.Module) -> set[tuple[str, str]]:
    """(the class or "", the parameter) of each chunk parameter (``chunk_size``) of the module's functions and methods
    whose default this module reports as a token budget (``def __init__(self, chunk_size: int = 2048)`` documented in
    tokens, set 597: ai4rag's ``LangChainChunker``): the project's own chunker measures that setting in tokens."""
    targets = {id(r.target) for r in rule.ctx.reports if r.code == rule.CODE}
    if not targets:
        return set()
    scopes = [("", s) for s in module.body]
    scopes += [(c.name, s) for c in module.body if isinstance(c, ast.ClassDef) for s in c.body]
    return {
        (cls, param.arg)
        for cls, fn in scopes
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        for param, default in defaults(fn.args)
        if is_chunk_key(param.arg) and id(default) in targets
    }


def _on_self(node: ast.expr) -> bool:
    """``self.chunk_size``: an attribute read off ``self``."""
    return isinstance(node, ast.Attribute) and type(node.value) is ast.Name and node.value.id == "self"


def _local_parameters(module: ast.Module) -> dict[str, list[str]]:
    """A module's functions' positional parameters, by name; a fixture's are those of the nested
    function it returns (``def factory(): def create(chunk_size, overlap): ...; return create``)."""
    found: dict[str, list[str]] = {}
    for fn in module.body:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        found[fn.name] = [a.arg for a in fn.args.args]
        nested = {n.name: n for n in fn.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        returned = next(
            (r.value.id for r in fn.body if isinstance(r, ast.Return) and isinstance(r.value, ast.Name)), None
        )
        if returned in nested and any(_decorator_name(d) == "fixture" for d in fn.decorator_list):
            found[fn.name] = [a.arg for a in nested[returned].args.args]
    return found


def _decorator_name(node: ast.expr) -> str:
    """The last name of a decorator (``pytest.fixture()`` -> ``fixture``)."""
    target = node.func if isinstance(node, ast.Call) else node
    return attr_name(target) or ""


def _expected_or_rejected(rule: LintRule) -> bool:
    """Inside an ``assert``/comparison (a value echoed to check it) or a ``with pytest.raises(...)``
    block (an input made to be rejected): not a setting."""
    for node in rule.ctx.ancestors:
        if isinstance(node, (ast.Assert, ast.Compare)):
            return True
        if isinstance(node, (ast.With, ast.AsyncWith)) and any(
            isinstance(item.context_expr, ast.Call) and callee_name(item.context_expr) == "raises"
            for item in node.items
        ):
            return True
    return False


def dict_chunk_sizes(rule: LintRule, node: ast.Dict, held: ChunkFacts) -> None:
    """A config dict's chunk sizes: reported beside a configured tokenizer, else kept as facts (not
    one echoed by a check or made to be rejected, nor an example in a model's schema)."""
    if _expected_or_rejected(rule) or in_examples(rule):
        return
    entries = [(string_value(k), v) for k, v in zip(node.keys, node.values, strict=True) if k is not None]
    tokenized = any(_names_tokenizer(k, v) for k, v in entries)
    for key, value in entries:
        if key is None or not is_chunk_key(key):
            continue
        literal = _literal_of(value, key)
        amount = rule.budget_literal(literal)
        if amount is None:
            continue
        if tokenized:
            _report(rule, literal, key, amount, "beside the tokenizer that measures it")
        else:
            held.pending.append((literal, key, amount))


def parameter_chunk_sizes(rule: LintRule, node: ast.arguments) -> None:
    """``def __init__(self, chunk_size=256, tokenizer="gpt2")``: sizes beside a named tokenizer."""
    pairs = defaults(node)
    if not any(_names_tokenizer(a.arg, d) for a, d in pairs):
        return
    for arg, default in pairs:
        amount = rule.budget_literal(default) if is_chunk_key(arg.arg) else None
        if amount is not None and not any(r.target is default for r in rule.ctx.reports):
            _report(rule, default, arg.arg, amount, "beside the tokenizer parameter that measures it")


def call_chunk_sizes(rule: LintRule, node: ast.Call, held: ChunkFacts) -> None:
    """Facts of a call: a chunk key read into a splitter (measuring tokens or not), and the rows of a
    ``pytest.mark.parametrize("chunk_size,chunk_overlap,expected", [...])``."""
    for kw in node.keywords:
        if not is_chunk_key(kw.arg) or rule.budget_literal(kw.value) is not None:
            continue
        key = _read_key(kw.value)
        if key is None or not is_chunk_key(key):
            continue
        if sizes_token_chunks(rule.names, kw.arg or "", node, rule.ctx):
            held.token_keys.add(key)
        elif set(words(callee := callee_name(node) or "")) & _SPLITTER_WORDS:
            held.other_keys.add((key, callee))
            if attr_name(kw.value) == key and _on_self(kw.value) and (cls := rule.ctx.class_name()):
                held.own_reads.add(
                    (cls, key, callee)
                )  # ``chunk_size=self.chunk_size`` in the chunker's class
    _token_chunker(rule, node, held)
    if isinstance(node.func, ast.Name) and node.args and not _expected_or_rejected(rule):
        held.calls.append(node)
    if callee_name(node) == "parametrize" and len(node.args) >= 2:
        _parametrize_rows(rule, node.args[0], node.args[1], held)


#: The last function asked about and its chunk parameters (``_chunk_params``).
_last_params: list[tuple[ast.AST, set[str]]] = kept_per_file([])


def _chunk_params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """``fn``'s chunk parameters, read once per function (asked at each of its calls). Read it, never change it."""
    if not (_last_params and _last_params[0][0] is fn):
        args = fn.args
        found = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if is_chunk_key(a.arg)}
        _last_params[:] = [(fn, found)]
    return _last_params[0][1]


def _token_chunker(rule: LintRule, call: ast.Call, held: ChunkFacts) -> None:
    """The project's own chunker: a function whose chunk parameters (``chunk_size``, ``chunk_overlap``)
    are given to a call beside a list of tokens, a tokenizer's ``encode`` (set 44: ragna's
    ``_windowed_ragged((... for tokens in self._tokenizer.encode(page.text)), n=chunk_size,
    step=chunk_size - chunk_overlap)``; ``range(0, len(ids), chunk_size)`` with ``ids = enc.encode(text)``):
    its chunks are measured in tokens. The keys become token keys, and the parameters token budgets a
    caller forwarding its default under that name gives (``forwarded``'s take), and its own defaults
    token sizes."""
    fn = rule.ctx.function()
    if fn is None:
        return
    params = _chunk_params(fn)
    if not params:
        return
    given: set[str] = set()
    others: list[ast.expr] = []
    for arg in (*call.args, *(k.value for k in call.keywords)):
        names = {n.id for n in walk(arg) if type(n) is ast.Name and n.id in params}
        if names:
            given |= names
        else:
            others.append(arg)
    if not (given and any(holds_token_ids(rule, fn, arg) for arg in others)):
        return
    scopes = rule.ctx.scopes
    method = len(scopes) > 1 and scopes[-1] is fn and isinstance(scopes[-2], ast.ClassDef)
    positions = positional_params(fn, method)
    for name in sorted(given):
        held.token_keys.add(name)
        held.chunkers.add((fn.name, name))
        index = positions.index(name) if name in positions else -1
        rule.fact(call, f"{TAKE_FACT}{fn.name} {index} {name}", 0)
    for param, default in defaults(fn.args):  # the chunker's own default (``chunk_size=400``)
        amount = rule.budget_literal(default) if param.arg in given else None
        if amount is not None and all(literal is not default for literal, _, _ in held.pending):
            held.pending.append((default, param.arg, amount))


def holds_token_ids(rule: LintRule, fn: ast.FunctionDef | ast.AsyncFunctionDef, arg: ast.AST) -> bool:
    """``arg`` holds a tokenizer's ids: a call making them (``enc.encode(text)``), or a local bound
    only to such a call (``ids = enc.encode(text)`` ... ``len(ids)``)."""
    for node in walk(arg):
        if isinstance(node, ast.Call) and rule.token_sequence(node) and callee_name(node) != "len":
            return True
        if type(node) is ast.Name:
            values = bound_values(fn, node.id)
            if values and all(isinstance(v, ast.Call) and rule.token_sequence(v) for v in values):
                return True
    return False


def divides_tokens(rule: LintRule, ancestors: Sequence[ast.AST]) -> str | None:
    """Why a chunk size (``chunk_size``, not one in characters) read at ``ancestors[-1]`` is tokens: it
    divides a token amount, or a multiple of one, into a number of chunks (set 44: ragna's
    ``int(num_tokens * 2 / chunk_size)``, the sources to fetch for a context budget); else None."""
    node, parent = ancestors[-1], ancestors[-2]
    if not (
        type(node) is ast.Name
        and is_chunk_key(node.id)
        and isinstance(parent, ast.BinOp)
        and isinstance(parent.op, (ast.Div, ast.FloorDiv))
        and parent.right is node
    ):
        return None
    amount = parent.left
    if isinstance(amount, ast.BinOp) and isinstance(amount.op, ast.Mult):  # ``num_tokens * 2``
        sides = [amount.left, amount.right]
        numbers = [s for s in sides if type(s) is ast.Constant and isinstance(s.value, (int, float))]
        amount = next((s for s in sides if s not in numbers), amount) if len(numbers) == 1 else amount
    name = attr_name(amount) if isinstance(amount, (ast.Name, ast.Attribute)) else None
    if name is None or not (rule.token_amount(amount) or rule.names.is_budget(name)):
        return None
    return f"divides the token amount `{name}` into chunks"


def _read_key(value: ast.expr) -> str | None:
    """The setting a value is read from: ``cfg["chunk_size"]``, ``self.chunk_size``, ``chunk_size``."""
    if isinstance(value, ast.Subscript):
        return string_value(value.slice)
    if isinstance(value, ast.Call):  # ``cfg.get("chunk_size")``
        return string_value(value.args[0]) if value.args else None
    return attr_name(value)


def _parametrize_rows(rule: LintRule, names_node: ast.expr, rows: ast.expr, held: ChunkFacts) -> None:
    text = string_value(names_node)
    if text is None or not isinstance(rows, (ast.List, ast.Tuple)):
        return
    names = [n.strip() for n in text.split(",")]
    slots = [i for i, n in enumerate(names) if is_chunk_key(n)]
    if not slots:
        return
    for row in rows.elts:
        cells = row.elts if isinstance(row, (ast.Tuple, ast.List)) and len(names) > 1 else [row]
        for i in slots:
            amount = rule.budget_literal(cells[i]) if i < len(cells) else None
            if amount is not None:
                held.pending.append((cells[i], names[i], amount))


def project_chunk_sizes(rule: type[LintRule], facts: Sequence[Fact], root: Path) -> list[Finding]:
    """The literals given under a chunk key that the same project (``project_of``: its outermost
    package) reads into a splitter measuring tokens and into no other splitter."""

    project = partial(fact_project, root=root)

    token_keys = {(project(fact), fields[0]) for fact, fields in tagged(facts, TOKEN_KEY_FACT, 1)}
    chunkers = {(project(fact), fn, key) for fact, (fn, key) in tagged(facts, CHUNKER_FACT, 2)}
    token_keys -= {
        (project(fact), key)
        for fact, (key, callee) in tagged(facts, OTHER_KEY_FACT, 2)
        if (project(fact), callee, key) not in chunkers  # the project's own token chunker
    }
    findings = []
    for fact, (key,) in tagged(facts, LITERAL_FACT, 1):
        if (project(fact), key) in token_keys:
            message = (
                f"token budget {key}={fact.value} as a chunk's size: the project's chunker gives "
                f"`{key}` to a splitter measuring tokens; move it to config so it can be tuned and tested"
            )
            findings.append(finding_where_bound(rule, fact, message, key, config_key(key)))
    return findings


#: A model's fields naming the unit its chunks are measured in (``type: TextSplitterType = Field("token")``).
_UNIT_FIELDS = frozenset(
    {
        "type",
        "unit",
        "split_unit",
        "length_unit",
        "chunk_unit",
        "split_by",
        "splitter_type",
        "length_function",
    }
)
#: A validated field's bounds (pydantic's ``Field(ge=..., le=...)``).
_BOUNDS = frozenset({"le", "lt", "ge", "gt"})


def token_chunk_bounds(rule: LintRule, call: ast.Call) -> tuple[str, str, list[ast.keyword]] | None:
    """``chunk_size: Optional[int] = Field(None, ge=50, le=1000)`` in a model whose ``type`` field
    defaults to ``"token"`` (or whose ``tokenizer`` field names one): (the field, the sibling saying
    tokens, its bounds) (set 36: taskingai's ``TextSplitter``), else None."""
    if callee_name(call) != "Field":
        return None
    stmt = rule.ctx.parent(call)
    if not isinstance(stmt, ast.AnnAssign | ast.Assign) or stmt.value is not call:
        return None
    target = stmt.target if isinstance(stmt, ast.AnnAssign) else stmt.targets[0]
    name = target.id if type(target) is ast.Name else None
    bounds = [kw for kw in call.keywords if kw.arg in _BOUNDS]
    owner = rule.ctx.parent(stmt)
    if not bounds or not name or not is_chunk_key(name) or not isinstance(owner, ast.ClassDef):
        return None
    unit = _token_unit_field(owner)
    return (name, unit, bounds) if unit else None


def _token_unit_field(owner: ast.ClassDef) -> str | None:
    """The field of ``owner`` saying its chunks count tokens: a unit field defaulting to ``"token"``
    (or to an enum member ``TOKEN``), a tokenizer field naming one; else None."""
    for stmt in owner.body:
        target: ast.expr
        if isinstance(stmt, ast.AnnAssign):
            target, value = stmt.target, stmt.value
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
        else:
            continue
        if type(target) is not ast.Name:
            continue
        default = default_of(value)
        text = string_value(default)
        if text is None and isinstance(default, ast.Attribute):
            text = default.attr  # ``TextSplitterType.TOKEN``
        if target.id in _UNIT_FIELDS and (text or "").lower().startswith("token"):
            return target.id
        if _names_tokenizer(target.id, default):
            return target.id
    return None
