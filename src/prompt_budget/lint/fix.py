"""``prompt-budget lint --fix``: move literals into config and read them back with ``prompt_budget.value``.

For every fixable, unsuppressed finding the literal is replaced, in place, by
``prompt_budget.value("<key>", <literal>)`` (libcst keeps every other character of the file: formatting,
comments, quotes): the project's config holds the value its tests and checks read, and the literal stays
as the default an installed package ships with (``prompt_budget.value`` reads only the calling file's
own project config, so no other project's config can change it). ``import prompt_budget`` joins the
file's third-party imports when it is missing, and lines made too long are wrapped to the project's line
length (``fix_layout``). ``<key> = <value>`` is written under ``[tool.prompt_budget.values]`` of the
config file (``[values]`` in ``prompt_budget.toml``; tables become ``[tool.prompt_budget.values.<key>]``).
The TOML file is edited with tomlkit, so its comments and layout stay; the result is parsed back and
compared before anything is written, and the config and the sources are written together or not at all
(``write_all``). Fixing twice changes nothing: the second run finds no literal to move.
"""

from __future__ import annotations

import ast
import difflib
import json
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from prompt_budget.config.edit import add_keys, parse_document, write_all
from prompt_budget.config.load import parse_toml, read_text
from prompt_budget.errors import ConfigError
from prompt_budget.lint.findings import Finding, Value
from prompt_budget.lint.fix_layout import first_party, insert_import, line_length, wrap_long_lines
from prompt_budget.lint.options import LintOptions
from prompt_budget.lint.walks import bound_names
from prompt_budget.values import same_value


@dataclass
class FixResult:
    """What ``--fix`` changed (or, with ``write=False``, would change)."""

    changed: dict[Path, str] = field(default_factory=dict)  # path -> new source
    diff: str = ""
    config_file: Path | None = None
    values: dict[str, Value] = field(default_factory=dict)
    fixed: list[Finding] = field(default_factory=list)
    skipped: list[tuple[Finding, str]] = field(default_factory=list)


def config_target(options: LintOptions) -> tuple[Path, str]:
    """The config file values go into, and the table name: the file the options came from, else the
    root's ``pyproject.toml``, else a new ``prompt_budget.toml``."""
    if options.config_file is not None:
        file = options.config_file
    elif (options.root / "pyproject.toml").is_file():
        file = options.root / "pyproject.toml"
    else:
        file = options.root / "prompt_budget.toml"
    table = "tool.prompt_budget.values" if file.name == "pyproject.toml" else "values"
    return file, table


def apply_fixes(findings: Sequence[Finding], options: LintOptions, *, write: bool = True) -> FixResult:
    """Fix every fixable, unsuppressed finding. With ``write=False`` nothing is written and the
    result carries the diffs (``--diff``)."""
    result = FixResult()
    to_write: dict[Path, bytes] = {}
    by_path: dict[str, list[Finding]] = defaultdict(list)
    for f in findings:
        if f.fixable and f.suppressed is None and f.key is not None:
            by_path[f.path].append(f)
    for display, group in sorted(by_path.items()):
        path = options.root / display  # a display path outside the root is absolute
        try:
            raw = path.read_bytes()
        except OSError as exc:
            result.skipped.extend((f, f"cannot read the file: {exc.strerror or exc}") for f in group)
            continue
        # libcst reads the bytes itself: the coding cookie, a byte-order mark and the line endings
        # (CRLF or LF) are kept, so only the literals change.
        layout = _Layout(line_length(path, options.root), first_party(path, options.root))
        try:
            fixed_source = _fix_source(raw, group, layout)
        except RecursionError:  # libcst walks the tree recursively: a file nested too deeply
            why = "the code is nested too deeply for --fix to rewrite; move the value by hand"
            result.skipped.extend((f, why) for f in group)
            continue
        result.skipped.extend(fixed_source.skipped)
        if not fixed_source.fixed:
            continue
        result.fixed.extend(fixed_source.fixed)
        result.values.update(fixed_source.values)
        result.changed[path] = fixed_source.text
        result.diff += _diff(fixed_source.old_text, fixed_source.text, display)
        to_write[path] = fixed_source.data
    if not result.values:
        return result
    config_file, table = config_target(options)
    result.config_file = config_file
    old_config = read_text(config_file) if config_file.is_file() else ""
    new_config = add_values(old_config, table, result.values, file=config_file)
    result.diff += _diff(old_config, new_config, options.relative(config_file))
    if write:
        # all or nothing: a file that cannot be written leaves every file as it was
        write_all({config_file: new_config.encode("utf-8"), **to_write})
    return result


def _diff(old: str, new: str, name: str) -> str:
    if old == new:
        return ""
    return "".join(difflib.unified_diff(_keep_ends(old), _keep_ends(new), f"a/{name}", f"b/{name}"))


