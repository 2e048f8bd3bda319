"""Parse any Python from 3.8 to 3.15 with the running interpreter's ``ast``.

The rules walk Python's own ``ast``, which only reads the syntax of the Python that runs the linter. A
file written for a newer Python (PEP 701 f-strings, ``type`` aliases and type parameters, ``except*``,
t-strings, ``except A, B:``) is parsed with libcst, whose parser reads every version, and rewritten into
code the running ``ast`` accepts, character for character in the same places, so every node keeps its
line and column:

- an f-string the running Python cannot read, or a t-string, becomes a tuple of the expressions in its
  replacement fields (``f"{d["k"]!r:>{w}}"`` -> ``( d["k"],    w,  )``): the literal text, conversions and
  format specs are blanked, the expressions stay where they were (an f-string the running Python reads, in
  a file rewritten for other syntax, stays as it is written: rules read its text);
- type parameters (``def f[T]``, ``class C[T]``) are blanked, ``type X = int`` becomes ``0;   X = int``;
- ``except*`` loses its star under Python 3.10, ``except A, B:`` keeps only ``A``;
- a lazy import (PEP 810, Python 3.15: ``lazy import json``, ``lazy from a import b``) loses its soft
  keyword before libcst is asked (``eager_imports``): what it imports is the same, only when.

Only a file no supported Python accepts (libcst rejects it too, or the rewrite does not parse) is a
parse error. Files nested too deeply for the parser (``too many nested parentheses``) are not handed to
libcst, whose native parser would exhaust the stack on them.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import libcst as cst

#: Syntax errors no other Python version would accept either: not worth a second parser.
_HOPELESS = ("too many", "too complex", "too deeply", "null bytes", "source code string cannot contain")


def _hopeless(message: str) -> bool:
    """A syntax error no other Python would accept either; not "f-string: expressions nested too deeply",
    which only Pythons before 3.12 say of a replacement field holding braces (set 203: aacf's README
    template, whose JSON example ``{ "servers": { "aacf": {...} } }`` is a dict there under PEP 701)."""
    return not message.startswith("f-string") and any(h in message for h in _HOPELESS)


#: The deepest bracket nesting handed to libcst (CPython itself stops at 200).
_MAX_DEPTH = 200


def parse_python(source: str | bytes, text: str, path: str) -> tuple[ast.Module, str | None]:
    """``source`` (whose decoded text is ``text``) parsed by ``ast``: ``(tree, None)`` when the running
    Python reads it, else ``(tree, rewritten_text)`` from the fallback. Raises what ``ast.parse``
    raised when no supported Python accepts the file."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarning for invalid escapes in the linted code
        try:
            return ast.parse(source, filename=path), None
        except SyntaxError as exc:
            if _hopeless(str(exc.msg)) or _too_deep(text):
                raise
            eager = eager_imports(text)  # ``lazy import json`` (3.15): ``     import json``
            if eager is not None:
                try:
                    return ast.parse(eager, filename=path), eager
                except (SyntaxError, ValueError, RecursionError, MemoryError):
                    text = eager  # other newer syntax too: libcst reads the rest
            try:
                rewritten = newer_syntax_rewrite(text)
            except SyntaxError as newest:  # what the newest Python says is wrong, and where
                if newest.lineno is None:  # libcst cannot say where: the running parser's error does
                    raise exc from None
                newest.filename = path
                raise newest from None
            if rewritten is None:
                raise
            try:
                return ast.parse(rewritten, filename=path), rewritten
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                raise exc from None


#: A statement starting with the soft keyword ``lazy`` before ``import`` or ``from`` (PEP 810, Python 3.15),
#: at a line's start or after a ``;``.
_LAZY = re.compile(r"(?m)(?:^|;)[ \t]*(lazy[ \t]+(import|from))\b")


def eager_imports(text: str) -> str | None:
    """``text`` with each lazy import made eager, its keyword moved onto the soft keyword's place
    (``lazy from a import b`` -> ``from      a import b``) so every name after it keeps its column, when it
    holds one; else None. Read by ``tokenize``, so a string's text is left alone; a file ``tokenize``
    cannot read (syntax of a newer Python too) is read line by line. A soft keyword whose ``import`` a
    backslash puts on the next line is left as it is (the file is then ``PB000``)."""
    if "lazy" not in text:
        return None
    out = list(text)
    starts = _line_starts(text)
    found = False
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        tokens = []
        for match in _LAZY.finditer(text):
            out[match.start(1) : match.end(1)] = match.group(2).ljust(match.end(1) - match.start(1))
            found = True
    starting = True  # the next token starts a statement
    for tok, after in zip(tokens, [*tokens[1:], None], strict=True):
        kind, string = tok.type, tok.string
        if (
            starting
            and kind == tokenize.NAME
            and string == "lazy"
            and after is not None
            and after.type == tokenize.NAME
            and after.string in ("import", "from")
            and after.start[0] == tok.start[0]  # not across a backslash's line break
        ):
            at = starts[tok.start[0] - 1] + tok.start[1]
            end = starts[after.end[0] - 1] + after.end[1]
            out[at:end] = after.string.ljust(end - at)
            found = True
        if kind not in (tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT):
            starting = kind in (tokenize.NEWLINE,) or (kind == tokenize.OP and string == ";")
    return "".join(out) if found else None


def _too_deep(text: str) -> bool:
    depth = 0
    for char in text:
        if char in "([{":
            depth += 1
            if depth > _MAX_DEPTH:
                return True
        elif char in ")]}":
            depth = max(depth - 1, 0)
    return False


