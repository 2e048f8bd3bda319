"""PB104's readings of a rate's operands beyond a literal and a plain ``len(text)``: counts of a text's
words (``len(x.split())`` and statistics over them), sizes divided by the same rate as a length, counts of characters under an
abbreviation (``ascii_ch_count``, set 21: lazyllm), and a rate kept in a constant of the module or of the
class (``TOKEN_SCALER = 0.75`` read as ``len(p.split()) / self.TOKEN_SCALER``, set 21: garak) or in a
parameter's default (``han_tokens: float = 0.625`` read as ``han_count * han_tokens``, set 28). Kept
apart from the rule: they read expressions and bindings, and judge no finding themselves.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.names import UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, callee_name, defaults, number, string_value
from prompt_budget.lint.walks import kept_per_file, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_SIZE_WORDS = frozenset({"size", "max", "limit", "length", "len", "budget"})
#: Abbreviations of "characters" (``ch``, ``chr``), which say characters next to a count word.
_CHAR_ABBREVIATIONS = frozenset({"ch", "chr", "chs"})
_COUNT_WORDS = frozenset({"count", "counts", "cnt", "num", "n", "len", "length", "total"})
#: Receivers of a class's own constant (``self.RATE``, ``cls.RATE``).
_OWN = frozenset({"self", "cls"})


#: Pieces a splitting helper may cut a text into that are not words (``split_text`` gives chunks).
_NOT_WORDS = frozenset(
    {"text", "texts", "document", "documents", "chunk", "chunks", "line", "lines", "sentence", "sentences"}
    | {"paragraph", "paragraphs"}
)


def splits_words(call: ast.Call) -> bool:
    """``text.split()``, ``re.split(p, text)``, ``_split_by_punctuation(text)`` (set 22: langchain's
    VertexAI embeddings): a call cutting a text into words (and punctuation), not into lines, sentences,
    chunks or messages."""
    ws = set(words(callee_name(call) or ""))
    if callee_name(call) == "findall" and call.args and string_value(call.args[0]) in _WORD_PATTERNS:
        return True  # ``re.findall(r"\S+", text)``: the text's words (set 535: open-otk's fallback estimate)
    if callee_name(call) == "findall" and isinstance(call.func, ast.Attribute):
        # ``_WORDISH.findall(text)``, a compiled pattern named for words (set 543: ctxkernel's estimate)
        return any(w.startswith("word") for w in words(attr_name(call.func.value) or ""))
    return "split" in ws and not ws & (_NOT_WORDS | UNIT_WORDS)


#: Regular expressions matching a text's words one by one.
_WORD_PATTERNS = frozenset({r"\S+", r"\w+", r"\b\w+\b", r"[^\s]+"})


def word_count(node: ast.AST) -> bool:
    """``len(x.split(" "))``: a count of a text's words."""
    return (
        isinstance(node, ast.Call)
        and callee_name(node) == "len"
        and bool(node.args)
        and isinstance(node.args[0], ast.Call)
        and callee_name(node.args[0]) == "split"
    )


def words_aggregate(value: ast.expr) -> bool:
    """``np.percentile([len(x.split(" ")) for x in docs], 90)``, ``max(len(q.split()) for q in qs)``: a
    statistic over the word counts of several texts, a count of words too."""
    return isinstance(value, ast.Call) and any(
        isinstance(arg, (ast.ListComp, ast.GeneratorExp)) and word_count(arg.elt) for arg in value.args
    )


def size_name(node: ast.expr) -> bool:
    """``config.chunk_max_size``, ``max_length``: a name of a size or a limit."""
    return bool(set(words(attr_name(node) or "")) & _SIZE_WORDS)


#: A length of one of these is of a text: characters (``text_len``, set 237: simba-ai's ``hit.content_len``).
_TEXT_WORDS = frozenset({"text", "content", "prompt", "body"})


def abbreviated_chars(name: str) -> bool:
    """``ascii_ch_count``, ``n_chr``: a count of characters under an abbreviation; ``text_len``, ``text_length``,
    ``content_len``: a text's length (not ``content_length``, which may name a method or a header)."""
    ws = set(words(name))
    return (
        (bool(ws & _CHAR_ABBREVIATIONS) and bool(ws & _COUNT_WORDS))
        or ("text" in ws and bool(ws & {"len", "length"}))
        or ("len" in ws and bool(ws & _TEXT_WORDS))
    )


