"""Load plans (``[[stages]]``): stages load files in order; past ``threshold`` of the usable budget,
skippable files are shed (lowest priority first, then the earliest loaded); must-load files never are."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from prompt_budget.budget import amount
from prompt_budget.errors import ConfigError
from prompt_budget.files.matching import FileSet, norm_pattern
from prompt_budget.files.measuring import Measured
from prompt_budget.files.verdicts import over_threshold, over_usable, usable_source, usage
from prompt_budget.model import Status, Verdict
from prompt_budget.text.globs import glob, has_wildcards
from prompt_budget.tokenizers import CachedTokenizer


@dataclass(frozen=True)
class StageResult:
    """One stage of a load plan: what it loads, what is shed to fit, and the total after it."""

    name: str
    loaded: tuple[tuple[str, int, str], ...]  # (id, tokens, load)
    added: int
    shed: tuple[tuple[str, int, int], ...]  # (id, tokens, priority), in shedding order
    total: int
    headroom: int
    status: Status
    message: str = ""


@dataclass(frozen=True)
class PlanResult:
    """A load plan run: what loads at launch (``base``), and each stage."""

    base: int
    base_files: tuple[tuple[str, int], ...]
    usable: int
    threshold_tokens: int
    stages: tuple[StageResult, ...]


def _stage_files(fs: FileSet, ref: str) -> list[str] | None:
    named = [m.id for m in fs.files.values() if m.winner.rule.name == ref]
    if named:
        return named
    rules = [r for r in fs.rules if r.name == ref]
    if rules:
        return [m.id for m in fs.files.values() if any(c.rule in rules for c in m.candidates)]
    p = norm_pattern(ref)
    if has_wildcards(p):
        pattern = glob(p)
        return [fid for fid in fs.files if pattern.match(fid)]
    return [p] if p in fs.files else None


def _skippable_imports(fs: FileSet, fid: str, measured: Mapping[str, Measured]) -> list[str]:
    """The files that ``fid`` pulls in through ``@path`` imports (and their imports), breadth first,
    but for those that load at launch anyway (a must-load file imports them too)."""
    out: list[str] = []
    seen = {fid}
    queue = [fid]
    while queue:
        for nxt in fs.imports.get(queue.pop(0), ()):
            if nxt in seen:
                continue
            seen.add(nxt)
            queue.append(nxt)
            m = measured.get(nxt)
            if m is not None and not m.unsettled_must and (m.settings is None or m.settings.load != "must"):
                out.append(nxt)
    return out


def simulate_plan(
    fs: FileSet, measured: Mapping[str, Measured], tok: CachedTokenizer
) -> tuple[PlanResult | None, list[Verdict]]:
    """Run the load plan: stages load files in order; past ``threshold`` of the usable budget,
    skippable files are shed (lowest priority first, then the earliest loaded); must-load files never
    are. A stage fails when what it must keep does not fit in the usable budget."""
    config = fs.config
    if not config.stages:
        return None, []
    usable = config.usable_budget
    if usable is None:
        raise ConfigError(
            "a load plan needs the context window: set context_window (or a known model)",
            file=config.path,
            key=f"{config.table}.stages" if config.table else "stages",
        )
    limit = int(usable * config.threshold)  # past it, a total warns
    mult = max((m.multiplier for m in measured.values()), default=1.0)
    staged: dict[str, int] = {}
    stage_refs: list[list[str]] = []
    problems: list[Verdict] = []
    for i, stage in enumerate(config.stages):
        ids: list[str] = []
        for ref in stage.files:
            found = _stage_files(fs, ref)
            if not found:
                problems.append(
                    Verdict(
                        f"plan:{stage.name}",
                        usage(0, tok),
                        status="fail",
                        message=f"stage {stage.name!r}: {ref!r} names no entry and matches no checked file "
                        f"({config.where('stages')}[{i}].files)",
                        details={"kind": "plan", "stage": stage.name},
                    )
                )
                continue
            for fid in found:
                # a file loads with the files it imports (those not loaded at launch already)
                for one in (fid, *_skippable_imports(fs, fid, measured)):
                    if one not in staged and one in measured:
                        staged[one] = i
                        ids.append(one)
        stage_refs.append(ids)

    base_files: list[tuple[str, int]] = []
    for fid, m in measured.items():
        if m.unsettled_must and fid not in staged:
            base_files.append((fid, m.tokens))
        if m.settings is None:
            continue
        if m.frontmatter_tokens is not None:
            base_files.append((f"{fid}#frontmatter", m.frontmatter_tokens))
        if m.settings.load == "must" and fid not in staged:
            base_files.append((fid, m.load_tokens))
    base = sum(n for _, n in base_files)

    total = base
    live: list[tuple[int, int, int, str, int]] = []  # (priority, stage, position, id, tokens) of skippables
    results: list[StageResult] = []
    verdicts: list[Verdict] = []
    for i, stage in enumerate(config.stages):
        loaded: list[tuple[str, int, str]] = []
        added = 0
        for pos, fid in enumerate(stage_refs[i]):
            m = measured[fid]
            load = m.settings.load if m.settings is not None else "skippable"
            n = m.load_tokens
            loaded.append((fid, n, load))
            added += n
            if load == "skippable":
                live.append((m.settings.priority if m.settings else 0, i, pos, fid, n))
        total += added
        shed: list[tuple[str, int, int]] = []
        if total > limit:
            live.sort()
            while total > limit and live:
                prio, _, _, fid, n = live.pop(0)
                shed.append((fid, n, prio))
                total -= n
        status: Status = "pass"
        message = ""
        own = [(fid, n) for fid, n, _ in shed if fid in set(stage_refs[i])]
        names = ", ".join(f"{fid} ({n:,} tokens)" for fid, n in own)
        if total > usable:
            status = "fail"
            message = (
                f"stage {stage.name!r} cannot fit: after shedding every skippable file it still needs "
                f"{amount(total, tok.exact, mult)}, {over_usable(config, total, usable)}"
            )
            if own:
                message += f"; it sheds {names}, which the stage itself loads"
        elif own:
            # the stage runs with the files it loads: shedding one of them leaves it without what it needs
            status = "fail"
            needs = total + sum(n for _, n in own)
            message = (
                f"stage {stage.name!r} sheds {names}, which the stage itself loads: it needs "
                f"{amount(needs, tok.exact, mult)} with them, past the threshold of {limit:,} "
                f"({config.threshold:.0%} of the usable {usable:,}); set in {usable_source(config)} and "
                f"{config.where('threshold')}"
            )
        elif total > limit:
            status = "warn"
            message = (
                f"stage {stage.name!r} is at {amount(total, tok.exact, mult)}, "
                f"{over_threshold(config, total, limit, usable, then=' with nothing left to shed')}"
            )
        results.append(
            StageResult(stage.name, tuple(loaded), added, tuple(shed), total, usable - total, status, message)
        )
        verdicts.append(
            Verdict(
                f"plan:{stage.name}",
                usage(total, tok),
                max_tokens=usable,
                cap_source=usable_source(config),
                status=status,
                message=message,
                details={
                    "kind": "plan",
                    "stage": stage.name,
                    "index": i,
                    "added": added,
                    "loaded": [f for f, _, _ in loaded],
                    "shed": [f for f, _, _ in shed],
                    "shed_own": [f for f, _ in own],
                    "headroom": usable - total,
                    "threshold_tokens": limit,
                },
            )
        )
    plan = PlanResult(base, tuple(base_files), usable, limit, tuple(results))
    return plan, problems + verdicts