def newer_syntax_rewrite(text: str) -> str | None:
    """``text`` rewritten, position for position, into syntax the running ``ast`` reads. Raises
    ``SyntaxError`` at libcst's error when no supported Python accepts it (without a position when
    libcst's tokenizer failed: it gives none); None when libcst fails otherwise."""
    try:
        import libcst as cst
        from libcst.metadata import CodePosition, MetadataWrapper, PositionProvider
    except ImportError:  # pragma: no cover - libcst is a dependency
        return None
    try:
        module = cst.parse_module(text)
        wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
        positions = wrapper.resolve(PositionProvider)
    except cst.ParserSyntaxError as exc:
        if "tokenizer error" in exc.message:  # libcst's tokenizer says what, never where (always 1:1)
            raise SyntaxError(exc.message) from None
        at = re.search(r"at (\d+):(\d+)", exc.message)
        line, column = (int(at.group(1)), int(at.group(2))) if at else (exc.raw_line, exc.raw_column + 1)
        raise SyntaxError("invalid syntax", ("", line, column, None)) from None
    except (RecursionError, MemoryError, ValueError):
        return None
    except Exception:  # libcst's own failures on odd input: not a file we can analyse
        return None
    # libcst numbers lines on \n, \r\n and \r only, as ast does
    line_starts = _line_starts(text)
    out = list(text)

    def offset(pos: CodePosition) -> int:
        return line_starts[pos.line - 1] + pos.column

    def span(node: cst.CSTNode) -> tuple[int, int]:
        r = positions[node]
        return offset(r.start), offset(r.end)

    def blank(start: int, end: int, keep_newlines: bool = True) -> None:
        for i in range(start, end):
            if out[i] not in "\r\n":
                out[i] = " "
            elif not keep_newlines and i > start and out[i - 1] not in "\r\n":
                out[i - 1] = "\\"

    def fields(parts: object) -> Iterator[cst.FormattedStringExpression]:
        for part in parts:  # type: ignore[attr-defined]
            if isinstance(part, cst.FormattedStringExpression):
                yield part
                if part.format_spec:
                    yield from fields(part.format_spec)
            elif type(part).__name__ == "TemplatedStringExpression":
                yield part
                if getattr(part, "format_spec", None):
                    yield from fields(part.format_spec)

    def restore_fields(parts: object) -> None:
        for field in fields(parts):
            start = span(field)[0] + 1  # after "{"
            end = span(field.expression)[1]
            for _ in field.expression.rpar:  # positions leave out the expression's parentheses
                while text[end] in " \t\r\n\\":
                    end += 1
                end += 1
            out[start:end] = text[start:end]
            out[end] = ","

    def string_parts(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
        if isinstance(node, cst.ConcatenatedString):
            done.add(id(node))  # ``a b c`` nests ``b c`` inside: rewritten once, with the outer one
            yield from string_parts(node.left)
            yield from string_parts(node.right)
        else:
            yield node

    templated = tuple(
        t for t in (getattr(cst, "FormattedString", None), getattr(cst, "TemplatedString", None)) if t
    )
    done: set[int] = set()
    for node in _preorder(module):
        if id(node) in done:
            continue
        if isinstance(node, (cst.ConcatenatedString, *templated)):
            members = list(string_parts(node))
            formatted = [m for m in members if isinstance(m, templated)]
            if not formatted:
                continue
            for m in members:
                done.add(id(m))
            done.add(id(node))
            start, end = span(node)
            if _reads_as_is(text[start:end], formatted):
                continue  # an f-string the running Python reads stays one (rules ask for its text)
            blank(start, end)
            out[start], out[end - 1] = "(", ")"
            for m in formatted:
                restore_fields(m.parts)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)) and getattr(node, "type_parameters", None):
            start, end = span(node.type_parameters)  # type: ignore[arg-type]
            blank(start, end, keep_newlines=False)
        elif type(node).__name__ == "TypeAlias":
            start, _ = span(node)
            out[start : start + 4] = "0;  "
            params = getattr(node, "type_parameters", None)
            if params is not None:
                blank(*span(params), keep_newlines=False)
        elif type(node).__name__ == "ExceptStarHandler" and sys.version_info < (3, 11):
            start, _ = span(node)
            star = text.index("*", start)
            out[star] = " "
        elif (
            isinstance(node, cst.ExceptHandler)
            and isinstance(node.type, cst.Tuple)
            and not node.type.lpar
            and len(node.type.elements) > 1
        ):
            _, first_end = span(node.type.elements[0].value)
            _, end = span(node.type)
            blank(first_end, end, keep_newlines=False)
    return "".join(out)


def _reads_as_is(segment: str, formatted: list[cst.CSTNode]) -> bool:
    """The f-strings ``segment`` holds (no t-string) parse with the running ``ast`` as they are written: only a
    string of the newer syntax (PEP 701's quotes, backslashes and comments in its fields) is rewritten."""
    if any(type(m).__name__ != "FormattedString" for m in formatted):
        return False
    try:
        ast.parse(f"(\n{segment}\n)", mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    return True


def _line_starts(text: str) -> list[int]:
    starts = [0]
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            starts.append(i + 1)
        elif c == "\r":
            if i + 1 < n and text[i + 1] == "\n":
                i += 1
            starts.append(i + 1)
        i += 1
    return starts


def _preorder(module: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node of a libcst tree, parents before children, without recursion."""
    stack = [module]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))
