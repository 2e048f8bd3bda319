"""The baseline store and growth gates.

A baseline is a committed JSON file (default ``.prompt-budget/baseline.json``) holding, per check id,
the tokens last accepted and the tokenizer that counted them. A run measures the same ids again;
``compare`` turns the two into per-item rows (baseline, now, delta, percent, status) and growth gates
decide which rows fail. Nothing here imports pytest: the plugin and the CLI both call these functions.

Schema, version 1 (documented in ``docs/baselines.md``)::

    {
      "entries": {
        "<check id>": {"kind": "check", "tokenizer": "o200k_base", "tokens": 1204},
        ...
      },
      "schema": "prompt-budget-baseline",
      "version": 1
    }

The file is written with sorted keys, two-space indent and a final newline, so that a change to one
prompt is a one-line diff; it is written to a temporary file in the same folder and renamed over the
old one, so a reader never sees half a file.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, Literal

from prompt_budget.errors import ConfigError
from prompt_budget.model import FileRule, GrowthGate

__all__ = [
    "SCHEMA_ID",
    "SCHEMA_VERSION",
    "Baseline",
    "BaselineEntry",
    "Comparison",
    "GatePolicy",
    "GrowthPolicy",
    "ItemDelta",
    "SectionDelta",
    "UpdateSummary",
    "compare",
    "compare_at_ref",
    "compare_files_report",
    "describe_sections",
    "file_entries",
    "format_growth",
    "heading_counts",
    "load_baseline",
    "measured_from_records",
    "ratchet",
    "save_baseline",
    "section_growth",
    "update",
    "with_section_growth",
]

SCHEMA_ID: Final = "prompt-budget-baseline"
SCHEMA_VERSION: Final = 1
HOW_TO_CREATE: Final = "`pytest --prompt-budget-update` or `prompt-budget baseline update`"

#: Kinds of entries that come from the file checks (``prompt-budget check`` and the collected file
#: items), as opposed to ``check``/``section`` entries recorded by the ``prompt_budget`` fixture.
FILE_KINDS: Final = ("file", "frontmatter", "must-load", "plan")
FILE_ENTRY_KINDS: Final = ("file", "frontmatter")

ItemStatus = Literal["pass", "fail", "new", "removed", "mismatch"]


# --- the stored data ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BaselineEntry:
    """Tokens of one check id and the tokenizer that counted them. ``kind`` says what was measured:
    ``check`` (a fixture check), ``section`` (one section of a check), ``file`` (a configured file)."""

    tokens: int
    tokenizer: str
    kind: str = "check"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "tokenizer": self.tokenizer, "tokens": self.tokens}


@dataclass(frozen=True)
class Baseline:
    """The entries of a baseline file, keyed by check id."""

    entries: Mapping[str, BaselineEntry] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "entries": {cid: self.entries[cid].to_dict() for cid in sorted(self.entries)},
            "schema": SCHEMA_ID,
            "version": SCHEMA_VERSION,
        }

    def to_json(self) -> str:
        """The exact text written to disk: sorted keys, two-space indent, final newline."""
        return json.dumps(self.to_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def measured_from_records(records: Iterable[Mapping[str, Any]]) -> dict[str, BaselineEntry]:
    """What a run measured, from the plugin's session records (or any mapping with ``id``,
    ``tokens`` and ``tokenizer``). Records without a count (errors, skipped) are left out; per-section
    data becomes ``<id>::<section>`` entries of kind ``section``. When one id is recorded twice (a
    test checking the same label twice), the last count wins."""
    out: dict[str, BaselineEntry] = {}
    for rec in records:
        cid = rec.get("id")
        tokens = rec.get("tokens")
        tokenizer = rec.get("tokenizer")
        if not isinstance(cid, str) or not isinstance(tokenizer, str):
            continue
        if isinstance(tokens, bool) or not isinstance(tokens, int):
            continue
        kind = rec.get("kind")
        out[cid] = BaselineEntry(tokens, tokenizer, kind if isinstance(kind, str) and kind else "check")
        for sec in rec.get("sections") or ():
            if not isinstance(sec, Mapping):
                continue
            name, stoks = sec.get("name"), sec.get("tokens")
            if isinstance(name, str) and isinstance(stoks, int) and not isinstance(stoks, bool):
                out[f"{cid}::{name}"] = BaselineEntry(stoks, tokenizer, "section")
    return out


# --- loading and saving ---------------------------------------------------------------------------

_RECREATE = f"fix it, or delete it and re-create it with {HOW_TO_CREATE}"


def _migrate_v0(doc: dict[str, Any], path: Path) -> dict[str, Any]:
    """Schema 0 (pre-release): ``{"version": 0, "tokenizer": SPEC, "tokens": {id: N}}``. Every entry
    takes the one top-level tokenizer; kinds are not known and become ``check``."""
    tokenizer = doc.get("tokenizer")
    tokens = doc.get("tokens")
    if not isinstance(tokenizer, str) or not isinstance(tokens, dict):
        raise ConfigError(
            "schema version 0 needs a 'tokenizer' string and a 'tokens' object; " + _RECREATE, file=path
        )
    return {
        "schema": SCHEMA_ID,
        "version": 1,
        "entries": {cid: {"tokens": n, "tokenizer": tokenizer, "kind": "check"} for cid, n in tokens.items()},
    }


# version -> function turning that version's document into the next version's.
MIGRATIONS: Final[Mapping[int, Callable[[dict[str, Any], Path], dict[str, Any]]]] = {0: _migrate_v0}


def load_baseline(path: str | Path) -> Baseline | None:
    """Read a baseline file; ``None`` when there is none. A file that cannot be read, is not JSON, has
    an unknown schema version or a malformed entry raises ``ConfigError`` naming the file (and the
    entry), with what to do about it."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise ConfigError("is a folder, expected a baseline JSON file", file=file) from None
    except UnicodeDecodeError:
        raise ConfigError(f"not UTF-8 text, so not a baseline file; {_RECREATE}", file=file) from None
    except OSError as exc:
        raise ConfigError(f"cannot read the baseline: {exc.strerror or exc}", file=file) from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        hint = ""
        if any(line.startswith(("<<<<<<<", ">>>>>>>")) for line in text.splitlines()):
            hint = " (it holds git conflict markers: resolve them, or re-run the update on the merged branch)"
        raise ConfigError(
            f"not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}{hint}; {_RECREATE}",
            file=file,
        ) from None
    if not isinstance(doc, dict):
        raise ConfigError(
            f"expected a JSON object at the top, got {type(doc).__name__}; {_RECREATE}", file=file
        )
    schema = doc.get("schema", SCHEMA_ID)
    if schema != SCHEMA_ID:
        # Another tool's JSON file at the baseline path: reading its entries would compare nonsense.
        raise ConfigError(
            f"not a prompt-budget baseline: its schema is {schema!r}, expected {SCHEMA_ID!r}; "
            "point [tool.prompt_budget.baseline] path (or --baseline) at another file, or "
            f"{_RECREATE}",
            file=file,
            key="schema",
        )
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ConfigError(
            f"expected an integer schema version (this prompt-budget writes version {SCHEMA_VERSION}), "
            f"got {version!r}; {_RECREATE}",
            file=file,
            key="version",
        )
    if version > SCHEMA_VERSION:
        raise ConfigError(
            f"schema version {version} was written by a newer prompt-budget; this one reads versions "
            f"up to {SCHEMA_VERSION}: upgrade pytest-prompt-budget (pip install -U pytest-prompt-budget)",
            file=file,
            key="version",
        )
    while version < SCHEMA_VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise ConfigError(
                f"schema version {version} is no longer read (this prompt-budget reads "
                f"{', '.join(str(v) for v in sorted({*MIGRATIONS, SCHEMA_VERSION}))}); delete the file "
                f"and re-create it with {HOW_TO_CREATE}",
                file=file,
                key="version",
            )
        doc = migrate(doc, file)
        version = doc["version"]
    return Baseline(_parse_entries(doc.get("entries"), file))


