"""Running the ``prompt-budget`` command as a user would, for the CLI tests: ``python -m prompt_budget``
in a subprocess, with plain output (``NO_COLOR``), and without the variables of the machine running
the tests that would change what the command prints (forced colour, a GitHub step summary)."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

#: Variables of the test run's own environment that a CLI test never inherits.
NOT_INHERITED = ("FORCE_COLOR", "PY_COLORS", "GITHUB_STEP_SUMMARY")


def run_cli(
    *args: str,
    cwd: Path,
    env: Mapping[str, str] | None = None,
    timeout: float = 120,
    input: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """``python -m prompt_budget ARGS`` in ``cwd``; ``env`` adds to (or overrides) the inherited
    environment; ``input`` is its standard input. Never raises on a non-zero exit: the tests check
    the code."""
    full = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    full["NO_COLOR"] = "1"
    full.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "prompt_budget", *args],
        cwd=cwd,
        env=full,
        input=input,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


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
