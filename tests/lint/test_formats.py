"""Output formats: SARIF 2.1.0 validated against the official schema; stable fingerprints; escaping."""

from __future__ import annotations

import json
from pathlib import Path

from prompt_budget.lint.findings import Finding
from prompt_budget.lint.formats import render_github, render_json, render_sarif, render_text
from prompt_budget.lint.rules import BUILTIN_RULES

SCHEMA = Path(__file__).parent / "data" / "sarif-2.1.0-rtm.5.json"


def finding(**changes: object) -> Finding:
    base = dict(
        path="pkg/agent.py",
        line=3,
        column=5,
        end_line=3,
        end_column=9,
        code="PB101",
        rule="inline-budget",
        message="token budget max_tokens=8000 passed inline",
        key="max_tokens",
        value=8000,
        suggestion="[tool.prompt_budget.values] max_tokens = 8000",
        fixable=True,
    )
    base.update(changes)
    return Finding(**base)  # type: ignore[arg-type]


def test_sarif_validates_against_the_schema(tmp_path: Path) -> None:
    import jsonschema

    findings = [
        finding(),
        finding(line=9, suppressed="noqa: vendor default"),
        finding(
            code="PB000", rule="parse-error", message="cannot parse: invalid syntax", value=None, key=None
        ),
    ]
    sarif = json.loads(render_sarif(findings, rules=BUILTIN_RULES, root=tmp_path, version="0.1.0"))
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(sarif)
    run = sarif["runs"][0]
    ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert ids[0] == "PB000"
    assert "PB109" in ids
    assert len(ids) == len(set(ids))
    first = run["results"][0]
    assert ids[first["ruleIndex"]] == "PB101"
    assert first["locations"][0]["physicalLocation"]["artifactLocation"] == {
        "uri": "pkg/agent.py",
        "uriBaseId": "%SRCROOT%",
    }
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"].endswith("/")
    assert run["results"][1]["suppressions"][0]["kind"] == "inSource"


def test_sarif_schema_rejects_a_broken_document() -> None:
    import jsonschema
    import pytest

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    sarif = json.loads(render_sarif([finding()], rules=BUILTIN_RULES))
    sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(schema).validate(sarif)


def test_fingerprints_survive_line_moves_and_differ_per_finding() -> None:
    def prints(findings: list[Finding]) -> list[str]:
        data = json.loads(render_sarif(findings, rules=BUILTIN_RULES))
        return [r["partialFingerprints"]["promptBudgetFinding/v1"] for r in data["runs"][0]["results"]]

    a = prints([finding(), finding(line=10)])
    b = prints([finding(line=30), finding(line=40)])
    assert a == b
    assert a[0] != a[1]


def test_json_objects() -> None:
    [obj] = json.loads(render_json([finding()]))
    assert obj["path"] == "pkg/agent.py"
    assert obj["suggestion"].endswith("max_tokens = 8000")
    assert "key_parts" not in obj
    assert json.loads(render_json([finding(suppressed="noqa")])) == []


def test_github_escapes_properties_and_data() -> None:
    out = render_github([finding(path="a,b:c.py", message="50% of\nthe window")])
    assert out.startswith("::warning file=a%2Cb%3Ac.py,line=3,col=5,")
    assert "50%25 of%0Athe window" in out


def test_github_lines_are_byte_for_byte_the_workflow_commands() -> None:
    # every property in GitHub's order, the title escaped as a property, CR and LF in the message
    out = render_github(
        [
            finding(path="a,b:50%.py", message="50% of\r\nthe window"),
            finding(code="PB000", rule="parse-error", message="cannot parse", suggestion=None, line=1),
            finding(suppressed="noqa"),
        ]
    )
    assert out == (
        "::warning file=a%2Cb%3A50%25.py,line=3,col=5,endLine=3,endColumn=9,title=PB101 inline-budget::"
        "50%25 of%0D%0Athe window%0Asuggestion: [tool.prompt_budget.values] max_tokens = 8000\n"
        "::error file=pkg/agent.py,line=1,col=5,endLine=3,endColumn=9,title=PB000 parse-error::cannot parse\n"
    )


def test_text_summary() -> None:
    text = render_text([finding(), finding(suppressed="noqa")])
    assert "pkg/agent.py:3:5: PB101" in text
    assert text.rstrip().endswith(
        "Found 1 finding (PB101 x1); 1 fixable with --fix; 1 suppressed (--show-suppressed to list)."
    )


def test_sarif_uris_are_percent_encoded_and_outside_files_absolute(tmp_path: Path) -> None:
    import jsonschema

    findings = [
        finding(path="we,ird:dir/a b%.py"),
        finding(path="café.py"),
        finding(path="../other/agent.py"),
    ]
    sarif = json.loads(render_sarif(findings, rules=BUILTIN_RULES, root=tmp_path / "proj"))
    jsonschema.Draft4Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(sarif)
    locations = [
        r["locations"][0]["physicalLocation"]["artifactLocation"] for r in sarif["runs"][0]["results"]
    ]
    assert locations == [
        {"uri": "we%2Cird%3Adir/a%20b%25.py", "uriBaseId": "%SRCROOT%"},
        {"uri": "caf%C3%A9.py", "uriBaseId": "%SRCROOT%"},
        {"uri": f"file://{tmp_path.resolve().as_posix()}/other/agent.py"},
    ]