def _parse_entries(raw: object, file: Path) -> dict[str, BaselineEntry]:
    if not isinstance(raw, dict):
        raise ConfigError(f"expected an object of check id -> entry; {_RECREATE}", file=file, key="entries")
    entries: dict[str, BaselineEntry] = {}
    for cid, value in raw.items():
        key = f"entries[{json.dumps(cid, ensure_ascii=False)}]"
        if not isinstance(value, dict):
            raise ConfigError(
                'expected an object such as {"tokens": 1204, "tokenizer": "o200k_base"}', file=file, key=key
            )
        tokens = value.get("tokens")
        if isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 0:
            raise ConfigError(f"expected a whole number >= 0, got {tokens!r}", file=file, key=f"{key}.tokens")
        tokenizer = value.get("tokenizer")
        if not isinstance(tokenizer, str) or not tokenizer:
            raise ConfigError(
                f"expected the tokenizer spec that counted it, got {tokenizer!r}",
                file=file,
                key=f"{key}.tokenizer",
            )
        kind = value.get("kind", "check")
        if not isinstance(kind, str) or not kind:
            raise ConfigError(f"expected a string, got {kind!r}", file=file, key=f"{key}.kind")
        entries[cid] = BaselineEntry(tokens, tokenizer, kind)
    return entries


