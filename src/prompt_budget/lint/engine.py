"""The lint engine: find files, pre-check them, parse the candidates with libcst, run every rule in one
batched pass, resolve positions and suppressions, and run the project-wide rules over every file's facts.

Work is spread over processes (``jobs``) and per-file results are cached by content (``cache.py``), so
an unchanged tree re-lints from the cache without parsing anything.
"""

from __future__ import annotations

import ast
import gc
import io
import os
import re
import tokenize
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_budget.lint.cache import LintCache, Stamp, module_name, result_dict, stamp
from prompt_budget.lint.constant_echoes import ECHOED_CODES, constant_echoes, constant_facts
from prompt_budget.lint.field_helpers import forget_field_helpers, read_field_helpers
from prompt_budget.lint.file_errors import internal_error, parse_error, pb000
from prompt_budget.lint.findings import WITHDRAWN, Fact, FileResult, Finding, one_reading
from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.import_aliases import unalias
from prompt_budget.lint.module_budgets import bent
from prompt_budget.lint.named_tests import no_test_inside
from prompt_budget.lint.names import config_key
from prompt_budget.values import same_value

if TYPE_CHECKING:
    from prompt_budget.count_pool import Progress
from prompt_budget.lint.options import PARSE_ERROR, LintOptions, code_matches, glob_match
from prompt_budget.lint.precheck import precheck
from prompt_budget.lint.prune import Pruner
from prompt_budget.lint.rule import FileContext, LintRule
from prompt_budget.lint.syntax import parse_python
from prompt_budget.lint.unit_constants import forget_units, read_units
from prompt_budget.lint.visit import COLLECT_EVERY, collector_paused, deep_recursion, walk
from prompt_budget.lint.walks import forget as forget_walks
from prompt_budget.lint.walks import keep_source, lines_at

#: Files at least this many to lint before worker processes are worth their start-up.
PARALLEL_THRESHOLD = 24

_NOQA = re.compile(
    r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?(?:\s*--\s*(?P<reason>.*))?",
    re.IGNORECASE,
)


#: The line ends Python's tokenizer knows (``str.splitlines`` also splits at form feeds, ``\x1c``-``\x1e``,
#: ``\x85``, U+2028 and U+2029, which may sit inside strings and comments: ast's line numbers do not).
_LINE_END = re.compile(r"\r\n|\r|\n")


