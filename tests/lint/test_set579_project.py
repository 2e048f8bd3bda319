"""Set 583 (issue 19), decided over the whole run: a dict's entries keyed by a percent's name are bindings of their
keys, reported where another module compares a read of that name with a percent of a share of tokens
(``percent_shares.bound_entries`` and PB105's project pass; metaensemble's ``_DEFAULT_THRESHOLDS`` read by its cost
gate), and left alone where the percent compared is of something else."""

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


AGENT = (
    "from dataclasses import dataclass, field\n\n\n"
    "@dataclass\n"
    "class TestProposal:\n"
    "    tests: list[str] = field(default_factory=list)\n\n\n"
    "class TestGenerationAgent:\n"
    "    def __init__(self, retriever, max_context_tokens: int = 12000):\n"
    "        self._retriever = retriever\n"
    "        self._max_ctx = max_context_tokens\n"
)


def test_a_test_named_module_outside_tests_holding_no_test_is_product_code(tmp_path: Path) -> None:
    found = lint_tree(
        tmp_path, {"skel/agents/__init__.py": "", "skel/agents/test_generation_agent.py": AGENT}
    )
    assert reported_lines(found, "PB102") == [("skel/agents/test_generation_agent.py", 10)]


def test_a_test_named_module_holding_a_test_stays_a_test(tmp_path: Path) -> None:
    files = {
        "skel/agents/__init__.py": "",
        "skel/agents/test_generation_agent.py": AGENT
        + "\n\ndef test_agent():\n    assert TestGenerationAgent(None)\n",
    }
    assert reported_lines(lint_tree(tmp_path, files), "PB102") == []
