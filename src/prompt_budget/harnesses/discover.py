"""Which files each selected harness loads, and when: every file of a ``FileSet`` that a harness rule
matches, classified by the rule (and the file's frontmatter: a Cursor rule's ``alwaysApply``), with
the folder it applies to, whether it is listed up front, and the file it is an alias of (a symbolic
link ``AGENTS.md -> CLAUDE.md`` is one file)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from prompt_budget.config import Config
from prompt_budget.config.harnesses import Harness, HarnessRule, available_harnesses
from prompt_budget.counting import FileProblem, read_text
from prompt_budget.files.matching import FileSet, resolve
from prompt_budget.model import When
from prompt_budget.text.frontmatter import FrontmatterError, parse_frontmatter
from prompt_budget.text.globs import glob, has_wildcards
from prompt_budget.walk import iter_paths


@dataclass(frozen=True)
class Loaded:
    """One file one harness loads: by which rule, when, and where it applies."""

    harness: str
    rule: str
    id: str
    when: When
    #: its name and description are listed up front (a skill, a subagent, an agent-requested rule)
    listed: bool
    #: why this ``when``: ``rule 'skills'`` or ``frontmatter alwaysApply: true``
    why: str
    #: the folder it applies to, ``""`` for the project root (a nested ``AGENTS.md``'s folder)
    folder: str
    #: the globs a ``glob`` file applies to (its frontmatter's ``paths``, ``globs`` or ``applyTo``)
    globs: tuple[str, ...] = ()
    #: part of the folder chain the harness concatenates (``AGENTS.md``)
    chain: bool = False
    #: the id of the file this one is (a symbolic link's target in the project), or its own id
    real: str = ""
    #: another file of the same folder loaded instead (``AGENTS.override.md`` over ``AGENTS.md``)
    shadowed_by: str | None = None

    @property
    def alias_of(self) -> str | None:
        return self.real if self.real and self.real != self.id else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "harness": self.harness,
            "rule": self.rule,
            "id": self.id,
            "when": self.when,
            "listed": self.listed,
            "why": self.why,
            "folder": self.folder,
            "globs": list(self.globs),
            "chain": self.chain,
            "alias_of": self.alias_of,
            "shadowed_by": self.shadowed_by,
        }


@dataclass(frozen=True)
class Discovery:
    """What the selected harnesses load from a ``FileSet``."""

    fileset: FileSet
    harnesses: tuple[Harness, ...]
    loaded: tuple[Loaded, ...]
    _by_harness: Mapping[str, tuple[Loaded, ...]] = field(default_factory=dict)

    def of(self, harness: str) -> tuple[Loaded, ...]:
        """The files ``harness`` loads, in its rules' order, then by path."""
        return self._by_harness.get(harness, ())

    def folders(self, harness: str) -> list[str]:
        """The folders where ``harness`` loads more up front than at the root: the root (``""``) and
        each folder holding a ``folder`` file of its own, sorted."""
        found = {
            x.folder
            for x in self.of(harness)
            if (x.when == "folder" or (x.listed and x.folder)) and x.shadowed_by is None
        }
        return sorted({"", *found}, key=lambda f: (f.count("/") if f else -1, f))

    def used(self) -> list[str]:
        """The harnesses that load at least one file here, in selection order."""
        return [h.name for h in self.harnesses if self.of(h.name)]

    def to_dict(self) -> dict[str, Any]:
        return {h.name: [x.to_dict() for x in self.of(h.name)] for h in self.harnesses}


def _frontmatter(path: Path) -> Mapping[str, Any] | None:
    try:
        text = read_text(path)[0]
        fm = parse_frontmatter(text)
    except (FileProblem, FrontmatterError):
        return None
    return fm.data if fm is not None else None


