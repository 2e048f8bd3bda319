"""The lint under Python 3.10, the oldest supported Python: a file written in 3.12-only syntax (PEP 701
f-strings, type parameters, ``type`` aliases) and ``except*`` (3.11) is analysed, with its findings on
the right lines, by the public command run in a 3.10 interpreter.

The interpreter: ``PROMPT_BUDGET_PYTHON310`` (a Python 3.10 with the project installed; ``.ci/run``
builds one when a 3.10 exists on the machine), else a ``python3.10`` found on ``PATH`` or under pyenv
that can import the project's dependencies. The test skips, saying why, only when there is neither.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import prompt_budget

ENV_VAR = "PROMPT_BUDGET_PYTHON310"
SRC = Path(prompt_budget.__file__).resolve().parents[1]
DEPENDENCIES = ("libcst", "rich", "yaml", "markdown_it", "pathspec", "tomlkit", "tomli", "pluggy", "pytest")

# Each construct below is a SyntaxError for Python 3.10's own parser.
NEWER = (
    "type Window = int\n"  # 1: a type alias (3.12)
    "class Agent[T]:\n"  # 2: type parameters (3.12)
    "    def ask[U: (str, bytes)](self, client, d: U) -> U:\n"  # 3
    '        note = f"{d["name"]}: {client.create(max_tokens=8000)!r}"\n'  # 4: PEP 701 (3.12)
    "        if count_tokens(d) > 96000:\n"  # 5
    "            return d\n"  # 6
    "        return note\n"  # 7
    "try:\n"  # 8
    "    pass\n"  # 9
    "except* ValueError:\n"  # 10: exception groups (3.11)
    "    CONTEXT_WINDOW = 200_000\n"  # 11
)

# Run inside the 3.10 interpreter: say which Python it is and that it cannot compile the file itself,
# then lint the file through the command line's entry point, exactly as `prompt-budget lint` does.
PROBE = """\
import json, sys
path = sys.argv[1]
try:
    compile(open(path, encoding="utf-8").read(), path, "exec", dont_inherit=True)
    compiles = True
except SyntaxError:
    compiles = False
print(json.dumps({"version": list(sys.version_info[:2]), "compiles": compiles}))
sys.stdout.flush()
from prompt_budget.cli import main
raise SystemExit(main(["lint", path, "--format", "json", "--no-cache"]))
"""


def _runs_310(python: str) -> bool:
    try:
        done = subprocess.run(
            [python, "-c", "import sys; print(sys.version_info[:2] == (3, 10))"],
            check=False,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except OSError:
        return False
    return done.returncode == 0 and done.stdout.strip() == "True"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(SRC)  # this tree's code, whatever the interpreter has installed
    return env


def _has_dependencies(python: str) -> bool:
    code = "import " + ", ".join(DEPENDENCIES)
    done = subprocess.run(
        [python, "-c", code], check=False, capture_output=True, text=True, env=_env(), timeout=60
    )
    return done.returncode == 0


def _python310() -> str:
    configured = os.environ.get(ENV_VAR)
    if configured:
        # Set on purpose (by .ci/run): a broken one is a failure, not a skip.
        assert _runs_310(configured), f"{ENV_VAR}={configured} is not a working Python 3.10"
        return configured
    home = os.environ.get("PYENV_ROOT", str(Path.home() / ".pyenv"))
    candidates = [shutil.which("python3.10"), *sorted(glob.glob(f"{home}/versions/3.10*/bin/python3.10"))]
    found = [c for c in candidates if c and _runs_310(c)]
    for python in found:
        if _has_dependencies(python):
            return python
    if found:
        pytest.skip(
            f"{found[0]} lacks the project's dependencies; set {ENV_VAR} to a Python 3.10 with the project "
            "installed (.ci/run builds one)"
        )
    pytest.skip(f"no Python 3.10 on this machine (none on PATH or under pyenv, and {ENV_VAR} is not set)")


def _line_column(code: str, needle: str) -> tuple[int, int]:
    start = code.index(needle)
    return code.count("\n", 0, start) + 1, start - (code.rfind("\n", 0, start) + 1) + 1


def test_newer_syntax_is_analysed_under_python_310(tmp_path: Path) -> None:
    python = _python310()
    source = tmp_path / "agent.py"
    source.write_text(NEWER, encoding="utf-8")
    done = subprocess.run(
        [python, "-c", PROBE, str(source)],
        check=False,
        capture_output=True,
        text=True,
        env=_env(),
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr  # 1: findings remain
    head, _, body = done.stdout.partition("\n")
    assert json.loads(head) == {"version": [3, 10], "compiles": False}
    found = {(f["code"], f["line"], f["column"], f["value"]) for f in json.loads(body)}
    assert found == {
        ("PB101", 4, 57, 8000),
        ("PB103", 5, 30, 96000),
        ("PB102", 11, 22, 200000),
    }
    # The positions above, written out by hand, are where the numbers are.
    assert _line_column(NEWER, "8000") == (4, 57)
    assert _line_column(NEWER, "96000") == (5, 30)
    assert _line_column(NEWER, "200_000") == (11, 22)


def test_the_same_file_gives_the_same_findings_under_this_python() -> None:
    # The running interpreter (3.11 in CI) agrees with 3.10: the fallback does not depend on it.
    from lint_helpers import lint_snippet

    found = {(f.code, f.line, f.column, f.value) for f in lint_snippet(NEWER)}
    assert found == {("PB101", 4, 57, 8000), ("PB103", 5, 30, 96000), ("PB102", 11, 22, 200000)}
    if sys.version_info < (3, 12):
        with pytest.raises(SyntaxError):
            compile(NEWER, "agent.py", "exec", dont_inherit=True)