def save_baseline(baseline: Baseline, path: str | Path) -> Path:
    """Write the baseline atomically: a temporary file in the same folder, flushed to disk, then
    renamed over the old file. Creates the folder. Returns the path written."""
    file = Path(path)
    text = baseline.to_json()
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{file.name}.", suffix=".tmp", dir=file.parent)
    except OSError as exc:
        raise ConfigError(f"cannot write the baseline: {exc.strerror or exc}", file=file) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, 0o644)
        os.replace(tmp, file)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise ConfigError(f"cannot write the baseline: {exc.strerror or exc}", file=file) from None
    return file


# --- updating -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UpdateSummary:
    """What an update changed, by check id."""

    added: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    unchanged: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    pruned: tuple[str, ...] = ()

    def describe(self) -> str:
        parts = [
            f"{len(self.added)} added",
            f"{len(self.changed)} changed",
            f"{len(self.unchanged)} unchanged",
        ]
        if self.kept:
            parts.append(f"{len(self.kept)} kept (not measured this run)")
        if self.pruned:
            parts.append(f"{len(self.pruned)} pruned")
        return ", ".join(parts)


def update(
    old: Baseline | None,
    measured: Mapping[str, BaselineEntry],
    *,
    prune: bool = False,
    scope: Callable[[str, BaselineEntry], bool] | None = None,
) -> tuple[Baseline, UpdateSummary]:
    """The baseline after accepting ``measured``: measured ids take their new counts; ids this run did
    not measure are kept (a partial run, ``-k``, a subset of paths) unless ``prune``. ``scope`` limits
    what prune may drop (the CLI measures files only, so it prunes only ``file`` entries)."""
    before = dict(old.entries) if old is not None else {}
    entries: dict[str, BaselineEntry] = {}
    added, changed, unchanged, kept, pruned = [], [], [], [], []
    for cid, entry in before.items():
        if cid in measured:
            continue
        if prune and (scope is None or scope(cid, entry)):
            pruned.append(cid)
        else:
            entries[cid] = entry
            kept.append(cid)
    for cid, entry in measured.items():
        entries[cid] = entry
        if cid not in before:
            added.append(cid)
        elif before[cid] != entry:
            changed.append(cid)
        else:
            unchanged.append(cid)
    summary = UpdateSummary(*(tuple(sorted(x)) for x in (added, changed, unchanged, kept, pruned)))
    return Baseline(entries), summary


# --- growth gates ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class GatePolicy:
    """The gate and ratchet that apply to one check id, and where the gate was set."""

    gate: GrowthGate | None = None
    source: str | None = None
    ratchet: bool = False


@dataclass(frozen=True)
class GrowthPolicy:
    """Which growth gate applies to which check id. Most specific first:

    1. ``[tool.prompt_budget.baseline.overrides]``: check-id globs (``id_glob``: ``*`` matches anything,
       ``/`` and ``::`` too; brackets are literal); the longest matching pattern wins;
    2. ``max_growth`` on the ``[[tool.prompt_budget.files]]`` entry a file check came from;
    3. ``--prompt-budget-max-growth`` (or the CLI's ``--max-growth``);
    4. ``[tool.prompt_budget.baseline] max_growth``.

    Ratchet: the file entry's ``ratchet = true``, else ``[tool.prompt_budget.baseline] ratchet``."""

    default: GrowthGate | None = None
    default_source: str | None = None
    overrides: Sequence[tuple[str, GrowthGate, str]] = ()
    ratchet: bool = False
    ratchet_source: str | None = None
    rule_for: Callable[[str], FileRule | None] | None = None

    @classmethod
    def from_config(
        cls,
        config: Any,
        *,
        max_growth: str | None = None,
        max_growth_source: str = "--prompt-budget-max-growth",
        rule_for: Callable[[str], FileRule | None] | None = None,
    ) -> GrowthPolicy:
        """Built from a resolved ``Config``; ``max_growth`` is a command-line value (parsed here, so a
        bad value is a ``ConfigError`` naming the option)."""
        from prompt_budget.config import parse_growth

        bl = config.baseline
        default, source = bl.max_growth, config.where("baseline", "max_growth") if bl.max_growth else None
        if max_growth:
            default, source = parse_growth(max_growth, key=max_growth_source), max_growth_source
        overrides = [
            (pattern, gate, config.where("baseline", "overrides", pattern))
            for pattern, gate in bl.overrides.items()
        ]
        if rule_for is None and config.files:
            rule_for = rule_matcher(config)
        return cls(
            default=default,
            default_source=source,
            overrides=overrides,
            ratchet=bl.ratchet,
            ratchet_source=config.where("baseline", "ratchet") if bl.ratchet else None,
            rule_for=rule_for,
        )

    def for_id(self, check_id: str, kind: str = "check") -> GatePolicy:
        rule = self.rule_for(check_id) if self.rule_for is not None and kind in FILE_ENTRY_KINDS else None
        ratchet = self.ratchet or (rule is not None and rule.ratchet)
        matches = [(p, g, s) for p, g, s in self.overrides if id_glob(p).fullmatch(check_id)]
        if matches:
            _, gate, source = max(matches, key=lambda m: len(m[0]))
            return GatePolicy(gate, source, ratchet)
        if rule is not None and rule.max_growth is not None:
            return GatePolicy(
                rule.max_growth, f"{rule.source} max_growth" if rule.source else "max_growth", ratchet
            )
        return GatePolicy(self.default, self.default_source, ratchet)