def _globs(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(p.strip() for p in value.split(",") if p.strip())
    if isinstance(value, list):
        return tuple(str(p).strip() for p in value if str(p).strip())
    return ()


def _real(fs: FileSet, fid: str, root: Path) -> str:
    path = fs.files[fid].path
    if not os.path.islink(path):
        return fid
    try:
        return path.resolve().relative_to(root).as_posix()
    except (ValueError, OSError):
        return fid


def discover(fs: FileSet, frontmatters: Mapping[str, Mapping[str, Any] | None] | None = None) -> Discovery:
    """Which files each harness of ``fs.config.harnesses`` loads, and when. ``frontmatters`` (a file
    id's parsed frontmatter, when the caller has read it) spares reading files again."""
    root = fs.config.root.resolve()
    harnesses = fs.config.harnesses
    picked: dict[str, dict[str, tuple[HarnessRule, str]]] = {h.name: {} for h in harnesses}
    order = {h.name: {r.name: i for i, r in enumerate(h.rules)} for h in harnesses}
    rules = {h.name: {r.name: r for r in h.rules} for h in harnesses}
    for fid, match in fs.files.items():
        for c in match.candidates:
            hn = c.rule.harness
            if hn is None or hn not in picked or c.rule.name is None:
                continue
            name = c.rule.name.split("/", 1)[1]
            have = picked[hn].get(fid)
            if have is None or order[hn][name] < order[hn][have[0].name]:
                picked[hn][fid] = (rules[hn][name], c.pattern)
    reals: dict[str, str] = {}

    def real_of(fid: str) -> str:
        found = reals.get(fid)
        if found is None:
            found = reals[fid] = _real(fs, fid, root)
        return found

    by_harness: dict[str, tuple[Loaded, ...]] = {}
    everything: list[Loaded] = []
    for h in harnesses:
        found: list[Loaded] = []
        for fid, (rule, pattern) in picked[h.name].items():
            data: Mapping[str, Any] | None = None
            if rule.classify or rule.listed or rule.globs_key:
                data = frontmatters[fid] if frontmatters is not None and fid in frontmatters else None
                if data is None and (frontmatters is None or fid not in frontmatters):
                    data = _frontmatter(fs.files[fid].path)
            when, listed, why = rule.when_for(data)
            folder = _folder(fid, pattern) if rule.scoped else ""
            if when == "folder" or rule.chain:
                folder = os.path.dirname(fid)
            globs = _globs(data.get(rule.globs_key)) if data is not None and rule.globs_key else ()
            found.append(
                Loaded(h.name, rule.name, fid, when, listed, why, folder, globs, rule.chain, real_of(fid))
            )
        found = _one_per_folder(h, found)
        found.sort(key=lambda x: (order[h.name][x.rule], x.id))
        by_harness[h.name] = tuple(found)
        everything.extend(found)
    return Discovery(fs, harnesses, tuple(everything), by_harness)


def _folder(fid: str, pattern: str) -> str:
    """The folder a scoped file applies in: its path less the folders the pattern names after its
    last ``**/`` (``pkg/.agents/skills/x/SKILL.md`` by ``**/.agents/skills/*/SKILL.md``: ``pkg``)."""
    if "**/" not in pattern:
        return ""
    tail = pattern.rsplit("**/", 1)[1]
    parts = fid.split("/")[: -(tail.count("/") + 1)]
    return "/".join(parts)


def _one_per_folder(h: Harness, found: list[Loaded]) -> list[Loaded]:
    """Of the folder files named in ``h.one_per_folder`` in one folder, only the first present loads."""
    if not h.one_per_folder:
        return found
    rank = {n: i for i, n in enumerate(h.one_per_folder)}
    best: dict[str, Loaded] = {}
    for x in found:
        name = os.path.basename(x.id)
        if x.chain and name in rank:
            have = best.get(x.folder)
            if have is None or rank[name] < rank[os.path.basename(have.id)]:
                best[x.folder] = x
    out = []
    for x in found:
        keep = best.get(x.folder)
        shadowed = x.chain and os.path.basename(x.id) in rank and keep is not None and keep is not x
        out.append(replace(x, shadowed_by=keep.id) if shadowed and keep is not None else x)
    return out


def harness_config(
    root: str | Path, names: Sequence[str] | None = None, base: Config | None = None
) -> Config:
    """A config rooted at ``root`` selecting ``names`` (default: every known harness), keeping the
    other settings of ``base``."""
    known = available_harnesses()
    chosen = tuple(known[n] for n in (names if names is not None else list(known)))
    if base is not None:
        return replace(base, harnesses=chosen)
    return Config(path=None, root=Path(root).resolve(), harnesses=chosen)


def discover_tree(root: str | Path, names: Sequence[str] | None = None) -> Discovery:
    """What each harness (default: every known one) loads from the tree at ``root``; nothing is
    counted. ``Discovery.used()`` names the harnesses the tree uses."""
    return discover(resolve(harness_config(root, names)))


def detect(root: str | Path, harnesses: Iterable[Harness] | None = None) -> list[str]:
    """The harnesses whose ``detect`` globs match a file under ``root`` (a ``.cursor/rules`` folder, a
    plugin manifest), in data order."""
    top = Path(root).resolve()
    chosen = list(harnesses if harnesses is not None else available_harnesses().values())
    ids = []
    prefix = str(top).rstrip(os.sep) + os.sep
    for p in iter_paths(top, follow_links=True):
        rel = p[len(prefix) :] if p.startswith(prefix) else os.path.relpath(p, top)
        ids.append(rel.replace(os.sep, "/"))
    out = []
    for h in chosen:
        pats = [(p, glob(p) if has_wildcards(p) else None) for p in h.detect]
        if any((rel == p if g is None else g.match(rel)) for rel in ids for p, g in pats):
            out.append(h.name)
    return out
