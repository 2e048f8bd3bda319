"""``prompt-budget init``: find a repository's prompt-bearing files and propose a starting configuration.

Pure functions, no printing: ``scan`` finds and counts the files, ``propose`` turns them into config
entries (caps at today's size plus headroom, must-load entries for always-loaded files, lint settings),
``render`` writes that as TOML text, and ``apply`` puts it into ``pyproject.toml`` (textually, so the
rest of the file keeps its formatting and comments; the result is re-parsed and checked before anything
is written) or ``prompt_budget.toml``. Running it twice changes nothing: an existing configuration is
only replaced with ``force``, and an identical one is left untouched.
"""

from __future__ import annotations

import math
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Final, Literal

from prompt_budget.config import PYPROJECT, STANDALONE, toml_header, toml_lines, toml_problem
from prompt_budget.errors import ConfigError, PromptBudgetError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

__all__ = [
    "DEFAULT_HEADROOM",
    "Entry",
    "Found",
    "InitResult",
    "Proposal",
    "apply",
    "cap_for",
    "merge_pyproject",
    "parse_headroom",
    "propose",
    "render",
    "scan",
]

DEFAULT_HEADROOM: Final = 0.25
DEFAULT_MAX_GROWTH: Final = "5% or 100"
#: Instruction files an agent loads on every run, at the repository root.
ALWAYS_LOADED: Final = (
    "CLAUDE.md",
    ".claude/CLAUDE.md",
    "AGENTS.md",
    "GEMINI.md",
    ".cursorrules",
    ".github/copilot-instructions.md",
)
#: Folder names whose Markdown files count when a skill or instruction file links to them.
REFERENCE_DIR: Final = re.compile(r"^(references?|refs?|docs?|documentation|guides?|knowledge)$", re.I)
PROMPT_DIRS: Final = frozenset({"prompts", "prompt_templates"})
PROMPT_SUFFIXES: Final = frozenset(
    {".md", ".txt", ".prompt", ".j2", ".jinja", ".jinja2", ".tmpl", ".mustache", ".hbs", ".yaml", ".yml"}
)
#: The frontmatter key that makes a Claude Code rule conditional (it loads when Claude reads a match).
CONDITIONAL_KEY: Final = "paths"
#: Marks the comment line init writes under the table it owns, so a later run recognises it.
MARK: Final = "Written by `prompt-budget init`"

Kind = Literal[
    "instructions",
    "nested-instructions",
    "skill",
    "skill-file",
    "agent",
    "command",
    "cursor-rule",
    "prompt",
    "reference",
    "rule",
    "import",
]
Load = Literal["must", "skippable"]

_LINK = re.compile(r"\]\(\s*<?([^)\s>#]+)[^)]*\)|`([^`\s]+\.mdx?)`|@([\w./-]+\.mdx?)")
_FRONTMATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)(?:\r?\n)---[ \t]*(?:\r?\n|\Z)", re.S)


# --- what was found -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    """One prompt-bearing file: ``path`` is POSIX, relative to the repository root."""

    path: str
    kind: Kind
    tokens: int
    frontmatter_tokens: int | None = None
    always: bool = False


@dataclass(frozen=True)
class Entry:
    """One proposed ``[[files]]`` entry and the files it covers today."""

    name: str
    path: tuple[str, ...]
    max_tokens: int
    load: Load | None
    files: tuple[Found, ...]
    frontmatter_max_tokens: int | None = None
    follow_imports: bool = False
    conditional_frontmatter: str | None = None

    @property
    def largest(self) -> Found:
        return max(self.files, key=lambda f: (f.tokens, f.path))

    def to_table(self) -> dict[str, Any]:
        table: dict[str, Any] = {
            "name": self.name,
            "path": self.path[0] if len(self.path) == 1 else list(self.path),
        }
        if self.load is not None:
            table["load"] = self.load
        table["max_tokens"] = self.max_tokens
        if self.frontmatter_max_tokens is not None:
            table["frontmatter_max_tokens"] = self.frontmatter_max_tokens
        if self.follow_imports:
            table["follow_imports"] = True
        if self.conditional_frontmatter is not None:
            table["conditional_frontmatter"] = self.conditional_frontmatter
        return table

    def load_of(self, found: Found) -> Load | None:
        """How ``found`` loads under this entry: a rule with ``paths:`` and a file imported only by a
        skippable file are skippable; the others load as the entry says."""
        if found.kind in ("rule", "import"):
            return "must" if found.always else "skippable"
        return self.load