@functools.lru_cache(maxsize=256)
def id_glob(pattern: str) -> re.Pattern[str]:
    """A check-id glob: ``*`` matches any run of characters (``/`` and ``::`` too), ``?`` one character;
    everything else is literal, brackets included, since parametrized test ids hold them."""
    return re.compile(
        "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern), re.DOTALL
    )


def rule_matcher(config: Any) -> Callable[[str], FileRule | None]:
    """The ``[[tool.prompt_budget.files]]`` entry a file check id belongs to (``docs/ref.md``, or
    ``docs/ref.md#frontmatter``), by the file checks' own matching (``prompt_budget.files.resolve``:
    the most specific pattern wins). The tree is walked once, on the first call."""
    cache: dict[str, FileRule] = {}
    resolved = False

    def match(check_id: str) -> FileRule | None:
        from prompt_budget import files

        nonlocal resolved
        if not resolved:
            resolved = True
            fileset = files.resolve(config)
            cache.update({fid: m.winner.rule for fid, m in fileset.files.items()})
        return cache.get(files.file_of(check_id))

    return match


# --- comparing ------------------------------------------------------------------------------------


def format_growth(before: int, after: int, gate: GrowthGate | None = None) -> str:
    """``tokens 1,204 -> 1,391 (+187, +15.5%), allowed +5% or +100``."""
    delta = after - before
    pct = f", {100.0 * delta / before:+.1f}%" if before else ""
    text = f"tokens {before:,} -> {after:,} ({delta:+,}{pct})"
    if gate is not None:
        text += f", allowed {gate.describe()}"
    return text


@dataclass(frozen=True)
class SectionDelta:
    """One heading section of a Markdown file compared between two versions, matched by heading path
    (its label under the labels of its parent headings, ``("# Skill", "## Examples")``; the n-th of
    equal paths with the n-th). ``before`` is None for a new section, ``after`` for a removed one."""

    path: tuple[str, ...]
    before: int | None
    after: int | None
    #: how it is named in the one-line hint: its label, or its path when the label alone is ambiguous
    shown: str = ""

    @property
    def status(self) -> Literal["new", "removed", "changed"]:
        return "new" if self.before is None else "removed" if self.after is None else "changed"

    @property
    def delta(self) -> int:
        return (self.after or 0) - (self.before or 0)

    def describe(self) -> str:
        """``"## Examples" +312 (120 -> 432)``, ``new "## FAQ" +25``, ``removed "## Old" -40``."""
        name = self.shown or self.path[-1]
        name = name if name.startswith("(") else f'"{name}"'
        if self.status == "changed":
            return f"{name} {self.delta:+,} ({self.before:,} -> {self.after:,})"
        return f"{self.status} {name} {self.delta:+,}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "section": self.path[-1],
            "path": list(self.path),
            "status": self.status,
            "before": self.before,
            "after": self.after,
            "delta": self.delta,
        }


def describe_sections(sections: Sequence[SectionDelta]) -> str:
    """``grew most in: "## Examples" +312 (120 -> 432), new "## FAQ" +25``; empty for no sections."""
    return f"grew most in: {', '.join(s.describe() for s in sections)}" if sections else ""


@dataclass(frozen=True)
class ItemDelta:
    """One check id compared with its baseline."""

    id: str
    kind: str
    baseline: int | None
    now: int | None
    tokenizer: str | None
    baseline_tokenizer: str | None
    status: ItemStatus
    gate: GrowthGate | None = None
    gate_source: str | None = None
    ratchet: bool = False
    message: str = ""
    #: for a Markdown file over its gate whose old text was at hand (``--base``): the sections that
    #: changed most, largest growth first (see ``section_growth``); empty otherwise
    sections: tuple[SectionDelta, ...] = ()

    @property
    def delta(self) -> int | None:
        if self.baseline is None or self.now is None or self.status == "mismatch":
            return None
        return self.now - self.baseline

    @property
    def percent(self) -> float | None:
        delta = self.delta
        if delta is None or not self.baseline:
            return None
        return 100.0 * delta / self.baseline

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "baseline": self.baseline,
            "now": self.now,
            "delta": self.delta,
            "percent": None if self.percent is None else round(self.percent, 2),
            "tokenizer": self.tokenizer,
            "baseline_tokenizer": self.baseline_tokenizer,
            "status": self.status,
            "gate": self.gate.to_dict() if self.gate is not None else None,
            "gate_source": self.gate_source,
            "ratchet": self.ratchet,
            "message": self.message,
            "sections": [sec.to_dict() for sec in self.sections],
        }


