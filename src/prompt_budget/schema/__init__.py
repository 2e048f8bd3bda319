"""The configuration schema, as data: every key the resolver (``prompt_budget.config``) and
``prompt_budget.lint.options`` accept, with its table, forms, default, description and example
(modules ``keys`` and ``tables``; ``tests/unit/test_schema.py`` fails when the schema and the parsers
drift), and the reference generated from it in ``docs/configuration.md``: ``python -m
prompt_budget.schema [--write | --check]`` prints, rewrites or checks it."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from prompt_budget.schema.keys import PER_RULE, REQUIRED, TABLE_DEFAULTS, Key, Table
from prompt_budget.schema.tables import BASELINE, FILES, LINT, LINT_RULE, STAGES, TABLES, TOKENS, TOP

__all__ = [
    "BASELINE",
    "COMMAND",
    "FILES",
    "LINT",
    "LINT_RULE",
    "NAME",
    "PER_RULE",
    "REQUIRED",
    "STAGES",
    "TABLES",
    "TABLE_DEFAULTS",
    "TOKENS",
    "TOP",
    "Key",
    "Table",
    "expected_page",
    "generated_part",
    "key_example",
    "main",
    "refresh",
    "replace_generated",
    "table_example",
    "toml_literal",
]

_DESCRIPTION: Final = (
    "The configuration schema, as data: every key the resolver (``prompt_budget.config``) accepts, with its"
)


def toml_literal(value: object) -> str:
    """A default as the TOML a user would write (tuples become arrays)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(toml_literal(v) for v in value) + "]"
    if isinstance(value, Mapping):
        inner = ", ".join(f"{json.dumps(str(k))} = {toml_literal(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    raise TypeError(f"no TOML form for {value!r}")


def _default_markdown(key: Key) -> str:
    if key.default_note:
        return key.default_note
    if key.default is REQUIRED:
        return "**required**"
    if key.default is None:
        return "none"
    return f"`{toml_literal(key.default)}`"


def key_example(table: Table, key: Key, prefix: str = "tool.prompt_budget") -> str:
    """A TOML document setting ``key`` to its example, loadable on its own (``prefix=""`` gives the
    ``prompt_budget.toml`` form)."""
    lines = [table.header(prefix)] if table.header(prefix) else []
    lines += [line for line in table.preamble if line.split(" = ")[0] != key.name]
    lines.append(f"{_toml_key(key.name)} = {key.example}")
    return "\n".join(lines) + "\n"


def table_example(table: Table, prefix: str = "tool.prompt_budget") -> str:
    """One TOML document setting every key of ``table`` that has an example."""
    lines = [table.header(prefix)] if table.header(prefix) else []
    written = set()
    for key in table.keys:
        if key.example:
            lines.append(f"{_toml_key(key.name)} = {key.example}")
            written.add(key.name)
    lines[1:1] = [line for line in table.preamble if line.split(" = ")[0] not in written]
    lines += [
        line.replace("tool.prompt_budget.", f"{prefix}." if prefix else "") for line in table.extra_example
    ]
    return "\n".join(lines) + "\n"


def _toml_key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)


def _anchor(table: Table) -> str:
    return table.name.replace(".", "-").replace("<", "").replace(">", "") or "top-level"


def render_config_reference() -> str:
    """The generated part of ``docs/configuration.md``: every table and key, from ``TABLES``."""
    out: list[str] = [
        "Each table below lists its keys with the forms they are written in, their defaults and an "
        "example that loads without warnings. In `prompt_budget.toml` drop the `tool.prompt_budget.` "
        "prefix: `tokenizer = ...` at the top, `[sections]`, `[[files]]`, `[baseline]`.",
        "",
    ]
    for table in TABLES:
        out += [f"### `{table.heading()}` {{#{_anchor(table)}}}", ""]
        out += [table.description, ""]
        rows = [*table.keys, *([table.free_form] if table.free_form else [])]
        out += ["| key | type | default | description |", "|---|---|---|---|"]
        for key in rows:
            description = key.description
            if key.see:
                description += f" See [below](#{key.see})."
            name = f"`{key.name}`" if not key.name.startswith("<") else f"*{key.name[1:-1]}*"
            out.append(f"| {name} | {key.type.markdown()} | {_default_markdown(key)} | {description} |")
        out.append("")
        example = table_example(table)
        if example.strip() != table.header():
            out += ["```toml", example.rstrip("\n"), "```", ""]
    return "\n".join(out).rstrip("\n") + "\n"


_BEGIN = "<!-- BEGIN GENERATED: {name} (refresh: {command}) -->"
_END = "<!-- END GENERATED -->"


def replace_generated(text: str, name: str, generated: str, command: str) -> str:
    """``text`` with the part between the ``name`` markers replaced by ``generated``. A page without the
    markers gets them appended; a page with a BEGIN and no END is an error."""
    begin_re = re.compile(rf"^<!-- BEGIN GENERATED: {re.escape(name)}\b.*?-->$", re.MULTILINE)
    begin = _BEGIN.format(name=name, command=command)
    block = f"{begin}\n\n{generated.rstrip()}\n\n{_END}"
    m = begin_re.search(text)
    if m is None:
        return text.rstrip("\n") + "\n\n" + block + "\n"
    end = text.find(_END, m.end())
    if end < 0:
        raise ValueError(f"{name}: a BEGIN GENERATED marker without its {_END}")
    return text[: m.start()] + block + text[end + len(_END) :]


def generated_part(text: str, name: str) -> str | None:
    """The part of ``text`` between the ``name`` markers, or None without them."""
    m = re.search(
        rf"^<!-- BEGIN GENERATED: {re.escape(name)}\b.*?-->\n(.*?)^{re.escape(_END)}", text, re.S | re.M
    )
    return m.group(1).strip("\n") + "\n" if m else None


def refresh(pages: Mapping[Path, str], *, write: bool, check: bool, command: str) -> int:
    """Write (``write``) or compare (``check``) the pages given as path -> expected text; print the stale
    ones. Returns the exit code."""
    stale = [path for path, text in pages.items() if not path.is_file() or path.read_text("utf-8") != text]
    for path in stale:
        if write:
            path.write_text(pages[path], encoding="utf-8")
            print(f"wrote {path}")
        elif check:
            print(f"{path} is out of date; run: {command}", file=sys.stderr)
    return 1 if stale and check and not write else 0


DOC: Final = Path("docs") / "configuration.md"
NAME: Final = "config-reference"
COMMAND: Final = "python -m prompt_budget.schema --write"


def expected_page(path: Path) -> str:
    """``path`` (docs/configuration.md) with its generated part brought up to date."""
    return replace_generated(path.read_text(encoding="utf-8"), NAME, render_config_reference(), COMMAND)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m prompt_budget.schema", description=_DESCRIPTION)
    parser.add_argument("--write", action="store_true", help=f"rewrite the generated part of {DOC}")
    parser.add_argument("--check", action="store_true", help=f"exit 1 when {DOC} is out of date")
    parser.add_argument("--docs", type=Path, default=Path("docs"), help="the docs folder (default: docs)")
    args = parser.parse_args(argv)
    if not (args.write or args.check):
        sys.stdout.write(render_config_reference())
        return 0
    page = args.docs / "configuration.md"
    return refresh({page: expected_page(page)}, write=args.write, check=args.check, command=COMMAND)
