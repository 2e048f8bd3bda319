"""PB102's context windows named by a length alone: ``max_length``, ``DEFAULT_MAX_LENGTH``, ``_max_len``.

A maximum length may count characters as well as tokens, so the name alone decides nothing. The
company it keeps does: a length bound where a budget named as tokens is bound too, in the same scope
(the module's constants; a class with its attributes, its methods, their parameters and the keywords
and keys its code writes; a function with its parameters), or in a class that gives a length of that
name to a language model's ``generate`` (Hugging Face's counts tokens). Beside an output cap
(``max_gen_toks``, ``max_new_tokens``) a maximum length is the model's context window, the length a
token list is cut to (lm-eval's model wrappers, set 20)::

    class Wrapper(LM):
        _DEFAULT_MAX_LENGTH = 2048                      # the window when the engine reports none

        def __init__(self, max_length: int = 2048, max_gen_toks: int = 256): ...

        @property
        def max_length(self) -> int:
            return 2048

A prefix other than ``default`` or ``model`` must be one the token budget shares (``_WINML_MAX_LENGTH``
beside ``_WINML_MAX_GEN_TOKS``): ``TITLE_MAX_LENGTH`` beside ``MAX_TOKENS`` is a title's length. Not a
window: a length smaller than any model's window (``SMALLEST_MODEL_WINDOW``), or one the scope compares
with a string's length or cuts a string with (characters).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import assign_targets, generation_length
from prompt_budget.lint.forms import character_sizes
from prompt_budget.lint.names import CHAR_WORDS, SMALLEST_MODEL_WINDOW, words
from prompt_budget.lint.restated_names import says_beyond_name
from prompt_budget.lint.rule import attr_name, string_value
from prompt_budget.lint.token_cuts import CutFlow, popped_cut
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The words a window length ends with (``max_length``, ``maxlen``, ``DEFAULT_MAX_LEN``).
_TAILS = (("max", "length"), ("max", "len"))
#: The words an overlap of consecutive windows or chunks ends with (``DEFAULT_ROLLING_WINDOW_OVERLAP``):
#: counted in the unit of the token budget whose prefix it shares (set 21: weave).
_OVERLAP_TAILS = frozenset({"overlap", "stride"})
#: Prefixes that say nothing of the unit (``DEFAULT_MAX_LENGTH``, ``model_max_length``).
_QUALIFIERS = frozenset({"default", "defaults", "dflt", "model"})
#: The words a sequence length ends with (``sequence_len``, ``seq_length``): a window only by what is
#: said of it or done with it (a help text, a tokenizer in its scope), never by its name alone.
_SEQUENCE_TAILS = (("seq", "len"), ("seq", "length"), ("sequence", "len"), ("sequence", "length"))
#: Prefix words naming a model that reads tokens (``embedder_query_max_length``,
#: ``reranker_max_length``): its maximum length is its input window in tokens (set 23: FlagEmbedding).
_MODEL_WORDS = frozenset({"embedder", "reranker", "encoder", "tokenizer", "llm"})
#: Names in a scope saying it handles tokenized text (a ``tokenizer`` parameter or attribute, an
#: ``input_ids`` list or key): a maximum or sequence length there cuts token ids.
_TOKENIZED_NAMES = frozenset({"tokenizer", "input_ids"})


def _names_tokenizer(name: str) -> bool:
    """``tokenizer``, ``input_ids``, or a setting naming the tokenizer (``tokenizer_name``, a training
    config's field beside its ``max_length``: set 200, knowlyr-trainer)."""
    return name in _TOKENIZED_NAMES or name.startswith(("tokenizer_", "_tokenizer_"))


def window_length_prefix(name: str) -> tuple[str, ...] | None:
    """The words before ``max length`` when ``name`` is a maximum length (``_WINML_MAX_LENGTH`` ->
    ``("winml",)``), else None."""
    ws = words(name)
    return ws[:-2] if ws[-2:] in _TAILS else None


def help_says_sequence(name: str, help_text: str | None, value: int | float) -> bool:
    """A bare maximum or sequence length (``--max-length``, ``--seq-len``, a qualifier at most) of at least
    the smallest window a model has, whose help text says it counts a tokenized sequence ("Maximum
    sequence length", "最大序列长度": set 200, knowlyr-trainer's click option) and names no characters."""
    ws = words(name)
    prefix = window_length_prefix(name)
    if prefix is None and ws[-2:] in _SEQUENCE_TAILS:
        prefix = ws[:-2]
    return (
        prefix is not None
        and not set(prefix) - _QUALIFIERS
        and bool(help_text)
        and value >= SMALLEST_MODEL_WINDOW
        and _SAYS_TOKENS.search(help_text or "") is not None
        and not set(words(help_text or "")) & CHAR_WORDS
    )


@dataclass
class _Company:
    """What one scope binds and writes: its budgets named as tokens, each with its line, and whether it
    gives a length to a language model's ``generate``."""

    budgets: dict[str, int] = field(default_factory=dict)
    generates: set[str] = field(default_factory=set)
    characters: set[str] = field(default_factory=set)
    tokenized: bool = False


@dataclass
class WindowLengths:
    """The companies of the scopes of one module, gathered once per scope when a length is met."""

    _seen: dict[int, _Company] = field(default_factory=dict)
    _cuts: CutFlow | None = None

    def evidence(self, rule: LintRule, name: str, value: int | float | None) -> str | None:
        """Why ``name = value`` (being visited; ``value`` None when it is not a literal) is a context
        window in tokens, else None."""
        ws = words(name)
        prefix, overlap, sequence = window_length_prefix(name), False, False
        if prefix is None and len(ws) > 1 and ws[-1] in _OVERLAP_TAILS:
            prefix, overlap = ws[:-1], True  # ``ROLLING_WINDOW_OVERLAP`` beside ``ROLLING_WINDOW_MAX_TOKENS``
        if prefix is None and ws[-2:] in _SEQUENCE_TAILS:
            prefix, sequence = ws[:-2], True  # ``sequence_len``: decided by what is said or done below
        if prefix is None:
            return None
        said = _said_text(rule)
        company = self._company(rule)
        tail = "_".join(ws[-2:])
        stored = _stored_in(rule)  # ``self._max_arg_length = settings.get("max_length", 2000)``
        local = set(stored) & _locals_bound(rule)  # a function's own local: its function's slices decide
        if (
            {name, tail, *(set(stored) - local)} & company.characters
            or (local and local & self._company_of(rule, rule.ctx.function()).characters)
            or set(words(said)) & CHAR_WORDS
        ):
            return None  # ``text[: self.max_length]``, ``description="... in characters"``: characters
        if not overlap and says_beyond_name(_SAYS_TOKENS, said, ws):
            # ``help="Maximum sequence length for generation"``: the text gives the unit, whatever the size
            # (a comment only restating the name, ``# Maximum context length``, gives none)
            return "a context window: its help text says it counts a tokenized sequence"
        if not overlap and value is not None and value < SMALLEST_MODEL_WINDOW:
            return None
        free = set(prefix) - _QUALIFIERS
        if not overlap and not sequence and free & _MODEL_WORDS:
            return f"a context window: the maximum length of a model reading tokens (`{name}`)"
        if overlap and not free:
            return None
        for budget, line in sorted(company.budgets.items(), key=lambda item: item[1]):
            if not sequence and free <= set(words(budget)) and window_length_prefix(budget) is None:
                what = "an overlap of the windows of" if overlap else "a context window beside"
                return f"{what} the token budget `{budget}` (line {line})"
        if not overlap and not free and (name in company.generates or tail in company.generates):
            return "a context window: the class gives its length to a language model's `generate`"
        if not overlap and not free and company.tokenized and not self._left_to_cuts(rule, name):
            # ``def __init__(self, tokenizer, max_length=2048)``, ``def drop(sample, sequence_len=2048)``
            # reading ``sample["input_ids"]``; a prefixed length (``map_max_length``) may count words
            return "a context window: its scope handles tokenized text (a tokenizer or `input_ids`)"
        return None

    def option_evidence(
        self, rule: LintRule, name: str, value: int | float, help_text: str | None
    ) -> str | None:
        """Why a command-line option's default ``name=value`` (a maximum or sequence length) is a
        context window: its help text says it counts a tokenized sequence, or the scope parsing it
        handles tokenized text (``evidence``)."""
        ws = words(name)
        if window_length_prefix(name) is None and ws[-2:] not in _SEQUENCE_TAILS:
            return None
        if {"block", "page"} & set(ws):  # a KV cache's block of tokens: memory layout, not a context
            return None
        if help_text and (set(words(help_text)) & CHAR_WORDS or "word" in help_text.lower()):
            return None
        if help_text and _SAYS_TOKENS.search(help_text):
            return "a context window: its help text says it counts a tokenized sequence"
        if rule.ctx.function() is None:
            return None
        return self.evidence(rule, name, value)

    def _left_to_cuts(self, rule: LintRule, name: str) -> bool:
        """A default of ``name`` another judgement owns: a parameter's of an abstract method (its body
        does nothing with it), or a weakly named parameter's or lookup's PB101 reports as the length a
        tokenizer cuts to (``token_cuts.truncation_defaults``, ``token_cuts.popped_cut``)."""
        fn = rule.ctx.function()
        call = next((a for a in reversed(rule.ctx.ancestors) if isinstance(a, ast.Call)), None)
        if fn is not None and call is not None and setting_fallback(call) is not None:
            # ``max_length = kwargs.pop("max_length", 512)`` reaching a tokenizer: PB101's
            if self._cuts is None:
                self._cuts = CutFlow(rule)
            return popped_cut(rule, call, self._cuts) is not None
        if fn is None or not any(isinstance(a, ast.arguments) for a in rule.ctx.ancestors):
            return False
        if any(attr_name(d) == "abstractmethod" for d in fn.decorator_list):
            return True
        names = rule.names
        if not names.is_weak_budget(name) or names.is_budget_setting(name) or names.mentions_tokens(fn.name):
            return False
        if self._cuts is None:
            self._cuts = CutFlow(rule)
        return self._cuts.cut_keyword(fn, name, rule.ctx.enclosing_class()) is not None

    def _company(self, rule: LintRule) -> _Company:
        ctx = rule.ctx
        return self._company_of(rule, ctx.enclosing_class() or ctx.function() or ctx.tree)

    def _company_of(self, rule: LintRule, scope: ast.AST | None) -> _Company:
        """What ``scope`` (a class, a function, the module) says of its lengths, gathered once."""
        if scope is None:
            return _Company()
        found = self._seen.get(id(scope))
        if found is None:
            found = self._seen[id(scope)] = _gather(rule, scope)
        return found


def _statement(rule: LintRule) -> tuple[ast.stmt | None, ast.AST | None]:
    """The statement being visited and the node whose body holds it (None for a compound statement:
    a parameter's default is visited inside its ``def``)."""
    ancestors = rule.ctx.ancestors
    at = next((i for i in range(len(ancestors) - 1, -1, -1) if isinstance(ancestors[i], ast.stmt)), None)
    if at is None or isinstance(ancestors[at], _COMPOUND):
        return None, None
    stmt = ancestors[at]
    return (stmt if isinstance(stmt, ast.stmt) else None), (ancestors[at - 1] if at else None)


_COMPOUND = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.If,
    ast.For,
    ast.While,
    ast.With,
    ast.Try,
)


