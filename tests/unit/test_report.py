"""The report renderers: JSON (versioned, validated against its own schema), Markdown, the terminal
table and JUnit properties."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from prompt_budget.report import json_report, junit, markdown, terminal


def _rec(nodeid: str, label: str, tokens: int, cap: int | None, status: str, **extra: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "id": f"{nodeid}::{label}",
        "nodeid": nodeid,
        "label": label,
        "kind": "prompt",
        "tokenizer": "o200k_base",
        "exact": True,
        "tokens": tokens,
        "max_tokens": cap,
        "cap_source": None if cap is None else f"call argument max_tokens={cap}",
        "status": status,
        "percent": None if not cap else round(100.0 * tokens / cap, 1),
        "sections": [],
        "parts": {},
        "message": "",
    }
    rec.update(extra)
    return rec


RECORDS = [
    _rec("t.py::test_a", "small", 10, 100, "pass"),
    _rec("t.py::test_b", "big", 120, 100, "fail"),
    _rec("t.py::test_c", "near", 90, 100, "warn"),
    _rec("t.py::test_d", "half", 50, 100, "pass", tokenizer="chars4", exact=False),
    _rec(
        "t.py::test_e",
        "sections",
        40,
        None,
        "fail",
        kind="sections",
        sections=[
            {"name": "history", "tokens": 5, "max_tokens": 10, "cap_source": None, "status": "pass"},
            {"name": "system|prompt", "tokens": 35, "max_tokens": 30, "cap_source": None, "status": "fail"},
        ],
    ),
]


def test_json_report_is_versioned_and_valid() -> None:
    text = json_report.render(RECORDS)
    data = json.loads(text)
    jsonschema.validate(data, json_report.SCHEMA)
    assert data["schema"] == "pytest-prompt-budget/report"
    assert data["version"] == 1
    assert data["summary"] == {"checks": 5, "pass": 2, "warn": 1, "fail": 2}
    assert [c["label"] for c in data["checks"]] == ["small", "big", "near", "half", "sections"]
    assert text.endswith("}\n")


def test_json_schema_rejects_a_bad_status() -> None:
    data = json_report.build([_rec("t.py::x", "a", 1, 2, "pass")])
    data["checks"][0]["status"] = "ok"
    with pytest.raises(jsonschema.ValidationError, match=r"'ok' is not one of \['pass', 'warn', 'fail'\]"):
        jsonschema.validate(data, json_report.SCHEMA)


def test_terminal_order_failures_first_then_percent() -> None:
    ordered = [r["label"] for r in terminal.order(RECORDS)]
    assert ordered == ["big", "sections", "near", "half", "small"]


def test_terminal_render_plain_text() -> None:
    text = terminal.render(RECORDS, width=120, color=False)
    lines = text.splitlines()
    assert lines[0].split() == ["test", "label", "tokenizer", "tokens", "cap", "used", "status"]
    assert lines[2].split() == ["t.py::test_b", "big", "o200k_base", "120", "100", "120.0%", "fail"]
    assert lines[5].split() == ["t.py::test_d", "half", "chars4", "~50", "100", "50.0%", "pass"]
    assert lines[-1] == "~ estimated by a non-exact tokenizer"
    assert "\x1b[" not in text


def test_terminal_render_never_cuts_node_ids() -> None:
    long_id = "tests/" + "very_long_folder_name/" * 4 + "test_x.py::test_with_a_long_name[param]"
    text = terminal.render([_rec(long_id, "p", 1, 10, "pass")], width=40)
    assert long_id in text


def test_markdown_report() -> None:
    text = markdown.render(RECORDS)
    lines = text.splitlines()
    assert lines[0] == "## Prompt budget"
    assert lines[2] == "5 checks: 2 passed, 1 warned, 2 failed."
    assert lines[4] == "| Status | Test | Label | Tokenizer | Tokens | Cap | Used |"
    assert lines[6] == "| ❌ fail | `t.py::test_b` | big | o200k_base | 120 | 100 | 120.0% |"
    assert "| ✅ pass | `t.py::test_d` | half | chars4 (estimate) | ~50 | 100 | 50.0% |" in lines
    i = lines.index("### Sections of `t.py::test_e` (sections)")
    assert lines[i + 2 : i + 6] == [
        "| Section | Tokens | Cap | Used | Status |",
        "|---|---:|---:|---:|---|",
        "| system\\|prompt | 35 | 30 | 116.7% | fail |",
        "| history | 5 | 10 | 50.0% | pass |",
    ]


def test_markdown_empty_run() -> None:
    assert markdown.render([]).splitlines()[2] == "0 checks: 0 passed, 0 warned, 0 failed."


def test_junit_properties() -> None:
    assert junit.properties(RECORDS[1]) == [
        ("prompt_budget[big].tokens", "120"),
        ("prompt_budget[big].max_tokens", "100"),
        ("prompt_budget[big].status", "fail"),
        ("prompt_budget[big].tokenizer", "o200k_base"),
    ]
    assert junit.properties(RECORDS[3])[-1] == ("prompt_budget[half].estimated", "true")
    assert junit.properties(RECORDS[4])[1] == ("prompt_budget[sections].max_tokens", "")
