"""Writing a proposal: ``render`` makes its tables as TOML, with comments saying where each cap came
from; ``merge`` puts them into the target file in place of the tables ``init`` owns (tomlkit edits the
document, so everything else keeps its text: other tables, comments, quoting, blank lines); ``apply``
writes the file. The result is read back and checked before anything is written. Running ``init``
twice changes nothing: a different configuration is only replaced with ``force``, and one that reads
the same is left untouched. Then ``create_baseline`` and ``run_lint``, each one call into the core.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

import tomlkit
from tomlkit.container import Container
from tomlkit.items import AoT, Comment, Item, Key, Null, Table, Whitespace

from prompt_budget.config import PYPROJECT
from prompt_budget.config.edit import dumps, header_tables, parse_document, write_atomic, written_inline
from prompt_budget.config.load import parse_toml, read_text
from prompt_budget.errors import ConfigError, PromptBudgetError
from prompt_budget.lint.findings import Finding
from prompt_budget.scaffold.propose import OWNED, Entry, Proposal, pb_table, read_existing

#: Marks the comment line init writes under the table it owns, so a later run recognises it.
MARK: Final = "Written by `prompt-budget init`"


@dataclass(frozen=True)
class InitResult:
    """What ``apply`` did: ``status`` is ``created`` (new file), ``updated``, ``unchanged`` or
    ``conflict`` (a different configuration exists and ``force`` was not given; nothing written)."""

    status: Literal["created", "updated", "unchanged", "conflict"]
    kept: tuple[str, ...] = ()


def render(proposal: Proposal) -> str:
    """The configuration tables as TOML text (``[tool.prompt_budget...]`` for pyproject.toml, top-level
    keys for ``prompt_budget.toml``), with comments saying where each cap came from."""
    doc = tomlkit.document()
    table: Any = doc if proposal.standalone else tomlkit.table()
    pct = f"{proposal.headroom * 100:g}%"
    table.add(tomlkit.comment(f"{MARK} (headroom {pct}): each cap is today's largest file plus {pct}."))
    table.add(
        tomlkit.comment("Re-run `prompt-budget init --force` to recompute the caps; other settings are kept.")
    )
    for key, value in proposal.top.items():
        table.add(key, _inline(value))
    if "tokenizer" not in proposal.top:
        table.add(tomlkit.comment(f"counted with {proposal.tokenizer}, the tokenizer the model sets"))
    if proposal.model_hint:
        hint = 'model = "claude-sonnet-4-5"  # sets context_window, so the must-load total is checked too'
        table.add(tomlkit.comment(hint))
    if proposal.entries:
        files = tomlkit.aot()
        for entry in proposal.entries:
            item = tomlkit.table()
            for note in _notes(entry):
                item.add(tomlkit.comment(note))
            item.update({key: _inline(value) for key, value in entry.to_table().items()})
            files.append(item)
        table.add("files", files)
    for name, keys in (("baseline", proposal.baseline), ("lint", proposal.lint)):
        if keys is not None:
            sub = tomlkit.table()
            sub.update({key: _inline(value) for key, value in keys.items()})
            table.add(name, sub)
    if not proposal.standalone:
        doc.add("tool", tomlkit.table(is_super_table=True).add("prompt_budget", table))
    return doc.as_string()


def _notes(entry: Entry) -> list[str]:
    """The comments under an entry's header: what it covers today."""
    count, largest = len(entry.files), entry.largest
    notes = [
        f"{largest.tokens:,} tokens today"
        if count == 1
        else f"{count} files today, largest {largest.tokens:,} tokens ({largest.path})"
    ]
    if entry.frontmatter_max_tokens is not None:
        notes.append(
            f"frontmatter (always loaded): largest {max(f.frontmatter_tokens or 0 for f in entry.files):,} tokens"
        )
    if entry.follow_imports:
        notes.append("its @path imports are counted too, loaded with it")
    if entry.conditional_frontmatter is not None:
        notes.append(
            f"a rule with {entry.conditional_frontmatter}: frontmatter is skippable "
            "(it loads when Claude reads a match); the others load at launch"
        )
    if any(f.kind == "import" for f in entry.files):
        notes.append("loaded with the file that imports it (must-load when a must-load file does)")
    return notes


