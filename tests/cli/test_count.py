"""``prompt-budget count`` on real files: the message and the exit code (in-process through ``main``;
in a subprocess where a fresh process is the point).

Exit codes: 0 ok, 1 a budget is broken, 2 a usage or config error. No case may print a traceback.
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_run import run_cli, run_in_pty

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(
    cwd: Path,
    *args: str,
    stdin: bytes | None = None,
    env: dict[str, str] | None = None,
    in_process: bool = True,
) -> subprocess.CompletedProcess[str]:
    out = run_cli("count", *args, cwd=cwd, input=stdin, env=env, in_process=in_process)
    assert "Traceback" not in out.stderr, out.stderr
    assert "Traceback" not in out.stdout, out.stdout
    return out


def rows(stdout: str) -> dict[str, int]:
    """The plain table's rows: file -> tokens."""
    table: dict[str, int] = {}
    for line in stdout.splitlines():
        m = re.match(r"^(\S.*?)\s{2,}([\d,]+)\s+([\d,]+)$", line)
        if m and not line.startswith("total ("):
            table[m.group(1)] = int(m.group(2).replace(",", ""))
    return table


def total(stdout: str) -> int:
    m = re.search(r"^total \(\d+ files?\)\s+([\d,]+)", stdout, re.MULTILINE)
    assert m, stdout
    return int(m.group(1).replace(",", ""))


def one_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    return lines[0]


# --- good input ---------------------------------------------------------------------------------------


