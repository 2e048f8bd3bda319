"""The findings of a file the rules could not read: a ``PB000`` for a file that cannot be read or parsed
(``parse_error``, ``pb000``) and for a file a rule failed on (``internal_error``: a bug of the lint, reported so
the run goes on, or raised where ``PROMPT_BUDGET_LINT_RAISE`` asks)."""

from __future__ import annotations

import os
import re
import traceback
from pathlib import Path

from prompt_budget.lint.findings import FileResult, Finding
from prompt_budget.lint.options import PARSE_ERROR


def pb000(path: str, message: str, line: int = 1, column: int = 1, suggestion: str = "") -> Finding:
    """A PB000 finding: the file could not be read or parsed."""
    return Finding(
        path, line, column, line, column, PARSE_ERROR, "parse-error", message, suggestion=suggestion
    )


#: A line opening with template markup: a Jinja (or Django) template's comment, statement or expression.
_TEMPLATE_LINE = re.compile(r"[ \t]*(?:\{#|\{%-?|\{\{)")


def parse_error(path: str, exc: BaseException, text: str = "") -> FileResult:
    """A PB000 finding for a file that does not parse, at the parser's position; where its first line or the failing
    one opens on template markup (``{# ... #}``, ``{% ... %}``, ``{{ ... }}``: a template named ``.py``, set 607:
    beaker-notebook's reflectors), the message says so and how to leave it out."""
    suggestion = "fix the syntax error; the other files were linted"
    if isinstance(exc, SyntaxError):
        line, column = exc.lineno or 1, (exc.offset or 1)
        message = f"cannot parse: {exc.msg}"
        lines = text.splitlines()
        at = lines[line - 1] if 0 < line <= len(lines) else ""
        # markup on the first line or the failing one, not inside a string elsewhere (a prompt's JSON example)
        if _TEMPLATE_LINE.match(lines[0] if lines else "") or _TEMPLATE_LINE.match(at):
            message += " (the file holds template markup: {# #}, {% %} or {{ }} lines)"
            suggestion = 'a template, not Python: leave it out with exclude = ["<its glob>"] in [tool.prompt_budget.lint]'
    elif isinstance(exc, (RecursionError, MemoryError)):
        line, column = 1, 1
        message = f"cannot analyse: the code is nested too deeply for Python's parser ({type(exc).__name__})"
    else:
        line, column = 1, 1
        message = f"cannot parse: {type(exc).__name__}: {exc}"
    finding = pb000(path, message, line, column, suggestion)
    return FileResult(path=path, findings=(finding,), parsed=True)


#: Set (to anything but "" or "0") to let a rule's own error propagate instead of becoming a finding: the
#: project's test suite sets it, so that a crash fails the test that met it rather than reading as a PB000.
RAISE_INTERNAL_ERRORS = "PROMPT_BUDGET_LINT_RAISE"
_PACKAGE = str(Path(__file__).resolve().parent.parent)


def internal_error(path: str, exc: Exception) -> FileResult:
    """A PB000 finding (``internal-error``) for a file a rule failed on (a bug of the lint, never of the file):
    the error and where in the lint it was raised, so the run goes on and the report names what to send.
    Reported even where PB000 is ignored: ignoring parse errors must not hide that a file went unread."""
    if os.environ.get(RAISE_INTERNAL_ERRORS, "") not in ("", "0"):
        raise exc
    frames = traceback.extract_tb(exc.__traceback__)
    where = next(
        (f for f in reversed(frames) if f.filename.startswith(_PACKAGE)), frames[-1] if frames else None
    )
    at = f" at {Path(where.filename).name}:{where.lineno}" if where is not None else ""
    message = f"cannot analyse: the lint failed on this file ({type(exc).__name__}{at}: {exc})"
    suggestion = "a bug in prompt-budget, not in the file: please report it with this file; the other files were linted"
    finding = Finding(path, 1, 1, 1, 1, PARSE_ERROR, "internal-error", message, suggestion=suggestion)
    return FileResult(path=path, findings=(finding,), parsed=True)