def _inline(value: Any) -> Any:
    """A value as init writes it, tables inline (``{ "tests/**" = ["PB1"] }``): the only headers under
    the prompt_budget table are then the tables init owns and the ones it keeps."""
    if isinstance(value, Mapping):
        table = tomlkit.inline_table()
        table.update({str(k): _inline(v) for k, v in value.items()})
        return table
    if isinstance(value, (list, tuple)):
        array = tomlkit.array()
        array.extend(_inline(v) for v in value)
        return array
    return value


def merge(
    text: str, block: str, *, path: Path | str = PYPROJECT, standalone: bool = False
) -> tuple[str, tuple[str, ...]]:
    """``text`` (a pyproject.toml, or with ``standalone`` a prompt_budget.toml) with ``block``
    (``render``'s tables) in place of its prompt_budget table and its ``files``, ``baseline`` and
    ``lint`` tables, where they were (else at the end). Everything else is kept as it is written, other
    prompt_budget tables too (returned by name); the comments right above a table header stay with
    that table. Everything outside ``[tool.prompt_budget]`` must read back the same."""
    before, doc = parse_document(text, path)
    _lift_comments(doc)
    new = tomlkit.parse(block)
    old: Any = pb_table(doc, standalone=standalone) or None
    ours: Any = new if standalone else new["tool"]["prompt_budget"]
    if not standalone and written_inline(old):
        raise ConfigError(
            "could not update [tool.prompt_budget] safely: it is written with dotted keys or an inline "
            "table under [tool]; nothing was written: move it into a [tool.prompt_budget] table, or run "
            "with --dry-run and paste the proposal by hand",
            file=path,
        )
    kept = list(header_tables(old, OWNED)) if old is not None else []
    for names, item in kept:
        parent = ours
        for name in names[:-1]:
            parent = parent.setdefault(name, tomlkit.table(is_super_table=True))
        parent.add(names[-1], item)
    if standalone:  # the file is init's own: its other top-level keys were carried into the proposal
        result = dumps(new, text)
    else:
        size = len(ours.value.body)
        doc.setdefault("tool", tomlkit.table(is_super_table=True))["prompt_budget"] = ours
        del ours.value.body[size:]  # tomlkit's blank line after it: the next header has its own
        result = dumps(doc, text)
    try:
        after = parse_toml(result, path)
    except ConfigError as exc:  # pragma: no cover - a kept table clashing with ours
        raise ConfigError(
            f"could not update the configuration safely (the result would not parse: {exc.message}); "
            "nothing was written: run with --dry-run and paste the proposal by hand",
            file=path,
        ) from None
    if not standalone and _without_pb(before) != _without_pb(after):  # pragma: no cover - a safety net
        raise ConfigError(
            "could not update [tool.prompt_budget] without changing other tables; nothing was written: "
            "run with --dry-run and paste the proposal by hand",
            file=path,
        )
    prefix = "" if standalone else "tool.prompt_budget."
    return result, tuple(prefix + ".".join(names) for names, _ in kept)


def _lift_comments(doc: Container) -> None:
    """Move the comment and blank lines right above each table header into the header's own text (its
    ``trivia.indent``), so that they go where the table goes. The document's text is unchanged."""
    run: list[tuple[list[tuple[Key | None, Item]], int]] = []  # the comment lines since the last line
    for body, i, table in _render_order(doc):
        if table is not None:
            table.trivia.indent = "".join(lines[j][1].as_string() for lines, j in run) + table.trivia.indent
            for lines, j in run:
                lines[j] = (None, Null())
            run = []
        elif body[i][0] is None and isinstance(body[i][1], (Comment, Whitespace)):
            run.append((body, i))
        else:
            run = []


def _render_order(
    container: Container,
) -> Iterator[tuple[list[tuple[Key | None, Item]], int, Table | None]]:
    """The document's lines in the order they are rendered: (body, index, None) for a line of a table's
    body, and (body, index, table) for a table header."""
    body = container.body
    for i, (_, item) in enumerate(body):
        tables = item.body if isinstance(item, AoT) else [item] if isinstance(item, Table) else None
        if tables is None:
            yield body, i, None
            continue
        for table in tables:
            if not table.is_super_table():  # a super table has no header: its lines are its parent's
                yield body, i, table
            yield from _render_order(table.value)