def source_lines(text: str) -> list[str]:
    """``text`` split into the lines ast and libcst number (on ``\n``, ``\r\n`` and ``\r`` only)."""
    # without a carriage return the lines end at \n only: str.split is several times faster
    lines = text.split("\n") if "\r" not in text else _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def decode_source(source: bytes) -> str:
    """A Python file's bytes as text the way the interpreter reads them: in the encoding its coding
    cookie declares (UTF-8 by default), without a byte-order mark. Undecodable bytes are replaced (the
    parser reports them)."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
    except SyntaxError:  # an unknown or contradictory coding cookie: ast reports it
        encoding = "utf-8"
    text = source.decode(encoding, errors="replace")
    return text[1:] if text.startswith("\ufeff") else text


def all_rules() -> list[type[LintRule]]:
    """The built-in rules plus those third-party plugins register (``prompt_budget_lint_rules``)."""
    from prompt_budget.lint.rules import BUILTIN_RULES
    from prompt_budget.plugins import get_plugin_manager

    rules = list(BUILTIN_RULES)
    for batch in get_plugin_manager().hook.prompt_budget_lint_rules():
        rules.extend(r for r in batch if r not in rules)
    return rules


def known_codes() -> dict[str, str]:
    """Every rule code and its name, PB000 included."""
    codes = {PARSE_ERROR: "parse-error"}
    codes.update({rule.CODE: rule.NAME for rule in all_rules()})
    return codes


# --- suppression comments ---------------------------------------------------------------------------


def noqa_map(text: str, lowered: str | None = None) -> dict[int, tuple[frozenset[str] | None, str]]:
    """Line number -> (codes, reason) for every ``# noqa`` comment; codes None means every code.
    ``lowered``: ``text.lower()``, when the caller has it. Only the lines whose lower case holds ``noqa``
    are searched (no other character folds to its letters): a module with one ``# noqa`` was searched
    line by line."""
    out: dict[int, tuple[frozenset[str] | None, str]] = {}
    if "noqa" not in text and "NOQA" not in text:
        return out
    lines = source_lines(text)
    numbers: Iterable[int] = range(1, len(lines) + 1)
    if "\r" not in text:  # the lines end at \n alone, in the text as in its lower case
        lowered = text.lower() if lowered is None else lowered
        starts, at = [], lowered.find("noqa")
        while at >= 0:
            starts.append(at)
            at = lowered.find("noqa", at + 1)
        numbers = [n for n in lines_at(lowered, starts) if n <= len(lines)]
    for number in numbers:
        line = lines[number - 1]
        if "#" not in line:
            continue
        match = _NOQA.search(line)
        if match is None:
            continue
        codes = match.group("codes")
        parsed = frozenset(c.upper() for c in re.split(r"[\s,]+", codes) if c) if codes else None
        out[number] = (parsed, (match.group("reason") or "").strip())
    return out


def _suppression(
    noqa: dict[int, tuple[frozenset[str] | None, str]], code: str, lines: Iterable[int]
) -> str | None:
    for line in lines:
        entry = noqa.get(line)
        if entry is None:
            continue
        codes, reason = entry
        if codes is None or code in codes:
            return f"noqa: {reason}" if reason else "noqa"
    return None


# --- one file -------------------------------------------------------------------------------------------


def lint_source(
    source: str | bytes, path: str, options: LintOptions, rules: Sequence[type[LintRule]]
) -> FileResult:
    """Lint one file's source with ``rules`` (already filtered by select/ignore). Never raises for a
    file that does not parse: that is a PB000 finding."""
    if isinstance(source, bytes):
        text = decode_source(source)
    else:
        text = source = source[1:] if source.startswith("\ufeff") else source
    lowered = text.lower()
    if not precheck(text, rules, lowered):
        return FileResult(path=path)
    try:
        # the running ast, else libcst's parser for syntax of a newer Python, rewritten in place
        tree, rewritten = parse_python(source, text, path)
        unalias(tree, text)  # ``PydanticField(1200)`` read as ``Field(1200)`` (``import_aliases``)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        if not options.enabled(PARSE_ERROR):
            return FileResult(path=path, parsed=True)
        return parse_error(path, exc, text)
    # columns are converted from bytes to characters on the text ast read (the rewrite keeps every
    # character in its place, but may turn a non-ASCII one into a space)
    lines = source_lines(rewritten if rewritten is not None else text)
    if rewritten is None and "\r" not in text and len(lowered) == len(text):
        # the helpers' joined and lower-cased text (``walks.source_of``) is the pre-check's, without the
        # last line end (lower-casing that made no character two moves none; the one mapping that reads
        # its context, a final sigma, reads a line end as it reads the text's end)
        end = len(text) - 1 if text.endswith("\n") else len(text)
        keep_source(lines, text[:end], lowered[:end])
    rule_options = bent([options.options_for(r.CODE, r.NAME, r.DEFAULT_MIN_VALUE) for r in rules], lowered)
    every_word = False
    while True:
        again = False
        ctx = FileContext(path, module_name(path), lines, tree)
        ctx.root = options.root
        visitors: list[LintRule] = []
        try:
            visitors = [r(ctx, o) for r, o in zip(rules, rule_options, strict=True)]
            pruner = Pruner.build(
                rewritten if rewritten is not None else text,
                lines,
                visitors,
                rule_options,
                every_word=every_word,
            )
            read_units(tree)  # ``K_TOKENS = 1024``: ``21 * K_TOKENS`` spells an amount
            read_field_helpers(tree)  # ``def hot(default): return Field(default, ...)``
            with deep_recursion():
                walk(tree, ctx, visitors, pruner)
            # a rule needed lines the pruner left out in most files (``prune.py``): walk again, with them
            again = pruner is not None and not every_word and pruner.walk_again()
        except (RecursionError, MemoryError) as exc:  # pathological nesting: report, don't crash
            return parse_error(path, exc)
        except Exception as exc:  # a rule's own bug: this file's findings are lost, not the run's
            return internal_error(path, exc)
        finally:
            # a walk again reads the same tree: its node lists are kept for it (answers are not)
            forget_walks(keep_walks=again)
            forget_units()
            forget_field_helpers()
            _release(visitors)
        if not again:
            break
        every_word = True
    if isinstance(tree, ast.Module) and any(r.CODE in ECHOED_CODES for r in rules):
        # constants named like a budget the project reports elsewhere (``constant_echoes``)
        ctx.facts.extend(constant_facts(tree, lines))
    if not ctx.reports and not ctx.facts:
        return FileResult(path=path, parsed=True)
    noqa = noqa_map(text, lowered)

    def span(node: ast.AST) -> tuple[int, int, int, int]:
        line = getattr(node, "lineno", 1)
        end_line = getattr(node, "end_lineno", None) or line
        col = _char_column(lines, line, getattr(node, "col_offset", 0))
        end_col = _char_column(lines, end_line, getattr(node, "end_col_offset", None) or 0)
        return line, col + 1, end_line, end_col + 1

    findings: list[Finding] = []
    stub = path.endswith(".pyi")
    for report in ctx.reports:
        line, col, end_line, end_col = span(report.node)
        quoted = isinstance(getattr(report.target, "value", None), str)  # ``os.getenv("X_WARN", "0.8")``
        findings.append(
            Finding(
                path=path,
                line=line,
                column=col,
                end_line=end_line,
                end_column=end_col,
                code=report.code,
                rule=report.rule,
                message=report.message,
                value=report.value,
                suggestion=report.advice,
                # a stub (.pyi) is never run: its value belongs to the module it describes; a number written as
                # text (an environment variable's default, ``"0.8"``) is the variable's
                fixable=report.target is not None and report.value is not None and not stub and not quoted,
                suppressed=_suppression(noqa, report.code, (line, end_line)),
                key_parts=report.key_parts,
                key=config_key(*reversed(report.key_parts[:1])) if report.key_parts else None,
            )
        )
    findings = _one_per_place(_drop_nested(findings))
    facts = []
    for node, name, value in ctx.facts:
        line, col, end_line, end_col = span(node)
        facts.append(
            Fact(
                name, value, path, line, col, end_line, end_col, _suppression(noqa, _fact_code(name), (line,))
            )
        )
    return FileResult(path=path, findings=tuple(findings), facts=tuple(facts), parsed=True)


def _release(visitors: Sequence[LintRule]) -> None:
    """Drop what the rules kept once their walk is done: their reports and facts are the context's. A
    rule's helpers refer back to the rule (and through it to the file's tree), so without this every
    file's tree would live on in a cycle until the collector found it, and each collection would scan
    the trees of hundreds of files."""
    for visitor in visitors:
        vars(visitor).clear()


def _fact_code(name: str) -> str:
    """The rule a fact's ``noqa`` is read for: a rule's own facts (named ``"\x00pb109 ..."``), the
    data flow's (PB102), else PB108's."""
    if name.startswith("\x00pb1") and name[6:7] == " ":
        return name[1:6].upper()
    return "PB102" if name.startswith("\x00") else "PB108"


def _char_column(lines: Sequence[str], line: int, byte_col: int) -> int:
    """ast columns count UTF-8 bytes; editors, SARIF and libcst count characters."""
    if not 0 < line <= len(lines):
        return byte_col
    text = lines[line - 1]
    if text.isascii():
        return byte_col
    return len(text.encode("utf-8")[:byte_col].decode("utf-8", errors="ignore"))


def _drop_nested(findings: list[Finding]) -> list[Finding]:
    """A table finding (PB107) covers the budgets inside it: drop findings within its range."""
    tables = [f for f in findings if f.code == "PB107"]
    if not tables:
        return findings

    def inside(f: Finding, t: Finding) -> bool:
        return (t.line, t.column) <= (f.line, f.column) and (f.end_line, f.end_column) <= (
            t.end_line,
            t.end_column,
        )

    return [f for f in findings if f.code == "PB107" or not any(inside(f, t) for t in tables)]


def _one_per_place(findings: list[Finding]) -> list[Finding]:
    """One finding per rule and literal: two analyses of one rule can reach a literal by different roads
    (a default by its name and by the option it fills); the finding whose message says more is kept."""
    best: dict[tuple[int, int, str], Finding] = {}
    for f in findings:
        key = (f.line, f.column, f.code)
        if key not in best or len(f.message) > len(best[key].message):
            best[key] = f
    return (
        findings
        if len(best) == len(findings)
        else [f for f in findings if best[(f.line, f.column, f.code)] is f]
    )


def _not_reported(findings: list[Finding], found: list[Finding]) -> list[Finding]:
    """A project-wide pass's findings but those of a literal a rule already reported (one literal can be
    a budget by its own name and by the project's use of it): each literal is reported once."""
    seen = {(f.path, f.line, f.column, f.code) for f in findings}
    kept = []
    for f in found:
        if (f.path, f.line, f.column, f.code) not in seen:
            seen.add((f.path, f.line, f.column, f.code))
            kept.append(f)
    return kept


