"""The whole check of a tree: every matched file counted and judged, the entries' paths that match
nothing, the must-load total and the load plan, in one ``FilesReport``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from prompt_budget.config import Config
from prompt_budget.counting import DiskCache
from prompt_budget.files.matching import FileSet, resolve
from prompt_budget.files.measuring import Measured, Memo, measure, tokenizer_for
from prompt_budget.files.plans import PlanResult, simulate_plan
from prompt_budget.files.verdicts import file_verdicts, must_load_verdict, pattern_verdicts
from prompt_budget.model import Status, Verdict
from prompt_budget.tokenizers import Tokenizer


@dataclass
class FilesReport:
    """Everything ``prompt-budget check`` reports: per-file verdicts, missing files and empty globs,
    the must-load total and the load plan."""

    fileset: FileSet
    tokenizer: str
    exact: bool
    measured: dict[str, Measured]
    file_verdicts: list[Verdict]
    pattern_verdicts: list[Verdict]
    must_load: Verdict | None
    plan: PlanResult | None
    plan_verdicts: list[Verdict]

    @property
    def session_verdicts(self) -> list[Verdict]:
        """The verdicts not tied to one file: missing files, empty globs, must-load total, plan."""
        out = list(self.pattern_verdicts)
        if self.must_load is not None:
            out.append(self.must_load)
        return out + self.plan_verdicts

    @cached_property
    def verdicts(self) -> list[Verdict]:
        return self.file_verdicts + self.session_verdicts

    @property
    def status(self) -> Status:
        statuses = {v.status for v in self.verdicts}
        return "fail" if "fail" in statuses else "warn" if "warn" in statuses else "pass"

    def to_dict(self) -> dict[str, Any]:
        config = self.fileset.config
        return {
            "version": 1,
            "config": str(config.path) if config.path else None,
            "root": str(config.root),
            "tokenizer": self.tokenizer,
            "exact": self.exact,
            "usable_budget": config.usable_budget,
            "threshold": config.threshold,
            "status": self.status,
            "verdicts": [{"id": v.subject, **v.to_dict()} for v in self.verdicts],
            "plan": None
            if self.plan is None
            else {
                "base": self.plan.base,
                "base_files": [{"id": i, "tokens": n} for i, n in self.plan.base_files],
                "usable": self.plan.usable,
                "threshold_tokens": self.plan.threshold_tokens,
                "stages": [
                    {
                        "name": s.name,
                        "loaded": [{"id": i, "tokens": n, "load": ld} for i, n, ld in s.loaded],
                        "added": s.added,
                        "shed": [{"id": i, "tokens": n, "priority": p} for i, n, p in s.shed],
                        "total": s.total,
                        "headroom": s.headroom,
                        "status": s.status,
                        "message": s.message,
                    }
                    for s in self.plan.stages
                ],
            },
        }


def check_file(
    fs: FileSet, fid: str, tokenizer: str | Tokenizer | None = None, cache: DiskCache | None = None
) -> list[Verdict]:
    """The verdicts of one file of ``fs`` (what a pytest file item checks)."""
    tok = tokenizer_for(tokenizer, fs.config)
    return file_verdicts(measure(fs.files[fid], tok, cache, multiplier=fs.config.safety_multiplier), tok)


def check(
    config: Config | FileSet,
    tokenizer: str | Tokenizer | None = None,
    cache: DiskCache | None = None,
) -> FilesReport:
    """Count and judge every matched file, the must-load total and the load plan."""
    fs = config if isinstance(config, FileSet) else resolve(config)
    tok = tokenizer_for(tokenizer, fs.config)
    memo: Memo = {}
    multiplier = fs.config.safety_multiplier
    measured = {fid: measure(m, tok, cache, memo, multiplier) for fid, m in fs.files.items()}
    fverdicts = [v for m in measured.values() for v in file_verdicts(m, tok)]
    pverdicts = pattern_verdicts(fs, tok)
    must = must_load_verdict(fs.config, list(measured.values()), tok)
    plan, plan_verdicts = simulate_plan(fs, measured, tok)
    if cache is not None:
        cache.save()
    return FilesReport(fs, tok.name, tok.exact, measured, fverdicts, pverdicts, must, plan, plan_verdicts)
