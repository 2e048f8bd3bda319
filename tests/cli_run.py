"""Running the ``prompt-budget`` command for the CLI tests, with plain output (``NO_COLOR``) and without
the variables of the machine running the tests that would change what the command prints (forced
colour, a GitHub step summary).

``run_cli`` calls ``prompt_budget.cli.main(argv)`` in this process, as a fresh process would run it:
in ``cwd``, with that environment, standard input and the one-line warning format, its standard
streams captured, and the process-wide state a run leaves (tokenizers resolved from specs that name
files or services, the count-tokens API's settings) dropped afterwards. ``in_process=False`` runs
``python -m prompt_budget`` in a subprocess instead, for what only a real process shows: the console
script, interpreter start-up, signals, closed or full output streams, the environment a module reads
when first imported."""

from __future__ import annotations

import contextlib
import io
import os
import pty
import select
import subprocess
import sys
import warnings
from collections.abc import Iterator, Mapping
from pathlib import Path

#: Variables of the test run's own environment that a CLI test never inherits.
NOT_INHERITED = ("FORCE_COLOR", "PY_COLORS", "GITHUB_STEP_SUMMARY")


def run_cli(
    *args: str,
    cwd: Path,
    env: Mapping[str, str] | None = None,
    timeout: float = 120,
    input: str | bytes | None = None,
    in_process: bool = True,
) -> subprocess.CompletedProcess[str]:
    """``prompt-budget ARGS`` in ``cwd``; ``env`` adds to (or overrides) the inherited environment;
    ``input`` is its standard input. Never raises on a non-zero exit: the tests check the code. Output
    is read as text with universal newlines, as ``subprocess.run(text=True)`` reads it."""
    full = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    full["NO_COLOR"] = "1"
    full.update(env or {})
    data = input.encode("utf-8") if isinstance(input, str) else input
    if not in_process:
        proc = subprocess.run(
            [sys.executable, "-m", "prompt_budget", *args],
            cwd=cwd,
            env=full,
            input=data,
            capture_output=True,
            timeout=timeout,
            check=False,
        )
        return subprocess.CompletedProcess(proc.args, proc.returncode, _text(proc.stdout), _text(proc.stderr))
    from prompt_budget.cli import main

    full.setdefault("COLUMNS", "80")  # argparse's width when not on a terminal, whatever pytest's is
    stdout, stderr = _stream("strict"), _stream("backslashreplace")
    with _fresh_run(cwd, full), _streams(data or b"", stdout, stderr):
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse: --help, --version, a usage error
            code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
    return subprocess.CompletedProcess(["prompt-budget", *args], code, _read(stdout), _read(stderr))


def _text(raw: bytes) -> str:
    return raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def _stream(errors: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=errors, write_through=True)


def _read(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return _text(buffer.getvalue())


@contextlib.contextmanager
def _streams(data: bytes, stdout: io.TextIOWrapper, stderr: io.TextIOWrapper) -> Iterator[None]:
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout, sys.stderr = stdout, stderr
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


@contextlib.contextmanager
def _fresh_run(cwd: Path, env: Mapping[str, str]) -> Iterator[None]:
    """The working folder, environment and warning display of a new process, and afterwards the
    test process's own back, without what the run left in the modules' state."""
    from prompt_budget import tokenizers
    from prompt_budget.tokenizers import api_counts
    from prompt_budget.tokenizers.count_api import SESSION

    before_dir, before_env = os.getcwd(), dict(os.environ)
    settings = dict(api_counts._shared)
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    _forget_tokenizers(tokenizers)
    api_counts._STORES.clear()
    api_counts._shared.update(offline=None, counts_path=None)  # as the environment and folder say
    SESSION.reset()  # a new process: no retries spent, no key refused
    try:
        with warnings.catch_warnings():
            # Python's own filters and display (pytest records warnings instead): on stderr, once
            # per place, deprecations in libraries not shown.
            warnings.resetwarnings()
            for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
                warnings.simplefilter("ignore", category)
            warnings.showwarning = _show_warning
            yield
    finally:
        os.chdir(before_dir)
        os.environ.clear()
        os.environ.update(before_env)
        api_counts._shared.update(settings)
        api_counts._STORES.clear()
        SESSION.reset()
        _forget_tokenizers(tokenizers)


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: object = None,
    line: str | None = None,
) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def _forget_tokenizers(tokenizers: object) -> None:
    """Drop the resolved tokenizers whose spec names a file or a service (``calibrated:cal.json``,
    ``hf:``, ``anthropic:``): what they count depends on the folder and environment of the run. The
    built-in encodings stay loaded, as loading one takes most of a second."""
    registry = tokenizers._REGISTRY  # type: ignore[attr-defined]
    for spec in [s for s in registry if ":" in s]:
        del registry[spec]


def run_in_pty(cwd: Path, *args: str, env: Mapping[str, str]) -> str:
    """``python -m prompt_budget ARGS`` with a terminal for its standard output and error (TERM
    xterm-256color, 100 columns): what it printed there, escapes included."""
    master, slave = pty.openpty()
    full_env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "CI")}
    full_env.update(TERM="xterm-256color", COLUMNS="100", **env)
    proc = subprocess.Popen(
        [sys.executable, "-m", "prompt_budget", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=slave,
        env=full_env,
    )
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 30)
        if not ready:
            break
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    assert proc.wait(timeout=30) == 0
    return b"".join(chunks).decode("utf-8", errors="replace")


def run_with_closed_stdout(*args: str, cwd: Path, env: Mapping[str, str]) -> tuple[int, str]:
    """``python -m prompt_budget ARGS`` writing to a pipe whose reader has gone (``| head -1`` after
    its line): the exit code and what it said on standard error. ``env`` is the whole environment."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "prompt_budget", *args],
            cwd=cwd,
            env=dict(env),
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        os.close(write_end)
    return proc.returncode, proc.stderr
