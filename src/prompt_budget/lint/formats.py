"""Rendering lint findings: ``text``, ``json``, ``sarif`` (SARIF 2.1.0 for GitHub code scanning) and
``github`` (workflow annotations). Every renderer returns a string; nothing here prints."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from prompt_budget.lint.findings import Finding
from prompt_budget.report.github import annotation
from prompt_budget.report.sarif import artifact_location, fingerprint, log

INFORMATION_URI = "https://github.com/pytest-prompt-budget/pytest-prompt-budget/blob/main/docs/lint.md"
RULES_URI = "https://github.com/pytest-prompt-budget/pytest-prompt-budget/blob/main/docs/rules/"


def by_code(findings: Sequence[Finding]) -> str:
    """``PB101 x2, PB104 x1``: how many findings of each code."""
    return ", ".join(f"{code} x{n}" for code, n in sorted(Counter(f.code for f in findings).items()))


def _visible(findings: Sequence[Finding], show_suppressed: bool) -> list[Finding]:
    return [f for f in findings if show_suppressed or f.suppressed is None]


def render_text(findings: Sequence[Finding], *, show_suppressed: bool = False, files: int = 0) -> str:
    """``path:line:col: CODE message`` with the suggestion indented below, then a summary line."""
    out: list[str] = []
    for f in _visible(findings, show_suppressed):
        mark = f" [suppressed: {f.suppressed}]" if f.suppressed else ""
        fix = " (fixable with --fix)" if f.fixable and not f.suppressed else ""
        out.append(f"{f.path}:{f.line}:{f.column}: {f.code} {f.message}{fix}{mark}")
        if f.suggestion:
            out.append(f"    suggestion: {f.suggestion}")
    counted = [f for f in findings if f.suppressed is None]
    suppressed = len(findings) - len(counted)
    if counted:
        fixable = sum(1 for f in counted if f.fixable)
        line = f"Found {len(counted)} finding{'s' if len(counted) != 1 else ''} ({by_code(counted)})"
        if fixable:
            line += f"; {fixable} fixable with --fix"
    else:
        line = "No findings" + (f" in {files} file{'s' if files != 1 else ''}" if files else "")
    if suppressed:
        line += f"; {suppressed} suppressed" + ("" if show_suppressed else " (--show-suppressed to list)")
    out.append(line + ".")
    return "\n".join(out) + "\n"


def render_json(findings: Sequence[Finding], *, show_suppressed: bool = False) -> str:
    """A JSON array with one object per finding (``path``, ``line``, ``column``, ``end_line``,
    ``end_column``, ``code``, ``rule``, ``message``, ``suggestion``, ``key``, ``value``, ``fixable``,
    ``suppressed``)."""
    return json.dumps([f.public_dict() for f in _visible(findings, show_suppressed)], indent=2) + "\n"


def render_sarif(
    findings: Sequence[Finding], *, rules: Sequence[Any] = (), root: Path | None = None, version: str = "0"
) -> str:
    """SARIF 2.1.0: one run, every rule described with a stable id, paths relative to ``%SRCROOT%``,
    ``partialFingerprints`` for GitHub's alert tracking, suppressed findings marked as suppressed."""
    rule_list = [
        {
            "id": "PB000",
            "name": "parse-error",
            "shortDescription": {"text": "A file that could not be parsed"},
            "helpUri": f"{RULES_URI}PB000.md",
            "defaultConfiguration": {"level": "error"},
        },
        *(
            {
                "id": r.CODE,
                "name": r.NAME,
                "shortDescription": {"text": r.SUMMARY},
                "fullDescription": {"text": " ".join((r.__doc__ or r.SUMMARY).split())},
                "helpUri": f"{RULES_URI}{r.CODE}.md",
                "defaultConfiguration": {"level": "warning"},
            }
            for r in rules
        ),
    ]
    index = {r["id"]: i for i, r in enumerate(rule_list)}
    seen: Counter[tuple[str, str, str]] = Counter()
    results = []
    for f in findings:
        key = (f.code, f.path, f.message)
        seen[key] += 1
        result: dict[str, Any] = {
            "ruleId": f.code,
            "level": "error" if f.code == "PB000" else "warning",
            "message": {"text": f"{f.message}" + (f" Suggestion: {f.suggestion}" if f.suggestion else "")},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": artifact_location(f.path, root),
                        "region": {
                            "startLine": f.line,
                            "startColumn": f.column,
                            "endLine": f.end_line,
                            "endColumn": max(f.end_column, f.column),
                        },
                    }
                }
            ],
            # stable across unrelated edits: the rule, the file and the message, not the line number
            "partialFingerprints": {"promptBudgetFinding/v1": fingerprint(*key, seen[key])},
        }
        if f.code in index:
            result["ruleIndex"] = index[f.code]
        if f.suppressed:
            result["suppressions"] = [{"kind": "inSource", "justification": f.suppressed}]
        results.append(result)
    return log(rules=rule_list, results=results, root=root, version=version, information_uri=INFORMATION_URI)


def render_github(findings: Sequence[Finding], *, show_suppressed: bool = False) -> str:
    """GitHub Actions workflow commands: one ``::warning file=...,line=...::message`` per finding."""
    return "".join(
        annotation(
            "error" if f.code == "PB000" else "warning",
            f.message + (f"\nsuggestion: {f.suggestion}" if f.suggestion else ""),
            file=f.path,
            line=f.line,
            col=f.column,
            end_line=f.end_line,
            end_column=f.end_column,
            title=f"{f.code} {f.rule}",
        )
        + "\n"
        for f in findings
        if f.suppressed is None
    )


FORMATS: dict[str, Callable[..., str]] = {
    "text": render_text,
    "json": render_json,
    "sarif": render_sarif,
    "github": render_github,
}


def render(fmt: str, findings: Sequence[Finding], **kwargs: Any) -> str:
    """Render with the named format, passing only the keyword arguments it takes."""
    import inspect

    renderer = FORMATS[fmt]
    accepted = inspect.signature(renderer).parameters
    return renderer(findings, **{k: v for k, v in kwargs.items() if k in accepted})