def lint_path(path: Path, display: str, options: LintOptions, rules: Sequence[type[LintRule]]) -> FileResult:
    return lint_stamped(path, display, options, rules, stamped=False)[0]


def lint_stamped(
    path: Path, display: str, options: LintOptions, rules: Sequence[type[LintRule]], *, stamped: bool = True
) -> tuple[FileResult, Stamp | None]:
    """``lint_path``, and with ``stamped`` the cache's ``Stamp`` of the bytes linted (None when the file
    cannot be read)."""
    try:
        st = os.stat(path) if stamped else None
        data = path.read_bytes()
    except OSError as exc:
        return FileResult(
            path=display, findings=(pb000(display, f"cannot read: {exc.strerror or exc}"),)
        ), None
    result = lint_source(data, display, options, rules)
    return result, stamp(st, data, display) if st is not None else None


# --- worker processes -------------------------------------------------------------------------------

_worker_state: dict[str, Any] = {}


def _worker_init(options: LintOptions, rules: Sequence[type[LintRule]]) -> None:
    _worker_state["options"] = options
    _worker_state["rules"] = rules
    _worker_state["done"] = 0
    # a worker only lints: the collector stays off in it (see ``collector_paused``), and what was
    # imported before the first file is never looked at by a collection again
    gc.disable()
    gc.freeze()


