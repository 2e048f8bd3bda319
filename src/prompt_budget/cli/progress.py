"""A progress bar on standard error for long runs: files done of the total, the rate and the time left.

Shown only when standard error is a terminal, not in CI (the ``CI`` variable set), not with ``--quiet``,
never inside a pytest test, and only once a run has taken more than about a second (a short run never
flickers). Any command that
works through many files can use it: ``progress_for(...)`` gives a ``count_pool.Progress`` or None.
"""

from __future__ import annotations

import os
import time
from typing import Any, Final, TextIO

#: A run shorter than this shows no bar.
DELAY_S: Final = 1.0
_REFRESH_S: Final = 0.1


class Bar:
    """A ``count_pool.Progress`` drawn with rich on ``stream``, once ``delay`` seconds have passed."""

    def __init__(self, stream: TextIO, label: str, unit: str = "files", delay: float | None = None) -> None:
        self.stream = stream
        self.label = label
        self.unit = unit
        self.delay = DELAY_S if delay is None else delay
        self.total = 0
        self.done = 0
        self._began = 0.0
        self._progress: Any = None
        self._task: Any = None
        self._drawn = 0.0

    def start(self, total: int) -> None:
        self.total = total
        self.done = 0
        self._began = time.monotonic()

    def advance(self, done: int = 1) -> None:
        self.done += done
        now = time.monotonic()
        if self._progress is None:
            if self.done >= self.total or now - self._began < self.delay:
                return
            self._show()
        elif now - self._drawn < _REFRESH_S:
            return
        # drawn here, at most ten times a second: no display thread (the counting pool forks)
        self._drawn = now
        self._progress.update(self._task, completed=self.done)
        self._progress.refresh()

    def _show(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        console = Console(file=self.stream, force_terminal=True, markup=False, highlight=False)
        self._progress = Progress(
            TextColumn(self.label),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(self.unit),
            _rate(self.unit),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            auto_refresh=False,
        )
        self._task = self._progress.add_task(self.label, total=self.total, completed=self.done)
        self._progress.start()

    def stop(self) -> None:
        if self._progress is not None:
            self._progress.update(self._task, completed=self.done)
            self._progress.stop()
            self._progress = None


def _rate(unit: str) -> Any:
    """A column of files a second (rich's own speed column counts bytes). Made here, not at import:
    rich's progress module costs a run that shows no bar a fortieth of a second to import."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task: Any) -> Text:
            speed = task.finished_speed or task.speed
            return Text(f"{speed:,.0f} {unit}/s" if speed else "")

    return Rate()


def progress_for(stream: TextIO, quiet: bool, label: str) -> Bar | None:
    """A bar on ``stream`` when one should be shown: a terminal, not ``quiet``, not in CI, not inside
    a pytest test (a command run from a test)."""
    if quiet or os.environ.get("CI", "").strip().lower() not in ("", "0", "false"):
        return None
    if "PYTEST_CURRENT_TEST" in os.environ:
        return None
    isatty = getattr(stream, "isatty", None)
    if isatty is None or not isatty():
        return None
    return Bar(stream, label)