@dataclass(frozen=True)
class Proposal:
    """What ``init`` would write: ``target`` is the config file, ``top``/``baseline``/``lint`` the keys
    of those tables (existing keys carried over), ``entries`` the ``[[files]]`` entries."""

    root: Path
    target: Path
    tokenizer: str
    headroom: float
    found: tuple[Found, ...]
    entries: tuple[Entry, ...]
    top: Mapping[str, Any]
    baseline: Mapping[str, Any]
    lint: Mapping[str, Any] | None
    model_hint: bool = True
    python: bool = True

    @property
    def standalone(self) -> bool:
        return self.target.name != PYPROJECT

    def table(self) -> dict[str, Any]:
        """The configuration as tomllib would read it back from the rendered text."""
        data: dict[str, Any] = dict(self.top)
        if self.entries:
            data["files"] = [e.to_table() for e in self.entries]
        data["baseline"] = dict(self.baseline)
        if self.lint is not None:
            data["lint"] = dict(self.lint)
        return data


@dataclass(frozen=True)
class InitResult:
    """What ``apply`` did: ``status`` is ``created`` (new file), ``updated``, ``unchanged`` or
    ``conflict`` (a different configuration exists and ``force`` was not given; nothing written)."""

    status: Literal["created", "updated", "unchanged", "conflict"]
    target: Path
    text: str
    kept: tuple[str, ...] = ()


# --- small parsers --------------------------------------------------------------------------------


