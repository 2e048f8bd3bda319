"""The one baseline flow every shell calls: what a run measured -> compare with the baseline file (or
with a git ref) -> gate -> ratchet or update -> save. ``prompt-budget check``, ``prompt-budget baseline
update|compare`` and the pytest plugin differ only in what they measure and in what they pass:

- ``update``: accept the run's counts (``--prompt-budget-update``, ``baseline update``); never fails;
- ``prune`` (with ``update``): drop entries the run did not measure;
- ``files_only``: the run measured the file checks only (the CLI), so only file entries are compared
  and pruned; pytest's ``check``/``section`` entries are pytest's;
- ``max_growth`` and the option it came from, named in failures;
- ``base``: compare with the files at a git ref instead of the baseline file (nothing is written): the
  ref checked out into a temporary ``git worktree``, its configuration loaded there, its files counted.

The ratchet is the configuration's: an entry whose ``[tool.prompt_budget.baseline] ratchet`` (or its
``[[files]]`` entry's ``ratchet``) is on and that shrank is lowered, and the file written, by every
comparison with the baseline file, whichever shell ran it. Nothing here prints or exits: the outcome
says what happened and the shell renders it.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_budget.baseline.compare import Comparison, GrowthPolicy, compare, ratchet, with_section_growth
from prompt_budget.baseline.measure import Measurement, measure_files
from prompt_budget.baseline.store import (
    FILE_KINDS,
    Baseline,
    BaselineEntry,
    UpdateSummary,
    file_entries,
    load_baseline,
    save_baseline,
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
) -> BaselineOutcome:
    """Compare ``measured`` with the baseline file (``path``, default the config's ``baseline.path``;
    ``shown`` is how messages name it), then ratchet, or with ``update`` accept the counts, and write
    the file when that changed it. See the module docstring for the options."""
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
        compared = file_entries(stored, measured.entries) if stored is not None and files_only else stored
        comparison = compare(compared, measured.entries, policy, path=shown)
        if update:
            summary, written = _accept(stored, measured.entries, file, prune=prune, files_only=files_only)
            return BaselineOutcome(file, shown, comparison, update=summary, written=written)
        if stored is None:
            return BaselineOutcome(file, shown, comparison)
        lowered, ids = ratchet(stored, comparison)
        if ids:
            save_baseline(lowered, file)
        return BaselineOutcome(file, shown, comparison, written=bool(ids), ratcheted=ids)
    except ConfigError as exc:
        return BaselineOutcome(file, shown, error=exc)


def _accept(
    stored: Baseline | None,
    measured: Mapping[str, BaselineEntry],
    file: Path,
    *,
    prune: bool,
    files_only: bool,
) -> tuple[UpdateSummary, bool]:
    """The update step: a run that measured nothing writes nothing (whatever ``prune`` says); otherwise
    measured ids take their counts, the rest are kept unless pruned."""
    if not measured:
        return UpdateSummary(kept=tuple(sorted(stored.entries)) if stored else ()), False
    new, summary = update(
        stored, measured, prune=prune, scope=(lambda _, e: e.kind in FILE_KINDS) if files_only else None
    )
    if stored is not None and new == stored:
        return summary, False
    save_baseline(new, file)
    return summary, True


# --- comparing with a git ref ---------------------------------------------------------------------


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
def git_worktree(repo: Path, ref: str) -> Iterator[tuple[Path, Path]]:
    """Check ``ref`` out into a temporary folder with ``git worktree add --detach``; yields the
    repository's top folder and that folder, both removed afterwards, also when the body raises."""
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
    config: Any, ref: str, measured: Measurement, policy: GrowthPolicy | None = None, *, cache: Any = None
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
) -> Measurement:
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


def _nothing_at(ref: str, why: str) -> Measurement:
    return Measurement({}, {}, note=f"nothing measured at git ref {ref}: {why}; every file counts as new")