#: A chunk of work sent to a worker: files up to this many bytes together, at most this many files.
_CHUNK_BYTES = 64 * 1024
_CHUNK_FILES = 32


_Done = tuple[str, dict[str, Any], Stamp | None]


def _worker_lint_chunk(jobs: list[tuple[str, str]]) -> list[_Done]:
    return [_worker_lint(job) for job in jobs]


def _worker_lint(job: tuple[str, str]) -> _Done:
    path, display = job
    result, stamp_ = lint_stamped(Path(path), display, _worker_state["options"], _worker_state["rules"])
    _worker_state["done"] += 1
    if _worker_state["done"] % COLLECT_EVERY == 0:
        gc.collect()
    return path, result_dict(result), stamp_


# --- discovery --------------------------------------------------------------------------------------------

#: Build output, skipped by the lint on top of the folders every walk skips (``prompt_budget.walk``).
_BUILD_DIRS = frozenset({"build", "dist"})


def _walk_folder(folder: Path, options: LintOptions) -> Iterator[Path]:
    """The Python files in ``folder`` by the project's one walker (``prompt_budget.walk``, as
    ``prompt-budget count`` walks): VCS, virtual-env and cache folders skipped, ``.gitignore`` files
    honoured (those above ``folder`` up to the repository top too), links to folders not followed,
    only regular files; plus the lint's build folders and ``exclude`` globs."""
    from prompt_budget.walk import iter_paths

    # The walker walks the folder resolved; files are given back under the folder as it was named.
    real = str(folder.resolve())
    real_prefix = real if real.endswith(os.sep) else real + os.sep

    def named(path: str) -> Path:
        return folder / path[len(real_prefix) :] if path.startswith(real_prefix) else Path(path)

    def prune(path: str) -> bool:
        # a ``build`` folder holding an ``__init__.py`` is a package of the project (set 385: bot-brain)
        built = os.path.basename(path) in _BUILD_DIRS and not os.path.isfile(f"{path}{os.sep}__init__.py")
        return built or (bool(options.exclude) and options.is_excluded(options.relative(named(path))))

    for path in iter_paths(folder, suffixes=frozenset({".py", ".pyi"}), prune=prune):
        if not path.endswith((".py", ".pyi")):  # the walker matches suffixes case-insensitively
            continue
        file = named(path)
        if not (options.exclude and options.is_excluded(options.relative(file))):
            yield file


