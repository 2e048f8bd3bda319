"""Proposing a configuration for what ``scan`` found: one ``[[files]]`` entry per kind of file (caps at
today's size plus headroom, must-load entries for always-loaded files), the baseline and lint settings,
and every setting the target file already holds, carried over."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Final

from prompt_budget.config import PYPROJECT, STANDALONE
from prompt_budget.config.edit import header_tables, parse_document
from prompt_budget.config.load import read_text
from prompt_budget.errors import ConfigError, PromptBudgetError
from prompt_budget.model import LoadClass
from prompt_budget.scaffold.scan import CONDITIONAL_KEY, PROMPT_DIRS, Found, scan, scan_harnesses
from prompt_budget.walk import iter_files

DEFAULT_HEADROOM: Final = 0.25
DEFAULT_MAX_GROWTH: Final = "5% or 100"
#: The tables ``init`` writes, relative to the prompt_budget table (which it writes too); any other
#: table under it is kept as it is.
OWNED: Final = (("files",), ("baseline",), ("lint",))


@dataclass(frozen=True)
class Entry:
    """One proposed ``[[files]]`` entry and the files it covers today."""

    name: str
    path: tuple[str, ...]
    max_tokens: int
    load: LoadClass | None
    files: tuple[Found, ...]
    frontmatter_max_tokens: int | None = None
    follow_imports: bool = False
    conditional_frontmatter: str | None = None

    @property
    def largest(self) -> Found:
        return max(self.files, key=lambda f: (f.tokens, f.path))

    def to_table(self) -> dict[str, Any]:
        table = {
            "name": self.name,
            "path": self.path[0] if len(self.path) == 1 else list(self.path),
            "load": self.load,
            "max_tokens": self.max_tokens,
            "frontmatter_max_tokens": self.frontmatter_max_tokens,
            "follow_imports": self.follow_imports or None,
            "conditional_frontmatter": self.conditional_frontmatter,
        }
        return {key: value for key, value in table.items() if value is not None}

    def load_of(self, found: Found) -> LoadClass | None:
        """How ``found`` loads under this entry: a rule with ``paths:`` and a file imported only by a
        skippable file are skippable; the others load as the entry says."""
        if found.kind in ("rule", "import"):
            return "must" if found.always else "skippable"
        if found.kind == "harness":
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
    #: the agent harnesses found (selected with ``harnesses = [...]``)
    harnesses: tuple[str, ...] = ()
    #: how many files each harness found loads
    harness_loads: Mapping[str, int] = field(default_factory=dict)
    #: why the tokenizer was chosen when nothing named one (a Claude repository), shown by ``init``
    tokenizer_reason: str | None = None

    @property
    def standalone(self) -> bool:
        return self.target.name != PYPROJECT


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


def _suffix_globs(base: str, files: Sequence[Found]) -> list[str]:
    """``base/**/*.md`` for each suffix among ``files`` (a folder may hold code beside its prompts)."""
    suffixes = sorted({PurePosixPath(f.path).suffix for f in files})
    return [f"{base}/**/*{s}" if s else f"{base}/**" for s in suffixes]


def _harness_entries(found: Sequence[Found], headroom: float) -> list[Entry]:
    """One entry per harness rule that loads files here, over the rule's own globs, so a new file of
    the same kind is covered too: caps at today's largest file its globs match (of any rule) plus
    headroom, and no ``load``, so the harness still decides when each file loads (and its hard limits
    still apply)."""
    from prompt_budget.harnesses import available_harnesses
    from prompt_budget.text.globs import Glob, glob, has_wildcards

    known = available_harnesses()
    ours = [f for f in found if f.kind == "harness" and f.harness is not None and f.rule is not None]
    every = [(f, (f.path, *f.aliases)) for f in ours]
    groups: dict[tuple[str, str], list[Found]] = {}
    for f in ours:
        groups.setdefault((str(f.harness), str(f.rule)), []).append(f)
    names = list(known)

    def order(key: tuple[str, str]) -> tuple[int, int]:
        rules = [r.name for r in known[key[0]].rules]
        return names.index(key[0]), rules.index(key[1])

    entries = []
    for (harness, rule), files in sorted(groups.items(), key=lambda kv: order(kv[0])):
        # the rule's globs that match a file here (a literal or a glob matching nothing would warn),
        # and its exclusions ("!.clinerules/hooks/**"), kept as they are
        patterns = known[harness].rule(rule).path
        excluded = [glob(p[1:]) for p in patterns if p.startswith("!")]

        def kept(paths: tuple[str, ...], g: Glob, excluded: list[Glob] = excluded) -> bool:
            return any(g.match(p) and not any(x.match(p) for x in excluded) for p in paths)

        compiled = [
            g
            for g in (glob(p) for p in patterns if not p.startswith("!"))
            if any(kept(paths, g) for _, paths in every)
        ]
        globs = [g.pattern for g in compiled] + [p for p in patterns if p.startswith("!")]
        if not compiled:
            globs = [f.path for f in files]
        covered = [f for f, paths in every if any(kept(paths, g) for g in compiled)]
        covered = covered or files
        fms = [f.frontmatter_tokens for f in covered if f.frontmatter_tokens is not None]
        entries.append(
            Entry(
                # a rule for one file is named by it (CLAUDE.md), the others by harness and rule
                name=globs[0] if len(globs) == 1 and not has_wildcards(globs[0]) else f"{harness} {rule}",
                path=tuple(globs),
                max_tokens=cap_for(max(f.tokens for f in covered), headroom),
                load=None,
                files=tuple(files),
                frontmatter_max_tokens=cap_for(max(fms), headroom) if fms else None,
            )
        )
    return entries


def _group_entries(found: Sequence[Found], headroom: float) -> list[Entry]:
    entries = _harness_entries(found, headroom)
    by_kind: dict[str, list[Found]] = {}
    for f in found:
        by_kind.setdefault(f.kind, []).append(f)

    def add(
        name: str,
        globs: Sequence[str],
        files: Sequence[Found],
        load: LoadClass | None,
        follow_imports: bool = False,
        conditional_frontmatter: str | None = None,
    ) -> None:
        fms = [f.frontmatter_tokens for f in files if f.frontmatter_tokens is not None]
        entries.append(
            Entry(
                name=name,
                path=tuple(globs),
                max_tokens=cap_for(max(f.tokens for f in files), headroom),
                load=load,
                files=tuple(files),
                frontmatter_max_tokens=cap_for(max(fms), headroom) if fms else None,
                follow_imports=follow_imports,
                conditional_frontmatter=conditional_frontmatter,
            )
        )

    for f in by_kind.get("instructions", []):
        add(f.path, [f.path], [f], "must", follow_imports=PurePosixPath(f.path).name == "CLAUDE.md")
    if nested := by_kind.get("nested-instructions"):
        names = sorted({PurePosixPath(f.path).name for f in nested})
        globs = [f"**/{n}" for n in names] + [f"!{n}" for n in names]
        add("nested instructions", globs, nested, "skippable", follow_imports="CLAUDE.md" in names)
    if imported := by_kind.get("import"):
        add("imported by CLAUDE.md", [f.path for f in imported], imported, None)
    if rules := by_kind.get("rule"):
        add("rules", [".claude/rules/**/*.md"], rules, "must", conditional_frontmatter=CONDITIONAL_KEY)
    if skills := by_kind.get("skill"):
        add("skills", [".claude/skills/*/SKILL.md"], skills, "skippable")
    if skill_files := by_kind.get("skill-file"):
        globs = [*_suffix_globs(".claude/skills", skill_files), "!.claude/skills/*/SKILL.md"]
        add("skill references", globs, skill_files, "skippable")
    if agents := by_kind.get("agent"):
        add("subagents", [".claude/agents/**/*.md"], agents, "skippable")
    if commands := by_kind.get("command"):
        add("commands", [".claude/commands/**/*.md"], commands, "skippable")
    if cursor_rules := by_kind.get("cursor-rule"):
        always = [f for f in cursor_rules if f.always]
        if always:
            add("cursor rules (always applied)", [f.path for f in always], always, "must")
        if rest := [f for f in cursor_rules if not f.always]:
            globs = [f.path for f in rest] if always else _suffix_globs(".cursor/rules", rest)
            add("cursor rules", globs, rest, "skippable")
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
            add(folder, _suffix_globs(folder, files), files, None)
        if loose:
            add("*.prompt files", ["**/*.prompt"], loose, None)
    if refs := by_kind.get("reference"):
        add("linked references", [f.path for f in refs], refs, "skippable")
    return entries


def read_existing(target: Path) -> tuple[dict[str, Any], set[tuple[str, ...]]]:
    """The prompt_budget table already in ``target`` (empty when there is none), and the tables under
    it that init does not write (``sections``, ``values``, ``lint.PB103``...: paths relative to the
    prompt_budget table), which are kept as they are."""
    if not target.is_file():
        return {}, set()
    data, doc = parse_document(read_text(target), target)
    standalone = target.name != PYPROJECT
    table = pb_table(doc, standalone=standalone)
    return dict(pb_table(data, standalone=standalone)), {path for path, _ in header_tables(table, OWNED)}


def pb_table(raw: Mapping[str, Any], *, standalone: bool) -> Mapping[str, Any]:
    """The prompt_budget table of a parsed file (all of a standalone one); empty when there is none."""
    if standalone:
        return raw
    tool = raw.get("tool", {})
    table = tool.get("prompt_budget", {}) if isinstance(tool, Mapping) else {}
    return table if isinstance(table, Mapping) else {}


def choose_target(root: Path, explicit: str | Path | None = None) -> Path:
    """The file to write: ``explicit``; else ``prompt_budget.toml`` when it exists (it wins over
    pyproject.toml), else ``pyproject.toml`` when it exists, else a new ``prompt_budget.toml``."""
    if explicit is not None:
        return Path(explicit).resolve()
    if (root / PYPROJECT).is_file() and not (root / STANDALONE).is_file():
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


#: The model whose tokenizer counts a repository Claude Code loads when neither a model nor a tokenizer
#: is given: the newest Claude tokenizer generation, whose estimate counts highest (erring high is safe).
CURRENT_CLAUDE: Final = "claude-opus-4-7"


def _default_tokenizer(used: tuple[str, ...]) -> tuple[str | None, str | None]:
    """The tokenizer ``init`` counts with when neither ``--tokenizer``, ``--model`` nor the config names
    one, and the line that says why: the Claude estimate when Claude Code is among the harnesses
    ``used`` here (never an OpenAI encoding in silence), else None (``o200k_base``)."""
    from prompt_budget import known_models

    if "claude-code" not in used:
        return None, None
    spec = known_models.claude_estimate_for(CURRENT_CLAUDE)
    if spec is None:  # the model table no longer knows it: the exact encoding as before
        return None, None
    return spec, (
        f"tokenizer: {spec}, the estimate for the newest Claude tokenizer ({CURRENT_CLAUDE} and later; "
        "it errs high), because Claude Code loads files here; choose another with --model or --tokenizer"
    )


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
    if not base.is_dir():
        raise PromptBudgetError(f"{root}: not a folder")
    dest = choose_target(base, target)
    existing, kept = read_existing(dest)
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
    from prompt_budget.harnesses import detect

    used = tuple(detect(base))
    chosen_because = None
    if not spec and model_spec is None:
        spec, chosen_because = _default_tokenizer(used)
    spec = spec or model_spec or "o200k_base"
    hscan = scan_harnesses(base, spec, used)
    harnesses, loaded = hscan.used, hscan.found
    claimed = {p for f in loaded for p in (f.path, *f.aliases)}
    # what the harnesses load, and what else init finds (prompt templates, linked references, the
    # files CLAUDE.md imports) that no harness rule claims
    found = sorted([*loaded, *(f for f in scan(base, spec) if f.path not in claimed)], key=lambda f: f.path)
    entries = _group_entries(found, headroom)

    top: dict[str, Any] = {} if model_sets else {"tokenizer": spec}
    if model is not None:
        top["model"] = model
    had = existing.get("harnesses")
    if harnesses or had:  # the ones already selected stay, in their order
        before = [str(h) for h in had] if isinstance(had, list) else []
        top["harnesses"] = before + [h for h in harnesses if h not in before]
    for key, value in existing.items():
        if key not in ("files", "baseline", "lint", "tokenizer") and key not in top and key not in kept_top:
            top[key] = value

    baseline: dict[str, Any] = {"path": ".prompt-budget/baseline.json", "max_growth": DEFAULT_MAX_GROWTH}
    baseline.update(carried("baseline", existing.get("baseline")))

    python = any(True for _ in iter_files(base, suffixes=frozenset({".py"})))
    lint: dict[str, Any] | None = None
    if isinstance(existing.get("lint"), dict):
        lint = carried("lint", existing["lint"])
    elif python:
        lint = {"select": ["PB"]}
        if (base / "tests").is_dir():
            lint["per-file-ignores"] = {"tests/**": ["PB1"]}
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
        harnesses=harnesses,
        harness_loads=hscan.loads,
        tokenizer_reason=chosen_because,
    )
