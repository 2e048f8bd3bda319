"""Where a number is the length a tokenizer cuts its input to: a number of tokens, whatever it is named.

- a call that truncates (``tokenizer(text, truncation=True, max_length=512)``, a pipeline called with
  ``truncation=True``, ``tokenizer.enable_truncation(max_length=...)``) cuts to its length keyword;
- the same keyword arguments written as a dict (``pipeline_kwargs={"max_length": 512, "truncation":
  True}``), handed to such a call later;
- an attribute of the instance a method cuts to (``self.max_input_length = 500`` ... ``max_length=
  self.max_input_length``), or a parameter stored in one (``self.max_length = max_length``);
- a parameter's default (``def _get_tokenizer(self, max_length=512)``) or a ``kwargs.pop("max_length",
  512)`` default bound to a local, when the name reaches a cut's length in the function, bare or as a
  bound (``max_length=min(model_max, max_length)``), or through one call to a function or method of
  the module whose parameter does (``self._get_tokenizer(max_length)``);
- an embedding model's ``max_length`` (``HuggingFaceEmbedding(max_length=512)``, also bound by a factory:
  ``partial(HuggingFaceEmbedding, max_length=512)``): the input length it truncates to;
- a tokenizer's ``model_max_length`` set where it is made (``AutoTokenizer.from_pretrained(name,
  model_max_length=512)``): Hugging Face's longest input, in tokens, that ``truncation=True`` cuts to,
  and read back off it (``tokenizer.model_max_length``, ``doc_tokenizer.doc_maxlen``), or given as a
  tokenizer's (``tokenizer_max_length=512``);
- the fixed length a tokenizer that truncates pads to (``enable_padding(length=256)`` beside
  ``enable_truncation(max_length=256)``).

Audio feature extractors truncate too (``processor(audio, sampling_rate=16000, truncation=True,
max_length=800)``), but to samples or frames: a call given a sampling rate, or a feature extractor's or
audio's call, is not a tokenizer's.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import module_functions, positional_params
from prompt_budget.lint.forms import truncating
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, defaults, string_value
from prompt_budget.lint.truncating_models import model_cut, model_length
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef

#: Keywords of an audio feature extractor's call: the rate its samples were taken at.
_AUDIO_KEYWORDS = frozenset({"sampling_rate", "sample_rate", "sampling_frequency"})
#: Words of a callee that takes audio, not text.
_AUDIO_WORDS = frozenset({"audio", "speech", "wav", "waveform"})
#: The last word of an embedding model's class (``HuggingFaceEmbedding``, ``TextEmbedder``).
_EMBEDDER_WORDS = frozenset({"embedding", "embeddings", "embedder"})
#: Functions whose result is bounded by each argument: ``min(model_max, max_length)`` cuts to at most it.
_BOUNDS = frozenset({"min", "max"})


def _audio(call: ast.Call) -> bool:
    """``processor(audio, sampling_rate=16000, ...)``, ``feature_extractor(...)``: a call on sound."""
    if any(kw.arg in _AUDIO_KEYWORDS for kw in call.keywords):
        return True
    ws = set(words(callee_name(call) or ""))
    return bool(ws & _AUDIO_WORDS) or {"feature", "extractor"} <= ws


def cuts_tokens(call: ast.Call) -> bool:
    """A tokenizer's (or a text pipeline's) call that cuts its input to a number of tokens."""
    return (truncating(call) or callee_name(call) == "enable_truncation") and not _audio(call)


def cut_kwargs(node: ast.Dict) -> bool:
    """``{"max_length": 512, "truncation": True}``: the keyword arguments of a call that truncates, as a
    dict (a pipeline's or a tokenizer's settings), not an audio extractor's (``"sampling_rate"``)."""
    entries = {string_value(k): v for k, v in zip(node.keys, node.values, strict=False)}
    flag = entries.get("truncation")
    return isinstance(flag, ast.Constant) and flag.value is True and not _AUDIO_KEYWORDS & entries.keys()