def discover(paths: Sequence[Path], options: LintOptions) -> list[Path]:
    """The Python files to lint: files named are always linted; directories are walked as every
    command walks them (``prompt_budget.walk``), skipping virtual envs, VCS, cache and build folders,
    what ``.gitignore`` files exclude, and ``exclude``."""
    # a.py and /project/a.py are one file, linted and reported once
    unique: dict[str, Path] = {}
    for start in paths:
        if not start.exists():
            continue  # vanished after it was named (the CLI refuses a missing path before this)
        for p in [start] if start.is_file() else _walk_folder(start, options):
            unique.setdefault(os.path.abspath(p), p)
    return list(unique.values())


# --- keys ------------------------------------------------------------------------------------------------


def allocate_keys(findings: Sequence[Finding], options: LintOptions) -> list[Finding]:
    """Give every movable finding a config key, unique per value across the run and the existing
    ``[tool.prompt_budget.values]``: the shortest candidate that is free or already holds the same value
    (``max_tokens``, then ``summarize_max_tokens``, then ``agent_summarize_max_tokens``, then ``_2``...)."""
    taken: dict[str, Any] = dict(options.existing_values)
    # Findings that count pick their keys first; suppressed ones must not push them aside.
    order = sorted(range(len(findings)), key=lambda i: findings[i].suppressed is not None)
    placed = {i: _allocate(findings[i], taken, options) for i in order}
    return [placed[i] for i in range(len(findings))]


def _allocate(f: Finding, taken: dict[str, Any], options: LintOptions) -> Finding:
    if f.value is None or not f.key_parts or f.code == "PB108":
        if not f.suggestion and f.value is not None and f.key:
            f = replace(f, suggestion=f"[{options.values_table}] {f.key} = {f.value}")
        return f
    candidates = [config_key(*reversed(f.key_parts[: i + 1])) for i in range(len(f.key_parts))]
    key = next((c for c in candidates if c not in taken or same_value(taken[c], f.value)), None)
    if key is None:
        n = 2
        while f"{candidates[-1]}_{n}" in taken and not same_value(taken[f"{candidates[-1]}_{n}"], f.value):
            n += 1
        key = f"{candidates[-1]}_{n}"
    taken[key] = f.value
    return f.with_key(key, options.values_table)


# --- the run -------------------------------------------------------------------------------------------------


@dataclass
class LintReport:
    """The outcome of a run: findings sorted by place, and how many files were linted, parsed and
    taken from the cache."""

    findings: list[Finding]
    files: int = 0
    parsed: int = 0
    cached: int = 0


