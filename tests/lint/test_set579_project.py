"""Set 583 (issue 19), decided over the whole run: a dict's entries keyed by a percent's name are bindings of their
keys, reported where another module compares a read of that name with a percent of a share of tokens
(``percent_shares.bound_entries`` and PB105's project pass; metaensemble's ``_DEFAULT_THRESHOLDS`` read by its cost
gate), and left alone where the percent compared is of something else; and which test-named modules are the
product's (set 585 and the session's review)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, lint_tree, reported_lines

CONFIG = (
    "_DEFAULT_THRESHOLDS = {\n"
    '    "run_soft_pct_of_capacity": 20,\n'
    '    "run_hard_pct_of_capacity": 40,\n'
    '    "window_capacity_tokens": 88_000,\n'
    "}\n"
)
GATE = (
    "def evaluate_run(used: int, capacity: int, config) -> str:\n"
    "    pct = ({used} / max(capacity, 1)) * 100.0\n"
    "    if pct > config.run_hard_pct_of_capacity:\n"
    '        return "block"\n'
    "    if pct > config.run_soft_pct_of_capacity:\n"
    '        return "notify"\n'
    '    return "auto"\n'
)


def _files(used: str) -> dict[str, str]:
    return {"__init__.py": "", "config.py": CONFIG, "cost_gate.py": GATE.format(used=used)}


def test_percent_entries_another_module_compares_with_a_percent_of_tokens_are_reported(
    tmp_path: Path,
) -> None:
    found = lint_package(tmp_path, _files("estimated_tokens"))
    assert reported_lines(found, "PB105") == [("pkg/config.py", 2), ("pkg/config.py", 3)]
    messages = [f.message for f in found if f.code == "PB105"]
    assert all("read in pkg/cost_gate.py" in m for m in messages)


def test_percent_entries_compared_with_a_percent_of_something_else_are_not(tmp_path: Path) -> None:
    assert reported_lines(lint_package(tmp_path, _files("used_disk_bytes")), "PB105") == []


PROPOSALS = (
    "from dataclasses import dataclass, field\n\n\n"
    "@dataclass\n"
    "class TestProposal:\n"
    "    tests: list[str] = field(default_factory=list)\n\n\n"
    "def propose(llm, diff):\n"
    "    return llm.complete(diff, max_tokens=1200)\n"
)
FAKES = (
    "MAX_TOKENS = 256\n\n\n"
    "class FakeClient:\n"
    "    def complete(self, prompt, max_tokens=128):\n"
    '        return "ok"\n'
)


def test_a_connection_test_module_holding_only_a_class_named_test_is_product_code(tmp_path: Path) -> None:
    """Set 585 (skelpr's ``class TestProposal``): a class named ``Test...`` is no test; ``*_test.py`` outside a test
    folder holding no test is the product's code."""
    found = lint_tree(tmp_path, {"skel/agents/__init__.py": "", "skel/agents/proposal_test.py": PROPOSALS})
    assert reported_lines(found, "PB101") == [("skel/agents/proposal_test.py", 10)]


def test_a_test_prefixed_helper_beside_tests_stays_a_test_module(tmp_path: Path) -> None:
    """The session's review: a shared ``test_utils.py`` of fakes beside the tests is a test module."""
    files = {
        "pkg/__init__.py": "",
        "pkg/test_utils.py": FAKES,
        "pkg/test_agent.py": "from .test_utils import FakeClient\n\n\ndef test_reply():\n    assert FakeClient()\n",
    }
    assert [f for f in lint_tree(tmp_path, files) if f.suppressed is None] == []
