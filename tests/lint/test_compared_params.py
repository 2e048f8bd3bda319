"""A caller's default handed to a method whose parameter, given no default and named only ``budget``, is ordered
against a running count of tokens (``compared_params``; set 265: doc-atlas's ``SQLiteStore.query``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, reported_lines

STORE = """\
class Store:
    def query(self, text, *, limit: int, budget: int):
        token_total = 0
        out = []
        for row in self.rows(text):
            tokens = int(row["token_estimate"])
            if out and {compared} > budget:
                break
            out.append(row)
            token_total += tokens
        return out
"""
SEARCH = """\
def lexical_search(store, query, *, limit: int = 20, budget: int = 2400):
    return store.query(query, limit=limit, budget=budget)
"""


def test_a_default_handed_to_a_budget_compared_with_tokens_is_reported(tmp_path: Path) -> None:
    findings = lint_package(
        tmp_path, {"store.py": STORE.format(compared="token_total + tokens"), "search.py": SEARCH}
    )
    assert reported_lines(findings, "PB102") == [("pkg/search.py", 1)]
    (finding,) = [f for f in findings if f.code == "PB102"]
    assert "passed on to `query()` as its `budget`, a token budget (pkg/store.py:2)" in finding.message


def test_a_budget_compared_with_anything_else_takes_nothing(tmp_path: Path) -> None:
    findings = lint_package(
        tmp_path, {"store.py": STORE.format(compared="len(row.text)"), "search.py": SEARCH}
    )
    assert reported_lines(findings, "PB102") == []
