"""Comparing with the files as they were at a git ref: the ref checked out into a temporary ``git
worktree``, its configuration loaded there, its files counted (``compare_at_ref``)."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from prompt_budget.baseline.compare import Comparison, GrowthPolicy, compare
from prompt_budget.baseline.measure import Measurement, measure_files
from prompt_budget.baseline.sections import with_section_growth
from prompt_budget.baseline.store import Baseline
from prompt_budget.errors import ConfigError


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
    if not base_config.files and not base_config.preset and not base_config.harnesses:
        return _nothing_at(ref, "its configuration lists no files and no preset")
    return measure_files(base_config, tokenizer=tokenizer or config.tokenizer, cache=cache)


def _nothing_at(ref: str, why: str) -> Measurement:
    return Measurement({}, {}, note=f"nothing measured at git ref {ref}: {why}; every file counts as new")
