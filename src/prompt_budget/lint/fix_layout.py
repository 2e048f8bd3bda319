"""Where ``--fix`` puts what it adds, so a fixed file still passes the project's import sorter and
formatter: ``import prompt_budget`` joins the file's third-party import group (isort's and ruff's order:
``__future__``, standard library, third-party, first-party, relative), and a line that a
``prompt_budget.value(...)`` call made longer than the project's line length (ruff's ``line-length``,
else black's, else 88) is wrapped inside the brackets of a call on it, as black and ``ruff format`` wrap.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import libcst as cst
from libcst.metadata import MetadataWrapper, ParentNodeProvider, PositionProvider

from prompt_budget.config.load import parse_toml
from prompt_budget.errors import ConfigError

DEFAULT_LINE_LENGTH = 88  # black's and ruff's

_FUTURE, _STDLIB, _THIRD_PARTY, _FIRST_PARTY, _LOCAL = range(5)


# --- settings read from the project ------------------------------------------------------------------


def _toml(path: Path) -> dict[str, Any]:
    try:
        return parse_toml(path.read_text(encoding="utf-8"), path)
    except (OSError, UnicodeDecodeError, ConfigError):
        return {}


def _get(data: dict[str, Any], *keys: str) -> Any:
    node: Any = data
    for key in keys:
        node = node.get(key) if isinstance(node, dict) else None
    return node


def _folders(file: Path, root: Path) -> list[Path]:
    """``file``'s folder and those above it, up to ``root`` (just ``root`` when the file is outside it)."""
    folder = file.parent.resolve()
    top = root.resolve()
    chain = [folder, *folder.parents]
    return chain[: chain.index(top) + 1] if top in chain else [top]


def line_length(file: Path, root: Path) -> int:
    """The line length the project formats ``file`` to: the nearest ``ruff.toml``/``.ruff.toml``
    ``line-length``, or ``pyproject.toml``'s ``[tool.ruff] line-length``, then ``[tool.black]
    line-length``, from ``file``'s folder up to ``root``; 88 when none sets it."""
    for folder in _folders(file, root):
        for name in ("ruff.toml", ".ruff.toml"):
            if (folder / name).is_file():
                found = _get(_toml(folder / name), "line-length")
                if isinstance(found, int) and not isinstance(found, bool) and found > 0:
                    return found
        if (folder / "pyproject.toml").is_file():
            data = _toml(folder / "pyproject.toml")
            for keys in (("tool", "ruff", "line-length"), ("tool", "black", "line-length")):
                found = _get(data, *keys)
                if isinstance(found, int) and not isinstance(found, bool) and found > 0:
                    return found
    return DEFAULT_LINE_LENGTH