def _keep_ends(text: str) -> list[str]:
    """Lines with their endings, split only where Python and TOML end lines (``splitlines`` also splits
    at form feeds and U+2028, which would garble the diff of a file holding them)."""
    return re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text)


# --- the code ------------------------------------------------------------------------------------------


class _Replace(cst.CSTTransformer):
    def __init__(self, replacements: dict[cst.CSTNode, cst.BaseExpression]) -> None:
        super().__init__()
        self.replacements = replacements

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode) -> Any:
        replacement = self.replacements.get(original_node)
        if replacement is None:
            return updated_node
        if isinstance(original_node, cst.BaseExpression):  # keep the literal's own parentheses
            return replacement.with_changes(lpar=original_node.lpar, rpar=original_node.rpar)
        return replacement


def _accessor(module: cst.Module) -> tuple[str, bool]:
    """How the module can reach ``prompt_budget.value``: (expression prefix, import needed). A name the
    code binds for something else (``def ask(prompt_budget=3000)``) would shadow the module inside
    that scope, so then the module is imported under a free alias."""
    try:
        tree = ast.parse(module.code)
    except (SyntaxError, ValueError):  # pragma: no cover - the lint parsed it
        tree = ast.Module(body=[], type_ignores=[])
    shadowed = _bound_names(tree)
    for stmt in tree.body:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                name = alias.asname or "prompt_budget"
                if alias.name == "prompt_budget" and name not in shadowed:
                    return name, False
    name, n = "prompt_budget", 1
    while name in shadowed:
        n += 1
        name = "_prompt_budget" if n == 2 else f"_prompt_budget_{n - 1}"
    return name, True


def _bound_names(tree: ast.Module) -> set[str]:
    """Every name the module binds other than by ``import prompt_budget [as x]``: assignments,
    parameters, functions, classes, loop and ``with`` targets, other imports, ``except ... as``."""
    return bound_names(tree, skip_import="prompt_budget")


@dataclass(frozen=True)
class _Layout:
    """How the project lays out a file: its line length and its first-party top-level names."""

    line_length: int = 88
    first_party: frozenset[str] | set[str] = frozenset()


@dataclass
class _FixedSource:
    """One file's fix: its text before and after (decoded), the bytes to write, what was done."""

    old_text: str
    text: str
    data: bytes
    fixed: list[Finding] = field(default_factory=list)
    skipped: list[tuple[Finding, str]] = field(default_factory=list)
    values: dict[str, Value] = field(default_factory=dict)  # the keys the new code reads


def _fix_source(source: bytes, findings: Sequence[Finding], layout: _Layout = _Layout()) -> _FixedSource:
    try:
        original = cst.parse_module(source)
    except cst.ParserSyntaxError as exc:
        why = f"libcst cannot parse the file: {exc.message}"
        return _FixedSource("", "", source, skipped=[(f, why) for f in findings])
    except (UnicodeDecodeError, LookupError, SyntaxError) as exc:
        why = f"cannot decode the file: {exc}"
        return _FixedSource("", "", source, skipped=[(f, why) for f in findings])
    wrapper = MetadataWrapper(original)
    positions = wrapper.resolve(PositionProvider)
    module = wrapper.module
    by_span: dict[tuple[int, int, int, int], cst.CSTNode] = {}
    for node, r in positions.items():
        if isinstance(node, (cst.Integer, cst.Float, cst.Dict)) or (
            # ``+16000``: the finding covers the sign, so the whole expression is replaced
            isinstance(node, cst.UnaryOperation)
            and isinstance(node.operator, cst.Plus)
            and isinstance(node.expression, (cst.Integer, cst.Float))
        ):
            by_span[(r.start.line, r.start.column, r.end.line, r.end.column)] = node
    prefix, need_import = _accessor(module)
    quotes = _fstring_quotes(module)
    replacements: dict[cst.CSTNode, cst.BaseExpression] = {}
    fixed: list[Finding] = []
    skipped: list[tuple[Finding, str]] = []
    values: dict[str, Value] = {}
    for f in findings:
        literal = _target(f, by_span)
        if literal is None:
            skipped.append((f, "could not find the literal in the file"))
            continue
        if literal in replacements or f.key is None:
            # One literal, several findings (``A_MAX_TOKENS = B_MAX_TOKENS = 4096``): the first key
            # is the one the code reads; another would be a config value nothing reads.
            fixed.append(f)
            continue
        key = _string(f.key, quotes.get(literal, frozenset()))
        if key is None:
            skipped.append((f, "inside f-strings that use both quote characters; move it by hand"))
            continue
        if literal in quotes and isinstance(literal, cst.Dict):
            skipped.append(
                (f, "a table inside an f-string, where its keys' quotes cannot be written; move it by hand")
            )
            continue
        fixed.append(f)
        # the literal stays, as the default the code ships with (its own text: ``200_000``, ``1e5``)
        default = module.code_for_node(literal.with_changes(lpar=(), rpar=()))
        replacements[literal] = cst.parse_expression(f"{prefix}.value({key}, {default})")
        values[f.key] = f.value
    if not replacements:
        return _FixedSource("", "", source, skipped=skipped)
    new_module = module.visit(_Replace(replacements))
    if need_import:
        new_module = insert_import(new_module, prefix, set(layout.first_party))
    new_module = wrap_long_lines(new_module, layout.line_length, _reads_value(prefix, set(values)))
    # libcst round-trips exactly, so the old text is the decoded bytes; the new code is generated once
    # (each of ``Module.code`` and ``Module.bytes`` walks the whole tree)
    text = new_module.code
    old_text = source.decode(original.encoding)
    return _FixedSource(old_text, text, text.encode(new_module.encoding), fixed, skipped, values)


