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

from prompt_budget.lint.amount_words import RATIO_CONTEXT_WORDS
from prompt_budget.lint.context_shares import scales_other_context
from prompt_budget.lint.names import NameJudge, words
from prompt_budget.lint.ratio_names import TOKEN_UNIT_WORDS
from prompt_budget.lint.scaled_units import scales_other_units
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


def scales_no_tokens(tree: ast.AST | None, name: str, names: NameJudge) -> bool:
    """Every read of ``name`` scales an amount of something else than tokens (``scaled_units``) or the
    ``len()`` of a sequence of items; or ``name`` says no tokens, window or budget and what it scales is
    something else (``context_shares``)."""
    return (
        scales_other_units(tree, name, names)
        or scales_item_counts(tree, name, names)
        or scales_other_context(tree, name, names)
        or window_without_tokens(tree, name)
    )


#: Words a module about a model's tokens says somewhere (in a name, a string or a docstring).
_LLM_TEXT = ("token", "context", "prompt", "llm")


def window_without_tokens(tree: ast.AST | None, name: str) -> bool:
    """A share named for a window and nothing else a budget is named for, in a module that never says tokens,
    a context, a prompt or an LLM (set 312: gelpy's ``_SMOOTHING_WINDOW_FRACTION = 0.7`` of an image's lane
    pitch): a window of something else."""
    ws = set(words(name))
    if tree is None or "window" not in ws or ws & (RATIO_CONTEXT_WORDS - {"window"}):
        return False
    return not _speaks_of_models(tree)


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
    for node in walk(tree):
        # by the node's type first (a parsed tree holds no subclass): most nodes are none of these
        kind = type(node)
        if kind is ast.Name or kind is ast.Attribute:
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
        if isinstance(parent, ast.Dict) and not keyed_back:
            at = next((i for i, v in enumerate(parent.values) if v is read), None)
            key = parent.keys[at] if at is not None else None
            if isinstance(key, ast.Constant) and key.value == name:
                continue  # ``{"summarize_ratio": self.summarize_ratio}``: a checkpoint of the setting
        if not (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult)):
            return False
        other = parent.right if parent.left is read else parent.left
        if not _length_of_items(other, bound, names):
            return False
        products += 1
    return products > 0
