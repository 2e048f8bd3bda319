"""YAML frontmatter as real skill, agent, command and rule files write it.

The shapes come from public Claude Code repositories (skills, ``.claude/commands``, ``.claude/agents``,
``.claude/rules``), shortened. Every expected value is written out by hand from the YAML spec."""

from __future__ import annotations

import datetime

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from prompt_budget.text import frontmatter
from prompt_budget.text.frontmatter import Frontmatter, FrontmatterError, frontmatter_end, parse_frontmatter


@pytest.fixture(autouse=True, params=["libyaml", "pure"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test with libyaml's loader and with the pure-Python one: the same values, lines and
    messages either way."""
    if request.param == "libyaml":
        if not hasattr(yaml, "CSafeLoader"):
            pytest.skip("PyYAML is built without libyaml")
        monkeypatch.setattr(frontmatter, "_loader", lambda: yaml.CSafeLoader)
    else:
        monkeypatch.setattr(frontmatter, "_loader", lambda: yaml.SafeLoader)


def parse(text: str) -> Frontmatter:
    fm = parse_frontmatter(text)
    assert fm is not None
    return fm


# --- moved from test_files.py -----------------------------------------------------------------


def test_frontmatter_reader_handles_the_skill_subset() -> None:
    fm = parse_frontmatter(
        "---\n"
        "name: deploy\n"
        "description: >-\n"
        "  Deploys the app\n"
        "  to staging.\n"
        'allowed-tools: [Bash, "Read"]\n'
        "prompt_budget: {max_tokens: 1500, load: skippable}\n"
        "meta:\n"
        "  owner: 'ops'  # a comment\n"
        "  tags:\n"
        "    - a\n"
        "    - b\n"
        "---\n"
        "Body\n"
    )
    assert fm is not None
    assert fm.data == {
        "name": "deploy",
        "description": "Deploys the app to staging.",
        "allowed-tools": ["Bash", "Read"],
        "prompt_budget": {"max_tokens": 1500, "load": "skippable"},
        "meta": {"owner": "ops", "tags": ["a", "b"]},
    }
    assert fm.body == "Body\n"
    assert fm.always_loaded == "name: deploy\ndescription: Deploys the app to staging."


def test_frontmatter_block_mapping_and_literal_scalar() -> None:
    fm = parse_frontmatter(
        "---\ndescription: |\n  line one\n  line two\nprompt_budget:\n  max_tokens: 2k\n  priority: 3\n---\n"
    )
    assert fm is not None
    assert fm.data["description"] == "line one\nline two\n"
    assert fm.data["prompt_budget"] == {"max_tokens": "2k", "priority": 3}


# --- lists --------------------------------------------------------------------------------------


def test_a_flow_list_on_the_line_after_its_key() -> None:
    # a command: the list opens on the next line, one quoted item a line, a trailing comma
    fm = parse(
        "---\n"
        "description: Review the week and submit the timesheet\n"
        "allowed-tools:\n"
        "  [\n"
        '    "Bash",\n'
        '    "Read",\n'
        '    "Write",\n'
        "  ]\n"
        "---\n"
        "# Timesheet\n"
    )
    assert fm.data == {
        "description": "Review the week and submit the timesheet",
        "allowed-tools": ["Bash", "Read", "Write"],
    }
    assert fm.body == "# Timesheet\n"


def test_the_flow_list_of_the_issue() -> None:
    fm = parse('---\nname: x\nallowed-tools:\n  ["Read", "Write"]\n---\n')
    assert fm.data["allowed-tools"] == ["Read", "Write"]


def test_a_flow_list_of_unquoted_tool_patterns_over_several_lines() -> None:
    fm = parse(
        "---\n"
        "name: commit\n"
        "allowed-tools:\n"
        "  [\n"
        "    Bash(git status *),\n"
        "    Bash(git diff *),\n"
        "    Bash(git commit *),\n"
        "  ]\n"
        "---\n"
    )
    assert fm.data["allowed-tools"] == ["Bash(git status *)", "Bash(git diff *)", "Bash(git commit *)"]


def test_single_quoted_items_with_colons_and_wide_text() -> None:
    fm = parse(
        "---\n"
        "description: '변경사항을 임시 저장하고 복원합니다'\n"
        "allowed-tools:\n"
        "  [\n"
        "    'Bash(git stash:*)',\n"
        "    'Bash(git status:*)',\n"
        "  ]\n"
        "argument-hint: '[작업: save|pop|list]'\n"
        "---\n"
    )
    assert fm.data == {
        "description": "변경사항을 임시 저장하고 복원합니다",
        "allowed-tools": ["Bash(git stash:*)", "Bash(git status:*)"],
        "argument-hint": "[작업: save|pop|list]",
    }


def test_block_lists_and_a_rule_with_quoted_globs() -> None:
    fm = parse('---\npaths:\n  - "src/api/**/*.ts"\n  - "**/*.test.*"\n  - "docs/**"\n---\n# API rules\n')
    assert fm.data == {"paths": ["src/api/**/*.ts", "**/*.test.*", "docs/**"]}
    assert not fm.is_split  # a rule has no name or description: nothing is always loaded
    assert fm.always_loaded == ""


def test_block_list_items_at_the_key_indentation() -> None:
    fm = parse("---\nname: s\nskills:\n- git-worktree\n- code-quality\ntools: Read, Grep, Glob\n---\n")
    assert fm.data == {"name": "s", "skills": ["git-worktree", "code-quality"], "tools": "Read, Grep, Glob"}


# --- multi-line descriptions --------------------------------------------------------------------


def test_a_folded_description_strip_chomping() -> None:
    fm = parse(
        "---\n"
        "name: web-research\n"
        "description: >-\n"
        "  Use when investigating a bounded claim\n"
        "  with source-backed evidence.\n"
        "  Do not use for a simple lookup.\n"
        "---\n"
    )
    assert fm.data["description"] == (
        "Use when investigating a bounded claim with source-backed evidence. Do not use for a simple lookup."
    )
    assert fm.always_loaded == (
        "name: web-research\ndescription: Use when investigating a bounded claim with source-backed "
        "evidence. Do not use for a simple lookup."
    )


def test_a_folded_description_keeps_paragraph_breaks_and_clips_the_end() -> None:
    fm = parse("---\ndescription: >\n  First paragraph\n  goes on.\n\n  Second one.\n\n\nname: s\n---\n")
    assert fm.data["description"] == "First paragraph goes on.\nSecond one.\n"


def test_a_literal_description_clip_chomping() -> None:
    fm = parse(
        "---\n"
        "name: nanobanana\n"
        "description: |\n"
        "  Generates images in the browser.\n"
        '  Use for "make an image" requests.\n'
        "allowed-tools:\n"
        "  - Bash\n"
        "---\n"
    )
    assert fm.data["description"] == 'Generates images in the browser.\nUse for "make an image" requests.\n'
    assert fm.always_loaded == (
        'name: nanobanana\ndescription: Generates images in the browser.\nUse for "make an image" requests.\n'
    )


def test_literal_keep_and_strip_chomping() -> None:
    fm = parse("---\nkeep: |+\n  a\n  b\n\n\nstrip: |-\n  c\n\nafter: x\n---\n")
    assert fm.data == {"keep": "a\nb\n\n\n", "strip": "c", "after": "x"}


def test_a_literal_description_with_example_dialogue_and_more_indented_lines() -> None:
    fm = parse(
        "---\n"
        "name: kubernetes-engineer\n"
        "description: |\n"
        "  Use this agent for Kubernetes resources.\n"
        "\n"
        "  Examples:\n"
        '    user: "I need a deployment"\n'
        '    assistant: "I\'ll write it"\n'
        "model: inherit\n"
        "color: blue\n"
        "---\n"
    )
    assert fm.data == {
        "name": "kubernetes-engineer",
        "description": (
            "Use this agent for Kubernetes resources.\n\nExamples:\n"
            '  user: "I need a deployment"\n  assistant: "I\'ll write it"\n'
        ),
        "model": "inherit",
        "color": "blue",
    }


def test_a_plain_description_continued_on_indented_lines() -> None:
    fm = parse("---\nname: s\ndescription: Runs the tests\n  and reports\n  the failures.\n---\n")
    assert fm.data["description"] == "Runs the tests and reports the failures."


# --- quoting, comments, line endings ------------------------------------------------------------


def test_quoted_strings_with_colons_and_escapes() -> None:
    fm = parse(
        "---\n"
        "name: 'create-pr'\n"
        'description: "Creates Three.js apps. Use for: \\"a scene\\" or 3D content"\n'
        'argument-hint: "[owner/repo] [run-id]"\n'
        "note: 'it''s quoted: twice'\n"
        "---\n"
    )
    assert fm.data == {
        "name": "create-pr",
        "description": 'Creates Three.js apps. Use for: "a scene" or 3D content',
        "argument-hint": "[owner/repo] [run-id]",
        "note": "it's quoted: twice",
    }
    assert (
        fm.always_loaded
        == 'name: create-pr\ndescription: Creates Three.js apps. Use for: "a scene" or 3D content'
    )
    assert fm.notes == ()


def test_comments_are_not_values() -> None:
    fm = parse(
        "---\n"
        '# version: "10-15-2015"\n'
        "name: notes  # the skill's name\n"
        "description: Writes C# and F# notes #1 and #2\n"
        "---\n"
    )
    # a `#` starts a comment only after whitespace: "C#" stays, " #1 and #2" is a comment
    assert fm.data == {"name": "notes", "description": "Writes C# and F# notes"}


def test_crlf_line_endings() -> None:
    fm = parse(
        "---\r\n"
        "name: deploy\r\n"
        "description: >-\r\n"
        "  Deploys the app\r\n"
        "  to staging.\r\n"
        "allowed-tools:\r\n"
        '  ["Read", "Write"]\r\n'
        "---\r\n"
        "Body\r\n"
    )
    assert fm.data == {
        "name": "deploy",
        "description": "Deploys the app to staging.",
        "allowed-tools": ["Read", "Write"],
    }
    assert (
        fm.text
        == 'name: deploy\ndescription: >-\n  Deploys the app\n  to staging.\nallowed-tools:\n  ["Read", "Write"]'
    )
    assert fm.body == "Body\r\n"


def test_a_byte_order_mark_before_the_opening_line() -> None:
    fm = parse("\ufeff---\nname: s\ndescription: d\n---\nBody\n")
    assert fm.data == {"name": "s", "description": "d"}
    assert fm.body == "Body\n"


# --- nested maps, empty values, YAML's types ----------------------------------------------------


def test_nested_maps_and_quoted_versions() -> None:
    fm = parse(
        "---\n"
        "name: oct-reader\n"
        "license: MIT\n"
        "metadata:\n"
        "  author: oct-agent\n"
        '  version: "1.0.0"\n'
        "  tags: [oct, retina, medical-imaging]\n"
        "  owner:\n"
        "    team: imaging\n"
        "prompt_budget: {max_tokens: 1500, load: skippable}\n"
        "---\n"
    )
    assert fm.data == {
        "name": "oct-reader",
        "license": "MIT",
        "metadata": {
            "author": "oct-agent",
            "version": "1.0.0",
            "tags": ["oct", "retina", "medical-imaging"],
            "owner": {"team": "imaging"},
        },
        "prompt_budget": {"max_tokens": 1500, "load": "skippable"},
    }


def test_empty_values() -> None:
    fm = parse('---\nname: s\nargument-hint:\ndescription: ""\nmeta: {}\ntags: []\n---\n')
    assert fm.data == {"name": "s", "argument-hint": None, "description": "", "meta": {}, "tags": []}
    assert fm.always_loaded == "name: s\ndescription: "


def test_an_empty_frontmatter_and_a_dots_closing_line() -> None:
    assert parse("---\n---\nBody").data == {}
    assert parse("---\n# only a comment\n...\nBody").body == "Body"


def test_yaml_types_and_the_listing_as_the_file_writes_it() -> None:
    fm = parse(
        "---\n"
        "name: 2024-05-01\n"
        "description: yes\n"
        "when_to_use: 3.10\n"
        "disable-model-invocation: true\n"
        "user-invocable: off\n"
        "priority: 3\n"
        "on: push\n"
        "---\n"
    )
    # YAML (1.1, as PyYAML reads it) types the values ...
    assert fm.data == {
        "name": datetime.date(2024, 5, 1),
        "description": True,
        "when_to_use": 3.1,
        "disable-model-invocation": True,
        "user-invocable": False,
        "priority": 3,
        "on": "push",  # ... but a key stays the text it is written as
    }
    # what stays in context is the text as written, not YAML's reading of it
    assert fm.always_loaded == "name: 2024-05-01\ndescription: yes\nwhen_to_use: 3.10"


def test_a_listing_value_that_is_a_list_is_written_as_json() -> None:
    fm = parse("---\nname: s\ndescription: [first, 2024-05-01]\n---\n")
    assert fm.always_loaded == 'name: s\ndescription: ["first", "2024-05-01"]'


# --- values YAML rejects and Claude Code reads ---------------------------------------------------


def test_an_unquoted_colon_in_a_description_is_read_as_one_string_with_a_note() -> None:
    fm = parse(
        "---\n"
        "name: fastapi-expert\n"
        "description: Use this agent for FastAPI code. Examples: <example>Context: a new endpoint. "
        "user: 'add it' assistant: 'on it'</example>\n"
        "tools: Read, Grep\n"
        "---\n"
    )
    assert fm.data == {
        "name": "fastapi-expert",
        "description": "Use this agent for FastAPI code. Examples: <example>Context: a new endpoint. "
        "user: 'add it' assistant: 'on it'</example>",
        "tools": "Read, Grep",
    }
    assert fm.notes == (
        "frontmatter line 3: mapping values are not allowed here; read as one string, as Claude Code reads "
        "it (quote the value for other YAML readers)",
    )


def test_an_unquoted_glob_starting_with_a_star() -> None:
    fm = parse('---\npaths: **/*.ts\nname: "s"\n---\n')
    assert fm.data == {"paths": "**/*.ts", "name": "s"}
    assert len(fm.notes) == 1
    assert fm.notes[0].startswith("frontmatter line 2: ")


# --- malformed frontmatter ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("---\nname: x\n", 1, "opening '---' has no closing '---' line"),
        ("---\nname: x\n  bad: indent\n---\n", 3, "mapping values are not allowed here"),
        ("---\nname: x\njust words\n---\n", 3, "could not find expected ':' (while scanning a simple key)"),
        ('---\nname: "open\n---\n', 2, "found unexpected end of stream (while scanning a quoted scalar)"),
        (
            "---\nmeta: {a: 1\n---\n",
            2,
            "expected ',' or '}', but got '<stream end>' (while parsing a flow mapping)",
        ),
        # a flow list opened on the line after its key and never closed: named where YAML gave up
        (
            '---\nname: s\nallowed-tools:\n  [\n    "Read",\n    "Write"\n---\n',
            6,
            "expected ',' or ']', but got '<stream end>' (while parsing a flow sequence from line 4)",
        ),
        (
            "---\nname: s\ntags: [a, b]]\n---\n",
            3,
            "expected <block end>, but found ']' (while parsing a block mapping from line 2)",
        ),
        (
            "---\nname: s\n\tdescription: tabbed\n---\n",
            3,
            "found character '\\t' that cannot start any token (while scanning for the next token)",
        ),
        ("---\nname: s\ndescription: [a, *missing]\n---\n", 3, "found undefined alias 'missing'"),
        (
            "---\nname: s\nrun: !!python/object/apply:os.system [ls]\n---\n",
            3,
            "could not determine a constructor for the tag 'tag:yaml.org,2002:python/object/apply:os.system'",
        ),
        ("---\nname: s\nbell: \x07\n---\n", 3, "character #x0007 is not allowed in YAML"),
        # valid YAML, but not a mapping
        ("---\n- Read\n- Write\n---\n", 2, "expected 'key: value' lines, got a list"),
        ("---\n\nA skill that explains things\n---\n", 3, "expected 'key: value' lines, got a single value"),
    ],
)
def test_malformed_frontmatter_names_the_file_line(text: str, line: int, message: str) -> None:
    with pytest.raises(FrontmatterError) as info:
        parse_frontmatter(text)
    assert (info.value.line, info.value.message) == (line, message)
    assert str(info.value) == f"frontmatter line {line}: {message}"


def test_an_error_past_a_leading_byte_order_mark_and_crlf_names_the_same_line() -> None:
    with pytest.raises(FrontmatterError) as info:
        parse_frontmatter("\ufeff---\r\nname: s\r\ndescription: ok\r\n  oops: x\r\n---\r\n")
    assert info.value.line == 4


# --- what is and is not a frontmatter -----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["# Title\n---\n", "----\nnot: frontmatter\n", "--- a\nb: c\n---\n", "", "\n---\nname: s\n---\n"],
)
def test_no_frontmatter(text: str) -> None:
    assert parse_frontmatter(text) is None


def test_frontmatter_end() -> None:
    assert frontmatter_end(["---", "a: 1", "--- ", "x"]) == 2
    assert frontmatter_end(["---", "a: 1", "...\r"]) == 2
    assert frontmatter_end(["---", "a: 1"]) is None


# --- plain `key: value` blocks, read without YAML -------------------------------------------------

_KEYS = ["name", "description", "when_to_use", "allowed-tools", "_x", "on", "yes", "Null", "a" * 130, "k1"]
_VALUES = [
    "skill",
    "does a thing",
    "Yes",
    "no",
    "off",
    "null",
    "e1",
    "N",
    "y",
    "a.b",
    "a/b (c)",
    "don't",
    "a, b",
    "a #b",
    "a: b",
    "a ",
    "x\ty",
    "1.5",
    "2024-01-01",
    ".inf",
    "~",
    "'q'",
    '"q"',
    "a--b",
    "é",
    "[a]",
    "{a: 1}",
    "*ref",
    "&a x",
    "!tag x",
    "|",
    ">",
    "%x",
    "@x",
    "`x`",
    "a  b",
    "-x",
    "?x",
]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_KEYS), st.sampled_from(_VALUES)), min_size=1, max_size=4))
def test_a_plain_block_reads_as_yaml_reads_it(pairs: list[tuple[str, str]]) -> None:
    block = "\n".join(f"{k}: {v}" for k, v in pairs)
    plain = frontmatter._plain(block)
    if plain is None:
        return
    data, written = frontmatter._load(block)
    assert plain == data == written
    assert list(plain) == list(data)
    assert all(type(k) is str and type(v) is str for k, v in data.items())


def test_a_skills_name_and_description_are_read_without_yaml() -> None:
    block = (
        "name: pdf-tools\ndescription: Extract text and tables from PDF files, fill forms (use it for PDFs)"
    )
    assert frontmatter._plain(block) == {
        "name": "pdf-tools",
        "description": "Extract text and tables from PDF files, fill forms (use it for PDFs)",
    }
    # what YAML reads otherwise is left to YAML: booleans, numbers, dates, quotes, comments, nesting
    for other in ("name: yes", "on: x", "name: 1.5", "name: a #b", "name: 'q'", "name: x\n  nested: y", ""):
        assert frontmatter._plain(other) is None
    fm = parse_frontmatter(f"---\n{block}\n---\nBody.\n")
    assert fm is not None
    assert fm.data == frontmatter._load(block)[0]
    assert fm.always_loaded == block
