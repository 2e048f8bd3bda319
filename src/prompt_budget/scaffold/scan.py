"""Finding a repository's prompt-bearing files: instruction files, skills, agents, commands, rules,
prompt templates, the references they link to and the files CLAUDE.md imports; each counted."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Final, Literal

from prompt_budget.errors import PromptBudgetError

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
    "harness",
]

_LINK = re.compile(r"\]\(\s*<?([^)\s>#]+)[^)]*\)|`([^`\s]+\.mdx?)`|@([\w./-]+\.mdx?)")


@dataclass(frozen=True)
class Found:
    """One prompt-bearing file: ``path`` is POSIX, relative to the repository root."""

    path: str
    kind: Kind
    tokens: int
    frontmatter_tokens: int | None = None
    always: bool = False
    #: for a file a harness loads: the harness and its rule that claim it (the first selected harness
    #: that loads it), when it loads, and the other paths it is reached by (symbolic links)
    harness: str | None = None
    rule: str | None = None
    when: str | None = None
    aliases: tuple[str, ...] = ()


def frontmatter(text: str) -> tuple[str, Mapping[str, Any]] | None:
    """The always-loaded part of a Markdown file's YAML frontmatter (``name`` and ``description``
    for skills, agents and commands; the whole block otherwise) and its parsed keys, or None."""
    from prompt_budget.text.frontmatter import FrontmatterError, frontmatter_end, parse_frontmatter

    try:
        fm = parse_frontmatter(text)
    except FrontmatterError:  # not YAML: the block between the --- lines still loads, uncounted by key
        lines = text.split("\n")
        end = frontmatter_end(lines)
        return ("\n".join(line.rstrip("\r") for line in lines[1:end]), {}) if end else None
    if fm is None:
        return None
    return (fm.always_loaded if fm.is_split else fm.text), fm.data


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
    folder = "/".join(parts[:2]) if len(parts) >= 3 else ""
    if folder in (".claude/agents", ".claude/commands") and suffix == ".md":
        return ("agent" if folder == ".claude/agents" else "command"), False
    if folder == ".claude/rules" and suffix == ".md":
        return "rule", True  # unless its frontmatter has paths: (see scan)
    if folder == ".cursor/rules" and suffix in (".md", ".mdc"):
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


def _follow_imports(base: Path, kinds: dict[Path, tuple[Kind, bool]]) -> None:
    """Add the files the CLAUDE.md files pull in with ``@path`` imports (followed as Claude Code
    follows them, see ``files.imports``) to ``kinds`` as ``import``: loaded at launch when a must-load
    file imports them (those are followed first), else skippable. Files already classified keep their
    kind (their imports are followed)."""
    from prompt_budget.files.imports import follow_imports
    from prompt_budget.model import LoadClass

    # Claude Code follows the @path imports of its memory files: CLAUDE.md, at any depth (_classify
    # makes each one instructions)
    paths = {_rel(p, base): p for p in kinds if p.name == "CLAUDE.md"}
    roots: list[tuple[str, LoadClass | None]] = [
        (rel, "must" if kinds[p][1] else None) for rel, p in sorted(paths.items())
    ]
    followed = follow_imports(base, roots, paths, {p: rel for rel, p in paths.items()})
    for rel, ref in followed.imported_by.items():
        kinds.setdefault(base / rel, ("import", ref.load == "must"))


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

    _follow_imports(base, kinds)

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
                    and any(REFERENCE_DIR.match(p) for p in t.relative_to(base).parts[:-1])
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


@dataclass(frozen=True)
class HarnessScan:
    """What ``scan_harnesses`` found: the harnesses used, how many files each loads, and the files."""

    used: tuple[str, ...]
    loads: Mapping[str, int]
    found: tuple[Found, ...]


def scan_harnesses(
    root: str | Path, tokenizer: Any = None, used: tuple[str, ...] | None = None
) -> HarnessScan:
    """The harnesses ``root`` uses (a file matching one of their ``detect`` globs) and every file they
    load, counted once each by its real path, claimed by the first harness (in data order) and rule
    that loads it. A file reached by symbolic links lists them as ``aliases``."""
    from prompt_budget.counting import FileProblem, read_text
    from prompt_budget.harnesses import detect, discover_tree
    from prompt_budget.tokenizers import get_tokenizer

    tok = get_tokenizer(tokenizer)
    base = Path(root).resolve()
    if used is None:  # the harnesses ``root`` uses, unless the caller detected them already
        used = tuple(detect(base))
    if not used:
        return HarnessScan((), {}, ())
    discovery = discover_tree(base, list(used))
    claimed: dict[str, tuple[str, str, str, bool]] = {}
    aliases: dict[str, set[str]] = {}
    loads: dict[str, set[str]] = {}
    for name in used:
        for x in discovery.of(name):
            if x.shadowed_by is not None:
                continue
            real = x.real or x.id
            loads.setdefault(name, set()).add(real)
            if real != x.id:
                aliases.setdefault(real, set()).add(x.id)
            claimed.setdefault(real, (x.harness, x.rule, x.when, x.listed))
    found: list[Found] = []
    for real, (harness, rule, when, listed) in sorted(claimed.items()):
        path = base / real
        try:
            text = read_text(path)[0]
        except FileProblem:
            continue
        fm_tokens = None
        if listed:
            fm = frontmatter(text)
            fm_tokens = tok.count(fm[0]) if fm is not None else None
        found.append(
            Found(
                real,
                "harness",
                tok.count(text),
                fm_tokens,
                when == "always",
                harness,
                rule,
                when,
                tuple(sorted(aliases.get(real, ()))),
            )
        )
    return HarnessScan(used, {h: len(loads.get(h, ())) for h in used}, tuple(found))
