"""What a ratio scales, for PB105 (budget-ratio): a ratio whose every read multiplies the ``len()`` of a
sequence that holds no tokens (``int(len(eligible_idx) * self.summarize_ratio)``: a share of a count of
messages; set 67, react-agent-harness) is a share of a count of items, not of a token amount.

Decided by data flow: each read of the name (``name`` or ``<obj>.name``) in the module is an operand of
``*`` whose other operand is ``len(<seq>)``, and neither ``<seq>`` nor anything bound to it in the module
says tokens, ids, an encoding, text or characters (a ``len()`` of those is a token or character count).
Two reads carry the ratio without using it and are passed over: storing the parameter under its own name
(``self.summarize_ratio = summarize_ratio``) and writing it into a dict under its own name
(``"summarize_ratio": self.summarize_ratio``, a checkpoint), unless the module reads that key back. Any
other read (given to a call, compared, scaling anything else) keeps the ratio.
Kept apart from the rule: it reads the module's tree, and judges no finding itself.
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.amount_words import RATIO_CONTEXT_WORDS
from prompt_budget.lint.context_shares import scales_other_context
from prompt_budget.lint.names import SMALLEST_MODEL_WINDOW, NameJudge, words
from prompt_budget.lint.ratio_names import TOKEN_UNIT_WORDS
from prompt_budget.lint.rule import defaults
from prompt_budget.lint.scaled_units import given_as_memory, scales_other_units
from prompt_budget.lint.walks import kept_per_file, parents, walk

#: Words of a sequence whose ``len()`` counts tokens or characters, not items.
_NOT_ITEMS = TOKEN_UNIT_WORDS | frozenset(
    {
        "ids",
        "id",
        "encode",
        "encoded",
        "encoding",
        "encodings",
        "tokenize",
        "tokenized",
        "tokenizer",
        "text",
        "texts",
        "string",
        "str",
        "content",
        "chars",
        "char",
        "characters",
        "prompt",
        "piece",
        "pieces",
        "vocab",
    }
)


def name_of(node: ast.AST) -> str | None:
    """The name a ``Name`` reads or the attribute an ``Attribute`` reads (``x``, ``self.x``: ``x``)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _reads_name(node: ast.AST, name: str) -> bool:
    return (
        isinstance(node, (ast.Name, ast.Attribute))
        and name_of(node) == name
        and isinstance(node.ctx, ast.Load)
    )


def _says_not_items(node: ast.AST, names: NameJudge) -> bool:
    """Whether a name under ``node`` says tokens, ids, an encoding, text or characters (or a budget)."""
    for sub in walk(node):
        found = name_of(sub)
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            found = sub.value  # ``x["input_ids"]``
        if found and (set(words(found)) & _NOT_ITEMS or names.is_budget(found)):
            return True
    return False


def _length_of_items(other: ast.AST, bound: dict[str, list[ast.AST]], names: NameJudge) -> bool:
    """``len(eligible_idx)``, where nothing bound to ``eligible_idx`` in the module says tokens or text."""
    if not (
        isinstance(other, ast.Call)
        and isinstance(other.func, ast.Name)
        and other.func.id == "len"
        and len(other.args) == 1
        and not other.keywords
    ):
        return False
    seq = other.args[0]
    seq_name = name_of(seq)
    if seq_name is None or _says_not_items(seq, names):
        return False
    return not any(_says_not_items(value, names) for value in bound.get(seq_name, ()))


def _small_count(other: ast.AST, counts: dict[str, list[object]], names: NameJudge) -> bool:
    """``self.window_size`` where every parameter of that name defaults to a whole number below any model's
    window and the name says no tokens or budget (``window_size: int = 20``, message pairs kept): a count of
    items."""
    found = name_of(other)
    values = counts.get(found or "", [])
    return (
        bool(values)
        and all(type(v) is int and 0 < v < SMALLEST_MODEL_WINDOW for v in values)
        and not (names.mentions_tokens(found or "") or names.is_budget(found or ""))
    )


def _checkpointed(read: ast.AST, parent: ast.AST | None, name: str) -> bool:
    """``read`` is written into a mapping under its own name (``state["ratio"] = self.ratio``) or is the
    fallback of reading it back (``state.get("ratio", self.ratio)``): the setting saved and restored (set 319:
    kader's conversation manager), not used."""
    if isinstance(parent, ast.Assign) and parent.value is read:
        return all(
            isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Constant) and t.slice.value == name
            for t in parent.targets
        )
    return isinstance(parent, ast.Call) and _key_read(parent, name) and parent.args[1:2] == [read]