def _stored_in(rule: LintRule) -> list[str]:
    """The names the statement being visited binds (its reads decide the unit of what it stores)."""
    stmt, _ = _statement(rule)
    return [n for n in (attr_name(t) for t in assign_targets(stmt)) if n]


def _locals_bound(rule: LintRule) -> set[str]:
    """The plain names the statement being visited binds inside a function (``truncate_length =
    kwargs.get("max_len", 2048)``): locals, whose reads are their function's, not their class's."""
    stmt, _ = _statement(rule)
    if rule.ctx.function() is None:
        return set()
    return {t.id for t in assign_targets(stmt) if type(t) is ast.Name}


def _said_text(rule: LintRule) -> str:
    """What the statement being visited says of its number (characters, a tokenized sequence): its
    comment, the description or help text of the field it builds (``Field(default=16000,
    description="... in number of characters")``, a dataclass field's ``metadata={"help": ...}``,
    pydantic's ``json_schema_extra={"description": ...}``), or the docstring written under it (an
    attribute's docstring), joined."""
    stmt, holder = _statement(rule)
    texts = [rule.ctx.comment()]
    value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
    if isinstance(value, ast.Call):
        for k in value.keywords:
            if k.arg in _DESCRIBING:
                texts.append(string_value(k.value) or "")
            elif k.arg in _METADATA and isinstance(k.value, ast.Dict):
                texts.extend(
                    string_value(v) or ""
                    for key, v in zip(k.value.keys, k.value.values, strict=True)
                    if key is not None and string_value(key) in _DESCRIBING
                )
    body: list[ast.stmt] = getattr(holder, "body", None) or []
    if stmt is not None and stmt in body and (at := body.index(stmt)) + 1 < len(body):
        after = body[at + 1]
        if isinstance(after, ast.Expr):
            texts.append(string_value(after.value) or "")
    return "\n".join(t for t in texts if t)