_ORDER: Final = {"fail": 0, "mismatch": 1, "pass": 2, "new": 3, "removed": 4}


@dataclass(frozen=True)
class Comparison:
    """Every measured and every baselined id, compared. ``path`` is the baseline file, ``missing`` true
    when it does not exist yet (every measured item is then ``new``)."""

    items: tuple[ItemDelta, ...]
    path: str | None = None
    missing: bool = False
    base: str | None = None

    @property
    def failures(self) -> list[ItemDelta]:
        return [i for i in self.items if i.status == "fail"]

    @property
    def compared(self) -> list[ItemDelta]:
        return [i for i in self.items if i.status in ("pass", "fail")]

    @property
    def new(self) -> list[ItemDelta]:
        return [i for i in self.items if i.status == "new"]

    @property
    def removed(self) -> list[ItemDelta]:
        return [i for i in self.items if i.status == "removed"]

    @property
    def mismatched(self) -> list[ItemDelta]:
        return [i for i in self.items if i.status == "mismatch"]

    @property
    def grew(self) -> list[ItemDelta]:
        return sorted((i for i in self.compared if (i.delta or 0) > 0), key=lambda i: (-(i.delta or 0), i.id))

    @property
    def shrank(self) -> list[ItemDelta]:
        return [i for i in self.compared if (i.delta or 0) < 0]

    @property
    def totals(self) -> tuple[int, int]:
        """(baseline, now) summed over the items compared (same id, same tokenizer)."""
        items = self.compared
        return sum(i.baseline or 0 for i in items), sum(i.now or 0 for i in items)

    @property
    def ok(self) -> bool:
        return not self.failures

    def sorted_items(self) -> list[ItemDelta]:
        """Failures first, then the biggest growth, then the rest by id."""
        return sorted(self.items, key=lambda i: (_ORDER[i.status], -(i.delta or 0), i.id))

    def to_dict(self) -> dict[str, Any]:
        before, after = self.totals
        return {
            "path": self.path,
            "missing": self.missing,
            "base": self.base,
            "totals": {"baseline": before, "now": after, "delta": after - before},
            "counts": {
                "compared": len(self.compared),
                "failed": len(self.failures),
                "new": len(self.new),
                "removed": len(self.removed),
                "tokenizer_mismatch": len(self.mismatched),
            },
            "items": [i.to_dict() for i in self.sorted_items()],
        }


def compare(
    baseline: Baseline | None,
    measured: Mapping[str, BaselineEntry],
    policy: GrowthPolicy | None = None,
    *,
    path: str | Path | None = None,
    base: str | None = None,
) -> Comparison:
    """Compare what a run measured with the baseline. Ids counted by another tokenizer than their
    baseline entry are ``mismatch`` (reported, never compared); ids only in the run are ``new``, ids
    only in the baseline are ``removed``; the rest ``pass`` or ``fail`` their growth gate."""
    policy = policy or GrowthPolicy()
    stored = baseline.entries if baseline is not None else {}
    items: list[ItemDelta] = []
    for cid in sorted(measured):
        now = measured[cid]
        old = stored.get(cid)
        if old is None:
            items.append(ItemDelta(cid, now.kind, None, now.tokens, now.tokenizer, None, "new"))
            continue
        pol = policy.for_id(cid, now.kind)
        if old.tokenizer != now.tokenizer:
            msg = (
                f"counted by {old.tokenizer} in the baseline and by {now.tokenizer} now: not compared; "
                f"re-create the baseline with {HOW_TO_CREATE}"
            )
            items.append(
                ItemDelta(
                    cid,
                    now.kind,
                    old.tokens,
                    now.tokens,
                    now.tokenizer,
                    old.tokenizer,
                    "mismatch",
                    message=msg,
                )
            )
            continue
        failed = pol.gate is not None and pol.gate.exceeded(old.tokens, now.tokens)
        message = format_growth(old.tokens, now.tokens, pol.gate) if old.tokens != now.tokens else ""
        items.append(
            ItemDelta(
                cid,
                now.kind,
                old.tokens,
                now.tokens,
                now.tokenizer,
                old.tokenizer,
                "fail" if failed else "pass",
                gate=pol.gate,
                gate_source=pol.source,
                ratchet=pol.ratchet and now.tokens < old.tokens,
                message=message,
            )
        )
    for cid in sorted(set(stored) - set(measured)):
        old = stored[cid]
        items.append(ItemDelta(cid, old.kind, old.tokens, None, None, old.tokenizer, "removed"))
    return Comparison(
        tuple(items),
        path=str(path) if path is not None else None,
        missing=baseline is None and base is None,
        base=base,
    )


