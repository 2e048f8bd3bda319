"""examples/context (a history reducer and a context assembler tested with these helpers) passes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "context"


def test_example_suite_passes() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(EXAMPLE),
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "-p",
            "no:xdist",
        ],
        capture_output=True,
        text=True,
        cwd=EXAMPLE,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "7 passed" in proc.stdout