def embedder_length(keyword: str, call: ast.Call) -> bool:
    """``HuggingFaceEmbedding(model_name=m, max_length=512)``, ``LazyInit(HuggingFaceEmbedding, ...,
    max_length=512)``: the longest input an embedding model's class takes (it truncates to it)."""
    ws = set(words(keyword))
    if not (ws & {"length", "len"} and "max" in ws):
        return False
    if model_length(keyword, call):  # ``CrossEncoder(name, max_length=512)``: a reranker cuts to it
        return True
    first = call.args[0] if call.args and isinstance(call.args[0], (ast.Name, ast.Attribute)) else None
    for name in (callee_name(call), attr_name(first)):
        last = words(name or "")[-1:]
        if name and name.lstrip("_")[:1].isupper() and last and last[0] in _EMBEDDER_WORDS:
            return True
    return False


def tokenizer_length(keyword: str, call: ast.Call) -> bool:
    """``AutoTokenizer.from_pretrained(name, model_max_length=512)``, ``BertTokenizerFast(...,
    model_max_length=512)``: the longest input of a tokenizer, given where it is made or loaded; a
    keyword naming it as a tokenizer's (``EmbeddingGenerator(..., tokenizer_max_length=512)``) to any call."""
    ws = words(keyword)
    if "tokenizer" in ws and "max" in ws and {"len", "length"} & set(ws):
        return True
    if keyword != "model_max_length":
        return False
    func = call.func
    names = [callee_name(call) or ""]
    if isinstance(func, ast.Attribute):
        names.append(attr_name(func.value) or "")
    return any("tokenizer" in words(name) for name in names)


def padded_length(rule: LintRule, call: ast.Call) -> ast.expr | None:
    """``tokenizer.enable_padding(length=256)`` where the same tokenizer is given
    ``enable_truncation(...)`` in the scope: the fixed length (in tokens) every input is cut and padded
    to (set 22: chromadb). Padding alone is no budget."""
    func = call.func  # the callee first: asked at every call walked
    if not isinstance(func, ast.Attribute) or func.attr != "enable_padding":
        return None
    length = next((kw.value for kw in call.keywords if kw.arg == "length"), None)
    if length is None:
        return None
    receiver = ast.dump(func.value)
    scope = rule.ctx.function() or rule.ctx.tree
    for node in walk(scope) if scope is not None else ():
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "enable_truncation"
            and ast.dump(node.func.value) == receiver
        ):
            return length
    return None


def tokenizer_maxlen(node: ast.expr) -> bool:
    """``tokenizer.model_max_length``, ``ckpt.doc_tokenizer.doc_maxlen``: a tokenizer's longest input
    (an attribute saying a maximum length, read off an object named a tokenizer), in tokens."""
    if not isinstance(node, ast.Attribute):
        return False
    ws = set(words(node.attr))
    owner = attr_name(node.value) or ""
    return "max" in ws and bool(ws & {"len", "length"}) and "tokenizer" in words(owner)


def _held(expr: ast.expr) -> str | None:
    """``max_length`` -> ``max_length``, ``self.max_length`` -> ``self.max_length``: the name or the
    instance's attribute an expression reads, else None."""
    if type(expr) is ast.Name:
        return expr.id
    if type(expr) is ast.Attribute and type(expr.value) is ast.Name and expr.value.id in {"self", "cls"}:
        return f"self.{expr.attr}"
    return None


def _reaches(expr: ast.expr, name: str) -> bool:
    """``max_length``, ``min(model_max, max_length)``, ``self.max_length``: the expression is the name
    (or the instance's attribute), or bounded by it."""
    held = _held(expr)
    if held is not None:
        return held == name
    if type(expr) is ast.Call and type(expr.func) is ast.Name and expr.func.id in _BOUNDS:
        return any(_reaches(a, name) for a in expr.args)
    return False


def _lengths(rule: LintRule, call: ast.Call) -> Iterator[tuple[str, ast.expr]]:
    """(the keyword, the value) of each length a cutting call is given: its weakly named length keywords
    (``max_length=``), ``enable_truncation``'s first argument."""
    if callee_name(call) == "enable_truncation" and call.args:
        yield "max_length", call.args[0]
    for kw in call.keywords:
        if kw.arg and (rule.names.is_weak_budget(kw.arg) or model_length(kw.arg, call)):
            yield kw.arg, kw.value


