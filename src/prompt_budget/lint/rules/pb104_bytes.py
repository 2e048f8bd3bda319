"""PB104's reading of a size in bytes turned into tokens: ``return self.total_bytes // 4`` in a property
``estimated_tokens``, ``approx_tokens = byte_len * 0.25`` (set 26: llm-context's ``ContextPreview``;
issue 19 names ``APPROX_BYTES_PER_TOKEN = 4`` and ``(byte_len + 3) // 4``). About 4 bytes of UTF-8 text
make a token: the same heuristic as 4 characters per token.

A size in bytes is more often a binary or base64 size than a text's, so the rate is taken only when
its quotient is itself a count of tokens (returned by a function named or documented as counting
tokens, bound or passed as tokens, compared with a count of tokens), and never on base64, audio or
image data (``len(b64) * 3 // 4`` is base64 arithmetic). A local named as encoded (``encoded``) is no
base64 when every binding of it in its function is a text's encoding (``text.encode("utf-8")``), also
through a function of the module returning one (set 79: hiveloom's ``encoded = _canonical(packets)`` whose
``_canonical`` returns ``json.dumps(value).encode("utf-8")``, then ``estimated_tokens=math.ceil(len(encoded)
/ 4)``): its length is the text's size in UTF-8.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.names import BASE64_WORDS, BYTE_WORDS, words
from prompt_budget.lint.rule import attr_name, callee_name, number, string_value
from prompt_budget.lint.rules.pb104_context import names_in, result_is_tokens
from prompt_budget.lint.walks import source_of, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a size in bytes (``total_bytes``, ``byte_len``, ``num_bytes``).
#: Words of binary data, whose bytes are no text's: base64, audio, images, video.
_BINARY_WORDS = (BASE64_WORDS - BYTE_WORDS) | frozenset(
    {"image", "images", "img", "png", "jpeg", "jpg", "pixel", "pixels", "video", "wav", "mp3"}
)


def byte_amount(node: ast.expr) -> bool:
    """``total_bytes``, ``self.byte_len``, ``len(text.encode("utf-8"))``, ``(byte_len + 3)``: a size in
    bytes (not a rate: ``bytes_per_token``); also an average of one (``self._total_bytes[name] / count``)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return byte_amount(node.left) or byte_amount(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv)):
        # an average over a count, not a change of unit (``size / 1024``: kilobytes)
        return byte_amount(node.left) and number(node.right) is None
    if isinstance(node, ast.Subscript) and string_value(node.slice) in {"bytes", "size_bytes", "byte_count"}:
        return True  # ``largest["bytes"]``: a record's size in bytes (set 533: shim)
    if isinstance(node, ast.Subscript):
        node = node.value  # one entry of a table of sizes
    if isinstance(node, ast.Call) and callee_name(node) == "len" and len(node.args) == 1:
        arg = node.args[0]
        return isinstance(arg, ast.Call) and callee_name(arg) == "encode"
    # a helper named for bytes counts them too (``utf8_bytes(text)``, set 112: airprompter-agent-core)
    name = attr_name(node) or (callee_name(node) if isinstance(node, ast.Call) else None)
    ws = set(words(name or ""))
    return bool(ws & BYTE_WORDS) and "per" not in ws


def _bound_to_bytes(fn: ast.AST, name: str) -> list[ast.expr]:
    """The values the local ``name`` is bound to in ``fn`` when every one is a size in bytes, else none."""
    values = bound_values(fn, name)
    return values if values and all(byte_amount(v) for v in values) else []


def _binary(rule: LintRule, node: ast.AST) -> bool:
    """A name or string in ``node`` or the enclosing function's name says binary data."""
    return any(set(words(t)) & _BINARY_WORDS for t in names_in(rule, node) if t)


def bytes_to_tokens(rule: LintRule, amount: ast.expr, node: ast.BinOp) -> bool:
    """``node`` (``amount // rate`` or ``amount * 0.25``) turns a size in bytes of a text into a count
    of tokens: ``amount`` is bytes, no binary data is named and the result is tokens."""
    fn = rule.ctx.function()
    # or a local of the function every binding of which is one (set 188: anjor's ``avg =
    # self._total_bytes[tool] / self._counts[tool]`` ... ``int(avg / 4)``), resolved once; its bindings name
    # what it holds (``avg = self._total_image_bytes[k] / n``)
    bound: list[ast.expr] = []
    if not byte_amount(amount) and (
        fn is None or type(amount) is not ast.Name or not (bound := _bound_to_bytes(fn, amount.id))
    ):
        return False
    if _binary(rule, node) or any(_binary(rule, value) for value in bound):
        return False
    return result_is_tokens(rule, node)


