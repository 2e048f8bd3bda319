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
    if not isinstance(stmt, cst.SimpleStatementLine) or not all(
        isinstance(n, (cst.Import, cst.ImportFrom)) for n in stmt.body
    ):
        return None
    node = stmt.body[0]  # ``import os; import sys``: the line sorts by its first import
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
#
# The shapes black and ``ruff format`` give a line that does not fit, for the brackets around a value
# ``--fix`` wrote: the contents of the outermost bracket (a call's arguments, a ``def``'s parameters) on
# a line of their own when they fit there, else one per line with a trailing comma; when even the text
# before that bracket does not fit, the right-hand side of an assignment, a ``return`` or an ``if``/
# ``while`` test is wrapped in parentheses first.

_Items = Sequence[Any]  # cst.Arg or cst.Param: both have ``comma`` and ``whitespace_after_<item>``


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def _newline(indent: str) -> cst.ParenthesizedWhitespace:
    return cst.ParenthesizedWhitespace(
        first_line=cst.TrailingWhitespace(),
        empty_lines=[],
        indent=False,
        last_line=cst.SimpleWhitespace(indent),
    )


def _spread(items: _Items, after: str, indent: str, step: str, hug: bool) -> list[Any]:
    """``items`` (arguments or parameters) on one line after the bracket (``hug``), else one per line
    with a trailing comma; ``after`` names the whitespace field that follows each item."""
    last = len(items) - 1
    out = []
    for i, item in enumerate(items):
        if hug:
            comma = (
                cst.MaybeSentinel.DEFAULT
                if i == last
                else cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
            space: Any = _newline(indent) if i == last else cst.SimpleWhitespace("")
        else:
            comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(""))
            space = _newline(indent if i == last else indent + step)
        out.append(item.with_changes(comma=comma, **{after: space}))
    return out


def _items_text(items: _Items, module: cst.Module) -> str:
    return ", ".join(
        module.code_for_node(i.with_changes(comma=cst.MaybeSentinel.DEFAULT)).strip() for i in items
    )


def _split_bracket(node: Any, indent: str, step: str, limit: int, module: cst.Module) -> Any:
    """A call or a ``def`` with its arguments or parameters spread (``_spread``): on one line of their
    own when they fit there (or there is one), else one per line."""
    if isinstance(node, cst.Call):
        items, after = node.args, "whitespace_after_arg"
    else:
        items, after = node.params.params, "whitespace_after_param"
    hug = len(indent) + len(step) + len(_items_text(items, module)) <= limit or len(items) == 1
    spread = _spread(items, after, indent, step, hug)
    if isinstance(node, cst.Call):
        return node.with_changes(args=spread, whitespace_before_args=_newline(indent + step))
    params = node.params.with_changes(params=spread)
    return node.with_changes(params=params, whitespace_before_params=_newline(indent + step))


def _explode(call: cst.Call, indent: str) -> cst.Call:
    """A call whose arguments already sit on a line of their own, with one argument per line."""
    last = len(call.args) - 1
    args = [
        a.with_changes(
            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace("")),
            whitespace_after_arg=a.whitespace_after_arg if i == last else _newline(indent),
        )
        for i, a in enumerate(call.args)
    ]
    return call.with_changes(args=args)


def _parenthesize(expr: Any, indent: str, step: str) -> Any:
    return expr.with_changes(
        lpar=[cst.LeftParen(whitespace_after=_newline(indent + step))],
        rpar=[cst.RightParen(whitespace_before=_newline(indent))],
    )