def offset_span(node: ast.BinOp) -> bool:
    """``end - start``, ``last_end - last_start``: the span between two offsets into a text (set 253:
    dynamanic-raggedy's ``(last_end - last_start) // 4``), not between two token positions."""
    left, right = set(words(attr_name(node.left) or "")), set(words(attr_name(node.right) or ""))
    if (left | right) & {"tok", "token", "tokens", "ids", "idx", "time", "ts", "seconds", "ms"}:
        return False
    return bool(left & {"end", "stop"}) and bool(right & {"start", "begin"})


#: Per module or class body (by id, with the body kept in its entry): the values each name is bound to
#: there, in order (``_bound_in``). Emptied when a file is done.
_bodies: list[dict[int, tuple[list[ast.stmt], dict[str, list[ast.expr]]]]] = kept_per_file([])


def _bound_in(body: list[ast.stmt]) -> dict[str, list[ast.expr]]:
    """The values each name is bound to by an assignment of ``body``, in order (once per statement). Read
    once per body: ``named_rate`` asks at every product and quotient of a name (19,000 over the benchmark
    corpus), and reading the whole module's body for each was a percent of the lint."""
    if not _bodies:
        _bodies.append({})
    kept = _bodies[0]
    hit = kept.get(id(body))
    if hit is not None and hit[0] is body:
        return hit[1]
    found: dict[str, list[ast.expr]] = {}
    for s in body:
        if isinstance(s, (ast.Assign, ast.AnnAssign)) and s.value is not None:
            targets = s.targets if isinstance(s, ast.Assign) else [s.target]
            for name in dict.fromkeys(t.id for t in targets if isinstance(t, ast.Name)):
                found.setdefault(name, []).append(s.value)
    kept[id(body)] = (body, found)
    return found


def _constant_in(body: list[ast.stmt], name: str) -> ast.expr | None:
    """The number ``name`` is bound to once in ``body`` (a module's or a class's), else None."""
    values = _bound_in(body).get(name, ())
    return values[0] if len(values) == 1 and number(values[0]) is not None else None


def named_rate(node: ast.expr, tree: ast.AST | None, cls: ast.ClassDef | None) -> ast.expr | None:
    """The literal a rate's operand names: ``RATE`` bound once to a number at the top of the module, or
    ``self.RATE`` (``cls.RATE``, ``Owner.RATE``) in the body of the enclosing class or first in its ``__init__``; else
    None. The rate
    is then judged as if written where it is read, and reported where it is written."""
    if isinstance(node, ast.Name) and isinstance(tree, ast.Module):
        return _constant_in(tree.body, node.id)
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and cls is not None
        and node.value.id in (_OWN | {cls.name})
    ):
        return _constant_in(cls.body, node.attr) or _initial(cls, node.attr)
    return None


def _initial(cls: ast.ClassDef, attr: str) -> ast.expr | None:
    """The number ``self.<attr>`` starts at in the class's ``__init__`` (``self.ratio = 4.0``, then refined from
    observed usage: set 495's hexcli ``_TokenEstimator``), when ``__init__`` (nested blocks included) binds it to one
    number, maybe to a read on another branch (set 619: contextly's environment variable)."""
    init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    if init is None:
        return None
    values = [
        n.value
        for n in walk(init)
        if isinstance(n, ast.Assign)
        and len(n.targets) == 1
        and isinstance(t := n.targets[0], ast.Attribute)
        and t.attr == attr
        and isinstance(t.value, ast.Name)
        and t.value.id == "self"
    ]
    # one number, and on another branch maybe a read (``float(os.environ.get(...))``, set 619: contextly)
    numbers = [v for v in values if number(v) is not None]
    return numbers[0] if len(numbers) == 1 else None


def _rebound(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """``name`` is assigned anew somewhere in ``fn`` (its default is then not what it holds)."""
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in walk(fn))


def default_rate(node: ast.expr, fn: ast.AST | None) -> ast.expr | None:
    """``han_count * han_tokens`` in ``def count_tokens(text, han_tokens: float = 0.625)``: the number a
    parameter of the enclosing function defaults to, when the function never binds it anew (set 28:
    qianfan's local token estimate). The rate is judged where it multiplies or divides, and reported
    where its default is written."""
    if not isinstance(node, ast.Name) or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    found = next((d for a, d in defaults(fn.args) if a.arg == node.id), None)
    if found is None or number(found) is None or _rebound(fn, node.id):
        return None
    return found


