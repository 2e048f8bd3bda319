"""The one baseline flow every shell calls: what a run measured -> compare with the baseline file (or
with a git ref) -> gate -> ratchet or update -> save. ``prompt-budget check``, ``prompt-budget baseline
update|compare`` and the pytest plugin differ only in what they measure and in what they pass:

- ``update``: accept the run's counts (``--prompt-budget-update``, ``baseline update``); never fails;
- ``prune`` (with ``update``): drop entries the run did not measure;
- ``files_only``: the run measured the file checks only (the CLI), so only file entries are compared
  and pruned; pytest's ``check``/``section`` entries are pytest's;
- ``max_growth`` and the option it came from, named in failures;
- ``base``: compare with the files at a git ref instead of the baseline file (nothing is written;
  module ``git``).

The ratchet is the configuration's: an entry whose ``[tool.prompt_budget.baseline] ratchet`` (or its
``[[files]]`` entry's ``ratchet``) is on and that shrank is lowered, and the file written, by every
comparison with the baseline file, whichever shell ran it. Nothing here prints or exits: the outcome
says what happened and the shell renders it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_budget.baseline.compare import Comparison, GrowthPolicy, compare, ratchet
from prompt_budget.baseline.git import compare_at_ref
from prompt_budget.baseline.measure import Measurement
from prompt_budget.baseline.store import (
    FILE_KINDS,
    Baseline,
    BaselineEntry,
    UpdateSummary,
    file_entries,
    load_baseline,
    modify_baseline,
    update,
)
from prompt_budget.errors import ConfigError

if TYPE_CHECKING:
    from prompt_budget.config import Config


@dataclass(frozen=True)
class BaselineOutcome:
    """What the baseline flow did. ``comparison`` is the run against the file as it was before this
    run (``missing`` when there was none) or against the git ref; ``update`` is set when the run was
    an update; ``written`` whether the file was written (an update that changed it, or a ratchet);
    ``ratcheted`` the ids lowered; ``error`` the baseline file could not be read or written, or an
    option or git ref was wrong (then nothing else is set); ``note`` why nothing was measured at the
    git ref."""

    path: Path
    shown: str
    comparison: Comparison | None = None
    update: UpdateSummary | None = None
    written: bool = False
    ratcheted: tuple[str, ...] = ()
    error: ConfigError | None = None
    note: str = ""

    @property
    def failed(self) -> bool:
        """The gate: a comparison (not an update) with items over their growth gate fails the run."""
        return self.update is None and self.comparison is not None and bool(self.comparison.failures)


def run_baseline(
    config: Config,
    measured: Measurement,
    *,
    path: str | Path | None = None,
    shown: str | None = None,
    update: bool = False,
    prune: bool = False,
    max_growth: str | None = None,
    max_growth_source: str = "--prompt-budget-max-growth",
    files_only: bool = False,
    base: str | None = None,
    cache: Any = None,
    compare_missing: bool = True,
) -> BaselineOutcome:
    """Compare ``measured`` with the baseline file (``path``, default the config's ``baseline.path``;
    ``shown`` is how messages name it), then ratchet, or with ``update`` accept the counts, and write
    the file when that changed it. See the module docstring for the options; with
    ``compare_missing`` False and no baseline file (and no ``update``), nothing is compared (the
    outcome's comparison is None) and ``measured`` is not read."""
    file = Path(path) if path is not None else config.resolve(config.baseline.path)
    shown = shown or str(file)
    try:
        policy = GrowthPolicy.from_config(
            config, max_growth=max_growth, max_growth_source=max_growth_source, rule_for=measured.rule_for
        )
        if base is not None:
            comparison, note = compare_at_ref(config, base, measured, policy, cache=cache)
            return BaselineOutcome(file, shown, comparison, note=note)
        stored = load_baseline(file)
        if stored is None and not update and not compare_missing:
            return BaselineOutcome(file, shown)
        compared = file_entries(stored, measured.entries) if stored is not None and files_only else stored
        comparison = compare(compared, measured.entries, policy, path=shown)
        if update:
            summary, written = _accept(stored, measured.entries, file, prune=prune, files_only=files_only)
            return BaselineOutcome(file, shown, comparison, update=summary, written=written)
        if stored is None:
            return BaselineOutcome(file, shown, comparison)
        lowered, ids = ratchet(stored, comparison)
        written = False
        if ids:
            # under the lock, into the file as another run may have left it meanwhile
            _, written = modify_baseline(file, lambda now: _lower(now, lowered, ids))
        return BaselineOutcome(file, shown, comparison, written=written, ratcheted=ids if written else ())
    except ConfigError as exc:
        return BaselineOutcome(file, shown, error=exc)


def _lower(current: Baseline | None, lowered: Baseline, ids: tuple[str, ...]) -> Baseline | None:
    """``current`` with the ratcheted ids lowered to their counts in ``lowered`` (those still there,
    and only downwards)."""
    if current is None:
        return None
    entries = dict(current.entries)
    for cid in ids:
        if cid in entries and lowered.entries[cid].tokens < entries[cid].tokens:
            entries[cid] = lowered.entries[cid]
    return Baseline(entries)


def _accept(
    stored: Baseline | None,
    measured: Mapping[str, BaselineEntry],
    file: Path,
    *,
    prune: bool,
    files_only: bool,
) -> tuple[UpdateSummary, bool]:
    """The update step: a run that measured nothing writes nothing (whatever ``prune`` says); otherwise
    measured ids take their counts, the rest are kept unless pruned. The counts are merged, under the
    file's lock, into the file as it is at that moment: another run's update since ``stored`` was read
    is kept."""
    if not measured:
        return UpdateSummary(kept=tuple(sorted(stored.entries)) if stored else ()), False
    summaries: list[UpdateSummary] = []

    def accept(current: Baseline | None) -> Baseline:
        new, summary = update(
            current, measured, prune=prune, scope=(lambda _, e: e.kind in FILE_KINDS) if files_only else None
        )
        summaries.append(summary)
        return new

    _, written = modify_baseline(file, accept)
    return summaries[-1], written
