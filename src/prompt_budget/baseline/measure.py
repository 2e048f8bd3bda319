"""What a run measured, as baseline entries: from the pytest plugin's records, or from the file
checks (``prompt_budget.files.check``), which the CLI, the pytest file items and ``init`` share. Both
leave out what measures no tokens: turn budgets, ``@path`` import problems, files that could not be
counted or do not exist."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from prompt_budget.baseline.store import BaselineEntry
from prompt_budget.model import FileRule

#: Kinds of records that are not token counts, never baselined: a turn budget counts tool calls, an
#: ``import`` verdict says that an ``@path`` import is not loaded.
NOT_TOKENS: Final = ("turns", "import")

V = TypeVar("V")


def _measures(kind: object, details: object) -> bool:
    if kind in NOT_TOKENS:
        return False
    return not (isinstance(details, Mapping) and (details.get("problem") or details.get("missing")))


def measured_from_records(records: Iterable[Mapping[str, Any]]) -> dict[str, BaselineEntry]:
    """What a run measured, from the plugin's session records (or any mapping with ``id``,
    ``tokens`` and ``tokenizer``). Records without a count (errors, skipped), of a kind in
    ``NOT_TOKENS``, or of a file that could not be counted or is missing are left out; per-section
    data becomes ``<id>::<section>`` entries of kind ``section``. When one id is recorded twice (a
    test checking the same label twice), the last count wins."""
    out: dict[str, BaselineEntry] = {}
    for rec in records:
        cid = rec.get("id")
        tokens = rec.get("tokens")
        tokenizer = rec.get("tokenizer")
        kind = rec.get("kind")
        if (
            not isinstance(cid, str)
            or not isinstance(tokenizer, str)
            or not _measures(kind, rec.get("details"))
        ):
            continue
        if isinstance(tokens, bool) or not isinstance(tokens, int):
            continue
        out[cid] = BaselineEntry(tokens, tokenizer, kind if isinstance(kind, str) and kind else "check")
        for sec in rec.get("sections") or ():
            if not isinstance(sec, Mapping):
                continue
            name, stoks = sec.get("name"), sec.get("tokens")
            if isinstance(name, str) and isinstance(stoks, int) and not isinstance(stoks, bool):
                out[f"{cid}::{name}"] = BaselineEntry(stoks, tokenizer, "section")
    return out


@dataclass(frozen=True)
class Measurement:
    """What a run measured, and the ``[[files]]`` entry each file id belongs to (for its growth gate
    and ratchet)."""

    entries: Mapping[str, BaselineEntry]
    rules: Mapping[str, FileRule] = field(default_factory=dict)
    #: why nothing was measured, when that is not for want of files (no configuration at a git ref)
    note: str = ""
    #: the configuration the files were measured under (their ids are relative to its folder)
    config: Any = None

    def rule_for(self, check_id: str) -> FileRule | None:
        from prompt_budget.files import file_of

        return self.rules.get(file_of(check_id))


def rules_of(fileset: Any) -> dict[str, FileRule]:
    """File id -> the entry that applies to it, of a resolved ``prompt_budget.files.FileSet``."""
    return {fid: m.winner.rule for fid, m in fileset.files.items()}


def measure_files(
    config: Any, *, tokenizer: str | None = None, cache: Any = None, jobs: int = 1, progress: Any = None
) -> Measurement:
    """Count every configured file (and the must-load total and plan stages) through the file checks'
    one code path (``prompt_budget.files.check``)."""
    from prompt_budget import files

    return measurement_of(files.check(config, tokenizer, cache, jobs=jobs, progress=progress))


def measurement_of(report: Any) -> Measurement:
    """The baseline entries of a ``prompt_budget.files.check`` report: every counted file and
    frontmatter, the must-load total and the load-plan stages. Verdicts for files that could not be
    counted or do not exist measure nothing and are left out. The entries and the files' rules are
    worked out when first read: a check with no baseline file to compare with never needs them."""
    return Measurement(
        _Later(lambda: _entries_of(report)),
        _Later(lambda: rules_of(report.fileset)),
        config=report.fileset.config,
    )


def _entries_of(report: Any) -> dict[str, BaselineEntry]:
    verdicts = list(report.file_verdicts)
    if report.must_load is not None:
        verdicts.append(report.must_load)
    # with harnesses: each harness's must-load total, at the root and per folder
    verdicts += [
        v for v in getattr(report, "harness_verdicts", ()) if (v.details or {}).get("kind") == "must-load"
    ]
    verdicts += [v for v in report.plan_verdicts if (v.details or {}).get("kind") == "plan"]
    entries: dict[str, BaselineEntry] = {}
    for v in verdicts:
        details = v.details or {}
        kind = details.get("kind")
        if _measures(kind, details):
            entries[v.subject] = BaselineEntry(
                v.usage.tokens, v.usage.tokenizer, kind if isinstance(kind, str) and kind else "file"
            )
    return entries


class _Later(Mapping[str, V]):
    """A mapping built by ``build`` when first read."""

    def __init__(self, build: Callable[[], Mapping[str, V]]) -> None:
        self._build: Callable[[], Mapping[str, V]] | None = build
        self._built: Mapping[str, V] = {}

    def _get(self) -> Mapping[str, V]:
        if self._build is not None:
            self._built, self._build = self._build(), None
        return self._built

    def __getitem__(self, key: str) -> V:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __contains__(self, key: object) -> bool:
        return key in self._get()

    def get(self, key: str, default: Any = None) -> Any:
        return self._get().get(key, default)