def _key_read(node: ast.AST, name: str) -> bool:
    """``data["name"]`` or ``data.get("name", ...)``."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        return isinstance(node.slice, ast.Constant) and node.slice.value == name
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == name
    )


def scales_no_tokens(
    tree: ast.AST | None, name: str, names: NameJudge, literal: ast.expr | None = None
) -> bool:
    """Every read of ``name`` scales an amount of something else than tokens (``scaled_units``) or the
    ``len()`` of a sequence of items; or ``name`` says no tokens, window or budget and what it scales is
    something else (``context_shares``); or ``literal``, its value, is a dict's entry named for a budget in a
    module that never says tokens (``budget_without_tokens``)."""
    return (
        scales_other_units(tree, name, names)
        or scales_item_counts(tree, name, names)
        or scales_other_context(tree, name, names)
        or window_without_tokens(tree, name)
        or budget_without_tokens(tree, name, literal)
        or compared_with_similarity(tree, name)
        or given_as_memory(tree, name)
    )


#: A docstring saying its function measures a similarity (``"Jaccard similarity of two token sets"``).
_SIMILARITY = re.compile(r"\b(?:similarity|jaccard)\b", re.IGNORECASE)


#: The module last asked about and its functions measuring a similarity (asked once per file).
_similar: list[tuple[ast.AST, frozenset[str]]] = kept_per_file([])


def _similarity_functions(tree: ast.AST) -> frozenset[str]:
    """The module's top-level functions whose docstring says they measure a similarity."""
    return frozenset(
        n.name
        for n in getattr(tree, "body", ())
        if isinstance(n, ast.FunctionDef) and _SIMILARITY.search(ast.get_docstring(n) or "")
    )


def compared_with_similarity(tree: ast.AST | None, name: str) -> bool:
    """Every read of ``name`` (but its binding's store) is compared with a call of a module's function whose
    docstring says it measures a similarity (set 327: questkit's ``_token_overlap(a, b) >=
    _TOKEN_OVERLAP_THRESHOLD``, the Jaccard similarity of two titles' words): a cut-off of a score."""
    if tree is None:
        return False
    if not (_similar and _similar[0][0] is tree):
        _similar[:] = [(tree, _similarity_functions(tree))]
    similar = _similar[0][1]
    if not similar:
        return False
    up = parents(tree)
    reads = [n for n in walk(tree) if _reads_name(n, name)]
    return bool(reads) and all(
        isinstance(parent := up.get(r), ast.Compare)
        and any(
            isinstance(side, ast.Call) and isinstance(side.func, ast.Name) and side.func.id in similar
            for side in (parent.left, *parent.comparators)
        )
        for r in reads
    )


#: Words a module about a model's tokens says somewhere (in a name, a string or a docstring), a tokenizing model's
#: class among them (``SentenceTransformer``, ``AutoModel``: set 266, oneground).
_LLM_TEXT = ("token", "context", "prompt", "llm", "vocab", "sentencetransformer", "automodel")


def window_without_tokens(tree: ast.AST | None, name: str) -> bool:
    """A share named for a window and nothing else a budget is named for, in a module that never says tokens,
    a context, a prompt or an LLM (set 312: gelpy's ``_SMOOTHING_WINDOW_FRACTION = 0.7`` of an image's lane
    pitch): a window of something else."""
    ws = set(words(name))
    if tree is None or "window" not in ws or ws & (RATIO_CONTEXT_WORDS - {"window"}):
        return False
    return not _speaks_of_models(tree)


def budget_without_tokens(tree: ast.AST | None, name: str, literal: ast.expr | None) -> bool:
    """A share written as a dict's entry (``literal``) under a name that says a budget and nothing else a budget is
    named for (``budget_share``), in a module whose names and strings never say tokens, a prompt or an LLM as a word
    (set 427: intentops' ``"budget_share": 0.1`` of a scheduled loop's budget, beside a cadence and a kill switch): a
    budget of something else. A field or a constant keeps its reading: a settings module's ``soft_budget_threshold:
    float = 0.8`` is read against tokens by another module."""
    ws = set(words(name))
    if tree is None or literal is None or ws & RATIO_CONTEXT_WORDS != {"budget"}:
        return False
    if not isinstance(parents(tree).get(literal), ast.Dict):
        return False
    if _unspoken and _unspoken[0][0] is tree:
        return _unspoken[0][1]
    texts = (
        n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else n.value
        for n in walk(tree)
        if isinstance(n, (ast.Name, ast.Attribute))
        or (isinstance(n, ast.Constant) and isinstance(n.value, str))
    )
    silent = not any(_TOKEN_WORD.search(str(text).lower()) for text in texts)
    _unspoken[:] = [(tree, silent)]
    return silent