def _without_pb(data: Mapping[str, Any]) -> dict[str, Any]:
    tool = data.get("tool", {})
    if isinstance(tool, dict):
        tool = {k: v for k, v in tool.items() if k != "prompt_budget"}
    return {**data, "tool": tool}


def planned_text(proposal: Proposal) -> tuple[str, tuple[str, ...]]:
    """The full text the target file would have after ``apply``, and the tables kept as they are."""
    block = render(proposal)
    if not proposal.target.exists():
        return block, ()
    return merge(read_text(proposal.target), block, path=proposal.target, standalone=proposal.standalone)


def apply(proposal: Proposal, *, force: bool = False) -> InitResult:
    """Write the proposal. An existing configuration that reads the same is left alone
    (``unchanged``); a different one is replaced only with ``force`` (else ``conflict``, nothing
    written)."""
    target = proposal.target
    text, kept = planned_text(proposal)
    if target.exists():
        if read_text(target) == text:
            return InitResult("unchanged", kept)
        existing = read_existing(target)[0]
        if existing:
            if pb_table(parse_toml(text, target), standalone=proposal.standalone) == existing:
                return InitResult("unchanged", kept)
            if not force:
                return InitResult("conflict", kept)
    status: Literal["created", "updated"] = "updated" if target.exists() else "created"
    write_atomic(target, text.encode("utf-8"))
    return InitResult(status, kept)


def check_written(proposal: Proposal) -> Any:
    """The file check of the configuration just written (a ``prompt_budget.files`` report), or a
    line saying why it could not run."""
    from prompt_budget import files
    from prompt_budget.config import load_config
    from prompt_budget.count_pool import default_jobs

    try:
        return files.check(load_config(proposal.target), jobs=default_jobs())
    except PromptBudgetError as exc:
        return f"could not check the files ({exc})"


def past_hard_limits(report: Any) -> list[str]:
    """The messages of the harness limits the repository is already past (``check`` fails on them
    until the files are cut: init raises caps, never a harness's own limit)."""
    if report is None or isinstance(report, str):
        return []
    return [
        v.message
        for v in report.verdicts
        if v.status == "fail" and (v.details or {}).get("kind") == "harness-limit"
    ]


def create_baseline(proposal: Proposal, report: Any = None) -> str:
    """Measure the configured files (``report``: ``check_written``'s, when already made) and write
    the baseline file, unless it exists; the line that says so (or why not)."""
    from prompt_budget.baseline import measure_files, measurement_of, save_baseline, update
    from prompt_budget.config import load_config
    from prompt_budget.count_pool import default_jobs

    if isinstance(report, str):
        return f"baseline: not created ({report}); run `prompt-budget baseline update` later"
    try:
        config = load_config(proposal.target)
        path = config.resolve(config.baseline.path)
        shown = _shown(path, proposal.root)
        if path.exists():
            return f"baseline {shown} exists; left as it is"
        measured = (
            measurement_of(report) if report is not None else measure_files(config, jobs=default_jobs())
        )
        baseline, _ = update(None, measured.entries)
        if not baseline.entries:
            return "baseline: not created (no files to measure)"
        save_baseline(baseline, path)
    except PromptBudgetError as exc:
        return f"baseline: not created ({exc}); run `prompt-budget baseline update` later"
    return f"baseline: created {shown}"


def _shown(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class LintReport:
    """The magic budgets the lint found (unsuppressed), the command that moves them into config, and
    a note when the lint could not run."""

    found: tuple[Finding, ...]
    fix_command: str
    note: str = ""


def run_lint(proposal: Proposal) -> LintReport:
    """Lint the repository under the configuration just written."""
    from prompt_budget.lint.api import load_options, remaining
    from prompt_budget.lint.api import run_lint as lint_paths

    fix = f"prompt-budget lint --fix {_shown(proposal.root, Path.cwd().resolve()) or '.'}"
    try:
        options, cache_dir = load_options(proposal.target)
        report = lint_paths([proposal.root], options, cache_dir=cache_dir)
    except PromptBudgetError as exc:
        return LintReport((), fix, f"lint: could not run ({exc})")
    return LintReport(tuple(remaining(report.findings)), fix)
