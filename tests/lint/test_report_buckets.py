"""A constant compared with a token count only to count into a printed report is a bucket's edge, not a
budget (``prompt_budget.lint.report_buckets``; set 45: olmocr's ``print_stats``)."""

from __future__ import annotations

from pathlib import Path

from prompt_budget.lint.engine import Linter
from prompt_budget.lint.options import LintOptions


def _codes(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    (tmp_path / "mod.py").write_text(text, encoding="utf-8")
    report = Linter(LintOptions(root=tmp_path), jobs=1).lint_paths([tmp_path])
    return [(f.line, f.code) for f in report.findings]


_REPORT = (
    "def print_stats(docs):\n"
    "    LONG_CONTEXT_THRESHOLD = 32768\n"
    "    stats = {'long_docs': 0, 'long_tokens': 0}\n"
    "    for doc in docs:\n"
    "        out_tokens = doc['total-output-tokens']\n"
    "        if out_tokens > LONG_CONTEXT_THRESHOLD:\n"
    "{branch}"
    "    print(f\"Long documents (>{LONG_CONTEXT_THRESHOLD} tokens): {stats['long_docs']}\")\n"
)


def test_a_threshold_that_only_counts_into_a_printed_report_is_not_a_budget(tmp_path: Path) -> None:
    branch = "            stats['long_docs'] += 1\n            stats['long_tokens'] += out_tokens\n"
    assert _codes(tmp_path, _REPORT.replace("{branch}", branch)) == []


def test_a_threshold_whose_branch_acts_stays_a_budget(tmp_path: Path) -> None:
    branch = "            stats['long_docs'] += 1\n            summarize(doc)\n"
    assert _codes(tmp_path, _REPORT.replace("{branch}", branch)) == [(2, "PB102")]


def test_a_counting_threshold_in_a_function_that_reports_nothing_stays_a_budget(tmp_path: Path) -> None:
    text = (
        "LIMIT = 32768\n\ndef pack(docs):\n    batches = 0\n    for doc in docs:\n"
        "        if doc.n_tokens > LIMIT:\n            batches += 1\n    return batches\n"
    )
    assert _codes(tmp_path, text) == [(1, "PB102")]
