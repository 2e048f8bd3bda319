"""The baseline store: schema, loading errors, atomic writes, update/prune, compare, gates, ratchet."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from prompt_budget.baseline import (
    Baseline,
    BaselineEntry,
    GrowthPolicy,
    Measurement,
    compare,
    describe_sections,
    format_growth,
    heading_counts,
    load_baseline,
    measured_from_records,
    ratchet,
    rules_of,
    save_baseline,
    section_growth,
    update,
)
from prompt_budget.config import Config, load_config
from prompt_budget.errors import ConfigError
from prompt_budget.files import resolve
from prompt_budget.model import GrowthGate
from prompt_budget.tokenizers import get_tokenizer

O200K = "o200k_base"


def e(tokens: int, tokenizer: str = O200K, kind: str = "check") -> BaselineEntry:
    return BaselineEntry(tokens, tokenizer, kind)


# --- schema and files -----------------------------------------------------------------------------


def test_written_file_is_sorted_versioned_json(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "baseline.json"
    save_baseline(Baseline({"b::x": e(12), "a.md": e(3, kind="file")}), path)
    text = path.read_text(encoding="utf-8")
    assert text == (
        "{\n"
        '  "entries": {\n'
        '    "a.md": {\n'
        '      "kind": "file",\n'
        '      "tokenizer": "o200k_base",\n'
        '      "tokens": 3\n'
        "    },\n"
        '    "b::x": {\n'
        '      "kind": "check",\n'
        '      "tokenizer": "o200k_base",\n'
        '      "tokens": 12\n'
        "    }\n"
        "  },\n"
        '  "schema": "prompt-budget-baseline",\n'
        '  "version": 1\n'
        "}\n"
    )
    assert load_baseline(path) == Baseline({"a.md": e(3, kind="file"), "b::x": e(12)})


def test_save_is_atomic_and_leaves_no_temporary_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "baseline.json"
    save_baseline(Baseline({"a": e(1)}), path)
    before = path.read_text(encoding="utf-8")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(ConfigError, match=r"baseline\.json: cannot write the baseline: No space left"):
        save_baseline(Baseline({"a": e(2)}), path)
    assert path.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["baseline.json"]


def test_missing_file_is_none(tmp_path: Path) -> None:
    assert load_baseline(tmp_path / "nope.json") is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"version": 1, "entries": {', r"not valid JSON at line 1 column 28"),
        ("[1, 2]", r"expected a JSON object at the top, got list"),
        ('{"entries": {}}', r"version: expected an integer schema version .* got None"),
        ('{"version": "1", "entries": {}}', r"version: expected an integer schema version"),
        ('{"version": 1}', r"entries: expected an object of check id -> entry"),
        ('{"version": 1, "entries": {"t::a": 5}}', r'entries\["t::a"\]: expected an object such as'),
        (
            '{"version": 1, "entries": {"t::a": {"tokens": -3, "tokenizer": "o200k_base"}}}',
            r'entries\["t::a"\]\.tokens: expected a whole number >= 0, got -3',
        ),
        (
            '{"version": 1, "entries": {"t::a": {"tokens": 3}}}',
            r'entries\["t::a"\]\.tokenizer: expected the tokenizer spec that counted it, got None',
        ),
    ],
)
def test_corrupted_file_is_a_clear_error_naming_the_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message) as info:
        load_baseline(path)
    assert str(info.value).startswith(f"{path}: ")
    assert "\n" not in str(info.value)


def test_conflict_markers_get_a_hint(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    path.write_text('{\n<<<<<<< HEAD\n  "version": 1\n=======\n>>>>>>> feature\n}\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="git conflict markers"):
        load_baseline(path)


def test_binary_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ConfigError, match=r"baseline\.json: not UTF-8 text"):
        load_baseline(path)


def test_newer_schema_says_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    path.write_text('{"version": 7, "entries": {}}', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"schema version 7 was written by a newer prompt-budget.*upgrade"):
        load_baseline(path)


def test_another_schema_is_not_read_as_a_baseline(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    path.write_text('{"schema": "eslint-baseline", "version": 1, "entries": {}}', encoding="utf-8")
    with pytest.raises(
        ConfigError,
        match=r"baseline\.json: schema: not a prompt-budget baseline: its schema is 'eslint-baseline', "
        r"expected 'prompt-budget-baseline'",
    ):
        load_baseline(path)


def test_older_schema_0_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    path.write_text('{"version": 0, "tokenizer": "cl100k_base", "tokens": {"t::a": 10}}', encoding="utf-8")
    assert load_baseline(path) == Baseline({"t::a": BaselineEntry(10, "cl100k_base", "check")})


def test_unreadable_older_schema_says_how_to_migrate(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    path.write_text('{"version": -1, "entries": {}}', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"schema version -1 is no longer read .*re-create it with"):
        load_baseline(path)


def test_measured_from_records_takes_ids_tokens_and_sections() -> None:
    records = [
        {"id": "t.py::test_a", "tokens": 10, "tokenizer": O200K, "status": "pass"},
        {"id": "t.py::test_b[sys]", "tokens": 7, "tokenizer": O200K, "kind": "check",
         "sections": [{"name": "system", "tokens": 4}, {"name": "user", "tokens": 3}]},
        {"id": "skills/a.md", "tokens": 99, "tokenizer": O200K, "kind": "file"},
        {"id": "t.py::test_err", "tokens": None, "tokenizer": O200K, "status": "error"},
    ]  # fmt: skip
    assert measured_from_records(records) == {
        "t.py::test_a": e(10),
        "t.py::test_b[sys]": e(7),
        "t.py::test_b[sys]::system": e(4, kind="section"),
        "t.py::test_b[sys]::user": e(3, kind="section"),
        "skills/a.md": e(99, kind="file"),
    }


# --- update / prune -------------------------------------------------------------------------------


def test_partial_update_keeps_entries_that_did_not_run() -> None:
    old = Baseline({"a": e(10), "b": e(20), "c": e(30)})
    new, summary = update(old, {"a": e(11), "b": e(20), "d": e(5)})
    assert new == Baseline({"a": e(11), "b": e(20), "c": e(30), "d": e(5)})
    assert (summary.added, summary.changed, summary.unchanged, summary.kept, summary.pruned) == (
        ("d",),
        ("a",),
        ("b",),
        ("c",),
        (),
    )
    assert summary.describe() == "1 added, 1 changed, 1 unchanged, 1 kept (not measured this run)"


def test_prune_drops_entries_not_measured_within_scope() -> None:
    old = Baseline({"a": e(10), "gone.md": e(3, kind="file"), "t::x": e(4)})
    new, summary = update(old, {"a": e(10)}, prune=True, scope=lambda cid, entry: entry.kind == "file")
    assert new == Baseline({"a": e(10), "t::x": e(4)})
    assert summary.pruned == ("gone.md",)
    new, summary = update(old, {"a": e(10)}, prune=True)
    assert new == Baseline({"a": e(10)})
    assert summary.pruned == ("gone.md", "t::x")


def test_update_from_nothing() -> None:
    new, summary = update(None, {"a": e(1)})
    assert new == Baseline({"a": e(1)})
    assert summary.added == ("a",)


# --- compare and gates ----------------------------------------------------------------------------


def test_failure_message_is_exact() -> None:
    gate = GrowthGate(percent=5, tokens=100)
    assert format_growth(1204, 1391, gate) == "tokens 1,204 -> 1,391 (+187, +15.5%), allowed +5% or +100"
    assert format_growth(0, 12) == "tokens 0 -> 12 (+12)"
    assert format_growth(2000, 1900) == "tokens 2,000 -> 1,900 (-100, -5.0%)"


@pytest.mark.parametrize(
    ("gate", "after", "status"),
    [
        (GrowthGate(percent=5), 1050, "pass"),  # exactly +5%: allowed
        (GrowthGate(percent=5), 1051, "fail"),  # fail on percent
        (GrowthGate(tokens=100), 1100, "pass"),
        (GrowthGate(tokens=100), 1101, "fail"),  # fail on tokens
        (GrowthGate(percent=5, tokens=100), 1101, "fail"),  # both exceeded: +10.1% and +101
        (GrowthGate(percent=5, tokens=200), 1101, "pass"),  # percent exceeded, tokens not: pass
        (GrowthGate(percent=20, tokens=100), 1101, "pass"),  # tokens exceeded, percent not: pass
        (None, 5000, "pass"),  # no gate: reported, never failed
    ],
)
def test_compare_gates(gate: GrowthGate | None, after: int, status: str) -> None:
    result = compare(Baseline({"t::a": e(1000)}), {"t::a": e(after)}, GrowthPolicy(default=gate))
    (item,) = result.items
    assert item.status == status
    assert item.delta == after - 1000
    assert result.ok is (status == "pass")


def test_small_prompt_growing_does_not_fail_on_percent_alone() -> None:
    result = compare(Baseline({"t": e(10)}), {"t": e(12)}, GrowthPolicy(default=GrowthGate(5, 100)))
    assert result.items[0].status == "pass"
    assert result.items[0].percent == pytest.approx(20.0)


def test_fail_item_carries_message_and_gate_source() -> None:
    policy = GrowthPolicy(
        default=GrowthGate(5, 100), default_source="pyproject.toml [tool.prompt_budget.baseline] max_growth"
    )
    result = compare(Baseline({"t::a": e(1204)}), {"t::a": e(1391)}, policy)
    (item,) = result.failures
    assert item.message == "tokens 1,204 -> 1,391 (+187, +15.5%), allowed +5% or +100"
    assert item.gate_source == "pyproject.toml [tool.prompt_budget.baseline] max_growth"


def test_new_and_removed_are_listed_separately() -> None:
    result = compare(Baseline({"old": e(5), "same": e(7)}), {"same": e(7), "fresh": e(9)})
    assert [(i.id, i.status) for i in result.items] == [
        ("fresh", "new"),
        ("same", "pass"),
        ("old", "removed"),
    ]
    assert [i.id for i in result.new] == ["fresh"]
    assert [i.id for i in result.removed] == ["old"]
    assert result.totals == (7, 7)


def test_tokenizer_mismatch_is_reported_not_compared() -> None:
    result = compare(
        Baseline({"t": e(100, "cl100k_base")}),
        {"t": e(500, O200K)},
        GrowthPolicy(default=GrowthGate(percent=1)),
    )
    (item,) = result.items
    assert item.status == "mismatch"
    assert item.delta is None
    assert result.ok
    assert result.totals == (0, 0)
    assert "counted by cl100k_base in the baseline and by o200k_base now: not compared" in item.message


def test_missing_baseline_makes_everything_new() -> None:
    result = compare(None, {"a": e(3)}, path=".prompt-budget/baseline.json")
    assert result.missing
    assert [i.status for i in result.items] == ["new"]
    assert result.ok


def test_failures_sort_first() -> None:
    policy = GrowthPolicy(default=GrowthGate(tokens=10))
    result = compare(
        Baseline({"a": e(100), "b": e(100), "c": e(100)}),
        {"a": e(105), "b": e(200), "c": e(109), "n": e(1)},
        policy,
    )
    assert [(i.id, i.status) for i in result.sorted_items()] == [
        ("b", "fail"),
        ("c", "pass"),
        ("a", "pass"),
        ("n", "new"),
    ]


# --- per-entry overrides and ratchet from real config files ---------------------------------------


def _config(tmp_path: Path, body: str, files: tuple[str, ...] = ()) -> Config:
    (tmp_path / "pyproject.toml").write_text(body, encoding="utf-8")
    for rel in files:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("text", encoding="utf-8")
    return load_config(tmp_path / "pyproject.toml")


def _policy(config: Config, **kwargs: str) -> GrowthPolicy:
    """The policy of ``config``, knowing the ``[[files]]`` entry of each file there (as a run does)."""
    rules = Measurement({}, rules_of(resolve(config)))
    return GrowthPolicy.from_config(config, rule_for=rules.rule_for, **kwargs)


def test_overrides_by_id_glob_and_file_entries(tmp_path: Path) -> None:
    config = _config(
        tmp_path,
        """
