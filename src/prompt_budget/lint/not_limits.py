"""Numbers PB102 would take for a budget by their name, which the code shows limit nothing:

- a "no limit" sentinel: a generic length (``max_seq_length``, ``max_length``, not a context window)
  given a round power of ten of a million or more (``max_seq_length: int = 1000000``). Models' lengths
  are powers of two or their documented windows (``1_048_576``, a context size of ``1_000_000``);
  a generic length of ``10**6`` is the "large enough to never cut" value (set 23: sentence-transformers'
  bag-of-word-vectors module, which has no window);
- a granularity: a number of tokens whose every read divides a length into a count of pieces by
  ceil-division (``num_shards = math.ceil(seqlen / target_tokens_per_shard)``, ``-(-n // size)``,
  ``(n + size - 1) // size``, ``cdiv(n, size)``). Nothing is compared with it or cut to it: it only
  chooses into how many shards a computation is tiled, and the output does not change (set 23:
  axolotl's tiled MLP);
- a scaling origin: the window a model was pretrained with (``old_context_len=8192``,
  ``original_context_length``), a parameter of a RoPE / position-scaling class or function. It is a
  coefficient of the scaling formula (``low_freq_wavelen = old_context_len / low_freq_factor``); it
  limits and reserves no tokens (set 24: torchtune's ``Llama3ScaledRoPE``).
"""

from __future__ import annotations

import ast
import math
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import compared_with_length, every_read
from prompt_budget.lint.names import CHAR_WORDS, CONTEXT_WORDS, TOKEN_WORDS, words
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a window or of what a model generates: a real model's limit may be a million tokens.
_WINDOW_WORDS = frozenset({*CONTEXT_WORDS, *TOKEN_WORDS, "window", "windows", "new", "output", "generation"})
#: The smallest "no limit" sentinel of a generic length.
_SENTINEL_FLOOR = 1_000_000
#: Functions dividing rounding up (``triton.cdiv``, ``ceil_div``).
_CEIL_DIVS = frozenset({"cdiv", "ceil_div", "ceildiv", "div_ceil", "div_up", "divup", "ceil_divide"})


def no_limit_sentinel(name: str, value: float) -> bool:
    """``max_seq_length=1000000``: a generic length given a power of ten of a million or more, the
    value meant as "no limit" (not a window: ``context_size=1000000`` is a model's)."""
    if value < _SENTINEL_FLOOR or not float(value).is_integer():
        return False
    exponent = math.log10(value)
    return exponent == int(exponent) and not set(words(name)) & _WINDOW_WORDS


#: Words saying a window is the one a model was pretrained with, before rescaling.
_ORIGIN_WORDS = frozenset({"old", "orig", "original", "pretrained", "pretraining"})
#: Parts of a class or function name about rotary / position scaling.
_SCALING_SCOPES = ("rope", "rotary", "yarn", "position", "scaled", "scaling")


def scaling_origin(rule: LintRule, name: str) -> bool:
    """``old_context_len=8192`` in ``class Llama3ScaledRoPE``: the pretrained window a position-scaling
    formula divides, named as the old / original one without the word tokens; not a budget."""
    ws = set(words(name))
    if not ws & _ORIGIN_WORDS or ws & TOKEN_WORDS:
        return False
    scope = f"{rule.ctx.class_name()} {rule.ctx.function_name()}".lower()
    return any(part in scope for part in _SCALING_SCOPES)


def positional_table(rule: LintRule, name: str) -> bool:
    """``def __init__(self, d_model, max_len=5000)`` of ``class PositionalEncoding(nn.Module)``: how many positions
    a positional encoding's (or embedding's) table is built for, sized once and generously (PyTorch's tutorial
    encoding, set 611: ifbo's surrogate over learning curves), an architecture's capacity, not a budget; a name
    without the word tokens, in the constructor of a class named for positional encodings or embeddings."""
    ws = set(words(name))
    if ws & TOKEN_WORDS or rule.ctx.function_name() != "__init__":
        return False
    owner = set(words(rule.ctx.class_name() or ""))
    return bool(owner & {"positional", "position", "pos"}) and bool(owner & _TABLES)


#: A class's words saying it is a table of positions' vectors.
_TABLES = frozenset({"encoding", "encodings", "embedding", "embeddings", "encoder"})