def test_counts_a_file(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("hello world", encoding="utf-8")  # o200k: "hello", " world"
    res = run(tmp_path, "a.md")
    assert res.returncode == 0
    assert res.stderr == ""
    assert res.stdout.splitlines()[0] == "tokens by o200k_base"
    assert rows(res.stdout) == {"a.md": 2}
    assert total(res.stdout) == 2


def test_the_configured_model_counts_with_its_own_tokenizer(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.prompt_budget]\nmodel = "gpt-4"\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("hello world", encoding="utf-8")
    res = run(tmp_path, "a.md")
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[0] == "tokens by cl100k_base"
    assert rows(res.stdout) == {"a.md": 2}  # cl100k: "hello", " world"


def test_estimates_say_so(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("x" * 10, encoding="utf-8")
    res = run(tmp_path, "--tokenizer", "chars4", "a.md")
    assert res.returncode == 0
    assert res.stdout.splitlines()[0] == "tokens by chars4 (estimated)"
    assert rows(res.stdout) == {"a.md": 3}  # ceil(10 / 4)


def test_stdin(tmp_path: Path) -> None:
    res = run(tmp_path, "-", stdin=b"hello world")
    assert res.returncode == 0
    assert rows(res.stdout) == {"<stdin>": 2}


def test_stdin_non_utf8_is_said(tmp_path: Path) -> None:
    res = run(tmp_path, "-t", "chars4", "-", stdin="café".encode("latin-1"))
    assert res.returncode == 0
    assert (
        one_line(res.stderr) == "prompt-budget: <stdin>: not valid UTF-8; counted after replacement decoding"
    )
    assert rows(res.stdout) == {"<stdin>": 1}  # "caf\ufffd" is 4 chars: ceil(4 / 4)


def test_json(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("hello world", encoding="utf-8")
    (tmp_path / "b.md").write_text("x" * 9, encoding="utf-8")
    res = run(tmp_path, "--json", "-t", "chars4", "a.md", "b.md")
    assert res.returncode == 0
    data = json.loads(res.stdout)
    assert data == {
        "version": 1,
        "tokenizer": "chars4",
        "exact": False,
        "files": [
            {"path": "a.md", "tokens": 3, "chars": 11, "notes": []},  # ceil(11 / 4)
            {"path": "b.md", "tokens": 3, "chars": 9, "notes": []},  # ceil(9 / 4)
        ],
        "total": 6,
        "max_tokens": None,
        "errors": 0,
    }


def test_max_tokens_broken_exits_1(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("x" * 40, encoding="utf-8")  # chars4: 10
    res = run(tmp_path, "-t", "chars4", "--max-tokens", "8", "a.md")
    assert res.returncode == 1
    assert one_line(res.stderr) == "prompt-budget: error: total 10 tokens exceeds --max-tokens 8 by 2"
    assert total(res.stdout) == 10


def test_max_tokens_held_exits_0(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("x" * 40, encoding="utf-8")
    res = run(tmp_path, "-t", "chars4", "--max-tokens", "1k", "a.md")
    assert res.returncode == 0
    assert res.stderr == ""


def test_max_tokens_json_reports_the_limit(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("x" * 40, encoding="utf-8")
    res = run(tmp_path, "--json", "-t", "chars4", "--max-tokens", "8", "a.md")
    assert res.returncode == 1
    assert json.loads(res.stdout)["max_tokens"] == 8


@pytest.mark.parametrize("value", ["0", "-3", "lots"])
def test_bad_max_tokens_is_a_usage_error(tmp_path: Path, value: str) -> None:
    (tmp_path / "a.md").write_text("x", encoding="utf-8")
    res = run(tmp_path, f"--max-tokens={value}", "a.md")
    assert res.returncode == 2
    assert one_line(res.stderr).startswith("prompt-budget: error: --max-tokens: ")


def test_directory_recursion_honours_gitignore_and_skips_vcs(tmp_path: Path) -> None:
    files = {
        "a.md": "x" * 4,  # 1
        "docs/b.md": "x" * 8,  # 2
        "docs/c.log": "x" * 400,  # ignored by .gitignore
        "build/out.md": "x" * 400,  # ignored folder
        ".git/config": "x" * 400,
        ".venv/lib/site.py": "x" * 400,
        ".venv/pyvenv.cfg": "x" * 400,  # a virtual environment by what it holds, not by its name
        "node_modules/p/i.js": "x" * 400,
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    (tmp_path / ".gitignore").write_text("*.log\nbuild/\n", encoding="utf-8")  # 13 chars: 4
    res = run(tmp_path, "-t", "chars4", ".")
    assert res.returncode == 0, res.stderr
    assert rows(res.stdout) == {".gitignore": 4, "a.md": 1, "docs/b.md": 2}
    assert total(res.stdout) == 7


def test_default_path_is_the_current_folder(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("x" * 4, encoding="utf-8")
    res = run(tmp_path, "-t", "chars4")
    assert rows(res.stdout) == {"a.md": 1}


def test_a_binary_file_in_a_folder_is_skipped_with_a_note(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("x" * 4, encoding="utf-8")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    res = run(tmp_path, "-t", "chars4", ".")
    assert res.returncode == 0
    assert (
        one_line(res.stderr)
        == "prompt-budget: logo.png: skipped: binary file (contains NUL bytes), not counted"
    )
    assert rows(res.stdout) == {"a.md": 1}


def test_a_broken_symlink_in_a_folder_is_skipped_with_a_note(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("x" * 4, encoding="utf-8")
    (tmp_path / "dangling.md").symlink_to(tmp_path / "gone.md")
    (tmp_path / "loop").symlink_to(tmp_path)  # a link to a folder is not followed
    res = run(tmp_path, "-t", "chars4", ".")
    assert res.returncode == 0
    assert one_line(res.stderr).startswith(
        "prompt-budget: dangling.md: skipped: broken symbolic link (points to "
    )
    assert rows(res.stdout) == {"a.md": 1}


def test_the_disk_cache_serves_a_second_run(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("hello world", encoding="utf-8")
    first = run(tmp_path, "a.md")
    assert (tmp_path / ".prompt-budget" / "cache" / "counts-v1.json").is_file()
    second = run(tmp_path, "a.md")
    assert rows(first.stdout) == rows(second.stdout) == {"a.md": 2}
    third = run(tmp_path, "--no-cache", "a.md")
    assert rows(third.stdout) == {"a.md": 2}


def test_a_calibration_over_a_base_is_cached_under_that_base(tmp_path: Path) -> None:
    """A calibration fitted over a base tokenizer ("kind": "base") reweights that base's count: with
    another base (its "base" edited, or the hf: tokenizer.json it names replaced) the disk cache gave
    the old base's count, as if nothing had changed."""
    from prompt_budget.calibrate import base_feature_names

    weights = {name: 1.0 for name in base_feature_names()}
    weights["one"] = 0.0  # the estimate is the base's count
    calibration = {"format": 1, "kind": "base", "base": "chars4", "weights": weights}
    (tmp_path / "cal.json").write_text(json.dumps(calibration), encoding="utf-8")
    (tmp_path / "a.md").write_text("x" * 40, encoding="utf-8")
    first = run(tmp_path, "--json", "-t", "calibrated:cal.json", "a.md")
    assert json.loads(first.stdout)["total"] == 10  # chars4: 40 / 4
    calibration["base"] = "conservative"
    (tmp_path / "cal.json").write_text(json.dumps(calibration), encoding="utf-8")
    second = run(tmp_path, "--json", "-t", "calibrated:cal.json", "a.md")
    assert json.loads(second.stdout)["total"] == 15  # conservative: 40 * 3 / 8


def test_a_calibration_over_an_offline_api_does_not_cache_its_stand_in_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A calibration over ``anthropic:`` reweights the API's count; offline, the API's count is itself
    an estimate. Cached as the calibration's count, that estimate came back in every later run, the
    API reachable or not."""
    pytest.importorskip("anthropic")
    pytest.importorskip("quicktok")
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "unit"))
    from anthropic_server import count_server

    from prompt_budget.calibrate import base_feature_names

    weights = {name: 1.0 for name in base_feature_names()}
    weights["one"] = 0.0  # the estimate is the base's count
    calibration = {"format": 1, "kind": "base", "base": "anthropic:claude-sonnet-4-5", "weights": weights}
    (tmp_path / "cal.json").write_text(json.dumps(calibration), encoding="utf-8")
    text = "The quick brown fox jumps over the lazy dog. " * 30
    (tmp_path / "a.md").write_text(text, encoding="utf-8")
    offline = run(tmp_path, "--json", "-t", "calibrated:cal.json", "a.md", env={"PROMPT_BUDGET_OFFLINE": "1"})
    assert offline.returncode == 0, offline.stderr
    with count_server() as server:
        env = {"ANTHROPIC_API_KEY": "sk-test", "ANTHROPIC_BASE_URL": server.url}
        online = run(tmp_path, "--json", "-t", "calibrated:cal.json", "a.md", env=env)
        assert online.returncode == 0, online.stderr
        api = server.expected({"messages": [{"role": "user", "content": text}]})
    assert json.loads(online.stdout)["total"] == api
    assert json.loads(offline.stdout)["total"] != api  # the stand-in differs: the test can tell them apart


def test_a_path_up_from_a_link_is_cached_as_the_file_it_reads(tmp_path: Path) -> None:
    """`up/../x.md` is the x.md above the link's target (what the system reads), not the x.md beside
    the link: the disk cache must not file the count of one under the other. Same size, other text."""
    (tmp_path / "elsewhere" / "inner").mkdir(parents=True)
    far_text = "\u00e9" * 4 + "\n"  # 9 bytes, 5 chars
    (tmp_path / "elsewhere" / "x.md").write_text(far_text, encoding="utf-8")
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "x.md").write_text("abcdefgh\n", encoding="utf-8")  # 9 bytes, 9 chars
    os.symlink("../elsewhere/inner", tmp_path / "work" / "up")
    time.sleep(2.1)  # older than 2 seconds: their stat signatures are cached
    far = json.loads(run(tmp_path / "work", "--json", "up/../x.md").stdout)
    assert [f["chars"] for f in far["files"]] == [5]
    near = json.loads(run(tmp_path / "work", "--json", "x.md").stdout)
    assert [f["chars"] for f in near["files"]] == [9]


def test_list_tokenizers(tmp_path: Path) -> None:
    res = run(tmp_path, "--list-tokenizers")
    assert res.returncode == 0
    assert {"o200k_base", "cl100k_base", "chars4", "conservative", "words"} <= set(res.stdout.split())


# --- bad input: one line, the right exit code -------------------------------------------------------


def test_missing_path(tmp_path: Path) -> None:
    res = run(tmp_path, "nope.md")
    assert res.returncode == 2
    assert one_line(res.stderr) == "prompt-budget: error: nope.md: no such file or directory"
    assert res.stdout == ""


def test_an_empty_path_is_an_error_not_the_current_folder(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("hello", encoding="utf-8")
    res = run(tmp_path, "")
    assert res.returncode == 2
    assert one_line(res.stderr) == "prompt-budget: error: '': an empty path (use . for the current folder)"


def test_a_path_outside_the_folder_is_shown_normalised(tmp_path: Path) -> None:
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "b.md").write_text("hello", encoding="utf-8")
    (tmp_path / "here").mkdir()
    res = run(tmp_path / "here", "..//other/./b.md")
    assert res.returncode == 0, res.stderr
    assert "../other/b.md" in res.stdout
    assert "..//other" not in res.stdout


def test_a_path_through_a_file(tmp_path: Path) -> None:
    (tmp_path / "file.md").write_text("x", encoding="utf-8")
    res = run(tmp_path, "file.md/inside.md")
    assert res.returncode == 2
    assert one_line(res.stderr) == (
        "prompt-budget: error: file.md/inside.md: no such file or directory (a parent in the path is a file)"
    )


def test_one_bad_path_among_good_ones_still_counts_the_rest(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("x" * 4, encoding="utf-8")
    res = run(tmp_path, "-t", "chars4", "a.md", "nope.md")
    assert res.returncode == 2
    assert one_line(res.stderr) == "prompt-budget: error: nope.md: no such file or directory"
    assert rows(res.stdout) == {"a.md": 1}


def _drop_file_permission_override() -> None:
    """In the child, before exec: drop CAP_DAC_OVERRIDE (1) and CAP_DAC_READ_SEARCH (2) from the
    capability bounding set, so that even root gets EACCES on a mode-000 file."""
    libc = ctypes.CDLL(None, use_errno=True)
    pr_capbset_drop = 24
    for cap in (1, 2):
        if libc.prctl(pr_capbset_drop, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def test_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "secret.md"
    path.write_text("x" * 4, encoding="utf-8")
    path.chmod(0)
    preexec = None
    if os.geteuid() == 0:
        if not sys.platform.startswith("linux"):
            pytest.skip("root reads mode-000 files; dropping the capability needs Linux")
        preexec = _drop_file_permission_override
    try:
        if preexec is None:
            res = run(tmp_path, "secret.md")
        else:  # in a process of its own, without the capability to read it anyway
            argv = [sys.executable, "-m", "prompt_budget", "count", "secret.md"]
            try:
                res = subprocess.run(
                    argv, cwd=tmp_path, capture_output=True, text=True, check=False, preexec_fn=preexec
                )
            except subprocess.SubprocessError as exc:
                pytest.skip(f"cannot drop the file-permission capability here: {exc}")
    finally:
        path.chmod(0o644)
    assert res.returncode == 2
    assert one_line(res.stderr) == "prompt-budget: error: secret.md: permission denied"


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux /proc")
def test_an_io_error_while_reading(tmp_path: Path) -> None:
    """/proc/self/mem is a regular file whose read at offset 0 fails with EIO, even for root."""
    res = run(tmp_path, "/proc/self/mem")
    assert res.returncode == 2
    assert one_line(res.stderr) == "prompt-budget: error: /proc/self/mem: cannot read: input/output error"


def test_a_fifo_is_refused_not_waited_on(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    res = run(tmp_path, "pipe")
    assert res.returncode == 2
    assert one_line(res.stderr) == (
        "prompt-budget: error: pipe: not a regular file (a FIFO, socket or device); pipe it to '-' instead"
    )
    # In a folder, a FIFO is not even looked at.
    (tmp_path / "a.md").write_text("x" * 4, encoding="utf-8")
    res = run(tmp_path, "-t", "chars4", ".")
    assert res.returncode == 0
    assert rows(res.stdout) == {"a.md": 1}


def test_binary_file(tmp_path: Path) -> None:
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    res = run(tmp_path, "logo.png")
    assert res.returncode == 2
    assert (
        one_line(res.stderr)
        == "prompt-budget: error: logo.png: binary file (contains NUL bytes), not counted"
    )


def test_non_utf8_file_is_counted_after_replacement(tmp_path: Path) -> None:
    (tmp_path / "latin1.txt").write_bytes("café au lait".encode("latin-1"))  # é is byte 3
    res = run(tmp_path, "-t", "chars4", "latin1.txt")
    assert res.returncode == 0
    assert one_line(res.stderr) == (
        "prompt-budget: latin1.txt: not valid UTF-8 (first bad byte at offset 3); "
        "counted after replacement decoding"
    )
    assert rows(res.stdout) == {"latin1.txt": 3}  # 12 chars after replacement: ceil(12 / 4)


def test_empty_file(tmp_path: Path) -> None:
    (tmp_path / "empty.md").write_bytes(b"")
    res = run(tmp_path, "empty.md")
    assert res.returncode == 0
    assert one_line(res.stderr) == "prompt-budget: empty.md: empty file"
    assert rows(res.stdout) == {"empty.md": 0}


def test_broken_symlink(tmp_path: Path) -> None:
    (tmp_path / "link.md").symlink_to(tmp_path / "gone.md")
    res = run(tmp_path, "link.md")
    assert res.returncode == 2
    assert (
        one_line(res.stderr)
        == f"prompt-budget: error: link.md: broken symbolic link (points to {tmp_path / 'gone.md'})"
    )


def test_a_50_mb_file(tmp_path: Path, tiktoken_offline: Path) -> None:
    import tiktoken

    line = "hello world\n"
    # The reference: each line is the same 3 BPE pieces ("hello", " world", "\n"), whatever follows.
    assert len(tiktoken.get_encoding("o200k_base").encode_ordinary(line * 3)) == 9
    n_lines = 50 * 1024 * 1024 // len(line) + 1
    (tmp_path / "big.txt").write_text(line * n_lines, encoding="utf-8")
    assert (tmp_path / "big.txt").stat().st_size >= 50 * 1024 * 1024
    res = run(tmp_path, "--json", "big.txt")
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""
    data = json.loads(res.stdout)
    assert data["total"] == 3 * n_lines
    assert data["files"][0]["chars"] == len(line) * n_lines


def test_unknown_tokenizer(tmp_path: Path) -> None:
    res = run(tmp_path, "-t", "o200k", "-", stdin=b"x")
    assert res.returncode == 2
    line = one_line(res.stderr)
    assert line.startswith(
        "prompt-budget: error: tokenizer: unknown tokenizer 'o200k'. Did you mean 'o200k_base'?"
    )
    assert "cl100k_base" in line


def test_no_backend_installed(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['quicktok'] = None; sys.modules['tiktoken'] = None; "
        "from prompt_budget.cli import main; raise SystemExit(main(['count', '-']))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, input=b"x", capture_output=True, timeout=60, check=False
    )
    stderr = proc.stderr.decode()
    assert proc.returncode == 2
    assert "Traceback" not in stderr
    assert one_line(stderr).startswith("prompt-budget: error: no exact backend for o200k_base is installed.")
    assert "pip install 'pytest-prompt-budget[fast]'" in stderr


def test_a_backend_that_does_not_import_is_said(tmp_path: Path) -> None:
    # Backends are imported on first use, not when the spec resolves: a broken install is still a
    # one-line error naming the package, not a traceback.
    fake = tmp_path / "site" / "quicktok"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('libquicktok.so: cannot open')\n", encoding="utf-8")
    path = os.pathsep.join([str(tmp_path / "site"), *filter(None, [os.environ.get("PYTHONPATH")])])
    res = run(tmp_path, "-", stdin=b"x", env={"PYTHONPATH": path}, in_process=False)
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    assert one_line(res.stderr) == (
        "prompt-budget: error: quicktok is installed but does not import (libquicktok.so: cannot open); "
        "reinstall it, or install the 'fast' extra (pip install 'pytest-prompt-budget[fast]')"
    )


def test_resolving_a_spec_imports_no_backend(tmp_path: Path) -> None:
    # A run whose counts all come from the disk cache never needs the backend: resolving the spec
    # must not import it (tiktoken alone takes about 15 ms to import).
    code = (
        "import sys; from prompt_budget.tokenizers import get_tokenizer; "
        "tok = get_tokenizer('o200k_base'); tok2 = get_tokenizer('cl100k_base'); "
        "print(sorted(m for m in ('quicktok', 'tiktoken') if m in sys.modules)); "
        "print(tok.count('hello world')); print(sorted(m for m in ('quicktok', 'tiktoken') if m in sys.modules))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[]", "2", "['quicktok']"]


def test_bad_config_names_the_file_and_key(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.prompt_budget]\nthreshold = "150%"\n', encoding="utf-8")
    res = run(tmp_path, "-", stdin=b"x")
    assert res.returncode == 2
    assert one_line(res.stderr) == (
        f"prompt-budget: error: {tmp_path / 'pyproject.toml'}: tool.prompt_budget.threshold: "
        "a fraction must be in (0, 1] (0% < x <= 100%), got '150%'"
    )


def test_malformed_config(tmp_path: Path) -> None:
    (tmp_path / "prompt_budget.toml").write_text("tokenizer = \n", encoding="utf-8")
    res = run(tmp_path, "-", stdin=b"x")
    assert res.returncode == 2
    line = one_line(res.stderr)
    assert line.startswith(f"prompt-budget: error: {tmp_path / 'prompt_budget.toml'}: invalid TOML: ")
    assert "line 1" in line


def test_unknown_option_is_a_usage_error(tmp_path: Path) -> None:
    res = run(tmp_path, "--frobnicate")
    assert res.returncode == 2
    assert "unrecognized arguments: --frobnicate" in res.stderr


# --- output forms -----------------------------------------------------------------------------------


def test_plain_table_when_not_a_tty(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("x" * 4, encoding="utf-8")
    res = run(tmp_path, "-t", "chars4", "a.md")
    assert not ANSI.search(res.stdout)
    assert res.stdout == (
        "tokens by chars4 (estimated)\n"
        "file            tokens  chars\n"
        "--------------  ------  -----\n"
        "a.md                 1      4\n"
        "--------------  ------  -----\n"
        "total (1 file)       1      4\n"
    )


def test_the_plain_table_of_many_files_is_aligned_on_the_widest_cell(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "long-name.md").write_text("x" * 48_000, encoding="utf-8")
    (tmp_path / "d" / "b.md").write_text("x" * 8, encoding="utf-8")
    (tmp_path / "a.md").write_text("", encoding="utf-8")
    res = run(tmp_path, "-t", "chars4", "d", "a.md")
    assert res.stdout == (
        "tokens by chars4 (estimated)\n"
        "file             tokens   chars\n"
        "---------------  ------  ------\n"
        "d/b.md                2       8\n"
        "d/long-name.md   12,000  48,000\n"
        "a.md                  0       0\n"
        "---------------  ------  ------\n"
        "total (3 files)  12,002  48,008\n"
    )


def test_rich_table_on_a_terminal_and_plain_with_no_color(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("x" * 4, encoding="utf-8")
    rich = run_in_pty(tmp_path, "count", "-t", "chars4", "a.md", env={})
    assert ANSI.search(rich), rich
    assert "a.md" in rich
    plain = run_in_pty(tmp_path, "count", "-t", "chars4", "a.md", env={"NO_COLOR": "1"})
    assert not ANSI.search(plain), plain
    assert "total (1 file)       1      4" in plain


def test_an_unknown_config_key_is_one_warning_line(tmp_path: Path) -> None:
    (tmp_path / "prompt_budget.toml").write_text('tokenzier = "o200k_base"\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("hello\n", encoding="utf-8")
    proc = run(tmp_path, "a.md")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines() == [
        f"prompt-budget: warning: {tmp_path / 'prompt_budget.toml'}: unknown key "
        "'tokenzier' ignored; did you mean 'tokenizer'?"
    ]


def test_in_process_main_leaves_the_warning_to_pytest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The one-line format is only a format: called in-process, the warning is still recorded."""
    from prompt_budget import cli
    from prompt_budget.errors import ConfigWarning

    (tmp_path / "prompt_budget.toml").write_text('tokenzier = "o200k_base"\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("hello\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.warns(ConfigWarning, match="unknown key 'tokenzier'"):
        assert cli.main(["count", "--no-cache", "a.md"]) == 0
    assert "total (1 file)" in capsys.readouterr().out


def test_a_calibration_file_that_is_not_utf8_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "cal.json").write_bytes('{"format": 1, "name": "caf\u00e9"}'.encode("latin-1"))
    (tmp_path / "a.md").write_text("hello\n", encoding="utf-8")
    proc = run(tmp_path, "--no-cache", "-t", "calibrated:cal.json", "a.md")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "prompt-budget: error: cal.json: not UTF-8 text (bad byte at offset 26); expected a calibration "
        "file written by prompt-budget calibrate"
    ]


@pytest.mark.parametrize(
    ("model", "advice"),
    [
        (
            "claude-sonnet-4-5-20250929",
            "use 'anthropic:claude-sonnet-4-5-20250929' (exact, through the count-tokens API) or "
            "'calibrated:claude-sonnet-4-5-20250929' (a local estimate, calibrated:claude-3)",
        ),
        (
            "gemini-2.5-pro",
            "use 'google:gemini-2.5-pro' (exact, through the count-tokens API) or "
            "'calibrated:gemini-2.5-pro' (a local estimate, calibrated:o200k_base-classes)",
        ),
    ],
)
def test_a_model_without_a_public_tokenizer_says_what_counts_it(
    tmp_path: Path, model: str, advice: str
) -> None:
    """The model table knows these models, so "unknown tokenizer ... or a model name such as gpt-4o"
    was wrong; the error says how to count them."""
    (tmp_path / "a.md").write_text("hello\n", encoding="utf-8")
    proc = run(tmp_path, "--no-cache", "-t", model, "a.md")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        f"prompt-budget: error: tokenizer: {model!r} is a known model, but its tokenizer is not public, so "
        f"it cannot be counted exactly offline by name: {advice}"
    ]


@pytest.mark.parametrize("name", ["gpt-4o-mine.json", "claude-sonnet-4-5-tuned.json"])
def test_a_calibration_file_named_like_a_model_is_read(tmp_path: Path, name: str) -> None:
    """calibrated:gpt-4o-mine.json is the file, not the gpt-4o model whose name it starts with: the
    shipped calibration used to be read instead, silently."""
    calibration = {"format": 1, "kind": "charclass", "weights": {"one": 100}}  # every text is 100
    (tmp_path / name).write_text(json.dumps(calibration), encoding="utf-8")
    (tmp_path / "a.md").write_text("hello\n", encoding="utf-8")
    proc = run(tmp_path, "--json", "--no-cache", "-t", f"calibrated:{name}", "a.md")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert (report["tokenizer"], report["exact"], report["total"]) == (f"calibrated:{name}", False, 100)


def test_a_tokenizer_plugin_that_fails_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A third-party plugin raising its own error (a missing file, a bug) is said with where it was
    # raised, not shown as a traceback.
    (tmp_path / "boom_plugin.py").write_text(
        "from prompt_budget.hookspecs import hookimpl\n"
        "@hookimpl\n"
        "def prompt_budget_get_tokenizer(spec):\n"
        "    if spec.startswith('boom:'):\n"
        "        raise RuntimeError('model file is corrupt')\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import boom_plugin  # type: ignore[import-not-found]

    from prompt_budget.plugins import get_plugin_manager

    get_plugin_manager().register(boom_plugin)
    try:
        proc = run(tmp_path, "-t", "boom:x", "-", stdin=b"hello")
    finally:
        get_plugin_manager().unregister(boom_plugin)
    assert proc.returncode == 2
    assert one_line(proc.stderr).startswith(
        "prompt-budget: error: tokenizer 'boom:x': a tokenizer plugin failed to load it "
        "(RuntimeError: model file is corrupt; raised at "
    )
    assert "boom_plugin.py:5)" in proc.stderr