#: Words of a module storing binary data: integer arrays, memory maps, packed structs, binary files.
_BINARY_TEXT = re.compile(r"u?int(?:8|16|32|64)\b|fromfile|frombuffer|memmap|\bstruct\b|\.bin\b|\.npy\b")


def base64_arithmetic(rule: LintRule, node: ast.AST) -> bool:
    """``node`` reads a name of base64 data (``len(b64) * 3 // 4``); a local ``encoded`` bound to a text's
    ``encode("utf-8")`` is no base64."""
    return any(
        rule.names.is_base64(n) and not of_text(rule, n, node) for n in names_in(rule, node, strings=True)
    )


def of_text(rule: LintRule, name: str, node: ast.AST) -> bool:
    """``name``, which says base64 or bytes, names a text's encoding, not binary data: a local every binding
    of which is one (``encoded_text``), or a name saying only bytes where ``node`` measures a text's
    encoding itself (set 223: lore-solo's ``def _bytes_fallback(text)`` returning ``(len(text.encode(
    "utf-8")) + 2) // 3``, "one token per three UTF-8 bytes"), or a name saying its bytes are UTF-8's (set 314:
    subagent-harness-mcp's ``utf8_bytes``); a file's bytes read whole are its size (set 561: openwish's
    ``"estimated_tokens": (len(path.read_bytes()) + 2) // 3``), as ``path.stat().st_size`` is, unless the module
    speaks of binary data (a shard of ``uint32`` token ids: the review of session 64)."""
    if name == "read_bytes":  # not in a module storing binary data (``uint32`` token ids, ``np.memmap``)
        return _BINARY_TEXT.search(source_of(rule.ctx.lines)[1] if rule.ctx.lines else "") is None
    ws = words(name)
    if set(ws) & BASE64_WORDS <= BYTE_WORDS and (
        "utf" in ws or any(type(n) is ast.Call and _encodes_text(rule, n) for n in walk(node))
    ):
        return True
    return encoded_text(rule, name)


def _encodes_text(rule: LintRule, value: ast.expr) -> bool:
    """``text.encode("utf-8")``: a string's ``encode`` (not a tokenizer's: ``enc.encode(text)``)."""
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "encode"
        and not rule.token_sequence(value)
    )


def _returns_encoded_text(rule: LintRule, call: ast.Call) -> bool:
    """``_canonical(value)``, a function of the module every ``return`` of which is a text's encoding."""
    tree = rule.ctx.tree
    if type(call.func) is not ast.Name or not isinstance(tree, ast.Module):
        return False
    name = call.func.id
    fn = next(
        (s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == name),
        None,
    )
    if fn is None:
        return False
    returned = [n.value for n in walk(fn) if isinstance(n, ast.Return)]
    return bool(returned) and all(v is not None and _encodes_text(rule, v) for v in returned)


def encoded_text(rule: LintRule, name: str) -> bool:
    """``name`` is a local of the enclosing function every binding of which is a text's encoding, made
    there or returned by a function of the module (not a parameter, a loop's or an unpacking's name)."""
    fn = rule.ctx.function()
    if fn is None:
        return False
    stores = 0
    bound: list[ast.expr] = []
    for n in walk(fn):
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store):
            stores += 1
        elif isinstance(n, ast.arg) and n.arg == name:
            return False
        elif isinstance(n, ast.Assign) and [attr_name(t) for t in n.targets] == [name]:
            bound.append(n.value)
    return (
        bool(bound)
        and len(bound) == stores
        and all(
            _encodes_text(rule, v)
            or (isinstance(v, ast.Call) and (_returns_encoded_text(rule, v) or _json_text(rule, v, 2)))
            # ``n_bytes = len(text.encode("utf-8"))``: the size of one (set 245: yait-aichain)
            or (
                isinstance(v, ast.Call)
                and callee_name(v) == "len"
                and len(v.args) == 1
                and _encodes_text(rule, v.args[0])
            )
            for v in bound
        )
    )


def _json_text(rule: LintRule, call: ast.Call, depth: int) -> bool:
    """``json.dumps(value)``, or a call of a function of the module (nested ones too) every return of which
    is one (set 375: djobs' ``encoded = refresh()``, ``refresh`` returning ``_dumps(result)`` and ``_dumps``
    ``json.dumps(...)``): a text of JSON, no base64 however it is named."""
    callee = callee_name(call)
    if callee == "dumps" or depth <= 0 or not callee or rule.ctx.tree is None:
        return callee == "dumps"
    defs = [
        n
        for n in walk(rule.ctx.tree)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == callee
    ]
    returns = [r.value for d in defs for r in walk(d) if isinstance(r, ast.Return)]
    return bool(returns) and all(isinstance(v, ast.Call) and _json_text(rule, v, depth - 1) for v in returns)