def _reads_value(prefix: str, keys: set[str]) -> Callable[[cst.Call], bool]:
    """Whether a call is one ``--fix`` wrote: ``<prefix>.value("<one of keys>", ...)``."""

    def check(call: cst.Call) -> bool:
        func = call.func
        if not (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == prefix
            and func.attr.value == "value"
            and call.args
            and isinstance(call.args[0].value, cst.SimpleString)
        ):
            return False
        evaluated = call.args[0].value.evaluated_value
        return evaluated in keys if isinstance(evaluated, str) else False

    return check


def _fstring_quotes(module: cst.Module) -> dict[cst.CSTNode, frozenset[str]]:
    """For each node inside an f-string's replacement field, the quote characters of the f-strings
    around it: before Python 3.12 an expression there cannot hold the quote its f-string uses."""
    found: dict[cst.CSTNode, frozenset[str]] = {}

    class Visitor(cst.CSTVisitor):
        def __init__(self) -> None:
            super().__init__()
            self.stack: list[str] = []

        def visit_FormattedString(self, node: cst.FormattedString) -> None:
            self.stack.append(node.quote[0])

        def leave_FormattedString(self, original_node: cst.FormattedString) -> None:
            self.stack.pop()

        def on_visit(self, node: cst.CSTNode) -> bool:
            if self.stack:
                found[node] = frozenset(self.stack)
            return super().on_visit(node)

    module.visit(Visitor())
    return found


def _string(text: str, avoid: frozenset[str]) -> str | None:
    """``text`` as a Python string literal without the quote characters in ``avoid``, else None."""
    for quote in ('"', "'"):
        if quote not in avoid:
            literal = json.dumps(text) if quote == '"' else repr(text)
            if literal[0] == quote and "\\" not in literal:
                return literal
    return None


def _target(f: Finding, by_span: dict[tuple[int, int, int, int], cst.CSTNode]) -> cst.CSTNode | None:
    """The literal a finding moves. Findings on a whole expression (``len(text) // 4``) move its
    right-hand literal, which ends where the expression ends."""
    exact = by_span.get((f.line, f.column - 1, f.end_line, f.end_column - 1))
    if exact is not None:
        return exact
    end = (f.end_line, f.end_column - 1)
    for (line, col, end_line, end_col), node in by_span.items():
        if (
            (end_line, end_col) == end
            and (line, col) > (f.line, f.column - 1)
            and isinstance(node, (cst.Integer, cst.Float))
        ):
            return node
    return None


# --- the config file --------------------------------------------------------------------------------------


def add_values(text: str, table: str, values: dict[str, Value], *, file: Path | None = None) -> str:
    """``text`` (a TOML document) with ``values`` added under ``[table]``. Keys already holding the same
    value are left alone; a key holding another value is a ``ConfigError``. The result is parsed back
    and checked."""
    existing: Any = parse_document(text, file)[0] if text.strip() else {}
    for part in table.split("."):
        existing = existing.get(part, {}) if isinstance(existing, dict) else {}
    for key, value in values.items():
        if key in existing and not same_value(existing[key], value):
            raise ConfigError(
                f"already holds {existing[key]!r}, not {value!r}; rename one of them",
                file=file,
                key=f"{table}.{key}",
            )
    new = {key: value for key, value in values.items() if key not in existing}
    new_text = add_keys(text, table, new, file=file) if new else text
    check: Any = parse_toml(new_text, file)
    for part in table.split("."):
        check = check.get(part, {})
    for key, value in values.items():
        if not same_value(check.get(key), value):
            raise ConfigError(
                f"could not write {key} = {value!r} safely; add it by hand", file=file, key=f"{table}.{key}"
            )
    return new_text
