"""Files as they come: a byte-order mark, a coding cookie, CRLF line endings, form feeds and U+2028 in
strings. Positions are the ones an editor shows, ``# noqa`` applies to the line it is on, and ``--fix``
changes the literals and nothing else (encoding, BOM and line endings stay)."""

from __future__ import annotations

import json
import py_compile
from pathlib import Path

from cli_run import run_cli


def _findings(tmp_path: Path, *args: str) -> list[dict[str, object]]:
    proc = run_cli("lint", "--no-cache", "--format", "json", *args, cwd=tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    return list(json.loads(proc.stdout))


def _places(findings: list[dict[str, object]]) -> list[tuple[object, ...]]:
    return [(f["path"], f["line"], f["column"], f["code"]) for f in findings]


def test_a_byte_order_mark_does_not_shift_columns_and_survives_fix(tmp_path: Path) -> None:
    (tmp_path / "bom.py").write_bytes(b"\xef\xbb\xbfMAX_TOKENS = 4096\nx = call(max_tokens=8000)\n")
    # "MAX_TOKENS = " is 13 characters: the literal starts in column 14, BOM or not.
    assert _places(_findings(tmp_path)) == [("bom.py", 1, 14, "PB102"), ("bom.py", 2, 21, "PB101")]

    proc = run_cli("lint", "--no-cache", "--fix", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "not fixed" not in proc.stderr
    data = (tmp_path / "bom.py").read_bytes()
    assert data == (
        b"\xef\xbb\xbfimport prompt_budget\n\n"
        b'MAX_TOKENS = prompt_budget.value("max_tokens", 4096)\n'
        b'x = call(max_tokens=prompt_budget.value("bom_max_tokens", 8000))\n'
    )


def test_a_coding_cookie_is_honoured_by_lint_and_fix(tmp_path: Path) -> None:
    source = b'# -*- coding: latin-1 -*-\ns = "caf\xe9"; MAX_TOKENS = 4096\n'
    (tmp_path / "latin.py").write_bytes(source)
    # 's = "caf\xe9"; ' is 12 characters and "MAX_TOKENS = " 13: the literal is at column 26.
    assert _places(_findings(tmp_path)) == [("latin.py", 2, 26, "PB102")]

    proc = run_cli("lint", "--no-cache", "--fix", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "not fixed" not in proc.stderr
    assert (tmp_path / "latin.py").read_bytes() == (
        b"# -*- coding: latin-1 -*-\nimport prompt_budget\n\n"
        b's = "caf\xe9"; MAX_TOKENS = prompt_budget.value("max_tokens", 4096)\n'
    )
    py_compile.compile(str(tmp_path / "latin.py"), doraise=True)


def test_fix_keeps_crlf_line_endings_in_the_code_and_the_config(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_bytes(
        b"import os\r\n\r\nMAX_TOKENS = 4096\r\n\r\ndef f(client):\r\n"
        b"    return client.create(max_tokens=8000)  # tuned\r\n"
    )
    (tmp_path / "pyproject.toml").write_bytes(b'[project]\r\nname = "x"\r\n')

    proc = run_cli("lint", "--no-cache", "--fix", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (tmp_path / "agent.py").read_bytes() == (
        b"import os\r\n\r\nimport prompt_budget\r\n\r\n"
        b'MAX_TOKENS = prompt_budget.value("max_tokens", 4096)\r\n\r\ndef f(client):\r\n'
        b'    return client.create(max_tokens=prompt_budget.value("f_max_tokens", 8000))  # tuned\r\n'
    )
    assert (tmp_path / "pyproject.toml").read_bytes() == (
        b'[project]\r\nname = "x"\r\n\r\n'
        b"[tool.prompt_budget.values]\r\nmax_tokens = 4096\r\nf_max_tokens = 8000\r\n"
    )
    again = run_cli("lint", "--no-cache", "--fix", cwd=tmp_path)
    assert again.returncode == 0
    assert "fixed" not in again.stderr


def test_noqa_and_positions_follow_python_line_numbers(tmp_path: Path) -> None:
    # U+2028 inside a string and a form feed are not line ends for Python (str.splitlines says they are)
    (tmp_path / "agent.py").write_text(
        's = "a\u2028b"  # noqa\nMAX_TOKENS = 4096\ny = 1\x0c\nCONTEXT_WINDOW = 200000  # noqa\n',
        encoding="utf-8",
        newline="",
    )
    findings = _findings(tmp_path, "--show-suppressed")
    assert [(f["line"], f["column"], f["suppressed"]) for f in findings] == [
        (2, 14, None),
        (4, 18, "noqa"),
    ]
