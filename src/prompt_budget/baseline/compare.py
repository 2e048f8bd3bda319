"""Growth gates and the comparison of a run with the baseline: which gate applies to which check id
(``GrowthPolicy``), each id compared (``ItemDelta``), the whole comparison (``Comparison``), the
and the ratchet that lowers entries that shrank."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final, Literal

from prompt_budget.baseline.store import FILE_ENTRY_KINDS, HOW_TO_CREATE, Baseline, BaselineEntry
from prompt_budget.model import FileRule, GrowthGate

ItemStatus = Literal["pass", "fail", "new", "removed", "mismatch"]


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
        bad value is a ``ConfigError`` naming the option); ``rule_for`` finds the ``[[files]]`` entry
        of a file check id (``Measurement.rule_for``)."""
        from prompt_budget.config import parse_growth

        bl = config.baseline
        default, source = bl.max_growth, config.where("baseline", "max_growth") if bl.max_growth else None
        if max_growth:
            default, source = parse_growth(max_growth, key=max_growth_source), max_growth_source
        overrides = [
            (pattern, gate, config.where("baseline", "overrides", pattern))
            for pattern, gate in bl.overrides.items()
        ]
        return cls(
            default=default,
            default_source=source,
            overrides=overrides,
            ratchet=bl.ratchet,
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
        now, old = measured[cid], stored.get(cid)
        if old is None:
            items.append(ItemDelta(cid, now.kind, None, now.tokens, now.tokenizer, None, "new"))
            continue
        row = (cid, now.kind, old.tokens, now.tokens, now.tokenizer, old.tokenizer)
        if old.tokenizer != now.tokenizer:
            msg = (
                f"counted by {old.tokenizer} in the baseline and by {now.tokenizer} now: not compared; "
                f"re-create the baseline with {HOW_TO_CREATE}"
            )
            items.append(ItemDelta(*row, "mismatch", message=msg))
            continue
        pol = policy.for_id(cid, now.kind)
        failed = pol.gate is not None and pol.gate.exceeded(old.tokens, now.tokens)
        message = format_growth(old.tokens, now.tokens, pol.gate) if old.tokens != now.tokens else ""
        shrank = now.tokens < old.tokens
        status: ItemStatus = "fail" if failed else "pass"
        items.append(
            ItemDelta(*row, status, pol.gate, pol.source, ratchet=pol.ratchet and shrank, message=message)
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
