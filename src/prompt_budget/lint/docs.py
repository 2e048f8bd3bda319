"""The rule reference, generated from the rules themselves: ``docs/rules/PB1xx.md`` and the table of
``docs/rules/index.md``.

Each rule page's reference part (code, name, summary, the rule's docstring, the code it reports from its
INVALID cases, what ``--fix`` makes of the first fixable one, the code it leaves alone from its VALID
cases, and its options with their defaults) sits between marker comments; prose written by hand outside
the markers is kept::

    python -m prompt_budget.lint.docs            # print every generated part
    python -m prompt_budget.lint.docs --write    # rewrite them in docs/rules/
    python -m prompt_budget.lint.docs --check    # exit 1 when a committed page is out of date

``tests/docs/test_generated_docs.py`` fails when a page differs from what this module generates.
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from prompt_budget.lint.rule import Invalid, LintRule
from prompt_budget.lint.rules import BUILTIN_RULES
from prompt_budget.schema import LINT_RULE, PER_RULE, refresh, replace_generated, toml_literal

NAME: Final = "rule-reference"
INDEX_NAME: Final = "rule-index"
COMMAND: Final = "python -m prompt_budget.lint.docs --write"
_VALUES_TABLE: Final = "tool.prompt_budget.values"
#: PB000 has no rule class (the engine reports it); its one line for the index.
_PARSE_ERROR_SUMMARY: Final = "A file that could not be parsed"


def _markdown(docstring: str) -> str:
    """A docstring in Markdown: reST's ``code`` becomes `code`."""
    return re.sub(r"``(.+?)``", r"`\1`", inspect.cleandoc(docstring))


def _code(source: str) -> str:
    return textwrap.dedent(source).strip("\n")


def _shown(case: Invalid) -> str:
    """The code of an INVALID case as a reader should see it: without the ``import prompt_budget`` the
    fix cases carry so that ``--fix`` output is stable."""
    code = _code(case.code)
    if case.fixed is not None and code.startswith("import prompt_budget\n"):
        code = code.removeprefix("import prompt_budget\n").lstrip("\n")
    return code


def _block(code: str) -> list[str]:
    return ["```python no-run", code, "```", ""]


def _fix_config(rule: type[LintRule], case: Invalid) -> str:
    """The ``[tool.prompt_budget.values]`` TOML ``--fix`` writes for ``case``: the rule is run on it, and
    its key and value go through the same writer ``--fix`` uses."""
    from prompt_budget.lint.engine import allocate_keys, lint_source
    from prompt_budget.lint.fix import add_values
    from prompt_budget.lint.options import LintOptions

    options = LintOptions(root=Path("/nonexistent"))
    result = lint_source(textwrap.dedent(case.code), "example.py", options, [rule])
    findings = [f for f in allocate_keys(list(result.findings), options) if f.code == rule.CODE]
    movable = [f for f in findings if f.fixable and f.key is not None]
    if not movable:
        raise ValueError(f"{rule.CODE}: its fix case reports nothing --fix can move:\n{case.code}")
    values = {f.key: f.value for f in movable if f.key is not None}
    return add_values("", _VALUES_TABLE, values).strip("\n")