[tool.prompt_budget.baseline]
max_growth = "5%"
[tool.prompt_budget.baseline.overrides]
"tests/test_agent.py::*" = "50%"
"tests/test_agent.py::test_tools*" = 10
[[tool.prompt_budget.files]]
path = "skills/**/*.md"
max_growth = 300
""",
        files=("skills/a/SKILL.md", "docs/readme.md"),
    )
    policy = _policy(config)
    gate = policy.for_id("tests/test_other.py::test_x")
    assert (gate.gate, gate.source) == (
        GrowthGate(percent=5),
        "pyproject.toml [tool.prompt_budget.baseline] max_growth",
    )
    gate = policy.for_id("tests/test_agent.py::test_plan")
    assert (gate.gate, gate.source) == (
        GrowthGate(percent=50),
        "pyproject.toml [tool.prompt_budget.baseline.overrides] tests/test_agent.py::*",
    )
    assert policy.for_id("tests/test_agent.py::test_tools[big]").gate == GrowthGate(tokens=10)
    gate = policy.for_id("skills/a/SKILL.md", "file")
    assert gate.gate == GrowthGate(tokens=300)
    assert gate.source is not None
    assert gate.source.endswith("max_growth")
    assert policy.for_id("docs/readme.md", "file").gate == GrowthGate(percent=5)

    measured = {"tests/test_agent.py::test_plan": e(140), "skills/a/SKILL.md": e(1250, kind="file")}
    stored = Baseline({"tests/test_agent.py::test_plan": e(100), "skills/a/SKILL.md": e(1000, kind="file")})
    result = compare(stored, measured, policy)
    assert [(i.id, i.status) for i in result.items] == [
        ("skills/a/SKILL.md", "pass"),  # +250 <= 300 though +25% > 5%
        ("tests/test_agent.py::test_plan", "pass"),  # +40% <= 50%
    ]


def test_command_line_growth_replaces_the_config_default_only(tmp_path: Path) -> None:
    config = _config(
        tmp_path,
        """