def ratchet(baseline: Baseline, comparison: Comparison) -> tuple[Baseline, tuple[str, ...]]:
    """Lower the entries whose policy has ``ratchet`` on and that shrank this run, so growth is measured
    from the new low. Returns the new baseline and the ids lowered (empty: nothing to write)."""
    lowered = [i for i in comparison.items if i.ratchet and i.now is not None and i.tokenizer]
    if not lowered:
        return baseline, ()
    entries = dict(baseline.entries)
    for item in lowered:
        entries[item.id] = replace(entries[item.id], tokens=item.now or 0)
    return Baseline(entries), tuple(i.id for i in lowered)


# --- measuring without pytest: the file checks, here or at a git ref ------------------------------


def measured_from_verdicts(verdicts: Iterable[Any]) -> dict[str, BaselineEntry]:
    """Baseline entries from file-check verdicts (``prompt_budget.files``): files, always-loaded
    frontmatter, the must-load total and load-plan stages. Verdicts for files that could not be counted
    or do not exist measure nothing and are left out."""
    out: dict[str, BaselineEntry] = {}
    for v in verdicts:
        details = v.details or {}
        if details.get("problem") or details.get("missing"):
            continue
        kind = details.get("kind")
        out[v.subject] = BaselineEntry(
            v.usage.tokens, v.usage.tokenizer, kind if isinstance(kind, str) and kind else "file"
        )
    return out


@dataclass(frozen=True)
class FileMeasurement:
    """What the file checks measured, and the file entry each file id belongs to."""

    entries: Mapping[str, BaselineEntry]
    rules: Mapping[str, FileRule]
    #: why nothing was measured, when that is not for want of files (no configuration at a git ref)
    note: str = ""
    #: the configuration the files were measured under (their ids are relative to its folder)
    config: Any = None

    def rule_for(self, check_id: str) -> FileRule | None:
        from prompt_budget.files import file_of

        return self.rules.get(file_of(check_id))


def measure_files(config: Any, *, tokenizer: str | None = None, cache: Any = None) -> FileMeasurement:
    """Count every configured file (and the must-load total and plan stages) through the file checks'
    one code path (``prompt_budget.files.check``)."""
    from prompt_budget import files

    return measurement_of(files.check(config, tokenizer, cache))


def measurement_of(report: Any) -> FileMeasurement:
    """The baseline entries of a ``prompt_budget.files.check`` report: every counted file and
    frontmatter, the must-load total and the load-plan stages."""
    verdicts = list(report.file_verdicts)
    if report.must_load is not None:
        verdicts.append(report.must_load)
    verdicts += [v for v in report.plan_verdicts if (v.details or {}).get("kind") == "plan"]
    rules = {fid: m.winner.rule for fid, m in report.fileset.files.items()}
    return FileMeasurement(measured_from_verdicts(verdicts), rules, config=report.fileset.config)


def _git(args: Sequence[str], cwd: Path) -> str:
    import subprocess

    try:
        done = subprocess.run(
            ["git", *args], cwd=cwd, capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL
        )
    except FileNotFoundError:
        raise ConfigError("git is not installed or not on PATH; --base needs it", key="--base") from None
    if done.returncode != 0:
        raise _GitFailed(done.stderr.strip() or f"git {' '.join(args)} exited with {done.returncode}")
    return done.stdout.strip()


class _GitFailed(Exception):
    pass


@contextlib.contextmanager
def git_worktree(repo: Path, ref: str) -> Any:
    """Check ``ref`` out into a temporary folder with ``git worktree add --detach``; yields the folder.
    The worktree and its folder are removed afterwards, also when the body raises."""
    import shutil

    try:
        top = Path(_git(["rev-parse", "--show-toplevel"], repo))
    except _GitFailed:
        raise ConfigError(f"{repo} is not inside a git repository; --base needs one", key="--base") from None
    try:
        _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], top)
    except _GitFailed:
        raise ConfigError(f"unknown git ref {ref!r} (not a commit in {top})", key="--base") from None
    holder = Path(tempfile.mkdtemp(prefix="prompt-budget-base-"))
    tree = holder / "tree"
    try:
        try:
            _git(["worktree", "add", "--detach", "--quiet", str(tree), ref], top)
        except _GitFailed as exc:
            raise ConfigError(f"cannot check out {ref!r} into a worktree: {exc}", key="--base") from None
        yield top, tree
    finally:
        with contextlib.suppress(_GitFailed, ConfigError):
            _git(["worktree", "remove", "--force", str(tree)], top)
        shutil.rmtree(holder, ignore_errors=True)
        with contextlib.suppress(_GitFailed, ConfigError):
            _git(["worktree", "prune"], top)


