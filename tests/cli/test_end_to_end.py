"""The command in a process of its own, where that is the point: the console script and ``python -m``,
standard input from a pipe, output that cannot be written, and Ctrl-C. (A reader that goes away,
``| head``: ``test_check.py``.) Everything else drives ``main`` in-process (``cli_run``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_run import NOT_INHERITED, run_cli

ENV = {**{k: v for k, v in os.environ.items() if k not in NOT_INHERITED}, "NO_COLOR": "1"}
TABLE = (
    "tokens by chars4 (estimated)\n"
    "file            tokens  chars\n"
    "--------------  ------  -----\n"
    "<stdin>              3     11\n"
    "--------------  ------  -----\n"
    "total (1 file)       3     11\n"
)  # ceil(11 / 4)


def test_the_console_script_counts_standard_input(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("prompt-budget")
    if not script.is_file():
        pytest.skip("the console script is not installed beside this interpreter")
    proc = subprocess.run(
        [str(script), "count", "-t", "chars4", "-"],
        cwd=tmp_path,
        env=ENV,
        input="hello world",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, TABLE, "")


def test_python_m_prompt_budget_is_the_same_command(tmp_path: Path) -> None:
    proc = run_cli("count", "-t", "chars4", "-", cwd=tmp_path, input="hello world", in_process=False)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, TABLE, "")
    usage = run_cli("cont", cwd=tmp_path, in_process=False)
    assert usage.returncode == 2
    assert "invalid choice: 'cont'" in usage.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_output_that_cannot_be_written_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """`prompt-budget count . > /dev/full` (a full disk): one line on stderr, exit code 2, no traceback."""
    (tmp_path / "a.md").write_text("hello world\n", encoding="utf-8")
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "prompt_budget", "count", "--no-cache", "."],
            cwd=tmp_path,
            env=ENV,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == "prompt-budget: error: cannot write the output: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/proc/self/wchan"), reason="needs Linux /proc/PID/wchan")
def test_ctrl_c_is_interrupted_and_exit_130(tmp_path: Path) -> None:
    """Ctrl-C while `count -` waits for its standard input: one line, exit code 130, no traceback."""
    # A SIGINT this process ignores (as an earlier test may leave it) stays ignored in the child, and
    # Python then never turns it into KeyboardInterrupt; a handled one is reset to the default by exec.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "prompt_budget", "count", "-"],
            cwd=tmp_path,
            env=ENV,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
    finally:
        signal.signal(signal.SIGINT, before)
    try:
        deadline = time.monotonic() + 60
        while "pipe_read" not in Path(f"/proc/{proc.pid}/wchan").read_text():  # not yet reading stdin
            assert time.monotonic() < deadline, "the command never read its standard input"
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert (proc.returncode, out, err) == (130, "", "prompt-budget: error: interrupted\n")