#: ``tokens``, ``max_tokens``, "the prompt": a word of a model's text (``InteractiveToken`` is not one).
_TOKEN_WORD = re.compile(r"(?<![a-z])(?:tokens?|prompts?|llms?)(?![a-z])")

#: The last module asked about, with whether it never says tokens as a word (asked once per file).
_unspoken: list[tuple[ast.AST, bool]] = kept_per_file([])


def sequence_without_tokens(tree: ast.AST | None, name: str) -> bool:
    """A sequence length (``max_seq_len``) in a module that never says tokens, a context, a prompt, an LLM or a
    vocabulary (set 319: torchagentic's ``TransformerAgent(max_seq_len=1024)``, a reinforcement-learning policy's
    timesteps): a sequence of something else."""
    ws = set(words(name))
    return tree is not None and bool(ws & {"seq", "sequence"}) and not _speaks_of_models(tree)


#: The last module asked about, with whether it speaks of a model's tokens (asked once per file).
_spoken: list[tuple[ast.AST, bool]] = kept_per_file([])


def _speaks_of_models(tree: ast.AST) -> bool:
    """A name, an attribute or a string of ``tree`` says tokens, a context, a prompt or an LLM."""
    if _spoken and _spoken[0][0] is tree:
        return _spoken[0][1]
    said = False
    for node in walk(tree):
        if isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if any(w in text.lower() for w in _LLM_TEXT):
            said = True
            break
    _spoken[:] = [(tree, said)]
    return said


def scales_item_counts(tree: ast.AST | None, name: str, names: NameJudge) -> bool:
    """Every read of ``name`` in ``tree`` multiplies the ``len()`` of a sequence of items (no tokens,
    no text), and there is at least one such read."""
    if tree is None:
        return False
    up = parents(tree)
    reads: list[ast.AST] = []
    bound: dict[str, list[ast.AST]] = {}
    keyed_back = False
    counts: dict[str, list[object]] = {}  # parameters' defaults: ``window_size: int = 20`` (set 319: kader)
    for node in walk(tree):
        # by the node's type first (a parsed tree holds no subclass): most nodes are none of these
        kind = type(node)
        if kind is ast.arguments:
            for arg, default in defaults(node):  # type: ignore[arg-type]
                counts.setdefault(arg.arg, []).append(
                    default.value if type(default) is ast.Constant else None
                )
        elif kind is ast.Name or kind is ast.Attribute:
            if _reads_name(node, name):
                reads.append(node)
        elif kind is ast.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                if (target_name := name_of(target)) is not None:
                    bound.setdefault(target_name, []).append(node.value)  # type: ignore[attr-defined]
        elif (
            (kind is ast.Subscript or kind is ast.Call)
            and _key_read(node, name)
            and not (isinstance(kw := up.get(node), ast.keyword) and kw.arg == name)
        ):
            keyed_back = True  # read back, and not only into the parameter it came from
    products = 0
    for read in reads:
        parent = up.get(read)
        if (
            isinstance(parent, ast.Assign)
            and isinstance(read, ast.Name)
            and parent.value is read
            and all(isinstance(t, ast.Attribute) and t.attr == name for t in parent.targets)
        ):
            continue  # ``self.summarize_ratio = summarize_ratio``: the parameter stored
        if _checkpointed(read, parent, name):
            continue  # ``state["ratio"] = self.ratio``, ``state.get("ratio", self.ratio)``: saved and restored
        if isinstance(parent, ast.Dict) and not keyed_back:
            at = next((i for i, v in enumerate(parent.values) if v is read), None)
            key = parent.keys[at] if at is not None else None
            if isinstance(key, ast.Constant) and key.value == name:
                continue  # ``{"summarize_ratio": self.summarize_ratio}``: a checkpoint of the setting
        if not (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult)):
            return False
        other = parent.right if parent.left is read else parent.left
        if not (_length_of_items(other, bound, names) or _small_count(other, counts, names)):
            return False
        products += 1
    return products > 0