class Linter:
    """Lint paths with one set of options, every enabled rule, ``jobs`` processes (default: every
    core) and an optional ``LintCache`` (set ``cache``)."""

    def __init__(self, options: LintOptions, *, jobs: int | None = None) -> None:
        self.options = options
        self.rules = [r for r in all_rules() if options.enabled(r.CODE)]
        self.cache: LintCache | None = None
        self.jobs = jobs if jobs is not None else (os.cpu_count() or 1)
        #: told how many of the files to parse are done (the CLI's progress bar); None: nothing shown
        self.progress: Progress | None = None

    def lint_paths(self, paths: Sequence[Path]) -> LintReport:
        with collector_paused():
            return self._lint_paths(paths)

    def _lint_paths(self, paths: Sequence[Path]) -> LintReport:
        files = discover(paths, self.options)
        results: dict[Path, FileResult] = {}
        todo: list[Path] = []
        # a cold cache holds nothing: no path made relative to look it up
        looked = self.cache is not None and not self.cache.empty
        for path in files:
            hit = self.cache.get(path, self.options.relative(path)) if looked else None  # type: ignore[union-attr]
            if hit is not None:
                results[path] = hit
            else:
                todo.append(path)
        cached = len(results)
        if self.progress is not None:
            self.progress.start(len(todo))
        try:
            for path, result, stamp_ in self._lint_many(todo):
                results[path] = result
                if self.cache is not None:
                    self.cache.put(path, result, stamp_)
                if self.progress is not None:
                    self.progress.advance()
        finally:
            if self.progress is not None:
                self.progress.stop()
        if self.cache is not None:
            self.cache.save()
        findings = [f for path in files for f in results[path].findings]
        facts = [fact for path in files for fact in results[path].facts]
        for rule in self.rules:
            if rule.PROJECT_WIDE:
                found = rule.check_project(facts, self.options)
                # a finding of one module the project's other modules decide against (``WITHDRAWN``)
                gone = {(f.path, f.line, f.column, f.code) for f in found if f.suppressed == WITHDRAWN}
                if gone:
                    findings = [f for f in findings if (f.path, f.line, f.column, f.code) not in gone]
                findings.extend(_not_reported(findings, [f for f in found if f.suppressed != WITHDRAWN]))
        by_code = {rule.CODE: rule for rule in self.rules}
        findings.extend(_not_reported(findings, constant_echoes(facts, findings, self.options.root, by_code)))
        self._untested: dict[str, bool] = {}  # a test-named module's answer (``named_tests``), per run
        findings = one_reading([self._per_file_ignore(f) for f in findings])
        findings.sort(key=lambda f: (f.path, f.line, f.column, f.code))
        return LintReport(
            findings=allocate_keys(findings, self.options),
            files=len(files),
            parsed=sum(1 for r in results.values() if r.parsed),
            cached=cached,
        )

    def _lint_many(self, todo: list[Path]) -> Iterator[tuple[Path, FileResult, Stamp | None]]:
        """Each file's result, with the cache's ``Stamp`` of the bytes linted (read once, by whichever
        process lints the file)."""
        if self.jobs <= 1 or len(todo) < PARALLEL_THRESHOLD:
            for done, path in enumerate(todo, start=1):
                yield path, *lint_stamped(path, self.options.relative(path), self.options, self.rules)
                if done % COLLECT_EVERY == 0:
                    # the young generations only: what the files linted since the last collection left
                    # (a full collection scanned every object of the process, imported modules
                    # included: 0.45 s over the benchmark corpus in one process; a worker freezes them)
                    gc.collect(1)
            return
        # Biggest files first, in chunks of about the same size (a few big files, or many small ones), so
        # no worker is handed the eight biggest files at once and every worker finishes together.
        sized = sorted(((_size(p), p) for p in todo), key=lambda sp: -sp[0])
        chunks: list[list[tuple[str, str]]] = []
        room = 0
        for size, path in sized:
            if room <= 0 or len(chunks[-1]) >= _CHUNK_FILES:
                chunks.append([])
                room = _CHUNK_BYTES
            chunks[-1].append((str(path), self.options.relative(path)))
            room -= size
        by_str = {str(p): p for _, p in sized}
        with ProcessPoolExecutor(
            max_workers=self.jobs, initializer=_worker_init, initargs=(self.options, self.rules)
        ) as pool:
            for batch in pool.map(_worker_lint_chunk, chunks):
                for name, data, stamp_ in batch:
                    yield by_str[name], FileResult.from_dict(data), stamp_

    def _holds_no_test(self, path: str) -> bool:
        if path not in self._untested:
            self._untested[path] = no_test_inside(path, self.options.root / path)
        return self._untested[path]

    def _per_file_ignore(self, f: Finding) -> Finding:
        """``f`` marked suppressed when a ``per-file-ignores`` pattern covers it, or when it is in a test
        module and ``report-tests`` is not set (a parse error is reported wherever it is); a module named
        like a test that holds none (``named_tests``) is read only for such a finding."""
        if f.suppressed is None:
            for pattern, codes in self.options.per_file_ignores:
                if code_matches(f.code, codes) and glob_match(f.path, pattern):
                    return replace(f, suppressed=f"per-file-ignores: {pattern}")
            # a path outside the root is absolute: only its file's name tells (``tests`` may be any folder)
            where = f.path if not os.path.isabs(f.path) else os.path.basename(f.path)
            tested = not self.options.report_tests and f.code != PARSE_ERROR and is_test_module(where)
            if tested and not self._holds_no_test(f.path):
                return replace(f, suppressed="test module (report-tests = false)")
        return f


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0
