"""File budgets on real trees in tmp_path: matching, frontmatter, must-load, load plans.

Counts use ``chars4`` (ceil(chars / 4)), so every expected number is worked out by hand: a file of
``"abcd" * N`` is N tokens."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest
from file_tree import tokens, tree

from prompt_budget import files
from prompt_budget.config import Config
from prompt_budget.counting import DiskCache
from prompt_budget.errors import ConfigError
from prompt_budget.model import Verdict


def skill(description: str, body_tokens: int, extra: str = "") -> str:
    return f"---\nname: s\ndescription: {description}\n{extra}---\n" + tokens(body_tokens)


def by_id(verdicts: Iterable[Verdict]) -> dict[str, Verdict]:
    out: dict[str, Verdict] = {}
    for v in verdicts:
        assert v.subject not in out, f"{v.subject} reported twice"
        out[v.subject] = v
    return out


# --- matching ----------------------------------------------------------------------------------


def test_specificity_orders_literal_over_star_over_double_star() -> None:
    ordered = sorted(["docs/**/*.md", "docs/guide.md", "docs/*.md"], key=files.specificity, reverse=True)
    assert ordered == ["docs/guide.md", "docs/*.md", "docs/**/*.md"]


OVERLAP = """
[[files]]
name = "all docs"
path = "docs/**/*.md"
max_tokens = 1000
[[files]]
name = "top docs"
path = "docs/*.md"
max_tokens = 500
[[files]]
name = "guide"
path = "docs/guide.md"
max_tokens = 50
"""


def test_overlapping_entries_most_specific_wins_and_each_file_once(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        OVERLAP,
        {"docs/guide.md": tokens(60), "docs/faq.md": tokens(60), "docs/deep/api.md": tokens(60)},
    )
    report = files.check(config)
    v = by_id(report.file_verdicts)
    assert sorted(v) == ["docs/deep/api.md", "docs/faq.md", "docs/guide.md"]
    assert (v["docs/guide.md"].max_tokens, v["docs/guide.md"].status) == (50, "fail")
    assert (v["docs/faq.md"].max_tokens, v["docs/faq.md"].status) == (500, "pass")
    assert (v["docs/deep/api.md"].max_tokens, v["docs/deep/api.md"].status) == (1000, "pass")
    assert v["docs/guide.md"].cap_source == "prompt_budget.toml [files] #3"
    assert v["docs/guide.md"].message.startswith(
        "docs/guide.md is an estimated 60 tokens, over its cap of 50 by 10 (20.0%); cap set in prompt_budget.toml [files] #3"
    )


def test_explain_lists_every_matching_entry_and_why(tmp_path: Path) -> None:
    config = tree(tmp_path, OVERLAP, {"docs/guide.md": tokens(60)})
    ex = files.explain(files.resolve(config), tmp_path / "docs" / "guide.md")
    assert ex.match is not None
    assert [(c.rule.name, c.pattern) for c in ex.match.candidates] == [
        ("guide", "docs/guide.md"),
        ("top docs", "docs/*.md"),
        ("all docs", "docs/**/*.md"),
    ]
    assert "a literal path is more specific than a glob (*)" in ex.reason
    text = "\n".join(ex.lines())
    assert "applies    entry 'guide'" in text
    assert "overridden entry 'all docs' via 'docs/**/*.md' (recursive glob (**))" in text
    assert "fail: whole 60 / 50 tokens" in text


def test_exclude_pattern_removes_file_from_entry(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        '[[files]]\npath = ["docs/*.md", "!docs/draft-*.md"]\nmax_tokens = 10\n',
        {"docs/a.md": tokens(5), "docs/draft-b.md": tokens(500)},
    )
    fs = files.resolve(config)
    assert list(fs.files) == ["docs/a.md"]
    ex = files.explain(fs, tmp_path / "docs" / "draft-b.md")
    assert ex.match is None
    assert "excluded" in ex.reason


def test_patterns_are_relative_to_the_config_folder_not_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    config = tree(project, '[[files]]\npath = "docs/*.md"\nmax_tokens = 10\n', {"docs/a.md": tokens(3)})
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "docs").mkdir(parents=True)
    (elsewhere / "docs" / "b.md").write_text(tokens(3))
    monkeypatch.chdir(elsewhere)
    assert list(files.resolve(config).files) == ["docs/a.md"]


# --- must-load files and globs -------------------------------------------------------------------


def test_missing_must_load_file_fails(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        '[[files]]\nname = "core"\npath = ["CLAUDE.md", "docs/oncall.md"]\nload = "must"\n',
        {"CLAUDE.md": tokens(10)},
    )
    report = files.check(config)
    v = by_id(report.verdicts)
    assert v["docs/oncall.md"].status == "fail"
    assert "must-load file is missing" in v["docs/oncall.md"].message
    assert "prompt_budget.toml [files] #1" in v["docs/oncall.md"].message
    assert report.status == "fail"


def test_glob_matching_nothing_fails_for_must_and_warns_for_skippable(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        '[[files]]\npath = "rules/*.md"\nload = "must"\n[[files]]\npath = "refs/*.md"\n'
        '[[files]]\npath = "docs/*.md"\nload = "must"\n',
        {"docs/a.md": tokens(1)},
    )
    v = by_id(files.check(config).pattern_verdicts)
    assert set(v) == {"rules/*.md", "refs/*.md"}
    assert v["rules/*.md"].status == "fail"
    assert "glob matches no file" in v["rules/*.md"].message
    assert v["refs/*.md"].status == "warn"


def test_unmatched_preset_entries_are_not_failures(tmp_path: Path) -> None:
    config = tree(tmp_path, 'preset = "claude-code"\n', {"CLAUDE.md": tokens(10)})
    report = files.check(config)
    assert report.pattern_verdicts == []
    v = by_id(report.file_verdicts)
    assert list(v) == ["CLAUDE.md"]
    assert (v["CLAUDE.md"].max_tokens, v["CLAUDE.md"].details["load"]) == (5000, "must")
    assert v["CLAUDE.md"].cap_source == "preset 'claude-code' entry 'claude-md'"


def test_preset_covers_claude_code_layout_and_config_overrides_it(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        'preset = "claude-code"\n[[files]]\npath = ".claude/commands/*.md"\nmax_tokens = 7\n',
        {
            "CLAUDE.md": tokens(1),
            ".claude/skills/deploy/SKILL.md": skill("d", 3),
            ".claude/agents/reviewer.md": skill("r", 3),
            ".claude/commands/ship.md": skill("s", 8),
        },
    )
    v = by_id(files.check(config).file_verdicts)
    assert set(v) == {
        "CLAUDE.md",
        ".claude/skills/deploy/SKILL.md",
        ".claude/skills/deploy/SKILL.md#frontmatter",
        ".claude/agents/reviewer.md",
        ".claude/agents/reviewer.md#frontmatter",
        ".claude/commands/ship.md",
        ".claude/commands/ship.md#frontmatter",
    }
    assert v[".claude/skills/deploy/SKILL.md"].max_tokens == 5000
    assert v[".claude/skills/deploy/SKILL.md#frontmatter"].max_tokens == 400
    assert v[".claude/agents/reviewer.md"].max_tokens == 4000
    # config entry on the same pattern wins over the preset entry
    assert (v[".claude/commands/ship.md"].max_tokens, v[".claude/commands/ship.md"].status) == (7, "fail")


# --- frontmatter -------------------------------------------------------------------------------


def test_config_wins_over_frontmatter_and_says_so(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        '[[files]]\npath = "skills/*/SKILL.md"\nmax_tokens = 100\n',
        {"skills/a/SKILL.md": skill("d", 150, "prompt_budget: {max_tokens: 1500, priority: 4}\n")},
    )
    v = by_id(files.check(config).file_verdicts)["skills/a/SKILL.md"]
    assert (v.max_tokens, v.status) == (100, "fail")
    assert v.cap_source == "prompt_budget.toml [files] #1"
    assert v.details["notes"] == [
        "frontmatter prompt_budget.max_tokens = 1,500 is overridden by prompt_budget.toml [files] #1 "
        "(max_tokens = 100): config wins"
    ]
    # what config leaves unset, the frontmatter sets
    assert v.details["priority"] == 4


def test_frontmatter_sets_the_cap_when_config_does_not(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        '[[files]]\npath = "docs/*.md"\n',
        {"docs/a.md": "---\nprompt_budget:\n  max_tokens: 20\n  load: must\n---\n" + tokens(30)},
    )
    v = by_id(files.check(config).file_verdicts)["docs/a.md"]
    # no name/description: the whole file counts; 30 body tokens + the 11-token frontmatter block
    assert (v.max_tokens, v.details["load"], v.status) == (20, "must", "fail")
    assert v.cap_source == "docs/a.md frontmatter prompt_budget.max_tokens"
    assert v.details["notes"] == []


def test_bad_frontmatter_value_fails_that_file_naming_the_key(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        '[[files]]\npath = "docs/*.md"\nmax_tokens = 100\n',
        {
            "docs/bad.md": "---\nprompt_budget: {load: sometimes}\n---\nx",
            "docs/broken.md": "---\nname: [unclosed\n---\nx",
            "docs/ok.md": tokens(3),
        },
    )
    v = by_id(files.check(config).file_verdicts)
    assert v["docs/bad.md"].status == "fail"
    assert v["docs/bad.md"].message == (
        'docs/bad.md: frontmatter prompt_budget.load: expected "must" or "skippable", got \'sometimes\''
    )
    assert v["docs/broken.md"].status == "fail"
    assert "frontmatter line 2:" in v["docs/broken.md"].message
    assert v["docs/ok.md"].status == "pass"


def test_frontmatter_shapes_the_old_reader_rejected_are_counted(tmp_path: Path) -> None:
    # a flow list on the line after its key (valid YAML), and an agent description with an unquoted
    # colon (not YAML, read as one string as Claude Code reads it, with a note)
    config = tree(
        tmp_path,
        '[[files]]\npath = ".claude/**/*.md"\nmax_tokens = 100\n',
        {
            ".claude/commands/ship.md": '---\ndescription: Ship it\nallowed-tools:\n  ["Read", "Write"]\n---\n'
            + tokens(5),
            ".claude/agents/rev.md": "---\nname: rev\ndescription: Reviews code. Examples: none\n---\n"
            + tokens(7),
        },
    )
    v = by_id(files.check(config).file_verdicts)
    assert (v[".claude/commands/ship.md"].status, v[".claude/commands/ship.md"].tokens) == ("pass", 5)
    # "description: Ship it" is 20 chars: 5 tokens
    assert v[".claude/commands/ship.md#frontmatter"].tokens == 5
    assert (v[".claude/agents/rev.md"].status, v[".claude/agents/rev.md"].tokens) == ("pass", 7)
    # "name: rev\ndescription: Reviews code. Examples: none" is 50 chars: 13 tokens
    assert v[".claude/agents/rev.md#frontmatter"].tokens == 13
    assert v[".claude/agents/rev.md"].details["notes"] == [
        "frontmatter line 3: mapping values are not allowed here; read as one string, as Claude Code reads "
        "it (quote the value for other YAML readers)"
    ]


def test_skill_whose_description_alone_breaks_its_cap(tmp_path: Path) -> None:
    description = "x" * 397  # "name: s\ndescription: " is 21 chars: 418 chars = 105 tokens
    config = tree(
        tmp_path,
        '[[files]]\npath = "skills/*/SKILL.md"\nmax_tokens = 500\nfrontmatter_max_tokens = 100\n'
        '[[files]]\npath = "agents/*.md"\nmax_tokens = 100\n',
        {"skills/a/SKILL.md": skill(description, 20), "agents/b.md": skill(description, 20)},
    )
    v = by_id(files.check(config).file_verdicts)
    body, front = v["skills/a/SKILL.md"], v["skills/a/SKILL.md#frontmatter"]
    assert (body.tokens, body.max_tokens, body.status) == (20, 500, "pass")
    assert (front.tokens, front.max_tokens, front.status) == (105, 100, "fail")
    assert front.message.startswith(
        "skills/a/SKILL.md frontmatter (name and description, always loaded) is an estimated 105 tokens, over its cap "
        "of 100 by 5 (5.0%)"
    )
    # without frontmatter_max_tokens the frontmatter cap defaults to the entry's max_tokens
    assert (v["agents/b.md#frontmatter"].max_tokens, v["agents/b.md#frontmatter"].status) == (100, "fail")
    assert v["agents/b.md"].status == "pass"


# --- must-load total -----------------------------------------------------------------------------

MUST = """
context_window = 1000
usable_fraction = 0.5
reserved_output = 100
threshold = 0.8
[[files]]
path = "CLAUDE.md"
load = "must"
[[files]]
path = "skills/*/SKILL.md"
"""


@pytest.mark.parametrize(
    ("claude_tokens", "status"),
    [(300, "pass"), (320, "pass"), (321, "warn"), (400, "warn"), (401, "fail")],
)
def test_must_load_total_against_usable_budget_and_threshold(
    tmp_path: Path, claude_tokens: int, status: str
) -> None:
    # usable = 1000 * 0.5 - 100 = 400, threshold 320; the skill's frontmatter is always loaded:
    # "name: s\ndescription: d" = 23 chars = 6 tokens; its 50-token body is not
    config = tree(
        tmp_path, MUST, {"CLAUDE.md": tokens(claude_tokens - 6), "skills/a/SKILL.md": skill("d", 50)}
    )
    must = files.check(config).must_load
    assert must is not None
    assert (must.tokens, must.max_tokens, must.status) == (claude_tokens, 400, status)
    assert {f["id"] for f in must.details["files"]} == {"CLAUDE.md", "skills/a/SKILL.md#frontmatter"}
    assert bool(must.message) == (status != "pass")


def test_must_load_over_usable_fails_with_amount(tmp_path: Path) -> None:
    config = tree(tmp_path, MUST, {"CLAUDE.md": tokens(450)})
    must = files.check(config).must_load
    assert must is not None
    assert must.status == "fail"
    assert must.message.startswith(
        "must-load total is an estimated 450 tokens (1 files and frontmatters), over the usable budget of 400 by 50; "
        "usable budget = context_window * usable_fraction - reserved_output, set in prompt_budget.toml "
        "context_window (or model), usable_fraction, reserved_output"
    )


# --- load plans ----------------------------------------------------------------------------------

PLAN = """
context_window = 1000
threshold = 0.8
[[files]]
name = "core"
path = "CLAUDE.md"
load = "must"
[[files]]
name = "guides"
path = "guides/*.md"
priority = 1
[[files]]
name = "notes"
path = "notes/*.md"
priority = 0
[[files]]
name = "runbook"
path = "runbook.md"
load = "must"
[[stages]]
name = "start"
files = ["guides"]
[[stages]]
name = "research"
files = ["notes/*.md"]
[[stages]]
name = "fix"
files = ["runbook"]
"""


def plan_tree(tmp_path: Path, runbook: int) -> Config:
    return tree(
        tmp_path,
        PLAN,
        {
            "CLAUDE.md": tokens(200),
            "guides/a.md": tokens(100),
            "guides/b.md": tokens(100),
            "notes/x.md": tokens(150),
            "notes/y.md": tokens(150),
            "runbook.md": tokens(runbook),
        },
    )


def stage(report: files.FilesReport, name: str) -> files.StageResult:
    assert report.plan is not None
    return next(s for s in report.plan.stages if s.name == name)


def test_plan_stage_three_forces_shedding_in_priority_order(tmp_path: Path) -> None:
    # usable 1000, shed past 800. base: CLAUDE.md 200 (runbook is staged)
    # start: +200 = 400; research: +300 = 700; fix: +250 = 950 > 800
    # shed lowest priority first: notes (priority 0) before guides (1); x before y (loaded first)
    # 950 - 150 (notes/x) = 800: at the threshold, so shedding stops
    report = files.check(plan_tree(tmp_path, 250))
    assert report.plan is not None
    assert report.plan.base == 200
    assert [(s.name, s.added, s.total) for s in report.plan.stages] == [
        ("start", 200, 400),
        ("research", 300, 700),
        ("fix", 250, 800),
    ]
    assert stage(report, "start").shed == ()
    assert stage(report, "research").shed == ()
    assert stage(report, "fix").shed == (("notes/x.md", 150, 0),)
    assert stage(report, "fix").status == "pass"
    assert stage(report, "fix").headroom == 200


def test_plan_sheds_across_priorities_and_never_sheds_must_files(tmp_path: Path) -> None:
    # fix: 700 + 500 = 1200; shed notes/x (-150) 1050, notes/y (-150) 900, guides/a (-100) 800
    report = files.check(plan_tree(tmp_path, 500))
    fix = stage(report, "fix")
    assert [s[0] for s in fix.shed] == ["notes/x.md", "notes/y.md", "guides/a.md"]
    assert (fix.total, fix.status) == (800, "pass")
    assert all(s[0] not in ("CLAUDE.md", "runbook.md") for s in fix.shed)
    v = by_id(report.plan_verdicts)["plan:fix"]
    assert v.details["shed"] == ["notes/x.md", "notes/y.md", "guides/a.md"]
    assert v.tokens == 800


def test_plan_that_cannot_fit_fails(tmp_path: Path) -> None:
    # fix: the must files alone are 200 + 900 = 1100 > 1000, even with every skippable file shed
    report = files.check(plan_tree(tmp_path, 900))
    fix = stage(report, "fix")
    assert [s[0] for s in fix.shed] == ["notes/x.md", "notes/y.md", "guides/a.md", "guides/b.md"]
    assert (fix.total, fix.headroom, fix.status) == (1100, -100, "fail")
    v = by_id(report.plan_verdicts)["plan:fix"]
    assert v.status == "fail"
    assert v.message == (
        "stage 'fix' cannot fit: after shedding every skippable file it still needs an estimated 1,100 "
        "tokens, over the usable budget of 1,000 by 100; usable budget = context_window * usable_fraction "
        "- reserved_output, set in prompt_budget.toml context_window (or model), usable_fraction, "
        "reserved_output"
    )
    assert report.status == "fail"


def test_plan_reference_matching_nothing_fails(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        'context_window = 1000\n[[files]]\npath = "a.md"\n[[stages]]\nname = "s"\nfiles = ["nope"]\n',
        {"a.md": tokens(1)},
    )
    v = files.check(config).plan_verdicts
    assert v[0].status == "fail"
    assert "'nope' names no entry and matches no checked file" in v[0].message


def test_plan_without_context_window_is_a_config_error(tmp_path: Path) -> None:
    config = tree(
        tmp_path, '[[files]]\npath = "a.md"\n[[stages]]\nname = "s"\nfiles = ["a.md"]\n', {"a.md": "x"}
    )
    with pytest.raises(ConfigError, match="a load plan needs the context window"):
        files.check(config)


# --- counting through the disk cache --------------------------------------------------------------


class CountingTokenizer:
    name = "counting"
    exact = False
    cache_key = "counting@1"

    def __init__(self) -> None:
        self.calls = 0

    def count(self, text: str) -> int:
        self.calls += 1
        return len(text)

    def count_many(self, texts: Iterable[str]) -> list[int]:
        return [self.count(t) for t in texts]

    def encode(self, text: str) -> list[int]:
        raise NotImplementedError

    def decode(self, tokens: Sequence[int]) -> str:
        raise NotImplementedError


def test_warm_run_reads_counts_from_the_disk_cache(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        '[[files]]\npath = "**/*.md"\n',
        {"a.md": "hello", "s/SKILL.md": skill("d", 2), "c.md": "world!"},
    )
    cold = CountingTokenizer()
    first = files.check(config, tokenizer=cold, cache=DiskCache(tmp_path / "cache"))
    assert cold.calls == 5  # three files, plus body and frontmatter of the skill
    warm = CountingTokenizer()
    second = files.check(config, tokenizer=warm, cache=DiskCache(tmp_path / "cache"))
    assert warm.calls == 0
    assert [v.to_dict() for v in second.verdicts] == [v.to_dict() for v in first.verdicts]
    # a changed file is counted again, and only that one
    (tmp_path / "a.md").write_text("hello again")
    again = CountingTokenizer()
    files.check(config, tokenizer=again, cache=DiskCache(tmp_path / "cache"))
    assert again.calls == 1


class Recorder:
    """A ``Progress`` that records what it is told."""

    def __init__(self) -> None:
        self.total = -1
        self.done = 0
        self.stopped = False

    def start(self, total: int) -> None:
        self.total = total

    def advance(self, done: int = 1) -> None:
        self.done += done

    def stop(self) -> None:
        self.stopped = True


def test_a_warm_check_counts_only_the_changed_files_and_reports_as_a_cold_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from prompt_budget import count_cache

    monkeypatch.setattr(count_cache, "_RACY_NS", 0)  # files just written: trust their stat signature
    layout = {f"docs/d{i:03d}.md": tokens(i + 1) for i in range(300)}
    layout["s/SKILL.md"] = skill("d", 2)
    config = tree(tmp_path, '[[files]]\npath = "**/*.md"\nmax_tokens = 2000\n', layout)
    files.check(config, tokenizer=CountingTokenizer(), cache=DiskCache(tmp_path / "cache"))
    (tmp_path / "docs" / "d299.md").write_text("z" * 30, encoding="utf-8")  # was 1,200 characters
    (tmp_path / "docs" / "d000.md").write_text(tokens(600), encoding="utf-8")  # was 4: now over its cap
    warm, progress = CountingTokenizer(), Recorder()
    seen = files.check(config, tokenizer=warm, cache=DiskCache(tmp_path / "cache"), progress=progress)
    assert warm.calls == 2  # the two changed files; the rest (and the skill's parts) from the cache
    assert (progress.total, progress.done, progress.stopped) == (301, 301, True)
    cold = files.check(config, tokenizer=CountingTokenizer())
    assert [v.to_dict() for v in seen.verdicts] == [v.to_dict() for v in cold.verdicts]
    assert {v.subject: v.tokens for v in seen.verdicts if v.status == "fail"} == {"docs/d000.md": 2400}
    assert by_id(seen.verdicts)["docs/d299.md"].tokens == 30


def test_binary_file_fails_with_reason(tmp_path: Path) -> None:
    config = tree(tmp_path, '[[files]]\npath = "docs/*"\n', {})
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "img.bin").write_bytes(b"\x00\x01\x02")
    v = by_id(files.check(config).file_verdicts)["docs/img.bin"]
    assert v.status == "fail"
    assert v.message == "docs/img.bin: binary file (contains NUL bytes), not counted"


def test_the_largest_sections_of_a_skill_body_over_its_cap_scaled_by_the_safety_multiplier(
    tmp_path: Path,
) -> None:
    # The body's sections, not the frontmatter: "# A\n" + 40 tokens + "\n" is 165 chars (42 tokens),
    # "# B\n" + 20 tokens + "\n" 85 chars (22); times 1.5, rounded up: 63 and 33.
    body = "# A\n" + tokens(40) + "\n# B\n" + tokens(20) + "\n"
    config = tree(
        tmp_path,
        'safety_multiplier = 1.5\n[[files]]\npath = "skills/*/SKILL.md"\nmax_tokens = 50\n',
        {"skills/a/SKILL.md": skill("d", 0) + body},
    )
    v = by_id(files.check(config).file_verdicts)["skills/a/SKILL.md"]
    assert v.status == "fail"
    assert v.message.splitlines()[1] == (
        'largest sections: "# A" (lines 5-6) 63 tokens, "# B" (lines 7-8) 33 tokens'
    )


def test_a_missing_skippable_file_is_a_warning_that_does_not_call_it_must_load(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        '[[files]]\nname = "guides"\npath = "docs/guide.md"\nload = "skippable"\nmax_tokens = 100\n',
        {"CLAUDE.md": tokens(10)},
    )
    v = by_id(files.check(config).verdicts)["docs/guide.md"]
    assert v.status == "warn"
    assert v.message == "docs/guide.md: file is missing (entry 'guides', prompt_budget.toml [files] #1)"


# --- the check of many files: what a report makes, and what runs beside the walk ------------------


def test_only_the_files_that_do_not_plainly_pass_are_judged_for_the_status_and_the_table(
    tmp_path: Path,
) -> None:
    from prompt_budget.report.files import files_table, problem_lines

    config = tree(
        tmp_path,
        'threshold = 0.8\n[[files]]\npath = "docs/*.md"\nmax_tokens = 100\n'
        '[[files]]\npath = "skills/*/SKILL.md"\nmax_tokens = 100\nfrontmatter_max_tokens = 20\n',
        {
            "docs/a.md": tokens(10),
            "docs/b.md": tokens(90),  # past the 80% threshold: a warning
            "docs/c.md": tokens(101),  # over its cap
            "skills/s/SKILL.md": skill("d", 30),
        },
    )
    report = files.check(config)
    assert report.status == "fail"
    assert list(report.judged) == ["docs/b.md", "docs/c.md"]
    rows = files_table(report).rows
    assert rows == [
        ["docs/a.md", "docs/*.md", "10", "100", "10.0%", "skippable", "ok"],
        ["docs/b.md", "docs/*.md", "90", "100", "90.0%", "skippable", "warn"],
        ["docs/c.md", "docs/*.md", "101", "100", "101.0%", "skippable", "FAIL"],
        ["skills/s/SKILL.md (body)", "skills/*/SKILL.md", "30", "100", "30.0%", "skippable", "ok"],
        # "name: s\ndescription: d": 22 characters, 6 tokens
        ["skills/s/SKILL.md (frontmatter)", "skills/*/SKILL.md", "6", "20", "30.0%", "must", "ok"],
    ]
    assert [line.split(" is ")[0] for line in problem_lines(report)] == ["warn: docs/b.md", "FAIL: docs/c.md"]
    # the same rows as the verdicts of every file give (the Markdown report's order: failures first)
    every = {tuple(r) for r in files_table(report, failures_first=True).rows}
    assert every == {tuple(r) for r in rows}
    assert files_table(report, hide_passed=True).rows == rows[1:3]


def test_a_first_run_loads_the_vocabulary_while_a_child_finishes_a_long_walk(tmp_path: Path) -> None:
    from prompt_budget.count_pool import HAND_OFF_AFTER

    layout = {f"docs/d{i:04d}.md": "x" for i in range(HAND_OFF_AFTER + 50)}
    config = tree(tmp_path, '[[files]]\npath = "docs/*.md"\n', layout)
    calls: list[int] = []
    fs = files.resolve(config, meanwhile=lambda: calls.append(os.getpid()))
    assert calls == [os.getpid()]  # once, in this process
    assert list(fs.files) == sorted(layout)
    assert list(fs.files) == list(files.resolve(config).files)
    (tmp_path / "short").mkdir()
    short = tree(tmp_path / "short", '[[files]]\npath = "*.md"\n', {"a.md": "x"})
    assert list(files.resolve(short, meanwhile=lambda: calls.append(0)).files) == ["a.md"]
    assert len(calls) == 1  # a short walk is not handed off: nothing runs beside it


def test_the_vocabulary_is_loaded_ahead_only_when_every_file_will_be_counted_on_many_cores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from prompt_budget import count_cache

    monkeypatch.setattr(count_cache, "_RACY_NS", 0)  # files just written: trust their stat signature
    config = tree(tmp_path, '[[files]]\npath = "*.md"\n', {"a.md": tokens(3)})
    cold = DiskCache(tmp_path / "cache")
    assert files.vocabulary_loader(config, cold, 1) is None  # one core: counted here, when needed
    assert files.vocabulary_loader(config, cold, 2) is not None
    assert files.vocabulary_loader(config, None, 2) is not None
    files.check(config, cache=cold)
    assert files.vocabulary_loader(config, DiskCache(tmp_path / "cache"), 2) is None  # files recorded