#: A help text saying a length counts tokens: ``"Maximum length of the tokenized sequence."``,
#: ``"Maximum sequence (prompt + response) length"``, ``"The maximum length of the model inputs"``,
#: ``"most models have a token/context limit"``.
_SAYS_TOKENS = re.compile(
    r"\btokeni[sz]ed\b|\btokens\b|\bsequence\s*(?:\([^)]*\)\s*)?length\b|\bmodel\s+inputs?\b"
    r"|\binput\s+sequences?\b|\btoken\s*/\s*context\b|\bcontext\s+(?:length|limit|window)\b"
    r"|序列长度|上下文(?:长度|窗口)",  # Chinese: "sequence length", "context length / window" (set 200: knowlyr-trainer)
    re.IGNORECASE,
)
#: The sides of a model's request a budget names without the word tokens (``max_completion_length``):
#: a maximum length beside one is the window of prompt and completion (set 22: trl's configs).
_GENERATED_SIDES = frozenset({"completion", "generation"})

#: Keywords of a field or option that say what it holds.
_DESCRIBING = frozenset({"description", "help", "title", "doc"})
#: Keywords of a field holding a dict of its descriptions (dataclasses' ``metadata``, pydantic's
#: ``json_schema_extra``).
_METADATA = frozenset({"metadata", "json_schema_extra"})


