"""The CLI's one console, and its exit codes."""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO

EXIT_OK = 0
EXIT_BROKEN = 1
EXIT_USAGE = 2


class Output:
    """The CLI's one console: rich tables on a terminal, plain text when piped, under ``NO_COLOR``
    or ``--color never``; markup is always off so file names print as they are."""

    def __init__(self, color: str = "auto", out: TextIO | None = None, err: TextIO | None = None) -> None:
        from prompt_budget.report.github import CommandShield

        # Every line printed is shielded: none starts with "::", so a file name cannot inject a GitHub
        # workflow command; the annotations a command means to print go through ``command``.
        self.raw = out if out is not None else sys.stdout
        self.out: Any = CommandShield(self.raw)
        self.err: Any = CommandShield(err if err is not None else sys.stderr)
        if color == "always":
            self.rich = True
        elif color == "never" or os.environ.get("NO_COLOR"):
            self.rich = False
        else:
            self.rich = self.raw.isatty() and os.environ.get("TERM") != "dumb"
        self._console: Any = None
        # The exit code a command has decided on before printing its report: what the run exits
        # with if the reader of its output goes away mid-report (`| head`), so a broken budget is
        # never an exit 0.
        self.exit_code = EXIT_OK

    def width(self) -> int:
        """The columns a table may take: the terminal's width when the output is a terminal, else
        ``COLUMNS`` when set, else 0 (no limit: a file or a pipe keeps every name)."""
        import shutil

        if self.raw.isatty() or os.environ.get("COLUMNS"):
            return shutil.get_terminal_size((120, 24)).columns
        return 0

    def console(self) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(
                file=self.out,
                markup=False,
                highlight=False,
                emoji=False,
                force_terminal=self.rich,
                no_color=not self.rich or bool(os.environ.get("NO_COLOR")),
            )
        return self._console

    def print(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def command(self, line: str) -> None:
        """A GitHub workflow command line (``::error ...``), printed as it is: its own values are
        escaped by ``report.github.annotation``."""
        self.raw.write(line + "\n")

    def table(self, table: Any) -> None:
        if self.rich:
            self.console().print(table.to_rich())
        else:
            self.out.write(table.to_text())

    def json(self, data: object) -> None:
        self.out.write(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n")

    def error(self, message: str) -> None:
        self.err.write(f"prompt-budget: error: {message}\n")

    def note(self, message: str) -> None:
        self.err.write(f"prompt-budget: {message}\n")


def amount_of(n: int, one: str, many: str) -> str:
    """``1 file``, ``2 files``."""
    return f"{n} {one if n == 1 else many}"