def compare_at_ref(
    config: Any, ref: str, measured: FileMeasurement, policy: GrowthPolicy | None = None, *, cache: Any = None
) -> tuple[Comparison, str]:
    """``measured`` (the working tree) compared with the file checks as they were at git ``ref``: ``ref``
    checked out into a temporary worktree, the configuration found there at the same place loaded (no
    configuration there: nothing measured), the files counted with ``config``'s tokenizer (so the two
    sides are comparable; ids relative to the configuration's folder, as the working tree's), and
    the note of why nothing was measured there, if so. While ``ref`` is still checked out, each Markdown file over its gate gets the
    sections that grew most (``with_section_growth``)."""
    with git_worktree(config.root, ref) as (top, tree):
        before = _measure_in_tree(config, ref, top, tree, config.tokenizer, cache)
        comparison = compare(Baseline(before.entries), measured.entries, policy, base=ref)
        return with_section_growth(comparison, before, measured, config.tokenizer), before.note


def _measure_in_tree(
    config: Any, ref: str, top: Path, tree: Path, tokenizer: str | None, cache: Any
) -> FileMeasurement:
    from prompt_budget.config import load_config

    root = tree / Path(config.root).resolve().relative_to(top.resolve())
    where = Path(config.root).resolve().relative_to(top.resolve()).as_posix()
    where = "the repository's top folder" if where == "." else f"{where}/"
    if config.path is not None:
        inside = Path(config.path).resolve().relative_to(top.resolve())
        there = tree / inside
        if not there.is_file():
            return _nothing_at(ref, f"{inside.as_posix()} does not exist there")
        try:
            base_config = load_config(there)
        except ConfigError as exc:
            # the temporary worktree is gone by the time this is read: name the file in the repository
            file = exc.file
            if file is not None and Path(file).resolve().is_relative_to(tree.resolve()):
                file = f"{Path(file).resolve().relative_to(tree.resolve()).as_posix()} at git ref {ref}"
            raise ConfigError(exc.message, file=file, key=exc.key) from None
    else:
        base_config = load_config(start=root)
        if base_config.path is None or tree.resolve() not in base_config.path.resolve().parents:
            return _nothing_at(ref, f"no prompt-budget configuration in or above {where}")
    if not base_config.files and not base_config.preset:
        return _nothing_at(ref, "its configuration lists no files and no preset")
    return measure_files(base_config, tokenizer=tokenizer or config.tokenizer, cache=cache)


# --- which sections of a Markdown file grew ------------------------------------------------------


def heading_counts(
    text: str, tokenizer: Any, multiplier: float = 1.0, *, frontmatter: bool = True
) -> list[tuple[tuple[str, ...], int]]:
    """Each section of a Markdown text (``prompt_budget.outline``) as (heading path, tokens of its own
    text): the path is its label under its parent headings' (``("# Skill", "## Examples")``); the
    frontmatter and preamble are paths of one. Counts are multiplied by ``multiplier`` (the config's
    ``safety_multiplier``) for an estimate, as file counts are. ``frontmatter=False`` leaves the
    frontmatter out (a file whose frontmatter is counted apart)."""
    from prompt_budget.budget import with_safety
    from prompt_budget.outline import FRONTMATTER, outline

    out: list[tuple[tuple[str, ...], int]] = []
    parents: list[tuple[int, str]] = []
    for sec in outline(text, tokenizer):
        if sec.level == 0:
            if frontmatter or sec.heading != FRONTMATTER:
                out.append(((sec.label,), with_safety(sec.tokens, tokenizer.exact, multiplier)))
            continue
        while parents and parents[-1][0] >= sec.level:
            parents.pop()
        parents.append((sec.level, sec.label))
        out.append(
            (tuple(label for _, label in parents), with_safety(sec.tokens, tokenizer.exact, multiplier))
        )
    return out


