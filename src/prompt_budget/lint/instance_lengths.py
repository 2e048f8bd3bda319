"""Where a parameter stored on ``self`` ends up when ``token_reach`` does not see its token use: the
reach of constructor and method defaults across a class (set 23: FlagEmbedding's embedders)::

    class Embedder(Base):
        def __init__(self, query_max_length: int = 512):
            self.query_max_length = query_max_length      # stored in the instance
        def encode_queries(self, queries, max_length=None):
            \"\"\"...
            max_length (int, optional): Maximum length of tokens.
            \"\"\"
            if max_length is None: max_length = self.query_max_length   # a method's fallback
            return self.encode(queries, max_length=max_length)           # ends in an abstract method

    class Reranker(Base):
        def __init__(self, max_length: int = 512):
            super().__init__(max_length=max_length)       # the base class stores it
        def score(self, pairs):
            return self.tokenizer(pairs, max_length=self.max_length, truncation=True)

    def score(pairs, max_query_length: int = 512):
        def _tokenize(texts, max_length):
            return tokenizer(texts, max_length=max_length, truncation=True)
        return _tokenize(pairs, max_length=max_query_length)        # a nested helper

The evidence is what the value becomes: the fallback of a method's parameter whose docstring gives it
in tokens, what the class reads back from ``self`` after handing it to its base's ``__init__``, or the
parameter of a function nested in its own that truncates to tokens.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.comments import CREDENTIAL_NAMED
from prompt_budget.lint.forwarded import gives_to_super_init
from prompt_budget.lint.names import CHAR_WORDS, ITEM_WORDS, TOKENS_WORD, words
from prompt_budget.lint.self_attributes import self_attribute
from prompt_budget.lint.token_conversions import without_conversions
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.token_reach import TokenReach

Function = ast.FunctionDef | ast.AsyncFunctionDef

#: Words of a parameter's name saying it bounds something (``max_length``, ``length_limit``).
_LIMIT_WORDS = frozenset({"max", "maximum", "min", "minimum", "limit", "cap", "budget"})

#: A docstring's line documenting a length in tokens (``max_length (int): Maximum length of tokens.``).


def _documented_in_tokens(fn: Function, param: str) -> bool:
    """The docstring of ``fn`` documents ``param`` as a number of tokens (Google's ``param (type):
    ...``, Sphinx's ``:param param: ...``), not of characters."""
    doc = ast.get_docstring(fn) or ""
    for line in doc.splitlines():
        text = line.strip()
        if not (text.startswith((param + " ", param + ":")) or text.startswith(f":param {param}:")):
            continue
        # "Token budget (approximate, chars/4)": characters only as the tokens' conversion (set 70: memctl)
        # "in bytes (1 token = ~4 chars)": the conversion's token is no unit either (set 73)
        text = without_conversions(text)
        # "Max chunks to consider before token packing": a count of the items named before the tokens (set 311)
        ws = words(text)
        first = next((i for i, w in enumerate(ws) if w in {"token", "tokens"}), len(ws))
        return (
            bool(TOKENS_WORD.search(text)) and not set(ws) & CHAR_WORDS and not set(ws[:first]) & ITEM_WORDS
        )
    return False


def _stored_as(fn: Function, name: str) -> set[str]:
    """The attributes of ``self`` the parameter ``name`` of ``fn`` is stored in (``self.x = name``)."""
    out: set[str] = set()
    for node in walk(fn):
        if isinstance(node, ast.Assign) and type(node.value) is ast.Name and node.value.id == name:
            out.update(
                t.attr
                for t in node.targets
                if type(t) is ast.Attribute and type(t.value) is ast.Name and t.value.id == "self"
            )
    return out


def _given_to_base(fn: Function, name: str) -> bool:
    """``super().__init__(name=name)``: the base class stores the parameter under its own name."""
    return any(gives_to_super_init(node, name) for node in walk(fn))


def _methods(owner: ast.ClassDef) -> list[Function]:
    return [s for s in owner.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _fallback_of_documented(owner: ast.ClassDef, attr: str) -> str | None:
    """A method binding ``self.<attr>`` to a parameter its docstring gives in tokens
    (``if max_length is None: max_length = self.query_max_length``, ``n = n or self.attr``)."""
    for method in _methods(owner):
        params = {a.arg for a in (*method.args.posonlyargs, *method.args.args, *method.args.kwonlyargs)}
        for node in walk(method):
            if not (
                isinstance(node, ast.Assign) and len(node.targets) == 1 and type(node.targets[0]) is ast.Name
            ):
                continue
            target = node.targets[0].id
            value = node.value
            read = self_attribute(value) == attr or (
                isinstance(value, ast.BoolOp) and any(self_attribute(v) == attr for v in value.values)
            )
            if read and target in params and _documented_in_tokens(method, target):
                return f"the fallback of `{target}` of `{method.name}()`, documented as a length in tokens, at line {node.lineno}"
    return None


#: The text after a number saying its unit is tokens (`` tokens``, ``-token``).
_TOKENS_AFTER = re.compile(r"^[\s-]*tokens?\b", re.IGNORECASE)


def _printed_as_tokens(fn: Function, name: str) -> int:
    """The line of an f-string of ``fn`` printing ``name`` followed by the word tokens
    (``f"the minimum of {min_required:,} tokens"``), else 0."""
    for node in walk(fn):
        if not isinstance(node, ast.JoinedStr):
            continue
        for part, after in zip(node.values, node.values[1:], strict=False):
            if (
                isinstance(part, ast.FormattedValue)
                and type(part.value) is ast.Name
                and part.value.id == name
                and isinstance(after, ast.Constant)
                and isinstance(after.value, str)
                and _TOKENS_AFTER.match(after.value)
            ):
                return node.lineno
    return 0


def _cut_to_directly(fn: Function, name: str) -> bool:
    """``name`` given as it is to a call that truncates (``tokenizer(texts, truncation=True,
    max_length=name)``), which PB101 reports."""
    return any(
        isinstance(n, ast.Call)
        and any(k.arg == "truncation" for k in n.keywords)
        and any(type(k.value) is ast.Name and k.value.id == name for k in n.keywords)
        for n in walk(fn)
    )


def _nested_reach(reach: TokenReach, fn: Function, name: str, owner: ast.ClassDef | None) -> str | None:
    """``name`` given to a function nested in ``fn`` (by keyword or position): that parameter's reach."""
    nested = {
        s.name: s for s in walk(fn) if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s is not fn
    }
    if not nested:
        return None
    for node in walk(fn):
        if not (isinstance(node, ast.Call) and type(node.func) is ast.Name and node.func.id in nested):
            continue
        callee = nested[node.func.id]
        params = [a.arg for a in (*callee.args.posonlyargs, *callee.args.args)]
        slot = next((k.arg for k in node.keywords if type(k.value) is ast.Name and k.value.id == name), None)
        if slot is None:
            at = next((i for i, a in enumerate(node.args) if type(a) is ast.Name and a.id == name), None)
            slot = params[at] if at is not None and at < len(params) else None
        if slot is not None and (why := reach.of_parameter(callee, slot, owner, True)):
            return f"given to the nested `{callee.name}()` as `{slot}`: {why}"
    return None


def instance_reach(reach: TokenReach, fn: Function, name: str, owner: ast.ClassDef | None) -> str | None:
    """Why the parameter ``name`` of ``fn`` (a method of ``owner``, if any) holds tokens by the ways the
    module's docstring shows, else None."""
    if (why := _nested_reach(reach, fn, name, owner)) is not None:
        return why
    if CREDENTIAL_NAMED.search(fn.name):
        return (
            None  # ``def get_invite_tokens(skip=0, limit=20)``: a page of credentials (set 602: dakb-server)
        )
    if (
        set(words(name)) & _LIMIT_WORDS
        and _documented_in_tokens(fn, name)
        and not _cut_to_directly(fn, name)  # ``tokenizer(..., max_length=max_length)``: PB101's
    ):
        # ``max_length (int, optional): Maximum length of tokens.`` in its own function's docstring,
        # the tokenizer given a remainder of it (``max_length=max_length - len(prefix)``)
        return f"documented as a length in tokens by `{fn.name}()`"
    if set(words(name)) & _LIMIT_WORDS and (line := _printed_as_tokens(fn, name)):
        # ``f"below the minimum of {min_required:,} tokens"``: its own message gives its unit
        return f"printed as a number of tokens by `{fn.name}()` at line {line}"
    if owner is None:
        return None
    for attr in sorted(_stored_as(fn, name)):
        if (why := _fallback_of_documented(owner, attr)) is not None:
            return f"stored in `self.{attr}`, {why}"
    if fn.name == "__init__" and _given_to_base(fn, name) and (why := reach.of_field(owner, name)):
        return f"given to the base class and read back as `self.{name}`: {why}"
    return None