class CutFlow:
    """The names each function of one module cuts a tokenizer's input to, found on the module's whole
    tree (not only the statements the rules' walk visits): asked only for a weakly named number, so
    its walks are few."""

    def __init__(self, rule: LintRule) -> None:
        self.rule = rule
        self._cuts: dict[int, tuple[Function, dict[str, str]]] = {}
        self._module: dict[str, Function | None] | None = None

    def _direct(self, fn: Function) -> dict[str, str]:
        """name -> the length keyword it is given as, for each name ``fn`` cuts a tokenizer's input to."""
        cached = self._cuts.get(id(fn))
        if cached is not None and cached[0] is fn:
            return cached[1]
        found: dict[str, str] = {}
        for node in walk(fn):
            if type(node) is ast.Call and (cuts_tokens(node) or model_cut(node)):
                for keyword, value in _lengths(self.rule, node):
                    for name in (_held(n) for n in walk(value) if isinstance(n, ast.expr)):
                        if name is not None and _reaches(value, name):
                            found.setdefault(name, keyword)
        self._cuts[id(fn)] = (fn, found)
        return found

    def _functions(self) -> dict[str, Function | None]:
        """The module's functions by name (None for a name defined twice)."""
        if self._module is None:
            self._module = module_functions(self.rule.ctx.tree)
        return self._module

    def _callee(self, call: ast.Call, owner: ast.ClassDef | None) -> tuple[Function, bool] | None:
        """The module's function (``f(...)``) or the enclosing class's method (``self.f(...)``) called,
        and whether it is a method."""
        func = call.func
        if type(func) is ast.Name:
            fn = self._functions().get(func.id)
            return (fn, False) if fn is not None else None
        if type(func) is ast.Attribute and type(func.value) is ast.Name and func.value.id in {"self", "cls"}:
            methods = [
                s
                for s in (owner.body if owner is not None else [])
                if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == func.attr
            ]
            return (methods[0], True) if len(methods) == 1 else None
        return None

    def attribute_cut(self, attribute: str, owner: ast.ClassDef | None) -> str | None:
        """The length keyword a method of ``owner`` cuts a tokenizer's input to ``self.<attribute>``
        with (``self.tokenizer(text, truncation=True, max_length=self.max_length)``), else None."""
        for stmt in owner.body if owner is not None else []:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                keyword = self._direct(stmt).get(f"self.{attribute}")
                if keyword is not None:
                    return keyword
        return None

    def _stored(self, fn: Function, name: str, owner: ast.ClassDef | None) -> str | None:
        """``self.max_length = max_length`` in ``fn``, a method of ``owner`` that cuts to
        ``self.max_length``: the length keyword the stored parameter reaches (set 21: lazyllm)."""
        if owner is None:
            return None
        for node in walk(fn):
            if isinstance(node, ast.Assign) and type(node.value) is ast.Name and node.value.id == name:
                for target in node.targets:
                    held = _held(target) if type(target) is ast.Attribute else None
                    if held is not None:
                        keyword = self.attribute_cut(held.removeprefix("self."), owner)
                        if keyword is not None:
                            return keyword
        return None

    def cut_keyword(self, fn: Function, name: str, owner: ast.ClassDef | None) -> str | None:
        """The length keyword ``name`` reaches in ``fn``: given to a cut there, stored in an attribute
        of the instance a method of the class cuts to, or given as an argument of a call to a function
        of the module whose parameter is; None when it reaches none."""
        direct = self._direct(fn).get(name) or self._stored(fn, name, owner)
        if direct is not None:
            return direct
        for node in walk(fn):
            if type(node) is not ast.Call or not any(
                _reaches(a, name) for a in (*node.args, *(k.value for k in node.keywords))
            ):
                continue
            found = self._callee(node, owner)
            if found is None or found[0] is fn:
                continue
            callee, method = found
            cuts = self._direct(callee)
            params = positional_params(callee, method)
            passed = [p for a, p in zip(node.args, params, strict=False) if _reaches(a, name)]
            passed += [k.arg for k in node.keywords if k.arg and _reaches(k.value, name)]
            keyword = next((cuts[p] for p in passed if p in cuts), None)
            if keyword is not None:
                return keyword
        return None