def bound_to_word_counts(fn: ast.AST | None, name: str) -> bool:
    """A local of the function ``fn`` bound (only) to a statistic over word counts (set 19:
    ragatouille's ``percentile_90 = np.percentile([len(x.split(" ")) for x in documents], 90)``)."""
    if fn is None:
        return False
    values = [
        n.value
        for n in walk(fn)
        if isinstance(n, ast.Assign)
        and len(n.targets) == 1
        and isinstance(n.targets[0], ast.Name)
        and n.targets[0].id == name
    ]
    return bool(values) and all(words_aggregate(v) for v in values)


def same_rate(
    ancestors: Sequence[ast.AST], node: ast.BinOp, factor: float, unit: Callable[[ast.expr], str | None]
) -> bool:
    """``len(doc) // 3 <= 5 * (config.chunk_max_size // 3)``: a text's length and, on the other side
    of a comparison, a size (or another length) divided by the same rate: a conversion of both into
    another unit (set 18: raglite). ``node`` (the division visited, ``ancestors[-1]``) is the first length
    in characters (``unit`` says "chars") divided so: reported once."""
    compare = next((a for a in reversed(ancestors) if isinstance(a, (ast.Compare, ast.stmt))), None)
    if not isinstance(compare, ast.Compare):
        return False
    divided = [
        [
            d
            for d in walk(side)
            if isinstance(d, ast.BinOp) and type(d.op) is type(node.op) and number(d.right) == factor
        ]
        for side in (compare.left, *compare.comparators)
    ]
    lengths = [d for side in divided for d in side if unit(d.left) == "chars"]
    sizes = [d for side in divided if node not in side for d in side if d in lengths or size_name(d.left)]
    return bool(lengths) and lengths[0] is node and bool(sizes)


#: Words of a local's name saying it holds a rate (``token_approx_factor``), watched where it divides.
LOCAL_RATE_WORDS = frozenset({"factor", "ratio", "rate", "approx", "scale", "scaler", "divisor"})


def local_rate(node: ast.expr, fn: ast.AST | None) -> ast.expr | None:
    """``len(text) // token_approx_factor`` after ``token_approx_factor = 4`` in the same function: the
    number a local is bound to, once and nowhere else in the function (set 48: ares-ai). The rate is
    judged where it divides, and reported where it is written, as a module constant's is."""
    if not isinstance(node, ast.Name) or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    found: ast.expr | None = None
    stores = 0
    for n in walk(fn):
        if isinstance(n, ast.Name) and n.id == node.id and not isinstance(n.ctx, ast.Load):
            stores += 1
        elif (
            isinstance(n, ast.Assign)
            and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name)
            and n.targets[0].id == node.id
        ):
            found = n.value
        elif isinstance(n, ast.arg) and n.arg == node.id:
            return None  # a parameter, bound by every caller
    return found if stores == 1 and number(found) is not None else None


def converted_number(node: ast.expr) -> ast.expr | None:
    """The argument of a one-argument conversion to a number (``float(x)``, ``int(x)``, a project's
    ``_number(x)``), whose unit is its argument's; else None."""
    if not (isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords):
        return None
    return node.args[0] if {"int", "float", "number"} & set(words(callee_name(node) or "")) else None


def estimator_start(rule: LintRule, target: ast.Attribute, factor: float | None) -> bool:
    """``self.<name> = 4.0`` in the ``__init__`` of a class named for tokens (``_TokenEstimator``), or under a name of
    a rate of tokens (``self.token_multiplier = 3.5``, set 619: contextly's packer): the rate of 2.5 to 6 characters
    per token an estimator starts at, read as ``self.<name>`` by its methods (``named_rate``; set 495: hexcli)."""
    fn, cls = rule.ctx.function(), rule.ctx.enclosing_class()
    return (
        factor is not None
        and 2.5 <= factor <= 6
        and fn is not None
        and fn.name == "__init__"
        and cls is not None
        and (rule.names.mentions_tokens(cls.name) or _token_rate_name(rule, target.attr))
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    )


#: Words of a name holding a rate (``token_multiplier``, ``token_ratio``).
_RATE_WORDS = frozenset({"multiplier", "ratio", "factor", "divisor", "rate", "scale"})


def _token_rate_name(rule: LintRule, name: str) -> bool:
    return rule.names.mentions_tokens(name) and bool(_RATE_WORDS.intersection(words(name)))
