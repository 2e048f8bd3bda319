"""The one baseline flow (``run_baseline``): compare, gate, ratchet, update, save, as the CLI and the
pytest plugin call it. Counts use ``chars4``: a file of ``"abcd" * N`` is N tokens."""

from __future__ import annotations

import json
from pathlib import Path

from prompt_budget.baseline import (
    Baseline,
    BaselineEntry,
    Measurement,
    load_baseline,
    measurement_of,
    run_baseline,
    save_baseline,
)
from prompt_budget.config import Config, load_config
from prompt_budget.errors import ConfigError

BASELINE = ".prompt-budget/baseline.json"


def e(tokens: int, kind: str = "file") -> BaselineEntry:
    return BaselineEntry(tokens, "chars4", kind)


def project(tmp_path: Path, body: str, files: dict[str, int]) -> Config:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.prompt_budget]\ntokenizer = "chars4"\n' + body, encoding="utf-8"
    )
    for rel, tokens in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("abcd" * tokens, encoding="utf-8")
    return load_config(tmp_path / "pyproject.toml")


def measured_files(config: Config) -> Measurement:
    from prompt_budget import files

    return measurement_of(files.check(config))


def test_files_only_compares_the_file_entries(tmp_path: Path) -> None:
    body = '[tool.prompt_budget.baseline]\nmax_growth = 5\n[[tool.prompt_budget.files]]\npath = "docs/*.md"\n'
    config = project(tmp_path, body, {"docs/a.md": 20, "docs/b.md": 3})
    first = run_baseline(config, measured_files(config), files_only=True)
    assert first.comparison is not None
    assert first.comparison.missing
    assert (first.written, first.failed, first.error) == (False, False, None)
    assert not (tmp_path / BASELINE).exists()
    save_baseline(
        Baseline({"docs/a.md": e(10), "tests/t.py::test_x::p": e(5, "prompt")}), tmp_path / BASELINE
    )
    outcome = run_baseline(config, measured_files(config), files_only=True)
    assert outcome.comparison is not None
    assert [(i.id, i.status, i.delta) for i in outcome.comparison.items] == [
        ("docs/a.md", "fail", 10),
        ("docs/b.md", "new", None),
    ]  # the pytest check in the baseline is not the check command's business
    assert outcome.comparison.failures[0].message == "tokens 10 -> 20 (+10, +100.0%), allowed +5"
    assert outcome.failed
    # a run that measured everything (pytest) lists the entries it did not measure
    everything = run_baseline(config, measured_files(config))
    assert everything.comparison is not None
    assert [i.id for i in everything.comparison.removed] == ["tests/t.py::test_x::p"]


def test_the_ratchet_is_the_configs_and_writes_the_file(tmp_path: Path) -> None:
    body = '[[tool.prompt_budget.files]]\npath = "docs/*.md"\nratchet = true\n[[tool.prompt_budget.files]]\npath = "ref/*.md"\n'
    config = project(tmp_path, body, {"docs/a.md": 80, "ref/b.md": 40})
    save_baseline(Baseline({"docs/a.md": e(100), "ref/b.md": e(50)}), tmp_path / BASELINE)
    outcome = run_baseline(config, measured_files(config), files_only=True, shown="the baseline")
    assert outcome.ratcheted == ("docs/a.md",)
    assert outcome.written
    assert outcome.update is None
    assert load_baseline(tmp_path / BASELINE) == Baseline({"docs/a.md": e(80), "ref/b.md": e(50)})
    # nothing shrank since: nothing to write
    again = run_baseline(config, measured_files(config), files_only=True)
    assert (again.ratcheted, again.written) == ((), False)


def test_update_accepts_counts_and_prunes_only_within_its_scope(tmp_path: Path) -> None:
    config = project(tmp_path, '[[tool.prompt_budget.files]]\npath = "docs/*.md"\n', {"docs/a.md": 7})
    save_baseline(
        Baseline({"docs/a.md": e(5), "docs/gone.md": e(3), "t.py::test_x::p": e(9, "prompt")}),
        tmp_path / BASELINE,
    )
    outcome = run_baseline(config, measured_files(config), update=True, prune=True, files_only=True)
    assert outcome.update is not None
    assert (outcome.update.changed, outcome.update.pruned, outcome.update.kept) == (
        ("docs/a.md",),
        ("docs/gone.md",),
        ("t.py::test_x::p",),
    )
    assert outcome.written
    assert not outcome.failed  # an update never fails
    doc = json.loads((tmp_path / BASELINE).read_text(encoding="utf-8"))
    assert {k: v["tokens"] for k, v in doc["entries"].items()} == {"docs/a.md": 7, "t.py::test_x::p": 9}
    same = run_baseline(config, measured_files(config), update=True, files_only=True)
    assert same.update is not None
    assert same.update.unchanged == ("docs/a.md",)
    assert not same.written


def test_a_run_that_measured_nothing_writes_nothing(tmp_path: Path) -> None:
    config = project(tmp_path, "", {})
    save_baseline(Baseline({"a": e(1), "b": e(2)}), tmp_path / BASELINE)
    before = (tmp_path / BASELINE).read_bytes()
    outcome = run_baseline(config, Measurement({}), update=True, prune=True)
    assert outcome.update is not None
    assert outcome.update.kept == ("a", "b")
    assert not outcome.written
    assert (tmp_path / BASELINE).read_bytes() == before
    fresh = run_baseline(config, Measurement({}), path=tmp_path / "none.json", update=True)
    assert not fresh.written
    assert not (tmp_path / "none.json").exists()


def test_errors_are_returned_with_the_file_and_nothing_is_written(tmp_path: Path) -> None:
    config = project(tmp_path, "", {})
    (tmp_path / ".prompt-budget").mkdir()
    (tmp_path / BASELINE).write_text('{"version": 1, "entries": {"x": ', encoding="utf-8")
    outcome = run_baseline(config, Measurement({"x": e(1)}), update=True)
    assert isinstance(outcome.error, ConfigError)
    assert str(tmp_path / BASELINE) in str(outcome.error)
    assert (outcome.comparison, outcome.update, outcome.written) == (None, None, False)
    assert (tmp_path / BASELINE).read_text(encoding="utf-8") == '{"version": 1, "entries": {"x": '
    bad = run_baseline(config, Measurement({}), max_growth="lots", max_growth_source="--max-growth")
    assert bad.error is not None
    assert str(bad.error).startswith("--max-growth: expected a growth")