def first_party(file: Path, root: Path) -> set[str]:
    """Top-level names the project's import sorter takes as first-party: ``known-first-party`` (ruff,
    isort), the packages and modules in the root and in ``src/``, and the package ``file`` is in."""
    names: set[str] = set()
    for folder in _folders(file, root):
        data = _toml(folder / "pyproject.toml") if (folder / "pyproject.toml").is_file() else {}
        for keys in (
            ("tool", "ruff", "lint", "isort", "known-first-party"),
            ("tool", "ruff", "isort", "known-first-party"),
            ("tool", "isort", "known_first_party"),
        ):
            found = _get(data, *keys)
            if isinstance(found, list):
                names.update(str(n).split(".")[0] for n in found)
    for base in (root, root / "src"):
        try:
            entries = list(base.iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.suffix == ".py" and entry.is_file():
                names.add(entry.stem)
            elif (entry / "__init__.py").is_file():
                names.add(entry.name)
    package = file.resolve().parent
    while (package / "__init__.py").is_file() and (package.parent / "__init__.py").is_file():
        package = package.parent
    names.add(package.name if (package / "__init__.py").is_file() else file.stem)
    return names


# --- the import ----------------------------------------------------------------------------------------


def _imported(stmt: cst.BaseStatement) -> tuple[str, bool] | None:
    """(top-level module, is a ``from`` import) of a one-import line; None for anything else."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    node = stmt.body[0]
    if isinstance(node, cst.Import):
        return cst.helpers.get_full_name_for_node_or_raise(node.names[0].name).split(".")[0], False
    if isinstance(node, cst.ImportFrom):
        if node.relative:
            return ".", True
        if node.module is None:  # pragma: no cover - a from-import without a module is relative
            return ".", True
        return cst.helpers.get_full_name_for_node_or_raise(node.module).split(".")[0], True
    return None


def _section(module: str, first: set[str]) -> int:
    if module == "__future__":
        return _FUTURE
    if module == ".":
        return _LOCAL
    if module in first:
        return _FIRST_PARTY
    if module in sys.stdlib_module_names:
        return _STDLIB
    return _THIRD_PARTY


def _is_docstring(stmt: cst.BaseStatement) -> bool:
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _blank(n: int) -> list[cst.EmptyLine]:
    return [cst.EmptyLine() for _ in range(n)]


def insert_import(module: cst.Module, alias: str, first: set[str]) -> cst.Module:
    """``module`` with ``import prompt_budget [as alias]`` where the project's import sorter puts it: in
    sorted place among the straight imports of its section (before the ``from`` imports), or as a new
    group between the sections around it, or, in a file without imports, after the docstring with the
    blank lines a formatter keeps after imports."""
    body = list(module.body)
    start = 1 if body and _is_docstring(body[0]) else 0
    run: list[tuple[int, int, str, bool]] = []  # (index, section, module, from-import)
    for i in range(start, len(body)):
        imported = _imported(body[i])
        if imported is None:
            break
        run.append((i, _section(imported[0], first), *imported))
    text = "import prompt_budget" + ("" if alias == "prompt_budget" else f" as {alias}")
    new: Any = cst.parse_statement(text + "\n")
    ours = _section("prompt_budget", first)
    same = [r for r in run if r[1] == ours]
    after = [r for r in run if r[1] > ours]
    if same:
        straight_after = [r for r in same if r[3] or r[2].lower() > "prompt_budget"]
        if straight_after:  # before it, taking over the blank lines that open the group
            index = straight_after[0][0]
            new, body[index] = _take_leading(new, body[index], 0)
        else:
            index = same[-1][0] + 1
        body.insert(index, new)
    elif after:  # a group of its own, before the first later section
        index = after[0][0]
        new, body[index] = _take_leading(new, body[index], 1)
        body.insert(index, new)
    else:  # a group of its own after the last import (or the docstring), ending the import block
        index = run[-1][0] + 1 if run else start
        new = new.with_changes(leading_lines=_blank(1) if index > 0 else [])
        if index < len(body):
            follows: Any = body[index]
            gap = 2 if isinstance(follows, (cst.FunctionDef, cst.ClassDef)) else 1
            if not run:  # the lines above the first statement (after the docstring) move up with us
                new, follows = _take_leading(new, follows, gap)
                if index > 0 and not new.leading_lines:
                    new = new.with_changes(leading_lines=_blank(1))
            else:
                follows = _at_least(follows, gap)
            body[index] = follows
        body.insert(index, new)
    return module.with_changes(body=body)


def _take_leading(new: Any, follows: Any, gap: int) -> tuple[Any, Any]:
    """``new`` placed before ``follows``: it takes the lines above ``follows`` but the comments directly
    above it, and ``follows`` gets ``gap`` blank lines before those comments."""
    leading = list(getattr(follows, "leading_lines", ()))
    split = len(leading)
    while split > 0 and leading[split - 1].comment is not None:
        split -= 1
    return (
        new.with_changes(leading_lines=leading[:split]),
        follows.with_changes(leading_lines=_blank(gap) + leading[split:]),
    )


def _at_least(stmt: Any, gap: int) -> Any:
    """``stmt`` with at least ``gap`` blank lines before its first line."""
    leading = list(getattr(stmt, "leading_lines", ()))
    blanks = 0
    while blanks < len(leading) and leading[blanks].comment is None:
        blanks += 1
    if blanks >= gap:
        return stmt
    return stmt.with_changes(leading_lines=_blank(gap - blanks) + leading)


# --- long lines ----------------------------------------------------------------------------------------


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def _newline(indent: str) -> cst.ParenthesizedWhitespace:
    return cst.ParenthesizedWhitespace(
        first_line=cst.TrailingWhitespace(),
        empty_lines=[],
        indent=False,
        last_line=cst.SimpleWhitespace(indent),
    )


def _split_call(call: cst.Call, indent: str, step: str, limit: int, module: cst.Module) -> cst.Call:
    """``call`` with its arguments on a line of their own (when they fit), else one per line with a
    trailing comma: the two shapes black gives a call that does not fit on one line."""
    args = list(call.args)
    inner = ", ".join(
        module.code_for_node(a.with_changes(comma=cst.MaybeSentinel.DEFAULT)).strip() for a in args
    )
    if len(indent) + len(step) + len(inner) <= limit or len(args) == 1:
        new_args = [
            a.with_changes(
                comma=cst.MaybeSentinel.DEFAULT
                if i == len(args) - 1
                else cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
                whitespace_after_arg=_newline(indent) if i == len(args) - 1 else cst.SimpleWhitespace(""),
            )
            for i, a in enumerate(args)
        ]
    else:
        new_args = [
            a.with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace("")),
                whitespace_after_arg=_newline(indent if i == len(args) - 1 else indent + step),
            )
            for i, a in enumerate(args)
        ]
    return call.with_changes(whitespace_before_args=_newline(indent + step), args=new_args)


def wrap_long_lines(
    module: cst.Module, limit: int, is_ours: Callable[[cst.Call], bool], max_rounds: int = 50
) -> cst.Module:
    """``module`` with each line over ``limit`` that holds a call ``is_ours`` accepts wrapped: the
    outermost call that starts on the line and fits on it is split (``_split_call``), then the lines
    are measured again, until every such line fits or no call on it can be split further."""
    marker = "value("
    if not any(len(line) > limit and marker in line for line in module.code.splitlines()):
        return module  # the common case: nothing to measure node by node
    for _ in range(max_rounds):
        wrapper = MetadataWrapper(module)
        positions = wrapper.resolve(PositionProvider)
        parents = wrapper.resolve(ParentNodeProvider)
        tree = wrapper.module
        lines = tree.code.splitlines()
        target = _call_to_split(tree, lines, limit, positions, parents, is_ours)
        if target is None:
            return tree
        call, line = target
        step = "\t" if "\t" in _indent(line) else "    "
        replaced = tree.deep_replace(call, _split_call(call, _indent(line), step, limit, tree))
        assert isinstance(replaced, cst.Module)
        module = replaced
    return module  # pragma: no cover - every round splits one more call


def _call_to_split(
    tree: cst.Module,
    lines: Sequence[str],
    limit: int,
    positions: Any,
    parents: Any,
    is_ours: Callable[[cst.Call], bool],
) -> tuple[cst.Call, str] | None:
    for call in _calls(tree, is_ours):
        where = positions[call]
        line = lines[where.start.line - 1]
        if len(line) <= limit or where.end.line != where.start.line:
            continue
        outermost: cst.Call | None = None
        node: cst.CSTNode | None = call
        while node is not None and not isinstance(node, cst.BaseStatement):
            if isinstance(node, cst.FormattedString):
                outermost = None  # a line break inside an f-string's braces needs Python 3.12
            elif isinstance(node, cst.Call) and node.args:
                span = positions[node]
                if span.start.line == span.end.line == where.start.line:
                    outermost = node
            node = parents.get(node)
        if outermost is not None:
            return outermost, line
    return None


def _calls(tree: cst.Module, is_ours: Callable[[cst.Call], bool]) -> Iterable[cst.Call]:
    found: list[cst.Call] = []

    class Visitor(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            if is_ours(node):
                found.append(node)

    tree.visit(Visitor())
    return found