def _ceil_division_divisor(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """``node`` (a read of a size) divides a length rounding up: ``ceil(n / node)``,
    ``-(-n // node)``, ``(n + node - 1) // node``, ``cdiv(n, node)``."""
    parent = parents.get(node)
    if isinstance(parent, ast.Call) and (callee_name(parent) or "") in _CEIL_DIVS:
        return len(parent.args) == 2 and parent.args[1] is node
    if not isinstance(parent, ast.BinOp) or parent.right is not node:
        return False
    outer = parents.get(parent)
    if isinstance(parent.op, ast.Div):
        return isinstance(outer, ast.Call) and callee_name(outer) == "ceil"
    if not isinstance(parent.op, ast.FloorDiv):
        return False
    if isinstance(outer, ast.UnaryOp) and isinstance(outer.op, ast.USub):
        return True  # ``-(-n // size)``
    name = node.id if isinstance(node, ast.Name) else None
    return name is not None and any(isinstance(n, ast.Name) and n.id == name for n in walk(parent.left))


def only_counts_pieces(rule: LintRule, target: ast.expr) -> bool:
    """``target`` (a name bound in a function or a module) is read, and every read is the divisor of
    a ceil-division counting pieces (``math.ceil(seqlen / target_tokens_per_shard)``): a tiling
    granularity, not a budget."""
    return every_read(rule, target, _ceil_division_divisor)


def scale_divisor(rule: LintRule, target: ast.expr) -> bool:
    """A name saying a scale (``TOKEN_SCALE = 1000.0``) whose every read divides something: a unit the count is
    expressed in, normalizing it in an objective, not a budget (set 395: absolute-self-governance's
    ``quality - COST_WEIGHT * (tokens / TOKEN_SCALE)``)."""
    name = target.id if isinstance(target, ast.Name) else ""
    return "scale" in words(name) and every_read(rule, target, _divides)


def _divides(read: ast.Name, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(read)
    return (
        isinstance(parent, ast.BinOp)
        and isinstance(parent.op, (ast.Div, ast.FloorDiv))
        and parent.right is read
    )


#: Calls declaring a validated field or parameter (pydantic, FastAPI), whose lengths count characters or items.
_FIELD_CALLS = frozenset(
    {"Field", "constr", "conlist", "StringConstraints", "Query", "Body", "Form", "Path", "Header"}
)
_LENGTH_KEYWORDS = frozenset({"max_length", "min_length"})


def only_sizes_fields(rule: LintRule, target: ast.expr) -> bool:
    """``target`` is read, and every read is the ``max_length=`` (or ``min_length=``) of a validated
    field (``context: str = Field(..., max_length=MAX_CONTEXT_LENGTH)``, set 369: chainwake's note kept
    for a waiting agent): the characters of a string or the items of a list, not tokens. Or every read
    is a JSON schema's ``maxLength=``, ordered against a string's length or formatted into a message, one
    of them saying characters (``f"must be at most {MAX_CONTEXT_TEXT_LENGTH} characters"``, set 399:
    easy-cheese-schemas' validators)."""
    if every_read(rule, target, _field_length):
        return True
    said: list[bool] = []

    def sized(read: ast.Name, parents: dict[ast.AST, ast.AST]) -> bool:
        parent = parents.get(read)
        if isinstance(parent, ast.FormattedValue):
            said.append(_followed_by_characters(parents.get(parent), parent))
            return True
        if isinstance(parent, ast.keyword) and parent.arg in _SCHEMA_KEYWORDS:
            return True
        return compared_with_length(parent, read, rule)

    return every_read(rule, target, sized) and any(said)


#: A JSON schema's keywords of a string's or an array's length.
_SCHEMA_KEYWORDS = frozenset({"maxLength", "minLength", "maxItems", "minItems"})


def _followed_by_characters(string: ast.AST | None, value: ast.FormattedValue) -> bool:
    """The f-string ``string`` goes on after ``value`` with a word of characters (``{n} characters``)."""
    if not isinstance(string, ast.JoinedStr):
        return False
    parts = string.values
    at = next((i for i, part in enumerate(parts) if part is value), len(parts))
    after = parts[at + 1] if at + 1 < len(parts) else None
    text = after.value if isinstance(after, ast.Constant) and isinstance(after.value, str) else ""
    return bool(text.split()) and text.split()[0].strip(".,;:)") in CHAR_WORDS


def _field_length(read: ast.Name, parents: dict[ast.AST, ast.AST]) -> bool:
    keyword = parents.get(read)
    call = parents.get(keyword) if keyword is not None else None
    return (
        isinstance(keyword, ast.keyword)
        and keyword.arg in _LENGTH_KEYWORDS
        and isinstance(call, ast.Call)
        and callee_name(call) in _FIELD_CALLS
    )