def wrap_long_lines(
    module: cst.Module, limit: int, is_ours: Callable[[cst.Call], bool], max_rounds: int = 50
) -> cst.Module:
    """``module`` with each line over ``limit`` that holds a call ``is_ours`` accepts wrapped (the
    shapes above), one split at a time, measuring again after each, until every such line fits or none
    of its brackets can be split further."""
    marker = "value("
    if not any(len(line) > limit and marker in line for line in module.code.splitlines()):
        return module  # the common case: nothing to measure node by node
    for _ in range(max_rounds):
        wrapper = MetadataWrapper(module)
        tree = wrapper.module
        lines = tree.code.splitlines()
        where = _Where(wrapper.resolve(PositionProvider), wrapper.resolve(ParentNodeProvider))
        new = None
        for call in _calls(tree, is_ours):
            new = _wrap_one(tree, lines, limit, where, call)
            if new is not None and new.code != tree.code:
                break
            new = None  # this line fits, or nothing on it can be split: the next one
        if new is None:
            return tree
        module = new
    return module  # pragma: no cover - every round splits one more bracket


class _Where:
    def __init__(self, positions: Any, parents: Any) -> None:
        self.positions = positions
        self.parents = parents

    def lines(self, node: cst.CSTNode) -> tuple[int, int]:
        span = self.positions[node]
        return span.start.line, span.end.line

    def on(self, nodes: Sequence[cst.CSTNode], line: int) -> bool:
        return bool(nodes) and all(self.lines(n) == (line, line) for n in nodes)


def _wrap_one(
    tree: cst.Module, lines: Sequence[str], limit: int, where: _Where, call: cst.Call
) -> cst.Module | None:
    """``tree`` with the line holding ``call`` split once, or None when it fits or cannot be split."""
    line_no, end = where.lines(call)
    line = lines[line_no - 1]
    if len(line) <= limit or end != line_no:
        return None
    indent = _indent(line)
    step = "\t" if "\t" in indent else "    "
    bracket: Any = None  # the outermost call or def whose items are all on this line
    rhs: Any = None  # the right-hand side or test that can be wrapped in parentheses
    node: Any = call
    child: Any = None
    while node is not None:
        if isinstance(node, cst.FormattedString):
            bracket = None  # a line break inside an f-string's braces needs Python 3.12
        elif isinstance(node, cst.Call) and where.on(node.args, line_no):
            # a call whose one argument already has a line of its own cannot be split further
            if where.lines(node)[0] == line_no or len(node.args) > 1:
                bracket = node
        elif isinstance(node, cst.FunctionDef):
            p = node.params
            plain = not (
                p.posonly_params
                or p.kwonly_params
                or p.star_kwarg
                or p.posonly_ind is not cst.MaybeSentinel.DEFAULT
                or isinstance(p.star_arg, cst.CSTNode)
            )
            if plain and where.on(p.params, line_no):
                bracket = node
        if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Return, cst.If, cst.While)):
            value = node.test if isinstance(node, (cst.If, cst.While)) else node.value
            if (
                value is not None
                and child is value
                and not value.lpar
                and not isinstance(value, cst.Call)
                and where.lines(value) == (line_no, line_no)
            ):
                rhs = value
        if isinstance(node, cst.BaseStatement):
            break
        child, node = node, where.parents.get(node)
    choices: list[tuple[Any, Any]] = []
    if bracket is not None:
        if isinstance(bracket, cst.Call) and where.lines(bracket)[0] != line_no:
            choices.append((bracket, _explode(bracket, indent)))
        else:
            choices.append((bracket, _split_bracket(bracket, indent, step, limit, tree)))
    if rhs is not None:
        choices.append((rhs, _parenthesize(rhs, indent, step)))
    for i, (old, new) in enumerate(choices):
        replaced = tree.deep_replace(old, new)
        assert isinstance(replaced, cst.Module)
        head = replaced.code.splitlines()[line_no - 1]
        if len(head) <= limit or i == len(choices) - 1:
            return replaced
    return None


def _calls(tree: cst.Module, is_ours: Callable[[cst.Call], bool]) -> Iterable[cst.Call]:
    found: list[cst.Call] = []

    class Visitor(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            if is_ours(node):
                found.append(node)

    tree.visit(Visitor())
    return found