[tool.prompt_budget.baseline]
max_growth = "5%"
[tool.prompt_budget.baseline.overrides]
"special::*" = "50%"
""",
    )
    policy = _policy(config, max_growth="1% or 2")
    assert policy.for_id("t::a").gate == GrowthGate(percent=1, tokens=2)
    assert policy.for_id("t::a").source == "--prompt-budget-max-growth"
    assert policy.for_id("special::x").gate == GrowthGate(percent=50)
    with pytest.raises(ConfigError, match="--prompt-budget-max-growth: expected a growth"):
        GrowthPolicy.from_config(config, max_growth="lots%")


def test_ratchet_lowers_shrunk_entries_only(tmp_path: Path) -> None:
    config = _config(
        tmp_path,
        """
[[tool.prompt_budget.files]]
path = "skills/*.md"
ratchet = true
""",
        files=("skills/a.md", "skills/b.md", "docs/c.md"),
    )
    policy = _policy(config)
    stored = Baseline(
        {
            "skills/a.md": e(100, kind="file"),
            "skills/b.md": e(100, kind="file"),
            "docs/c.md": e(100, kind="file"),
        }
    )
    measured = {
        "skills/a.md": e(80, kind="file"),
        "skills/b.md": e(120, kind="file"),
        "docs/c.md": e(50, kind="file"),
    }
    result = compare(stored, measured, policy)
    lowered, ids = ratchet(stored, result)
    assert ids == ("skills/a.md",)
    assert lowered.entries["skills/a.md"].tokens == 80
    assert lowered.entries["skills/b.md"].tokens == 100  # grew: untouched
    assert lowered.entries["docs/c.md"].tokens == 100  # shrank, but no ratchet on its entry


def test_global_ratchet(tmp_path: Path) -> None:
    config = _config(tmp_path, "[tool.prompt_budget.baseline]\nratchet = true\n")
    stored = Baseline({"t::a": e(100)})
    result = compare(stored, {"t::a": e(90)}, _policy(config))
    assert ratchet(stored, result)[0] == Baseline({"t::a": e(90)})


def test_comparison_to_dict_is_json() -> None:
    result = compare(Baseline({"a": e(100)}), {"a": e(150)}, GrowthPolicy(default=GrowthGate(percent=10)))
    data = json.loads(json.dumps(result.to_dict()))
    assert data["counts"] == {"compared": 1, "failed": 1, "new": 0, "removed": 0, "tokenizer_mismatch": 0}
    assert data["totals"] == {"baseline": 100, "now": 150, "delta": 50}
    assert data["items"][0]["percent"] == 50.0


def test_override_globs_take_brackets_literally() -> None:
    policy = GrowthPolicy(
        default=GrowthGate(percent=5),
        overrides=[
            ("t.py::test_p[big*", GrowthGate(percent=50), "o1"),
            ("t.py::test_?::*", GrowthGate(tokens=9), "o2"),
        ],
    )
    assert policy.for_id("t.py::test_p[big1]::p").source == "o1"
    assert policy.for_id("t.py::test_p[b]::p").source is None  # "[big*" is not a character class
    assert policy.for_id("t.py::test_a::system").source == "o2"
    assert policy.for_id("t.py::test_ab::system").source is None


# --- which sections grew ------------------------------------------------------------------------


def test_sections_match_by_heading_path_and_occurrence() -> None:
    before = [
        (("# A",), 5),
        (("# A", "## Ex"), 10),
        (("# B",), 5),
        (("# B", "## Ex"), 10),
        (("# B", "## Ex"), 4),
    ]
    after = [
        (("# A",), 5),
        (("# A", "## Ex"), 11),
        (("# B",), 5),
        (("# B", "## Ex"), 10),
        (("# B", "## Ex"), 30),
    ]
    grew = section_growth(before, after)
    # "## Ex" is under two parents: shown with its path; the repeated path by occurrence
    assert describe_sections(grew) == (
        'grew most in: "# B > ## Ex #2" +26 (4 -> 30), "# A > ## Ex" +1 (10 -> 11)'
    )
    assert [s.to_dict()["path"] for s in grew] == [["# B", "## Ex"], ["# A", "## Ex"]]


def test_sections_need_two_in_one_version() -> None:
    assert section_growth([(("(preamble)",), 10)], [(("(preamble)",), 90)]) == ()
    grew = section_growth([(("(preamble)",), 10)], [(("(preamble)",), 10), (("# New",), 80)])
    assert describe_sections(grew) == 'grew most in: new "# New" +80'
    assert describe_sections(()) == ""


def test_heading_counts_apply_the_safety_multiplier_and_leave_out_split_frontmatter() -> None:
    text = "---\nname: x\n---\nintro line\n# Title\n" + "a" * 30 + "\n"  # 16, 11, 8 + 31 chars
    tok = get_tokenizer("chars4")
    assert heading_counts(text, tok) == [(("(frontmatter)",), 4), (("(preamble)",), 3), (("# Title",), 10)]
    assert heading_counts(text, tok, 1.5, frontmatter=False) == [(("(preamble)",), 5), (("# Title",), 15)]
