"""Agent harnesses (``harnesses = [...]``): which files each harness loads and when, in every layout
its documentation describes; the must-load total per harness and per folder; the harnesses' own limits
(the AGENTS.md chain in bytes, the skill listing, Windsurf's characters); each file counted once.

Counts use ``chars4`` (ceil(chars / 4)): ``tokens(n)`` is exactly n tokens, 4n characters."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import pytest
from file_tree import tokens, tree

from prompt_budget import files
from prompt_budget.config import load_config
from prompt_budget.errors import ConfigError
from prompt_budget.harnesses import detect, discover, discover_tree
from prompt_budget.model import Verdict


def by_id(verdicts: Iterable[Verdict]) -> dict[str, Verdict]:
    out: dict[str, Verdict] = {}
    for v in verdicts:
        assert v.subject not in out, f"{v.subject} reported twice"
        out[v.subject] = v
    return out


def write(root: Path, layout: dict[str, str]) -> None:
    for rel, text in layout.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def link(root: Path, rel: str, target: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, path)


def skill(name: str, description: str, body: str = "body\n") -> str:
    return f"---\nname: {name}\ndescription: {description}\n---\n{body}"


def loads(root: Path, harness: str) -> dict[str, tuple[str, bool, str]]:
    """id -> (when, listed, folder) of every file ``harness`` loads from the tree at ``root``."""
    d = discover_tree(root, [harness])
    return {x.id: (x.when, x.listed, x.folder) for x in d.of(harness) if x.shadowed_by is None}


# --- discovery, layout by layout ------------------------------------------------------------------


def test_claude_code_root_nested_local_skills_plugins_and_marketplace(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "CLAUDE.md": "root\n",
            "CLAUDE.local.md": "mine\n",
            "src/api/CLAUDE.md": "api\n",
            ".claude/rules/style.md": "always\n",
            ".claude/rules/py.md": "---\npaths: ['**/*.py']\n---\npython\n",
            ".claude/skills/deploy/SKILL.md": skill("deploy", "Deploys"),
            "tools/.claude/skills/lint/SKILL.md": skill("lint", "Lints"),
            ".claude/agents/reviewer.md": skill("reviewer", "Reviews"),
            ".claude/commands/release.md": "release\n",
            ".claude-plugin/marketplace.json": "{}\n",
            "plugins/pr/.claude-plugin/plugin.json": "{}\n",
            "plugins/pr/skills/review/SKILL.md": skill("review", "Reviews PRs"),
            "plugins/pr/agents/checker.md": skill("checker", "Checks"),
            "plugins/pr/commands/open.md": "open\n",
            "skills/xlsx/SKILL.md": skill("xlsx", "Spreadsheets"),
            "docs/guide.md": "not loaded\n",
        },
    )
    assert loads(tmp_path, "claude-code") == {
        "CLAUDE.md": ("always", False, ""),
        "CLAUDE.local.md": ("always", False, ""),
        "src/api/CLAUDE.md": ("folder", False, "src/api"),
        ".claude/rules/style.md": ("always", False, ""),
        ".claude/rules/py.md": ("glob", False, ""),
        ".claude/skills/deploy/SKILL.md": ("on-demand", True, ""),
        "tools/.claude/skills/lint/SKILL.md": ("on-demand", True, "tools"),
        ".claude/agents/reviewer.md": ("on-demand", True, ""),
        ".claude/commands/release.md": ("manual", True, ""),
        "plugins/pr/skills/review/SKILL.md": ("on-demand", True, ""),
        "plugins/pr/agents/checker.md": ("on-demand", True, ""),
        "plugins/pr/commands/open.md": ("manual", True, ""),
        "skills/xlsx/SKILL.md": ("on-demand", True, ""),
    }


def test_plugin_agents_and_commands_need_a_plugin_manifest(tmp_path: Path) -> None:
    # agents/ and commands/ folders of a repository that is no plugin are not Claude Code's
    write(tmp_path, {"agents/notes.md": "x\n", "commands/run.md": "x\n", "CLAUDE.md": "x\n"})
    assert loads(tmp_path, "claude-code") == {"CLAUDE.md": ("always", False, "")}
    write(tmp_path, {".claude-plugin/plugin.json": "{}\n"})
    assert set(loads(tmp_path, "claude-code")) == {"CLAUDE.md", "agents/notes.md", "commands/run.md"}


def test_codex_chain_one_file_per_folder_override_first(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "AGENTS.md": "root\n",
            "AGENTS.override.md": "root override\n",
            "src/AGENTS.md": "src\n",
            "src/api/AGENTS.md": "api\n",
            ".agents/skills/fmt/SKILL.md": skill("fmt", "Formats"),
            "pkg/.agents/skills/gen/SKILL.md": skill("gen", "Generates"),
        },
    )
    d = discover_tree(tmp_path, ["codex"])
    shadowed = {x.id: x.shadowed_by for x in d.of("codex") if x.shadowed_by}
    assert shadowed == {"AGENTS.md": "AGENTS.override.md"}
    assert loads(tmp_path, "codex") == {
        "AGENTS.override.md": ("always", False, ""),
        "src/AGENTS.md": ("folder", False, "src"),
        "src/api/AGENTS.md": ("folder", False, "src/api"),
        ".agents/skills/fmt/SKILL.md": ("on-demand", True, ""),
        "pkg/.agents/skills/gen/SKILL.md": ("on-demand", True, "pkg"),
    }
    assert d.folders("codex") == ["", "pkg", "src", "src/api"]


def test_cursor_rule_types_by_frontmatter_and_legacy_cursorrules(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            ".cursor/rules/always.mdc": "---\ndescription: Core\nalwaysApply: true\n---\nx\n",
            ".cursor/rules/ts.mdc": "---\nglobs: src/**/*.ts, src/**/*.tsx\nalwaysApply: false\n---\nx\n",
            ".cursor/rules/pick.mdc": "---\ndescription: When writing SQL\nalwaysApply: false\n---\nx\n",
            ".cursor/rules/manual.mdc": "---\nalwaysApply: false\n---\nx\n",
            ".cursorrules": "legacy\n",
        },
    )
    assert loads(tmp_path, "cursor") == {
        ".cursor/rules/always.mdc": ("always", False, ""),
        ".cursor/rules/ts.mdc": ("glob", False, ""),
        ".cursor/rules/pick.mdc": ("on-demand", True, ""),
        ".cursor/rules/manual.mdc": ("manual", False, ""),
        ".cursorrules": ("always", False, ""),
    }
    ts = next(x for x in discover_tree(tmp_path, ["cursor"]).of("cursor") if x.id.endswith("ts.mdc"))
    assert ts.globs == ("src/**/*.ts", "src/**/*.tsx")
    assert ts.why == "frontmatter globs: set"


def test_copilot_apply_to_and_prompt_files(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            ".github/copilot-instructions.md": "all\n",
            ".github/instructions/py.instructions.md": '---\napplyTo: "**/*.py"\n---\npython\n',
            ".github/instructions/all.instructions.md": '---\napplyTo: "**"\n---\neverything\n',
            ".github/prompts/release.prompt.md": "release\n",
        },
    )
    assert loads(tmp_path, "copilot") == {
        ".github/copilot-instructions.md": ("always", False, ""),
        ".github/instructions/py.instructions.md": ("glob", False, ""),
        ".github/instructions/all.instructions.md": ("always", False, ""),
        ".github/prompts/release.prompt.md": ("manual", False, ""),
    }


def test_gemini_agent_skills_openhands_cline_roo_windsurf(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "GEMINI.md": "@docs/style.md\n",
            "docs/style.md": "style\n",
            "packages/core/GEMINI.md": "core\n",
            ".gemini/skills/doc/SKILL.md": skill("doc", "Docs"),
            ".agents/skills/shared/SKILL.md": skill("shared", "Shared"),
            ".openhands/microagents/repo.md": "repo\n",
            ".openhands/microagents/k8s.md": "---\ntriggers: [kubernetes]\n---\nk8s\n",
            ".clinerules/style.md": "style\n",
            ".clinerules/workflows/ship.md": "ship\n",
            ".clinerules/hooks/README.md": "hook scripts\n",
            ".roo/rules/rules.md": "rules\n",
            ".roo/rules-code/extra.xml": "<x/>\n",
            ".windsurf/rules/a.md": "---\ntrigger: always_on\n---\na\n",
            ".windsurf/rules/b.md": "---\ntrigger: glob\nglobs: '*.py'\n---\nb\n",
            ".windsurf/rules/c.md": "---\ntrigger: model_decision\ndescription: C\n---\nc\n",
            ".windsurf/rules/d.md": "---\ntrigger: manual\n---\nd\n",
        },
    )
    assert loads(tmp_path, "gemini-cli") == {
        "GEMINI.md": ("always", False, ""),
        "packages/core/GEMINI.md": ("always", False, ""),
        ".gemini/skills/doc/SKILL.md": ("on-demand", True, ""),
        ".agents/skills/shared/SKILL.md": ("on-demand", True, ""),
    }
    assert loads(tmp_path, "agent-skills") == {".agents/skills/shared/SKILL.md": ("on-demand", True, "")}
    assert loads(tmp_path, "openhands") == {
        ".openhands/microagents/repo.md": ("always", False, ""),
        ".openhands/microagents/k8s.md": ("on-demand", False, ""),
        ".agents/skills/shared/SKILL.md": ("on-demand", True, ""),
    }
    assert loads(tmp_path, "cline") == {
        ".clinerules/style.md": ("always", False, ""),
        ".clinerules/workflows/ship.md": ("manual", False, ""),
    }
    assert loads(tmp_path, "roo-code") == {
        ".roo/rules/rules.md": ("always", False, ""),
        ".roo/rules-code/extra.xml": ("mode", False, ""),
    }
    assert loads(tmp_path, "windsurf") == {
        ".windsurf/rules/a.md": ("always", False, ""),
        ".windsurf/rules/b.md": ("glob", False, ""),
        ".windsurf/rules/c.md": ("on-demand", True, ""),
        ".windsurf/rules/d.md": ("manual", False, ""),
    }
    # .agents/skills is the shared location: Codex reads it too
    assert detect(tmp_path) == [
        "codex",
        "gemini-cli",
        "agent-skills",
        "openhands",
        "cline",
        "roo-code",
        "windsurf",
    ]


def test_a_harness_rule_keeps_deciding_the_load_under_a_config_entry(tmp_path: Path) -> None:
    # init's entries cap a rule's files without a load: Cursor still reads alwaysApply
    config = tree(
        tmp_path,
        'harnesses = ["cursor"]\n[[files]]\npath = ".cursor/rules/*.mdc"\nmax_tokens = 50\n',
        {
            ".cursor/rules/a.mdc": "---\nalwaysApply: true\n---\n" + tokens(10),
            ".cursor/rules/b.mdc": "---\nglobs: '*.py'\n---\n" + tokens(10),
        },
    )
    report = files.check(config)
    v = by_id(report.file_verdicts)
    assert (v[".cursor/rules/a.mdc"].details["load"], v[".cursor/rules/a.mdc"].max_tokens) == ("must", 50)
    assert (v[".cursor/rules/b.mdc"].details["load"], v[".cursor/rules/b.mdc"].max_tokens) == (
        "skippable",
        50,
    )
    assert [x.id for x in report.discovery.of("cursor") if x.when == "always"] == [".cursor/rules/a.mdc"]  # type: ignore[union-attr]


# --- totals per harness and folder ----------------------------------------------------------------

CLAUDE = 'context_window = 1000\nharnesses = ["claude-code"]\n'


def test_must_load_per_folder_names_the_harness_the_folder_and_what_took_the_space(tmp_path: Path) -> None:
    # listing entry "name: a\ndescription: " + 79 chars = 100 chars: 25 tokens
    config = tree(
        tmp_path,
        CLAUDE,
        {
            "CLAUDE.md": tokens(300),
            "CLAUDE.local.md": tokens(400),
            "src/CLAUDE.md": tokens(500),
            ".claude/skills/a/SKILL.md": skill("a", "d" * 79, tokens(900)),
        },
    )
    v = by_id(files.check(config).harness_verdicts)
    root, src = v["must-load:claude-code"], v["must-load:claude-code:src"]
    assert (root.tokens, root.status) == (725, "pass")
    assert (src.tokens, src.max_tokens, src.status) == (1225, 1000, "fail")
    assert src.message == (
        "Claude Code must-load total in src/ is an estimated 1,225 tokens, over its budget of 1,000 by 225 "
        "(set in prompt_budget.toml context_window (or model), usable_fraction, reserved_output); largest: "
        "src/CLAUDE.md 500, CLAUDE.local.md 400, CLAUDE.md 300"
    )
    assert [(p["id"], p["tokens"], p["what"]) for p in root.details["files"]] == [
        ("CLAUDE.md", 300, "always"),
        ("CLAUDE.local.md", 400, "always"),
        (".claude/skills/a/SKILL.md#frontmatter", 25, "listing"),
    ]
    # a folder's total lists what the folder adds, and the root total it builds on
    assert [(p["id"], p["tokens"], p["what"]) for p in src.details["files"]] == [
        ("src/CLAUDE.md", 500, "folder")
    ]
    assert src.details["root"] == {"id": "must-load:claude-code", "tokens": 725}


def test_harness_budget_overrides_and_threshold_warning(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        'harnesses = ["codex"]\n[harness.codex]\nmust_load_max_tokens = 100\n',
        {"AGENTS.md": tokens(90)},
    )
    v = by_id(files.check(config).harness_verdicts)["must-load:codex"]
    assert (v.tokens, v.max_tokens, v.status) == (90, 100, "warn")
    assert v.cap_source == "prompt_budget.toml [harness.codex] must_load_max_tokens"
    assert v.message.startswith(
        "Codex must-load total at the project root is an estimated 90 tokens, past 80%"
    )


def test_agents_chain_past_32_kib_fails_per_folder_naming_the_limit(tmp_path: Path) -> None:
    # 20,000 + 2 + 10,000 = 30,002 bytes at src (ok); + 2 + 5,000 = 35,004 at src/api (over 32,768)
    config = tree(
        tmp_path,
        'harnesses = ["codex"]\n',
        {"AGENTS.md": "a" * 20_000, "src/AGENTS.md": "b" * 10_000, "src/api/AGENTS.md": "c" * 5_000},
    )
    report = files.check(config)
    v = by_id(report.harness_verdicts)
    assert v["codex:agents-chain:."].details["amount"] == 20_000
    assert (v["codex:agents-chain:src"].details["amount"], v["codex:agents-chain:src"].status) == (
        30_002,
        "warn",
    )
    api = v["codex:agents-chain:src/api"]
    assert (api.details["amount"], api.status) == (35_004, "fail")
    assert api.message.startswith(
        "the AGENTS.md + src/AGENTS.md + src/api/AGENTS.md chain loaded in src/api/ is 35,004 bytes, over "
        "Codex's agents-chain limit of 32,768 bytes by 2,236; Codex does not load what is past it; limit: "
        "https://developers.openai.com/codex/guides/agents-md"
    )
    assert report.status == "fail"


def test_agents_chain_limit_overridden_in_config(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        'harnesses = ["codex"]\n[harness.codex]\nlimits = {agents-chain = "64k"}\n',
        {"AGENTS.md": "a" * 40_000},
    )
    v = by_id(files.check(config).harness_verdicts)["codex:agents-chain:."]
    assert (v.status, v.details["max"]) == ("pass", 64_000)


def test_skill_listing_budget_and_entry_limit(tmp_path: Path) -> None:
    # no context window: 8,000 characters of names and descriptions; each entry at most 1,536
    layout = {f".claude/skills/s{i}/SKILL.md": skill(f"s{i}", "d" * 1_000) for i in range(9)}
    layout[".claude/skills/long/SKILL.md"] = skill("long", "e" * 1_600)
    config = tree(tmp_path, 'harnesses = ["claude-code"]\n', layout)
    v = by_id(files.check(config).harness_verdicts)
    # 9 * (2 + 1,000) + (4 + 1,600) = 10,622 characters
    assert (v["claude-code:skill-listing"].details["amount"], v["claude-code:skill-listing"].status) == (
        10_622,
        "fail",
    )
    entry = v["claude-code:skill-listing-entry:.claude/skills/long/SKILL.md"]
    assert (entry.details["amount"], entry.status) == (1_604, "fail")
    assert "claude-code:skill-listing-entry:.claude/skills/s0/SKILL.md" not in v


def test_windsurf_rule_file_characters(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        'harnesses = ["windsurf"]\n',
        {
            ".windsurf/rules/big.md": "---\ntrigger: always_on\n---\n" + "x" * 6_100,
            ".windsurf/rules/small.md": "---\ntrigger: always_on\n---\n" + "y" * 100,
        },
    )
    v = by_id(files.check(config).harness_verdicts)
    big = v["windsurf:rule-file:.windsurf/rules/big.md"]
    # 27 characters of frontmatter + 6,100
    assert (big.details["amount"], big.status) == (6_127, "fail")
    assert "windsurf:rule-file:.windsurf/rules/small.md" not in v
    assert v["windsurf:rules-total"].details["amount"] == 6_127 + 127


# --- each file counted once ------------------------------------------------------------------------


def test_symlinked_agents_md_counts_once_in_the_must_load_total(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        'context_window = 1000\n[[files]]\npath = ["CLAUDE.md", "AGENTS.md"]\nload = "must"\n',
        {"CLAUDE.md": tokens(100)},
    )
    link(tmp_path, "AGENTS.md", "CLAUDE.md")
    must = files.check(load_config(config.path)).must_load
    assert must is not None
    assert must.tokens == 100
    assert must.details["aliases"] == {"AGENTS.md": "CLAUDE.md"}


def test_symlinked_claude_md_and_a_twice_imported_file_count_once_per_harness(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        CLAUDE,
        {
            "CLAUDE.md": "@docs/a.md\n" + tokens(10),
            "CLAUDE.local.md": "@docs/a.md\n",
            "docs/a.md": tokens(50),
        },
    )
    link(tmp_path, ".claude/CLAUDE.md", "../CLAUDE.md")
    v = by_id(files.check(load_config(config.path)).harness_verdicts)["must-load:claude-code"]
    # CLAUDE.md: 11 + 40 = 51 chars, 13 tokens; CLAUDE.local.md 11 chars, 3 tokens; docs/a.md 50 once
    assert v.tokens == 13 + 3 + 50
    parts = {(p["id"], p["tokens"], p["alias_of"]) for p in v.details["files"]}
    assert ("docs/a.md", 50, None) in parts
    assert v.details["aliases"] == {".claude/CLAUDE.md": "CLAUDE.md"}


# --- configuration ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("toml", "key", "says"),
    [
        (
            'harnesses = ["claude-code", "cursr"]\n',
            "harnesses[1]",
            "unknown harness 'cursr'; did you mean 'cursor'?",
        ),
        (
            'harnesses = "codex"\n[harness.codex]\nlimits = {chain = 1}\n',
            "harness.codex.limits.chain",
            "no limit 'chain'",
        ),
        (
            'harnesses = ["cursor"]\n[harness.codex]\nmust_load_max_tokens = 10\n',
            "harness.codex",
            "configured but not in harnesses",
        ),
        (
            'harnesses = ["x"]\n[harness.x]\nrules = [{name = "a", path = "A.md"}]\n',
            "harness.x.rules[0]",
            "'when'",
        ),
        (
            'harnesses = ["x"]\n[harness.x]\nrules = [{name = "a", path = "A.md", when = "often"}]\n',
            "harness.x.rules[0].when",
            "expected one of always, folder, glob",
        ),
        ('harnesses = ["codex", "codex"]\n', "harnesses", "'codex' is listed twice"),
    ],
)
def test_config_errors_name_the_key(tmp_path: Path, toml: str, key: str, says: str) -> None:
    with pytest.raises(ConfigError) as info:
        tree(tmp_path, toml, {})
    assert info.value.key == key
    assert says in str(info.value)


def test_a_harness_of_ones_own_in_config(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        'context_window = 100\nharnesses = ["claude-code", "mine"]\n'
        '[harness.mine]\ntitle = "Our agent"\n'
        'rules = [{name = "guide", path = "GUIDE.md", when = "always", max_tokens = 50}]\n',
        {"GUIDE.md": tokens(120), "CLAUDE.md": tokens(1)},
    )
    report = files.check(config)
    assert [h.name for h in config.harnesses] == ["claude-code", "mine"]
    v = by_id(report.harness_verdicts)["must-load:mine"]
    assert (v.tokens, v.status) == (120, "fail")
    assert v.message.startswith("Our agent must-load total at the project root is an estimated 120 tokens")
    assert by_id(report.file_verdicts)["GUIDE.md"].status == "fail"


def test_a_harness_from_a_plugin_hook(tmp_path: Path) -> None:
    from prompt_budget import hookimpl
    from prompt_budget.plugins import get_plugin_manager

    class Plugin:
        @hookimpl
        def prompt_budget_harnesses(self) -> dict[str, object]:
            return {
                "acme": {"title": "Acme", "rules": [{"name": "notes", "path": "ACME.md", "when": "always"}]}
            }

    pm = get_plugin_manager()
    plugin = Plugin()
    pm.register(plugin, name="acme-test")
    try:
        config = tree(tmp_path, 'harnesses = ["acme"]\n', {"ACME.md": tokens(5)})
        assert config.harnesses[0].origin == "plugin acme-test"
        assert [x.id for x in discover(files.resolve(config)).of("acme")] == ["ACME.md"]
    finally:
        pm.unregister(plugin)


def test_gemini_md_imports_count_in_its_total(tmp_path: Path) -> None:
    config = tree(
        tmp_path,
        'context_window = 1000\nharnesses = ["gemini-cli"]\n',
        {
            "GEMINI.md": "@docs/style.md\n" + tokens(10),
            "docs/style.md": tokens(40),
            "pkg/GEMINI.md": tokens(5),
        },
    )
    v = by_id(files.check(config).harness_verdicts)["must-load:gemini-cli"]
    # GEMINI.md: 15 + 40 = 55 chars, 14 tokens; its import 40; pkg/GEMINI.md (loaded at start too) 5
    assert [(p["id"], p["tokens"], p["what"]) for p in v.details["files"]] == [
        ("GEMINI.md", 14, "always"),
        ("docs/style.md", 40, "import"),
        ("pkg/GEMINI.md", 5, "always"),
    ]
    assert v.tokens == 59