def section_growth(
    before: Sequence[tuple[tuple[str, ...], int]], after: Sequence[tuple[tuple[str, ...], int]], most: int = 3
) -> tuple[SectionDelta, ...]:
    """The ``most`` sections (see ``heading_counts``) that changed between ``before`` and ``after``,
    largest growth first (a section that shrank or was removed shows only when fewer grew); sections
    match by heading path, the n-th of equal paths with the n-th. Empty when both versions have fewer
    than two sections."""
    if len(before) < 2 and len(after) < 2:
        return ()

    def keyed(sections: Sequence[tuple[tuple[str, ...], int]]) -> dict[tuple[tuple[str, ...], int], int]:
        seen: Counter[tuple[str, ...]] = Counter()
        out = {}
        for path, tokens in sections:
            out[path, seen[path]] = tokens
            seen[path] += 1
        return out

    old, new = keyed(before), keyed(after)
    keys = list(new) + [k for k in old if k not in new]
    paths_of_label: dict[str, set[tuple[str, ...]]] = {}
    for path, _ in keys:
        paths_of_label.setdefault(path[-1], set()).add(path)
    repeated = {path for path, n in keys if n > 0}
    changed = []
    for order, key in enumerate(keys):
        path, n = key
        delta = SectionDelta(path, old.get(key), new.get(key))
        if delta.delta == 0 and delta.status == "changed":
            continue
        shown = " > ".join(path) if len(paths_of_label[path[-1]]) > 1 else path[-1]
        if path in repeated:
            shown += f" #{n + 1}"
        changed.append((order, replace(delta, shown=shown)))
    changed.sort(key=lambda od: (-od[1].delta, od[0]))
    return tuple(d for _, d in changed[:most])


def with_section_growth(
    comparison: Comparison, before: FileMeasurement, after: FileMeasurement, tokenizer: str | None = None
) -> Comparison:
    """``comparison`` with ``sections`` (``section_growth``) on each Markdown file over its gate, its
    old text read where ``before`` was measured and its new one where ``after`` was, counted by
    ``tokenizer`` (default: ``after``'s configuration's) with each side's safety multiplier. Passing
    files are not read again. A file whose frontmatter is counted apart (``id#frontmatter``) is
    outlined without it, as its count is."""
    from prompt_budget.counting import FileProblem, read_text
    from prompt_budget.outline import is_markdown
    from prompt_budget.tokenizers import get_tokenizer

    failing = [i for i in comparison.failures if i.kind == "file" and is_markdown(i.id)]
    if not failing or before.config is None or after.config is None:
        return comparison
    tok = get_tokenizer(tokenizer or after.config.tokenizer)
    found: dict[str, tuple[SectionDelta, ...]] = {}
    for item in failing:
        sides = []
        for side in (before, after):
            try:
                text = read_text(Path(side.config.root) / item.id)[0]
            except FileProblem:
                break
            split = f"{item.id}#frontmatter" in side.entries
            sides.append(heading_counts(text, tok, side.config.safety_multiplier, frontmatter=not split))
        if len(sides) == 2:
            sections = section_growth(sides[0], sides[1])
            if sections:
                found[item.id] = sections
    if not found:
        return comparison
    items = tuple(replace(i, sections=found[i.id]) if i.id in found else i for i in comparison.items)
    return replace(comparison, items=items)


def _nothing_at(ref: str, why: str) -> FileMeasurement:
    return FileMeasurement({}, {}, note=f"nothing measured at git ref {ref}: {why}; every file counts as new")


def file_entries(stored: Baseline, measured: Mapping[str, BaselineEntry]) -> Baseline:
    """The entries of ``stored`` that the file checks compare (pytest's ``check``/``section`` entries
    are pytest's): those of a file kind, and those of the default kind ``check`` whose id a file check
    measured, such as the entries of a schema-0 file, whose kinds were not recorded."""
    return Baseline(
        {
            cid: e
            for cid, e in stored.entries.items()
            if e.kind in FILE_KINDS or (e.kind == "check" and cid in measured)
        }
    )


def compare_files_report(
    config: Any, report: Any, *, max_growth: str | None = None, max_growth_source: str = "--max-growth"
) -> Comparison | None:
    """For ``prompt-budget check``: the files a ``prompt_budget.files.check`` report measured, compared
    with the file entries of the configured baseline (pytest checks in it are left out). None when
    there is no baseline file. A broken baseline file raises ``ConfigError``. ``max_growth_source``
    names the option ``max_growth`` came from, in errors and in failure messages."""
    path = config.resolve(config.baseline.path)
    stored = load_baseline(path)
    if stored is None:
        return None
    measured = measurement_of(report)
    files_only = file_entries(stored, measured.entries)
    policy = GrowthPolicy.from_config(
        config, max_growth=max_growth, max_growth_source=max_growth_source, rule_for=measured.rule_for
    )
    return compare(files_only, measured.entries, policy, path=str(config.baseline.path))
