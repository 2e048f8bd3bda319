"""How much of what agent harnesses load does `prompt-budget init` find, on real repositories?

For each repository pinned in ``benchmarks/harness_repos.toml`` (owner/name and a commit):

1. export that commit into a scratch folder (symlinks kept; submodules and blobs the local copy lacks
   are left out and counted);
2. list the instruction, rule and skill files the harnesses load, by their documented rules (below,
   each with the address of the page it comes from). This list is written from the harnesses'
   documentation alone, independently of the product's code: it is the yardstick;
3. run ``prompt-budget init`` and then ``prompt-budget check --json`` on the copy, unchanged, and
   collect the files the check measured;
4. print per repository: files expected, expected files found (coverage), false inclusions (files the
   check measured that no harness loads: template copies, example skills inside source folders,
   rule collections meant for copying), other files measured (skill resources, linked references,
   application prompt templates: neither expected nor false), and the check's exit status.

Files are compared by their real path, so a file reached by two paths (a symlinked ``AGENTS.md`` or
skill folder) is one file.

Usage:
    python benchmarks/harness_coverage.py [--git-dir PATTERN] [--only NAME] [--held-out | --tuning]
        [--keep DIR] [--show-missing] [--show-false]

``--git-dir`` is where a local git directory of each repository lives, as a pattern with ``{owner}`` and
``{name}`` (e.g. ``~/src/{owner}/{name}/.git``); without it each repository is fetched from GitHub at
its pinned commit (``git fetch --depth 1``) into ``--keep`` (default: a temporary folder).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
REPOS = HERE / "harness_repos.toml"

# The documentation each rule below comes from.
DOCS = {
    "claude-code": "https://code.claude.com/docs/en/memory, /skills, /sub-agents, /slash-commands, "
    "/plugins-reference, /plugin-marketplaces",
    "codex": "https://developers.openai.com/codex/guides/agents-md, https://developers.openai.com/codex/skills",
    "agent-skills": "https://agentskills.io/specification",
    "cursor": "https://cursor.com/docs/context/rules",
    "copilot": "https://docs.github.com/en/copilot/how-tos/configure-custom-instructions/"
    "add-repository-instructions, https://code.visualstudio.com/docs/copilot/customization/prompt-files",
    "gemini-cli": "https://github.com/google-gemini/gemini-cli/blob/main/docs/cli/gemini-md.md, "
    "docs/cli/skills.md, docs/cli/custom-commands.md",
    "openhands": "https://docs.openhands.dev/overview/skills",
    "cline": "https://docs.cline.bot/customization/cline-rules, /customization/skills, workflows",
    "roo": "https://docs.roocode.com/features/custom-instructions, /features/slash-commands, /features/skills",
    "windsurf": "https://docs.windsurf.com/windsurf/cascade/memories, /windsurf/cascade/workflows",
}

#: (harness, what, regular expression over the POSIX path relative to the repository root)
PATH_RULES: list[tuple[str, str, str]] = [
    # Claude Code: memory files (root, subfolders on demand), rules, skills (nested .claude/skills
    # folders are found when working in that folder), subagents, commands.
    ("claude-code", "memory", r"(.*/)?CLAUDE(\.local)?\.md|\.claude/CLAUDE\.md"),
    ("claude-code", "rule", r"\.claude/rules/.+\.md"),
    ("claude-code", "skill", r"(.*/)?\.claude/skills/[^/]+/SKILL\.md"),
    ("claude-code", "subagent", r"\.claude/agents/.+\.md"),
    ("claude-code", "command", r"\.claude/commands/.+\.md"),
    # Codex and the other AGENTS.md readers (Cursor, Copilot, Windsurf, Cline, Roo, OpenHands): the
    # chain from the root down to the working folder.
    ("codex", "AGENTS.md", r"(.*/)?AGENTS(\.override)?\.md"),
    # The shared Agent Skills location: the working folder, its parents, the repository root.
    ("agent-skills", "skill", r"(.*/)?\.agents/skills/[^/]+/SKILL\.md"),
    # Cursor: project rules (nested .cursor/rules folders apply to their folder), the legacy file.
    ("cursor", "rule", r"(.*/)?\.cursor/rules/(.+/)?[^/]+\.mdc?|\.cursorrules"),
    ("cursor", "command", r"\.cursor/commands/[^/]+\.md"),
    # GitHub Copilot
    (
        "copilot",
        "instructions",
        r"\.github/copilot-instructions\.md|\.github/instructions/(.+/)?[^/]+\.instructions\.md",
    ),
    ("copilot", "prompt", r"\.github/prompts/(.+/)?[^/]+\.prompt\.md"),
    ("copilot", "agent", r"\.github/agents/[^/]+\.(agent\.)?md|\.github/chatmodes/[^/]+\.chatmode\.md"),
    ("copilot", "skill", r"\.github/skills/[^/]+/SKILL\.md"),
    # Gemini CLI: hierarchical GEMINI.md, workspace skills, custom commands.
    ("gemini-cli", "context file", r"(.*/)?GEMINI\.md"),
    ("gemini-cli", "skill", r"\.gemini/skills/[^/]+/SKILL\.md"),
    ("gemini-cli", "command", r"\.gemini/commands/(.+/)?[^/]+\.toml"),
    # OpenHands: microagents (repo.md always; knowledge ones by trigger), skills.
    ("openhands", "microagent", r"\.openhands/microagents/(.+/)?[^/]+\.md"),
    ("openhands", "skill", r"\.openhands/skills/([^/]+/SKILL\.md|[^/]+\.md)"),
    # Cline: .clinerules (a file, or a folder of .md/.txt), workflows, skills; it also reads the
    # legacy .cursorrules and .windsurfrules.
    ("cline", "rule", r"\.clinerules|\.clinerules/[^/]+\.(md|txt)"),
    ("cline", "workflow", r"\.clinerules/workflows/[^/]+\.md"),
    ("cline", "skill", r"\.cline/skills/[^/]+/SKILL\.md|\.clinerules/skills/[^/]+/SKILL\.md"),
    # Roo Code: rules for every mode and per mode, the legacy files, commands, skills.
    ("roo", "rule", r"\.roo/rules(-[^/]+)?/.+|\.roorules(-[^/]+)?"),
    ("roo", "command", r"\.roo/commands/[^/]+\.md"),
    ("roo", "skill", r"\.roo/skills(-[^/]+)?/[^/]+/SKILL\.md"),
    # Windsurf: rules by trigger (nested .windsurf/rules folders too), workflows, the legacy file.
    ("windsurf", "rule", r"(.*/)?\.windsurf/rules/[^/]+\.md|\.windsurfrules"),
    ("windsurf", "workflow", r"\.windsurf/workflows/[^/]+\.md"),
]
COMPILED = [(h, w, re.compile(p)) for h, w, p in PATH_RULES]
#: Folders a harness never reads instruction files from (dependencies, VCS, caches).
SKIP_DIRS = {".git", "node_modules", ".venv", "venv", "__pycache__", ".tox", ".mypy_cache", "dist", "build"}

# @path imports: Claude Code (CLAUDE.md, up to 5 hops) and Gemini CLI (GEMINI.md), outside code.
#: a Markdown link or a backquoted path: what an agent may open on demand from a loaded file
LINK = re.compile(r"\]\(\s*<?([^)\s>#]+)|`([^`\s]+\.mdx?)`")
IMPORT = re.compile(r"(?<![\w`/])@(\.{0,2}/?[\w.\-][\w./\-]*)")
FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"`[^`\n]*`")


@dataclass
class Expected:
    """The files the harnesses load (real path -> why) and the files that are neither expected nor
    wrong to measure (skill resources, files the expected ones link to)."""

    loaded: dict[str, str] = field(default_factory=dict)
    neutral: set[str] = field(default_factory=set)


def walk(root: Path) -> list[str]:
    """Every file under ``root`` as a POSIX path, through symlinked folders (once each)."""
    out: list[str] = []
    seen: set[Path] = set()
    for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
        real = Path(dirpath).resolve()
        if real in seen:
            dirnames[:] = []
            continue
        seen.add(real)
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        rel = Path(dirpath).relative_to(root).as_posix()
        for name in filenames:
            out.append(name if rel == "." else f"{rel}/{name}")
    return out


def _imports(text: str) -> Iterable[str]:
    in_fence = False
    for line in text.splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        for m in IMPORT.finditer(INLINE_CODE.sub("", line)):
            yield m.group(1).rstrip(".,;:")


def _json(path: Path) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _as_list(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


def plugin_files(root: Path, files: list[str]) -> dict[str, str]:
    """Claude Code plugins: every folder with ``.claude-plugin/plugin.json``, and every local
    ``source`` of ``.claude-plugin/marketplace.json``. A plugin loads ``skills/*/SKILL.md``,
    ``agents/*.md`` and ``commands/**/*.md``, plus the extra paths its manifest (or its marketplace
    entry) lists for ``skills``, ``agents`` and ``commands``."""
    plugins: dict[str, list[tuple[str, list[str]]]] = {}

    def add_plugin(base: str, extra: dict[str, object]) -> None:
        entry = plugins.setdefault(base, [])
        for key in ("skills", "agents", "commands"):
            entry.append((key, _as_list(extra.get(key))))

    for rel in files:
        if rel == ".claude-plugin/plugin.json" or rel.endswith("/.claude-plugin/plugin.json"):
            base = rel[: -len(".claude-plugin/plugin.json")].rstrip("/")
            data = _json(root / rel)
            add_plugin(base, data if isinstance(data, dict) else {})
    market = _json(root / ".claude-plugin/marketplace.json")
    if isinstance(market, dict):
        for p in market.get("plugins", []) if isinstance(market.get("plugins"), list) else []:
            if isinstance(p, dict) and isinstance(p.get("source"), str):
                base = os.path.normpath(p["source"]).replace("\\", "/")
                add_plugin("" if base == "." else base, p)
    out: dict[str, str] = {}
    for base, extras in plugins.items():
        prefix = f"{base}/" if base else ""
        dirs = {
            "skills": [f"{prefix}skills"],
            "agents": [f"{prefix}agents"],
            "commands": [f"{prefix}commands"],
        }
        for key, paths in extras:
            for p in paths:
                dirs[key].append(os.path.normpath(prefix + p).replace("\\", "/"))
        for rel in files:
            for key, bases in dirs.items():
                for b in bases:
                    if key == "skills":
                        # a skills folder holds skill folders; a listed path may be one skill folder
                        if re.fullmatch(re.escape(b) + r"/[^/]+/SKILL\.md", rel) or rel == f"{b}/SKILL.md":
                            out[rel] = f"claude-code: plugin skill ({base or '.'})"
                    elif key == "agents":
                        if rel == b or re.fullmatch(re.escape(b) + r"/[^/]+\.md", rel):
                            out[rel] = f"claude-code: plugin agent ({base or '.'})"
                    elif (rel == b or rel.startswith(b + "/")) and rel.endswith(".md"):
                        out[rel] = f"claude-code: plugin command ({base or '.'})"
    return out


def expected(root: Path) -> Expected:
    files = walk(root)
    exp = Expected()
    by_rel: dict[str, str] = {}
    for rel in files:
        for harness, what, rx in COMPILED:
            if rx.fullmatch(rel):
                by_rel.setdefault(rel, f"{harness}: {what}")
    by_rel.update({k: v for k, v in plugin_files(root, files).items() if k not in by_rel})
    # @imports of CLAUDE.md and GEMINI.md files, followed up to five hops.
    fileset = set(files)
    todo = [
        (rel, 0) for rel in by_rel if PurePosixPath(rel).name in ("CLAUDE.md", "CLAUDE.local.md", "GEMINI.md")
    ]
    while todo:
        rel, depth = todo.pop()
        if depth >= 5:
            continue
        try:
            text = (root / rel).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for target in _imports(text):
            cand = os.path.normpath(str(PurePosixPath(rel).parent / target)).replace("\\", "/")
            if cand in fileset and cand not in by_rel:
                by_rel[cand] = f"@import from {rel}"
                todo.append((cand, depth + 1))
    for rel, why in by_rel.items():
        exp.loaded.setdefault(_real(root, rel), why)
    # Neutral: what a loaded file links to (the agent may open it on demand; the product counts linked
    # reference docs), what is inside a skill folder besides SKILL.md, prompt templates of an application.
    for rel in list(by_rel):
        try:
            text = (root / rel).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for m in LINK.finditer(text):
            target = next(g for g in m.groups() if g)
            for base in (PurePosixPath(rel).parent, PurePosixPath()):
                cand = os.path.normpath(str(base / target)).replace("\\", "/")
                if cand in fileset:
                    exp.neutral.add(_real(root, cand))
                    break
                if (root / cand).is_dir():  # a link to a folder: its Markdown files
                    exp.neutral.update(
                        _real(root, f) for f in files if f.startswith(cand + "/") and f.endswith(".md")
                    )
                    break
    skill_dirs = {str(PurePosixPath(r).parent) for r in by_rel if PurePosixPath(r).name == "SKILL.md"}
    for rel in files:
        parts = PurePosixPath(rel).parts
        in_skill = any(str(PurePosixPath(*parts[:i])) in skill_dirs for i in range(1, len(parts)))
        if in_skill or "prompts" in parts[:-1] or rel.endswith(".prompt"):
            exp.neutral.add(_real(root, rel))
    return exp


def _real(root: Path, rel: str) -> str:
    try:
        return (root / rel).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:  # a link out of the tree
        return rel


# ---------------------------------------------------------------------------------------------
# Getting the trees


def export(git_dir: Path, commit: str, dest: Path) -> int:
    """Write ``commit``'s tree into ``dest``; the number of files left out (blobs the git directory
    does not hold, submodules)."""
    listing = subprocess.run(
        ["git", "--git-dir", str(git_dir), "ls-tree", "-r", "-z", "--full-tree", commit],
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    entries = []
    for item in listing:
        if not item:
            continue
        meta, path = item.split(b"\t", 1)
        mode, kind, sha = meta.split()
        entries.append((mode.decode(), kind.decode(), sha.decode(), path.decode("utf-8", "surrogateescape")))
    blobs = [e for e in entries if e[1] == "blob"]
    skipped = len(entries) - len(blobs)
    proc = subprocess.Popen(
        ["git", "--git-dir", str(git_dir), "cat-file", "--batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None
    assert proc.stdout is not None
    for mode, _, sha, rel in blobs:
        proc.stdin.write(sha.encode() + b"\n")
        proc.stdin.flush()
        header = proc.stdout.readline().split()
        if len(header) < 3 or header[1] != b"blob":
            skipped += 1
            continue
        data = proc.stdout.read(int(header[2]))
        proc.stdout.read(1)
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if mode == "120000":
            os.symlink(data.decode("utf-8", "surrogateescape"), target)
        else:
            target.write_bytes(data)
    proc.stdin.close()
    proc.wait()
    return skipped


def fetch(repo: str, commit: str, cache: Path) -> Path:
    """A git directory holding ``commit`` of github.com/``repo`` (fetched once into ``cache``)."""
    git_dir = cache / (repo.replace("/", "+") + ".git")
    if not git_dir.exists():
        subprocess.run(["git", "init", "--bare", "-q", str(git_dir)], check=True)
    has = subprocess.run(
        ["git", "--git-dir", str(git_dir), "cat-file", "-e", commit], capture_output=True, check=False
    )
    if has.returncode != 0:
        url = f"https://github.com/{repo}.git"
        subprocess.run(
            ["git", "--git-dir", str(git_dir), "fetch", "-q", "--depth", "1", url, commit], check=True
        )
    return git_dir


# ---------------------------------------------------------------------------------------------
# Running the product


def run_cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "prompt_budget", *args], cwd=cwd, capture_output=True, text=True, check=False
    )


@dataclass
class Result:
    name: str
    held_out: bool
    expected: int
    found: int
    false: list[str]
    other: int
    missing: list[str]
    init_rc: int
    check_rc: int
    check_note: str
    #: the check failed only on harness limits the repository is already past
    hard_limit: bool
    failed_ids: list[str]
    skipped: int
    seconds: float


def measured(report: dict[str, object], root: Path) -> set[str]:
    """The files ``check --json`` measured, by real path."""
    out: set[str] = set()
    for v in report.get("verdicts", []) if isinstance(report.get("verdicts"), list) else []:
        if not isinstance(v, dict):
            continue
        subject = str(v.get("subject", "")).split("#", 1)[0]
        if subject and (root / subject).is_file():
            out.add(_real(root, subject))
    return out


def evaluate(name: str, commit: str, held_out: bool, git_dir: Path, work: Path) -> Result:
    tree = work / name.replace("/", "+")
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    skipped = export(git_dir, commit, tree)
    exp = expected(tree)
    start = time.perf_counter()
    init = run_cli(["init", "."], tree)
    check = run_cli(["check", "--json", "."], tree)
    seconds = time.perf_counter() - start
    try:
        report = json.loads(check.stdout)
    except ValueError:
        report = {}
    got = measured(report, tree)
    hits = got & exp.loaded.keys()
    false = sorted(got - exp.loaded.keys() - exp.neutral)
    note = ""
    hard_only = False
    failed_ids: list[str] = []
    if check.returncode != 0:
        failed = [
            v
            for v in report.get("verdicts", [])  # type: ignore[union-attr]
            if isinstance(v, dict) and v.get("status") == "fail"
        ]
        hard_only = bool(failed) and all(
            (v.get("details") or {}).get("kind") == "harness-limit" for v in failed
        )
        failing = [f"{v.get('id')}: {v.get('message')}" for v in failed]
        failed_ids = [str(v.get("id")) for v in failed]
        note = "; ".join(failing[:3]) or (check.stderr.strip().splitlines() or [""])[-1]
    return Result(
        name=name,
        held_out=held_out,
        expected=len(exp.loaded),
        found=len(hits),
        false=false,
        other=len(got - hits - set(false)),
        missing=sorted(f"{p}  ({exp.loaded[p]})" for p in exp.loaded.keys() - got),
        init_rc=init.returncode,
        check_rc=check.returncode,
        check_note=note,
        hard_limit=hard_only,
        failed_ids=failed_ids,
        skipped=skipped,
        seconds=seconds,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--git-dir", help="pattern of a local git directory, with {owner} and {name}")
    parser.add_argument("--only", action="append", help="only this repository (owner/name); repeatable")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--held-out", action="store_true", help="only the held-out repositories")
    group.add_argument("--tuning", action="store_true", help="only the repositories used for tuning")
    parser.add_argument("--keep", type=Path, help="folder for the fetched repositories and the copies")
    parser.add_argument("--show-missing", action="store_true", help="list the expected files not found")
    parser.add_argument("--show-false", action="store_true", help="list the false inclusions")
    parser.add_argument("--list-expected", metavar="NAME", help="print the expected files of one repository")
    args = parser.parse_args()

    repos = tomllib.loads(REPOS.read_text(encoding="utf-8"))["repo"]
    work = args.keep or Path(tempfile.mkdtemp(prefix="harness-coverage-"))
    work.mkdir(parents=True, exist_ok=True)
    results: list[Result] = []
    for r in repos:
        name, commit, held = r["name"], r["commit"], bool(r.get("held_out", False))
        if args.only and name not in args.only:
            continue
        if (args.held_out and not held) or (args.tuning and held):
            continue
        owner, repo = name.split("/")
        git_dir = (
            Path(os.path.expanduser(args.git_dir.format(owner=owner, name=repo)))
            if args.git_dir
            else fetch(name, commit, work / "git")
        )
        if args.list_expected == name:
            tree = work / "list"
            shutil.rmtree(tree, ignore_errors=True)
            tree.mkdir(parents=True)
            export(git_dir, commit, tree)
            for path, why in sorted(expected(tree).loaded.items()):
                print(f"{path}  ({why})")
            return
        res = evaluate(name, commit, held, git_dir, work)
        results.append(res)
        report(res, args.show_missing, args.show_false)
    summary(results)


def report(r: Result, show_missing: bool, show_false: bool) -> None:
    tag = " [held out]" if r.held_out else ""
    cov = f"{r.found / r.expected:.1%}" if r.expected else "n/a"
    status = _status(r)
    print(
        f"{r.name}{tag}: expected {r.expected}, found {r.found} ({cov}), false inclusions {len(r.false)}, "
        f"other measured {r.other}; init exit {r.init_rc}, check {status} ({r.seconds:.1f} s)"
        + (f"; {r.skipped} files not in the local copy" if r.skipped else "")
    )
    if r.check_note:
        print(f"    check: {r.check_note}")
    if show_missing:
        for m in r.missing:
            print(f"    missing: {m}")
    if show_false:
        for f in r.false:
            print(f"    false: {f}")


def _status(r: Result) -> str:
    if r.check_rc == 0:
        return "pass"
    if r.hard_limit:
        return "fails on a harness limit: " + ", ".join(r.failed_ids)
    return f"exit {r.check_rc}"


def summary(results: list[Result]) -> None:
    if not results:
        return
    print()
    print("| repository | expected | found | coverage | false inclusions | check |")
    print("|---|---:|---:|---:|---:|---|")
    for r in results:
        cov = f"{r.found / r.expected:.1%}" if r.expected else "n/a"
        status = _status(r)
        name = r.name + (" (held out)" if r.held_out else "")
        print(f"| {name} | {r.expected} | {r.found} | {cov} | {len(r.false)} | {status} |")
    exp = sum(r.expected for r in results)
    found = sum(r.found for r in results)
    print(f"| **all** | {exp} | {found} | {found / exp:.1%} | {sum(len(r.false) for r in results)} | |")


if __name__ == "__main__":
    main()
