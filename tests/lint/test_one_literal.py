"""One finding per literal the rules reach by different readings (``findings.one_reading``; set 269: loopguardian's
``total_tokens += 25  # File operation overhead``, PB102's estimated cost and PB106's overhead); PB105 leaves a
literal another rule reported (set 263: pixelml-av's ``int(max_tokens * 0.75)``, words per token, not 75 % of it)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_snippet

from prompt_budget.lint.engine import Linter
from prompt_budget.lint.options import LintOptions

ESTIMATE = """\
def estimate_usage_tokens(messages):
    total_tokens = 0
    for m in messages:
        total_tokens += len(m.text) // 4
        if m.edits:
            total_tokens += 25  # File operation overhead
    return total_tokens
"""


CHUNKER = '''\
def chunk(artifacts, max_tokens: int = 500):
    """Chunks of about max_tokens words (1 token ~ 0.75 words)."""
    max_words = int(max_tokens * 0.75)
    return [a for a in artifacts if len(a.text.split()) <= max_words]
'''


def test_a_rate_pb104_reports_is_not_also_a_pb105_share() -> None:
    findings = [f for f in lint_snippet(CHUNKER) if f.line == 3]
    assert [(f.code, f.value) for f in findings] == [("PB104", 0.75)]


def _lint(
    tmp_path: Path, ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
) -> list[tuple[str, int, bool]]:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "usage.py").write_text(ESTIMATE, encoding="utf-8")
    options = LintOptions(root=tmp_path, per_file_ignores=ignores)
    findings = Linter(options, jobs=1).lint_paths([tmp_path]).findings
    return sorted((f.code, f.line, f.suppressed is None) for f in findings if f.line == 6)


def test_a_literal_read_as_an_overhead_and_as_a_cost_is_reported_once(tmp_path: Path) -> None:
    assert _lint(tmp_path) == [("PB106", 6, True)]


def test_a_reading_ignored_for_the_file_leaves_the_other_reported(tmp_path: Path) -> None:
    assert _lint(tmp_path, (("pkg/*.py", ("PB106",)),)) == [("PB102", 6, True), ("PB106", 6, False)]


SLOTS = """\
from dataclasses import dataclass


@dataclass
class GuardrailConfig:
    semantic_loop_warn_threshold: float = 0.85
    soft_budget_threshold: float = 0.8
"""
LOOPS = """\
def check(cfg, used_tokens, token_budget, sims):
    if used_tokens / token_budget >= cfg.soft_budget_threshold:
        warn()
    if all(s >= cfg.semantic_loop_warn_threshold for s in sims):
        pause()
"""


def test_a_similarity_cut_off_is_no_echo_of_a_budget_ratio_beside_it(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "config.py").write_text(SLOTS, encoding="utf-8")
    (tmp_path / "pkg" / "loops.py").write_text(LOOPS, encoding="utf-8")
    findings = Linter(LintOptions(root=tmp_path), jobs=1).lint_paths([tmp_path]).findings
    assert sorted((f.path, f.line) for f in findings if f.code == "PB105") == [("pkg/config.py", 7)]


REGISTRY = """\
from dataclasses import dataclass


@dataclass(frozen=True)
class ModelInfo:
    id: str
    provider: str
    context_window: int = 128_000


MODELS: dict[str, ModelInfo] = {}


def _register(*models: ModelInfo) -> None:
    for m in models:
        MODELS[m.id] = m


_register(
    ModelInfo("gpt-5.4", "openai", 1_100_000),
    ModelInfo("gpt-5.2", "openai", 400_000),
    ModelInfo("claude-sonnet-4-6", "anthropic", 1_000_000),
)
"""


def test_a_row_of_a_table_built_by_calls_is_the_tables_not_also_a_number_passed(tmp_path: Path) -> None:
    # set 613: archon-framework's 156 rows, each PB107's row and PB101's number given for ``context_window``
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "models.py").write_text(REGISTRY, encoding="utf-8")
    findings = Linter(LintOptions(root=tmp_path), jobs=1).lint_paths([tmp_path]).findings
    rows = sorted((f.code, f.line) for f in findings if f.line >= 19)
    assert rows == [("PB107", 20), ("PB107", 21), ("PB107", 22)]