def render_rule(rule: type[LintRule]) -> str:
    """The generated part of ``docs/rules/<CODE>.md``."""
    source = f"`src/{rule.__module__.replace('.', '/')}.py`"
    out = [f"# {rule.CODE} {rule.NAME}", "", f"**{rule.SUMMARY.rstrip('.')}.**", ""]
    if rule.__doc__:
        out += [_markdown(rule.__doc__), ""]
    out += ["## Bad", ""]
    if rule.INVALID:
        out += [
            f"The rule reports each of these: they are its INVALID cases, from {source}, which the test "
            "suite checks. They are shown, not run (`python no-run`): they are the code the rule flags, "
            "and they use names (clients, settings, tokenizers) that are not defined here.",
            "",
        ]
        for case in rule.INVALID:
            out += _block(_shown(case))
    else:
        out += [
            "This rule compares files with each other, so it has no single-file INVALID cases; "
            "what it reports is described above.",
            "",
        ]
    fixable = next((c for c in rule.INVALID if c.fixed is not None), None)
    if fixable is not None:
        out += [
            "## Fixed by `prompt-budget lint --fix`",
            "",
            "The first case above becomes:" if fixable is rule.INVALID[0] else "This case:",
            "",
        ]
        if fixable is not rule.INVALID[0]:
            out += [*_block(_shown(fixable)), "becomes:", ""]
        out += _block(_code(fixable.fixed or ""))
        out += [
            "and in `pyproject.toml` (the key is derived from the names around the literal):",
            "",
            "```toml",
            _fix_config(rule, fixable),
            "```",
            "",
        ]
    else:
        out += ["`--fix` does not change what this rule reports.", ""]
    out += [
        "## Good (not reported)",
        "",
        f"The rule must leave these alone: they are its VALID cases, from {source}. Shown, not run, "
        "for the same reason.",
        "",
    ]
    for valid in rule.VALID:
        out += _block(_code(valid.code))
    out += [
        "## Options",
        "",
        f"In `[tool.prompt_budget.lint.{rule.CODE}]` (or `[tool.prompt_budget.lint.{rule.NAME}]`), "
        "overriding the same keys in `[tool.prompt_budget.lint]` "
        "(see the [configuration reference](../configuration.md#lint-rule)):",
        "",
    ]
    for key in LINT_RULE.keys:
        default = rule.DEFAULT_MIN_VALUE if key.default is PER_RULE else key.default
        out.append(f"- `{key.name}` (default `{toml_literal(default)}`): {key.description}")
    out += [
        "",
        f"Suppress one finding with `# noqa: {rule.CODE} -- reason` on its line; the reason shows in "
        "`--show-suppressed`.",
    ]
    return "\n".join(out).rstrip("\n") + "\n"


def render_index() -> str:
    """The generated table of ``docs/rules/index.md``."""
    from prompt_budget.lint.engine import known_codes
    from prompt_budget.lint.options import PARSE_ERROR

    rows = [
        "| Code | Name | What it finds | `--fix` |",
        "|---|---|---|---|",
        f"| [{PARSE_ERROR}]({PARSE_ERROR}.md) | `{known_codes()[PARSE_ERROR]}` | {_PARSE_ERROR_SUMMARY} | no |",
    ]
    for rule in BUILTIN_RULES:
        fix = "yes" if any(c.fixed is not None for c in rule.INVALID) else "no"
        rows.append(f"| [{rule.CODE}]({rule.CODE}.md) | `{rule.NAME}` | {rule.SUMMARY.rstrip('.')} | {fix} |")
    return "\n".join(rows) + "\n"


def rule_page(text: str, rule: type[LintRule]) -> str:
    """A rule page's text with its generated part brought up to date (a new page gets one)."""
    if not text.strip():
        return replace_generated("", NAME, render_rule(rule), COMMAND).lstrip("\n")
    return replace_generated(text, NAME, render_rule(rule), COMMAND)


def expected_pages(docs: Path) -> dict[Path, str]:
    """Every generated rule page and the index, as path -> the text it should have."""
    folder = docs / "rules"
    pages: dict[Path, str] = {}
    for rule in BUILTIN_RULES:
        path = folder / f"{rule.CODE}.md"
        current = path.read_text(encoding="utf-8") if path.is_file() else ""
        pages[path] = rule_page(current, rule)
    index = folder / "index.md"
    current = index.read_text(encoding="utf-8") if index.is_file() else "# Lint rules\n"
    pages[index] = replace_generated(current, INDEX_NAME, render_index(), COMMAND)
    return pages


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m prompt_budget.lint.docs", description="Generate the lint rule reference."
    )
    parser.add_argument("--write", action="store_true", help="rewrite the generated parts of docs/rules/")
    parser.add_argument("--check", action="store_true", help="exit 1 when a page is out of date")
    parser.add_argument("--docs", type=Path, default=Path("docs"), help="the docs folder (default: docs)")
    args = parser.parse_args(argv)
    if not (args.write or args.check):
        sys.stdout.write(render_index())
        for rule in BUILTIN_RULES:
            sys.stdout.write("\n" + render_rule(rule))
        return 0
    return refresh(expected_pages(args.docs), write=args.write, check=args.check, command=COMMAND)


if __name__ == "__main__":
    raise SystemExit(main())