def parse_headroom(value: str | float) -> float:
    """``"25%"``, ``"25"`` (percent) or ``0.25``; 0 to 1000%."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        frac = float(value)
    else:
        text = str(value).strip()
        try:
            if text.endswith("%"):
                frac = float(text[:-1]) / 100
            else:
                number = float(text)
                frac = number / 100 if number > 1 else number
        except ValueError:
            raise ConfigError(
                f'expected a headroom such as "25%" or 0.25, got {value!r}', key="--headroom"
            ) from None
    if not 0 <= frac <= 10:
        raise ConfigError(f"a headroom must be between 0% and 1000%, got {value!r}", key="--headroom")
    return frac


def cap_for(tokens: int, headroom: float) -> int:
    """Today's size plus headroom, rounded up to a readable number (a multiple of 10 under 1,000,
    of 50 under 5,000, of 100 under 20,000, else of 1,000), and never below 20."""
    raw = math.ceil(tokens * (1 + headroom))
    step = 10 if raw < 1_000 else 50 if raw < 5_000 else 100 if raw < 20_000 else 1_000
    return max(20, -(-raw // step) * step)


def frontmatter(text: str) -> tuple[str, Mapping[str, Any]] | None:
    """The always-loaded part of a Markdown file's YAML frontmatter (``name`` and ``description``
    for skills, agents and commands; the whole block otherwise) and its parsed keys, or None."""
    from prompt_budget.text.frontmatter import FrontmatterError, parse_frontmatter

    try:
        fm = parse_frontmatter(text)
    except FrontmatterError:
        m = _FRONTMATTER.match(text)
        return (m.group(1), {}) if m else None
    if fm is None:
        return None
    return (fm.always_loaded if fm.is_split else fm.text), fm.data


# --- scanning -------------------------------------------------------------------------------------


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def _classify(rel: str) -> tuple[Kind, bool] | None:
    """The kind of a file by its place in the tree, and whether it is loaded on every run."""
    parts = PurePosixPath(rel).parts
    name = parts[-1]
    suffix = PurePosixPath(rel).suffix.lower()
    if rel in ALWAYS_LOADED:
        return "instructions", True
    if name in ("CLAUDE.md", "AGENTS.md", "GEMINI.md"):
        return "nested-instructions", False
    if len(parts) >= 4 and parts[0] == ".claude" and parts[1] == "skills":
        if len(parts) == 4 and name == "SKILL.md":
            return "skill", False
        if suffix in (".md", ".mdx", ".txt"):
            return "skill-file", False
        return None
    if len(parts) >= 3 and parts[0] == ".claude" and parts[1] == "agents" and suffix == ".md":
        return "agent", False
    if len(parts) >= 3 and parts[0] == ".claude" and parts[1] == "commands" and suffix == ".md":
        return "command", False
    if len(parts) >= 3 and parts[0] == ".claude" and parts[1] == "rules" and suffix == ".md":
        return "rule", True  # unless its frontmatter has paths: (see scan)
    if len(parts) >= 3 and parts[0] == ".cursor" and parts[1] == "rules" and suffix in (".md", ".mdc"):
        return "cursor-rule", False
    if any(p in PROMPT_DIRS for p in parts[:-1]) and suffix in PROMPT_SUFFIXES:
        return "prompt", False
    if suffix == ".prompt":
        return "prompt", False
    return None


def _links(text: str, source: Path, root: Path) -> Iterable[Path]:
    """Files a Markdown text points at: ``[x](path)``, `` `path.md` `` and ``@path.md`` imports."""
    for m in _LINK.finditer(text):
        target = next(g for g in m.groups() if g)
        if "://" in target or target.startswith(("mailto:", "#")):
            continue
        for base in (source.parent, root):
            candidate = (base / target).resolve()
            if candidate.exists():
                yield candidate
                break


def _under_reference_dir(path: Path, root: Path) -> bool:
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return False
    return any(REFERENCE_DIR.match(p) for p in parts[:-1])


def _follows_imports(path: Path, kind: Kind) -> bool:
    """Claude Code follows the ``@path`` imports of its memory files (CLAUDE.md, at any depth)."""
    return path.name == "CLAUDE.md" and kind in ("instructions", "nested-instructions")


def _follow_imports(
    base: Path, kinds: dict[Path, tuple[Kind, bool]], text_of: Callable[[Path], str | None]
) -> None:
    """Add the files the CLAUDE.md files pull in with ``@path`` imports (recursively, up to Claude
    Code's five hops, each once) to ``kinds`` as ``import``: loaded at launch when a must-load file
    imports them (those are followed first), else skippable. Imports outside the project, missing
    files and files already classified are not added (a classified file's imports are followed)."""
    from prompt_budget.files import MAX_IMPORT_DEPTH, scan_imports

    visited: set[Path] = set()
    roots = [p for p, (k, _) in kinds.items() if _follows_imports(p, k)]
    for must in (True, False):
        queue = [(p, 0) for p in sorted(roots) if kinds[p][1] is must and p not in visited]
        visited.update(p for p, _ in queue)
        while queue:
            source, depth = queue.pop(0)
            text = text_of(source)
            if text is None or depth >= MAX_IMPORT_DEPTH:
                continue
            for _, target in scan_imports(text):
                if target.startswith(("~/", "/")):
                    continue  # differs from machine to machine: check notes it and does not count it
                full = (source.parent / target).resolve()
                if full in visited or not full.is_file() or not full.is_relative_to(base):
                    continue
                visited.add(full)
                if full not in kinds:
                    kinds[full] = ("import", must)
                queue.append((full, depth + 1))


def scan(root: str | Path, tokenizer: Any = None) -> list[Found]:
    """Find and count the prompt-bearing files under ``root`` (sorted by path).

    ``tokenizer`` is a spec or a Tokenizer (default ``o200k_base``). Skips what ``.gitignore``
    excludes and virtual-env/VCS folders. Files that cannot be read as text are left out."""
    from prompt_budget.counting import FileProblem, read_text
    from prompt_budget.tokenizers import get_tokenizer
    from prompt_budget.walk import iter_files

    tok = get_tokenizer(tokenizer)
    base = Path(root).resolve()
    if not base.is_dir():
        raise PromptBudgetError(f"{root}: not a folder")
    kinds: dict[Path, tuple[Kind, bool]] = {}
    for path in iter_files(base, follow_links=True):
        classified = _classify(_rel(path, base))
        if classified is not None:
            kinds[path] = classified
    # Hidden tool folders: iter_files walks them, but make sure the always-loaded files are seen even
    # when a .gitignore hides a tool folder (CLAUDE.md is loaded whether or not git tracks it).
    for rel in ALWAYS_LOADED:
        p = base / rel
        if p.is_file() and p.resolve() not in kinds:
            kinds[p.resolve()] = ("instructions", True)

    texts: dict[Path, str] = {}

    def text_of(path: Path) -> str | None:
        if path not in texts:
            try:
                texts[path] = read_text(path)[0]
            except FileProblem:
                return None
        return texts[path]

    _follow_imports(base, kinds, text_of)

    # Markdown under reference-like folders that an instruction, skill, agent or command links to.
    linkers = [p for p, (k, _) in kinds.items() if k not in ("prompt", "reference", "skill-file", "import")]
    for source in sorted(linkers):
        text = text_of(source)
        if text is None:
            continue
        for target in _links(text, source, base):
            targets = sorted(target.rglob("*.md")) if target.is_dir() else [target]
            for t in targets:
                if (
                    t.is_file()
                    and t.suffix.lower() in (".md", ".mdx")
                    and t not in kinds
                    and t.is_relative_to(base)
                    and _under_reference_dir(t, base)
                ):
                    kinds[t] = ("reference", False)

    found: list[Found] = []
    for path in sorted(kinds, key=lambda p: _rel(p, base)):
        kind, always = kinds[path]
        text = text_of(path)
        if text is None:
            continue
        fm_tokens = None
        fm = frontmatter(text) if path.suffix.lower() in (".md", ".mdc") else None
        if fm is not None and kind in ("skill", "agent", "command", "cursor-rule"):
            fm_text, fm_data = fm
            fm_tokens = tok.count(fm_text)
            if kind == "cursor-rule" and (
                fm_data.get("alwaysApply") is True
                or re.search(r"^\s*alwaysApply\s*:\s*true\b", fm_text, re.M | re.I)
            ):
                always = True
        if kind == "rule" and fm is not None and fm[1].get(CONDITIONAL_KEY):
            always = False  # loads only when Claude reads a file matching its paths: globs
        found.append(Found(_rel(path, base), kind, tok.count(text), fm_tokens, always))
    return found


# --- proposing ------------------------------------------------------------------------------------


def _entry(
    name: str,
    globs: Sequence[str],
    files: Sequence[Found],
    load: Load | None,
    headroom: float,
    *,
    follow_imports: bool = False,
    conditional_frontmatter: str | None = None,
) -> Entry:
    largest = max(f.tokens for f in files)
    fms = [f.frontmatter_tokens for f in files if f.frontmatter_tokens is not None]
    return Entry(
        name=name,
        path=tuple(globs),
        max_tokens=cap_for(largest, headroom),
        load=load,
        files=tuple(files),
        frontmatter_max_tokens=cap_for(max(fms), headroom) if fms else None,
        follow_imports=follow_imports,
        conditional_frontmatter=conditional_frontmatter,
    )


def _suffix_globs(base: str, files: Sequence[Found]) -> list[str]:
    """``base/**/*.md`` for each suffix among ``files`` (a folder may hold code beside its prompts)."""
    suffixes = sorted({PurePosixPath(f.path).suffix for f in files})
    return [f"{base}/**/*{s}" if s else f"{base}/**" for s in suffixes]


def _group_entries(found: Sequence[Found], headroom: float) -> list[Entry]:
    by_kind: dict[str, list[Found]] = {}
    for f in found:
        by_kind.setdefault(f.kind, []).append(f)
    entries: list[Entry] = []
    for f in by_kind.get("instructions", []):
        follow = PurePosixPath(f.path).name == "CLAUDE.md"
        entries.append(_entry(f.path, [f.path], [f], "must", headroom, follow_imports=follow))
    if nested := by_kind.get("nested-instructions"):
        names = sorted({PurePosixPath(f.path).name for f in nested})
        globs = [f"**/{n}" for n in names] + [f"!{n}" for n in names]
        follow = "CLAUDE.md" in names
        entries.append(
            _entry("nested instructions", globs, nested, "skippable", headroom, follow_imports=follow)
        )
    if imported := by_kind.get("import"):
        paths = [f.path for f in imported]
        entries.append(_entry("imported by CLAUDE.md", paths, imported, None, headroom))
    if rules := by_kind.get("rule"):
        entries.append(
            _entry(
                "rules",
                [".claude/rules/**/*.md"],
                rules,
                "must",
                headroom,
                conditional_frontmatter=CONDITIONAL_KEY,
            )
        )
    if skills := by_kind.get("skill"):
        entries.append(_entry("skills", [".claude/skills/*/SKILL.md"], skills, "skippable", headroom))
    if skill_files := by_kind.get("skill-file"):
        globs = [*_suffix_globs(".claude/skills", skill_files), "!.claude/skills/*/SKILL.md"]
        entries.append(_entry("skill references", globs, skill_files, "skippable", headroom))
    if agents := by_kind.get("agent"):
        entries.append(_entry("subagents", [".claude/agents/**/*.md"], agents, "skippable", headroom))
    if commands := by_kind.get("command"):
        entries.append(_entry("commands", [".claude/commands/**/*.md"], commands, "skippable", headroom))
    if cursor_rules := by_kind.get("cursor-rule"):
        always = [f for f in cursor_rules if f.always]
        if always:
            entries.append(
                _entry("cursor rules (always applied)", [f.path for f in always], always, "must", headroom)
            )
        rest = [f for f in cursor_rules if not f.always]
        if rest:
            entries.append(
                _entry(
                    "cursor rules",
                    [f.path for f in rest] if always else _suffix_globs(".cursor/rules", rest),
                    rest,
                    "skippable",
                    headroom,
                )
            )
    if prompts := by_kind.get("prompt"):
        folders: dict[str, list[Found]] = {}
        loose: list[Found] = []
        for f in prompts:
            parts = PurePosixPath(f.path).parts
            idx = next((i for i, p in enumerate(parts[:-1]) if p in PROMPT_DIRS), None)
            if idx is None:
                loose.append(f)
            else:
                folders.setdefault("/".join(parts[: idx + 1]), []).append(f)
        for folder, files in sorted(folders.items()):
            entries.append(_entry(folder, _suffix_globs(folder, files), files, None, headroom))
        if loose:
            entries.append(_entry("*.prompt files", ["**/*.prompt"], loose, None, headroom))
    if refs := by_kind.get("reference"):
        entries.append(_entry("linked references", [f.path for f in refs], refs, "skippable", headroom))
    return entries


def _has_python(root: Path) -> bool:
    from prompt_budget.walk import iter_files

    return any(True for _ in iter_files(root, suffixes=frozenset({".py"})))


def _existing(target: Path) -> dict[str, Any]:
    """The prompt_budget table already in ``target`` (empty when there is none)."""
    if not target.is_file():
        return {}
    text = _read(target)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(
            f"cannot update: the file is not valid TOML ({toml_problem(exc, text)})", file=target
        ) from None
    return _pb_table(raw, standalone=target.name != PYPROJECT)


def _pb_table(raw: Mapping[str, Any], *, standalone: bool) -> dict[str, Any]:
    if standalone:
        return dict(raw)
    tool = raw.get("tool", {})
    table = tool.get("prompt_budget", {}) if isinstance(tool, dict) else {}
    return dict(table) if isinstance(table, dict) else {}


def _kept_tables(target: Path) -> set[tuple[str, ...]]:
    """The tables under prompt_budget that init does not write (``sections``, ``values``,
    ``lint.PB103``...), as paths relative to the prompt_budget table; they are kept verbatim."""
    if not target.is_file():
        return set()
    standalone = target.name != PYPROJECT
    kept: set[tuple[str, ...]] = set()
    for name, _ in _blocks(_read(target)):
        if name is None:
            continue
        if standalone:
            rel = name
        elif name[:2] == ("tool", "prompt_budget"):
            rel = name[2:]
        else:
            continue
        if rel and rel not in {(o,) for o in _OWNED if o}:
            kept.add(rel)
    return kept


def choose_target(root: Path, explicit: str | Path | None = None) -> Path:
    """The file to write: ``explicit``; else ``prompt_budget.toml`` when it exists (it wins over
    pyproject.toml), else ``pyproject.toml`` when it exists, else a new ``prompt_budget.toml``."""
    if explicit is not None:
        return Path(explicit).resolve()
    if (root / STANDALONE).is_file():
        return root / STANDALONE
    if (root / PYPROJECT).is_file():
        return root / PYPROJECT
    return root / STANDALONE


def _model_tokenizer(model: str | None, existing: Mapping[str, Any], dest: Path) -> str | None:
    """The tokenizer a model sets (``--model``, else the config's ``model``), or None. An unknown
    ``--model`` is an error unless the config gives ``context_window`` (it would not load)."""
    from prompt_budget import known_models as models

    if model is not None:
        info = models.get_model(model)
        if info is None and "context_window" not in existing:
            raise ConfigError(
                f"unknown model {model!r}: use a known model ({', '.join(models.known_models())}), "
                f"or set context_window in {dest.name} first",
                key="--model",
            )
    else:
        name = existing.get("model")
        info = models.get_model(name) if isinstance(name, str) else None
    return info.local_spec if info is not None else None


def propose(
    root: str | Path,
    *,
    tokenizer: str | None = None,
    headroom: float = DEFAULT_HEADROOM,
    model: str | None = None,
    target: str | Path | None = None,
) -> Proposal:
    """Scan ``root`` and propose a configuration. Settings already in the target file (tokenizer,
    model, baseline and lint keys) are kept; the ``[[files]]`` entries are recomputed."""
    base = Path(root).resolve()
    dest = choose_target(base, target)
    existing = _existing(dest)
    kept = _kept_tables(dest)
    kept_top = {k[0] for k in kept}

    def carried(table: str, value: object) -> dict[str, Any]:
        if not isinstance(value, dict):
            return {}
        return {k: v for k, v in value.items() if (table, k) not in {p[:2] for p in kept}}

    spec = tokenizer or existing.get("tokenizer")
    if spec is not None and not isinstance(spec, str):
        raise ConfigError("expected a tokenizer spec string", file=dest, key="tokenizer")
    model_spec = _model_tokenizer(model, existing, dest)
    # A known model sets the tokenizer when none is given (as the config resolver does): count with
    # it, and leave the tokenizer key out so the written config reads the same.
    model_sets = not spec and model_spec is not None
    spec = spec or model_spec or "o200k_base"
    found = scan(base, spec)
    entries = _group_entries(found, headroom)

    top: dict[str, Any] = {} if model_sets else {"tokenizer": spec}
    if model is not None:
        top["model"] = model
    for key, value in existing.items():
        if key not in ("files", "baseline", "lint", "tokenizer") and key not in top and key not in kept_top:
            top[key] = value
    if not model_sets:
        top["tokenizer"] = spec

    baseline: dict[str, Any] = {"path": ".prompt-budget/baseline.json", "max_growth": DEFAULT_MAX_GROWTH}
    baseline.update(carried("baseline", existing.get("baseline")))

    python = _has_python(base)
    lint: dict[str, Any] | None = None
    old_lint = existing.get("lint")
    if python or isinstance(old_lint, dict):
        lint = {"select": ["PB"]}
        if (base / "tests").is_dir():
            lint["per-file-ignores"] = {"tests/**": ["PB1"]}
        if isinstance(old_lint, dict):
            lint = carried("lint", old_lint)
    return Proposal(
        root=base,
        target=dest,
        tokenizer=spec,
        headroom=headroom,
        found=tuple(found),
        entries=tuple(entries),
        top=top,
        baseline=baseline,
        lint=lint,
        model_hint="model" not in top and "context_window" not in top,
        python=python,
    )


# --- rendering ------------------------------------------------------------------------------------


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _toml_str(key)


def _toml_str(value: str) -> str:
    out = value.replace("\\", "\\\\").replace('"', '\\"')
    out = "".join(c if c >= " " or c == "\t" else f"\\u{ord(c):04x}" for c in out)
    return f'"{out}"'


def toml_value(value: Any) -> str:
    """A TOML value for a plain Python value (str, int, float, bool, list, dict as inline table)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isinf(value) or math.isnan(value):
            return ("-" if value < 0 else "") + ("inf" if math.isinf(value) else "nan")
        return repr(value)
    if isinstance(value, str):
        return _toml_str(value)
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_toml_key(str(k))} = {toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return _toml_str(str(value))


def _n(tokens: int) -> str:
    return f"{tokens:,}"


def render(proposal: Proposal) -> str:
    """The configuration tables as TOML text (``[tool.prompt_budget...]`` for pyproject.toml, top-level
    keys for ``prompt_budget.toml``), with comments saying where each cap came from."""
    prefix = "" if proposal.standalone else "tool.prompt_budget"

    def header(name: str, array: bool = False) -> str:
        full = ".".join(p for p in (prefix, name) if p)
        return f"[[{full}]]" if array else f"[{full}]"

    pct = f"{proposal.headroom * 100:g}%"
    lines: list[str] = []
    if prefix:
        lines.append(header(""))
    lines += [
        f"# {MARK} (headroom {pct}): each cap is today's largest file plus {pct}.",
        "# Re-run `prompt-budget init --force` to recompute the caps; other settings are kept.",
    ]
    for key, value in proposal.top.items():
        lines.append(f"{_toml_key(key)} = {toml_value(value)}")
    if "tokenizer" not in proposal.top:
        lines.append(f"# counted with {proposal.tokenizer}, the tokenizer the model sets")
    if proposal.model_hint:
        lines.append(
            '# model = "claude-sonnet-4-5"  # sets context_window, so the must-load total is checked too'
        )
    for entry in proposal.entries:
        lines += ["", header("files", array=True)]
        count = len(entry.files)
        largest = entry.largest
        if count == 1:
            lines.append(f"# {_n(largest.tokens)} tokens today")
        else:
            lines.append(f"# {count} files today, largest {_n(largest.tokens)} tokens ({largest.path})")
        if entry.frontmatter_max_tokens is not None:
            fm = max(f.frontmatter_tokens or 0 for f in entry.files)
            lines.append(f"# frontmatter (always loaded): largest {_n(fm)} tokens")
        if entry.follow_imports:
            lines.append("# its @path imports are counted too, loaded with it")
        if entry.conditional_frontmatter is not None:
            lines.append(
                f"# a rule with {entry.conditional_frontmatter}: frontmatter is skippable "
                "(it loads when Claude reads a match); the others load at launch"
            )
        if any(f.kind == "import" for f in entry.files):
            lines.append("# loaded with the file that imports it (must-load when a must-load file does)")
        lines += [f"{_toml_key(k)} = {toml_value(v)}" for k, v in entry.to_table().items()]
    lines += ["", header("baseline")]
    lines += [f"{_toml_key(str(k))} = {toml_value(v)}" for k, v in proposal.baseline.items()]
    if proposal.lint is not None:
        lines += ["", header("lint")]
        lines += [f"{_toml_key(str(k))} = {toml_value(v)}" for k, v in proposal.lint.items()]
    return "\n".join(lines) + "\n"


# --- writing into pyproject.toml ------------------------------------------------------------------

#: Tables ``init`` writes; any other ``[tool.prompt_budget.*]`` table is kept as it is.
_OWNED: Final = ("", "files", "baseline", "lint")


def _blocks(text: str) -> list[tuple[tuple[str, ...] | None, list[str]]]:
    """Split TOML text into blocks: (table name or None for the preamble, lines). A header inside a
    multi-line string is not a header."""
    blocks: list[tuple[tuple[str, ...] | None, list[str]]] = [(None, [])]
    for line, outside in toml_lines(text.splitlines(keepends=True)):
        header = toml_header(line) if outside else None
        if header is not None:
            blocks.append((header[0], [line]))
        else:
            blocks[-1][1].append(line)
    return blocks


def _trailing_comments(lines: list[str]) -> list[str]:
    """The comment lines at the end of a block (they introduce the next table, so they stay);
    blank lines are dropped."""
    end = len(lines)
    while end > 1 and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1
    return [line for line in lines[end:] if line.strip()]


def _without_pb(data: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(data)
    tool = out.get("tool")
    if isinstance(tool, dict) and "prompt_budget" in tool:
        tool = {k: v for k, v in tool.items() if k != "prompt_budget"}
        if tool:
            out["tool"] = tool
        else:
            out.pop("tool")
    return out


def merge_pyproject(text: str, block: str, *, path: Path | str = PYPROJECT) -> tuple[str, tuple[str, ...]]:
    """``text`` (a pyproject.toml) with its ``[tool.prompt_budget]``, ``files``, ``baseline`` and
    ``lint`` tables replaced by ``block`` (placed where the first of them was, else appended). Every
    other line is kept byte for byte, including other ``[tool.prompt_budget.*]`` tables (returned by
    name). The result is re-parsed: everything outside ``[tool.prompt_budget]`` must read the same."""
    newline = "\r\n" if "\r\n" in text else "\n"
    try:
        before = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(
            f"cannot update: the file is not valid TOML ({toml_problem(exc, text)})", file=path
        ) from None
    blocks = _blocks(text)
    if _pb_table(before, standalone=False) and not any(
        name is not None and name[:2] == ("tool", "prompt_budget") for name, _ in blocks
    ):
        raise ConfigError(
            "could not update [tool.prompt_budget] safely: it is written with dotted keys or an inline "
            "table under [tool]; nothing was written: move it into a [tool.prompt_budget] table, or run "
            "with --dry-run and paste the proposal by hand",
            file=path,
        )
    out: list[str] = []
    kept: list[str] = []
    placed = False
    owned = {("tool", "prompt_budget", *((p,) if p else ())) for p in _OWNED}

    def place() -> None:
        while out and not out[-1].strip():
            out.pop()
        if out:
            if not out[-1].endswith("\n"):
                out.append(newline)
            out.append(newline)
        out.append(block.replace("\n", newline))

    for name, lines in blocks:
        if name is not None and name in owned:
            if not placed:
                place()
                placed = True
            trailing = _trailing_comments(lines)
            if trailing:
                out.append(newline)
                out.extend(trailing)
            continue
        if placed and name is not None and out and out[-1].strip() and not out[-1].lstrip().startswith("#"):
            out.append(newline)
        if name is not None and name[:2] == ("tool", "prompt_budget"):
            kept.append(".".join(name))
        out.extend(lines)
    if not placed:
        place()
    result = "".join(out).rstrip("\r\n") + newline
    try:
        after = tomllib.loads(result)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(
            f"could not update [tool.prompt_budget] safely (the result would not parse: {exc}); "
            "nothing was written: run with --dry-run and paste the proposal by hand",
            file=path,
        ) from None
    if _without_pb(before) != _without_pb(after):
        raise ConfigError(
            "could not update [tool.prompt_budget] safely (it is written with dotted keys or inline "
            "tables init cannot replace); nothing was written: run with --dry-run and paste the "
            "proposal by hand",
            file=path,
        )
    return result, tuple(kept)


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError("the file is not valid UTF-8", file=path) from None
    except OSError as exc:
        raise ConfigError(f"cannot read the file: {exc.strerror or exc}", file=path) from None


def _write(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def planned_text(proposal: Proposal) -> tuple[str, tuple[str, ...]]:
    """The full text the target file would have after ``apply``, and the tables kept verbatim."""
    block = render(proposal)
    target = proposal.target
    if not target.exists():
        return block, ()
    current = _read(target)
    if not proposal.standalone:
        return merge_pyproject(current, block, path=target)
    # A standalone file is init's own: its top-level keys are rewritten (values carried over);
    # tables init does not write (sections, values, stages, lint.PB103...) are kept verbatim.
    extra: list[str] = []
    kept: list[str] = []
    for name, lines in _blocks(current):
        if name is not None and name not in {(o,) for o in _OWNED if o}:
            extra.extend(lines)
            kept.append(".".join(name))
    text = block if not extra else block + "\n" + "".join(extra).rstrip("\r\n") + "\n"
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:  # pragma: no cover - a kept table clashing with ours
        raise ConfigError(
            f"could not update the file safely (the result would not parse: {exc}); nothing was written",
            file=target,
        ) from None
    return text, tuple(kept)


def apply(proposal: Proposal, *, force: bool = False) -> InitResult:
    """Write the proposal. An existing configuration that reads the same is left alone
    (``unchanged``); a different one is replaced only with ``force`` (else ``conflict``, nothing
    written)."""
    target = proposal.target
    text, kept = planned_text(proposal)
    if target.exists():
        current = _read(target)
        if current == text:
            return InitResult("unchanged", target, text, kept)
        existing = _existing(target)
        if existing:
            planned = _pb_table(tomllib.loads(text), standalone=proposal.standalone)
            if planned == existing:
                return InitResult("unchanged", target, text, kept)
            if not force:
                return InitResult("conflict", target, text, kept)
    status: Literal["created", "updated"] = "updated" if target.exists() else "created"
    _write(target, text)
    return InitResult(status, target, text, kept)


def baseline_path(proposal: Proposal) -> Path:
    raw = str(proposal.baseline.get("path", ".prompt-budget/baseline.json"))
    p = Path(raw)
    return p if p.is_absolute() else proposal.target.parent / p


@dataclass(frozen=True)
class Summary:
    """Figures for the CLI's table: files found, tokens, and must-load tokens."""

    files: int = 0
    tokens: int = 0
    must: int = 0
    by_kind: Mapping[str, int] = field(default_factory=dict)


def summarise(proposal: Proposal) -> Summary:
    by_kind: dict[str, int] = {}
    for f in proposal.found:
        by_kind[f.kind] = by_kind.get(f.kind, 0) + 1
    must = sum(f.tokens for e in proposal.entries for f in e.files if e.load_of(f) == "must")
    must += sum(f.frontmatter_tokens or 0 for f in proposal.found if f.kind in ("skill", "agent"))
    return Summary(len(proposal.found), sum(f.tokens for f in proposal.found), must, by_kind)


# --- the optional steps: baseline and lint, through their public command-line contract ----------


def _run_cli(argv: Sequence[str]) -> tuple[int, str, str]:
    """Run one ``prompt-budget`` command in this process; (exit code, stdout, stderr)."""
    import contextlib
    import io

    from prompt_budget.cli import Output, build_parser

    out, err = io.StringIO(), io.StringIO()
    parser = build_parser()
    try:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            args = parser.parse_args(list(argv))
    except SystemExit as exc:  # argparse: this version's command does not take these arguments
        return int(exc.code or 2), "", f"arguments not understood: {' '.join(argv)}"
    try:
        code = int(args.run(args, Output("never", out=out, err=err)))
    except PromptBudgetError as exc:
        return 2, out.getvalue(), str(exc)
    return code, out.getvalue(), err.getvalue()


def create_baseline(proposal: Proposal) -> tuple[bool, str]:
    """Create the baseline file with ``prompt-budget baseline update`` when this version has baseline
    support and the file does not exist yet. Returns (created, note)."""
    import importlib.util

    path = baseline_path(proposal)
    shown = _shown(path, proposal.root)
    if path.exists():
        return False, f"baseline {shown} exists; left as it is"
    if importlib.util.find_spec("prompt_budget.baseline") is None:
        return False, "baseline: skipped (this version has no baseline support yet)"
    code, _, err = _run_cli(["--config", str(proposal.target), "baseline", "update"])
    if code == 0 and path.exists():
        return True, f"baseline: created {shown}"
    reason = err.strip().splitlines()[-1] if err.strip() else f"exit code {code}"
    reason = reason.removeprefix("prompt-budget: error: ")
    return False, f"baseline: not created ({reason}); run `prompt-budget baseline update` later"


def _shown(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class LintReport:
    """Magic budgets ``prompt-budget lint`` found, and the command that moves them into config."""

    findings: tuple[Mapping[str, Any], ...]
    fix_command: str
    note: str = ""


def _parse_findings(text: str) -> list[Mapping[str, Any]]:
    import json

    text = text.strip()
    if not text:
        return []
    try:
        data = json.loads(text)
    except ValueError:
        found: list[Mapping[str, Any]] = []
        for line in text.splitlines():
            try:
                item = json.loads(line)
            except ValueError:
                continue
            if isinstance(item, dict):
                found.append(item)
        return found
    if isinstance(data, dict):
        data = data.get("findings", [data] if "code" in data else [])
    return [d for d in data if isinstance(d, dict)] if isinstance(data, list) else []


def run_lint(proposal: Proposal) -> LintReport:
    """Run ``prompt-budget lint --format json`` on the repository (when this version has the
    analyzer) and return its findings with the ``--fix`` command that would move them."""
    import importlib.util

    root = proposal.root
    fix = f"prompt-budget lint --fix {_shown(root, Path.cwd().resolve()) or '.'}"
    if importlib.util.find_spec("prompt_budget.lint.engine") is None:
        return LintReport((), fix, "lint: skipped (this version has no analyzer yet)")
    code, out, err = _run_cli(["--config", str(proposal.target), "lint", "--format", "json", str(root)])
    if code not in (0, 1):
        reason = err.strip().splitlines()[-1] if err.strip() else f"exit code {code}"
        if "not available yet" in reason or "arguments not understood" in reason:
            return LintReport((), fix, "lint: skipped (this version has no analyzer yet)")
        return LintReport((), fix, f"lint: could not run ({reason.removeprefix('prompt-budget: error: ')})")
    return LintReport(tuple(_parse_findings(out)), fix)