def _gather(rule: LintRule, scope: ast.AST) -> _Company:
    """The company of ``scope``: a module's constants, or everything a class or function binds and
    writes."""
    company = _Company()
    names = rule.names

    def note(name: str | None, node: ast.AST) -> None:
        if (
            name
            and names.is_budget(name)
            and (names.says_tokens(name) or set(words(name)) & _GENERATED_SIDES)
        ):
            line = getattr(node, "lineno", 0)
            company.budgets[name] = min(company.budgets.get(name, line), line)

    if isinstance(scope, ast.Module):
        for stmt in scope.body:
            if isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    note(attr_name(target), stmt)
            elif isinstance(stmt, ast.AnnAssign):
                note(attr_name(stmt.target), stmt)
        company.characters = character_sizes(rule, scope)
        return company
    for node in walk(scope):
        if not company.tokenized and (
            (isinstance(node, ast.Name) and _names_tokenizer(node.id))
            or (isinstance(node, ast.Attribute) and _names_tokenizer(node.attr))
            or (isinstance(node, ast.arg) and _names_tokenizer(node.arg))
            or (isinstance(node, ast.Constant) and node.value in _TOKENIZED_NAMES)
        ):
            company.tokenized = True  # ``def __init__(self, tokenizer, max_length=2048)``
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in assign_targets(node):
                note(attr_name(target), node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            note(node.name, node)
        elif isinstance(node, ast.arg):
            note(node.arg, node)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                note(string_value(key) if key is not None else None, node)
        elif isinstance(node, ast.Call):
            for kw in node.keywords:
                note(kw.arg, node)
                if kw.arg and generation_length(kw.arg, node):
                    company.generates.add(kw.arg)  # ``self.model.generate(ids, max_length=max_length)``
    company.characters = character_sizes(rule, scope)
    return company


def setting_fallback(call: ast.Call) -> tuple[str, ast.expr] | None:
    """``kwargs.pop("max_length", 2048)``, ``cfg.get(...)``, ``getattr(obj, "max_length", 2048)``: the
    setting's name and the default written for it, else None."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in {"get", "pop", "setdefault"} and len(call.args) == 2:
        key, default = call.args
    elif isinstance(func, ast.Name) and func.id == "getattr" and len(call.args) == 3:
        key, default = call.args[1:]
    else:
        return None
    name = string_value(key)
    return (name, default) if name else None
