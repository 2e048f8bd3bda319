"""``prompt-budget``: arguments -> one call into the core -> render; one module per command.

Exit codes: 0 when everything holds, 1 when a budget or rule is broken, 2 on a usage or config error.
Each command's module has ``add(sub)``, which builds its arguments, and ``run(args, out)``, which calls
the core and renders what it returns.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence

from prompt_budget._version import __version__
from prompt_budget.cli import baseline, calibrate, check, count, init, lint
from prompt_budget.cli.options import check_values
from prompt_budget.cli.output import EXIT_OK, EXIT_USAGE, Output
from prompt_budget.errors import PromptBudgetError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="prompt-budget",
        description="Token budgets for LLM prompts, skill files and agent code.",
        epilog="Exit codes: 0 all budgets hold, 1 a budget or rule is broken, 2 usage or config error.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--config", metavar="FILE", help="pyproject.toml or prompt_budget.toml to use")
    parser.add_argument("--color", choices=["auto", "always", "never"], default="auto")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in (count, check, lint, calibrate, baseline, init):
        module.add(sub)
    for command in sub.choices.values():
        # `prompt-budget check --config FILE` as well as `prompt-budget --config FILE check`; when
        # not given after the command, the one given before it stands
        command.add_argument(
            "--config",
            metavar="FILE",
            default=argparse.SUPPRESS,
            help="pyproject.toml or prompt_budget.toml to use",
        )
    return parser


def _one_line_format(default: Callable[..., str]) -> Callable[..., str]:
    """A ``warnings.formatwarning`` that writes prompt-budget's own warnings (an unknown config key, a
    fallback to an estimate) as one ``prompt-budget: warning:`` line, without Python's file and source
    line; other warnings keep the default format. Only the format changes: filters, ``-W error`` and
    anything recording warnings (pytest, ``catch_warnings(record=True)``) see the warning as raised."""

    def formatwarning(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        line: str | None = None,
    ) -> str:
        if category.__module__.startswith("prompt_budget"):
            return f"prompt-budget: warning: {message}\n"
        return default(message, category, filename, lineno, line)

    return formatwarning


def main(argv: Sequence[str] | None = None) -> int:
    """The ``prompt-budget`` console script. What is still buffered is written before the exit code is
    returned: a reader gone by then (``| head``) leaves the code as it is; output that cannot be written
    (a full disk, ``> /dev/full``) is one line on stderr and exit code 2, never a traceback."""
    try:
        code = _run(argv)
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except BrokenPipeError:
        _discard_output()
        return EXIT_OK
    except OSError as exc:
        return _cannot_write(exc)
    return code


def _run(argv: Sequence[str] | None) -> int:
    import warnings

    parser = build_parser()
    args = parser.parse_args(argv)
    out = Output(args.color)
    problem = check_values(parser, args)
    if problem is not None:
        out.error(problem)
        return EXIT_USAGE
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    default_format = warnings.formatwarning
    warnings.formatwarning = _one_line_format(default_format)
    try:
        code: int = args.run(args, out)
    except PromptBudgetError as exc:
        out.error(str(exc))
        return EXIT_USAGE
    except KeyboardInterrupt:
        out.error("interrupted")
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): the verdict stands, quietly
        _discard_output()
        return out.exit_code
    finally:
        warnings.formatwarning = default_format
    return code


def _discard_output() -> None:
    """Point standard output at the null device, so the interpreter's last flush of what could not be
    written does not fail again at exit (Python's documented remedy for SIGPIPE)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # not a real file: an in-process buffer
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _cannot_write(exc: OSError) -> int:
    """A run whose output could not be written (a full disk or quota, `> /dev/full`, an I/O error;
    Windows reports a closed pipe as EINVAL) ends with one line on stderr and exit code 2. Any other
    OSError is a bug, and is raised."""
    import errno

    if exc.errno not in {getattr(errno, n, None) for n in ("ENOSPC", "EDQUOT", "EIO", "EFBIG", "EINVAL")}:
        raise exc
    _discard_output()
    with contextlib.suppress(OSError, AttributeError):
        sys.stderr.write(f"prompt-budget: error: cannot write the output: {exc.strerror or exc}\n")
        sys.stderr.flush()
    return EXIT_USAGE