def truncation_defaults(
    rule: LintRule, node: ast.arguments, flow: CutFlow
) -> list[tuple[str, ast.expr, int | float]]:
    """``def _classifier(texts, max_length=64)`` ... ``tokenizer(texts, truncation=True,
    max_length=max_length)``: (the length keyword, the default, its value) of a weakly named parameter
    that reaches a cut's length (set 16: crawl4ai; set 17: autorag's ``enable_truncation(max_length=
    min(model_max, max_length))``). Not when the function's name says tokens or the parameter's is a
    budget's: PB102 judges those defaults itself. Walks the function only when it has such a parameter
    with a budget-sized default."""
    fn = rule.ctx.parent(node)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or rule.names.mentions_tokens(fn.name):
        return []
    found: list[tuple[str, ast.expr, int | float]] = []
    owner: ast.ClassDef | None = None
    for arg, written in defaults(node):
        if not rule.names.is_weak_budget(arg.arg) or rule.names.is_budget_setting(arg.arg):
            continue
        value = rule.budget_literal(written)
        if value is None:
            continue
        owner = owner or rule.ctx.enclosing_class()
        keyword = flow.cut_keyword(fn, arg.arg, owner)
        if keyword is not None:
            found.append((keyword, written, value))
    return found


def popped_cut(rule: LintRule, call: ast.Call, flow: CutFlow) -> str | None:
    """``max_length = kwargs.pop("max_length", 512)``: the length keyword the local bound to a lookup's
    default reaches (see ``CutFlow.cut_keyword``), or the one the lookup is given as itself, for a weakly
    named key (set 17: autorag's FlashRank)."""
    parent = rule.ctx.parent(call)
    given = rule.ctx.parent(parent) if isinstance(parent, ast.keyword) else None
    if isinstance(parent, ast.keyword) and isinstance(given, ast.Call) and cuts_tokens(given):
        # ``tokenizer(text, truncation=True, max_length=kwargs.get("max_length", 512))``
        return parent.arg if parent.arg and rule.names.is_weak_budget(parent.arg) else None
    fn = rule.ctx.function()
    if (
        fn is None
        or not isinstance(parent, ast.Assign)
        or len(parent.targets) != 1
        or type(parent.targets[0]) is not ast.Name
    ):
        return None
    return flow.cut_keyword(fn, parent.targets[0].id, rule.ctx.enclosing_class())


def attribute_cut(rule: LintRule, target: ast.expr, flow: CutFlow) -> str | None:
    """``self.max_input_length = 500`` in a method, where a method of the class gives
    ``max_length=self.max_input_length`` to a call that truncates: the length keyword the attribute is
    cut to, whatever it is named (set 21: SummaC in lighteval and crfm-helm). Not an attribute named as
    a budget, weakly or not (``self.max_length = 128``): PB102 follows those fields itself."""
    held = _held(target) if type(target) is ast.Attribute else None
    if held is None or rule.ctx.function() is None:
        return None
    attribute = held.removeprefix("self.")
    if rule.names.is_budget(attribute) or rule.names.is_weak_budget(attribute):
        return None
    return flow.attribute_cut(attribute, rule.ctx.enclosing_class())


def cut_read(rule: LintRule, ancestors: Sequence[ast.AST]) -> str | None:
    """Why the read ``ancestors[-1]`` of a constant or a class's field (``MAX_LENGTH``,
    ``self.MIN_QUERY_LENGTH``) is a number of tokens whatever its name: it is the length a tokenizer's
    call cuts its input to (``tokenizer.enable_truncation(max_length=MAX_LENGTH)``, ``tokenizer(text,
    truncation=True, max_length=LIMIT)``), or the length a truncating tokenizer pads to
    (``enable_padding(length=...)``; set 27: fastembed). The caller leaves out parameters: a weakly
    named parameter's default given to a cut is PB101's (``truncation_defaults``)."""
    if len(ancestors) < 3:
        return None
    node, parent, grand = ancestors[-1], ancestors[-2], ancestors[-3]
    if isinstance(parent, ast.keyword) and parent.arg and isinstance(grand, ast.Call):
        if cuts_tokens(grand) and rule.names.is_weak_budget(parent.arg):
            return f"the length `{parent.arg}=` the tokenizer's `{callee_name(grand)}` truncates to"
        if padded_length(rule, grand) is node:
            return f"the length `{callee_name(grand)}` pads a truncating tokenizer's input to"
    if (
        isinstance(parent, ast.Call)
        and callee_name(parent) == "enable_truncation"
        and parent.args[:1] == [node]
    ):
        return "the length the tokenizer's `enable_truncation` truncates to"
    return None
