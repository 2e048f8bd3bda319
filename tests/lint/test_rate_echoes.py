"""PB104's project-wide half: a project's own characters-per-token rate written again where nothing
around says tokens (set 110: lcode-cli estimates tokens as ``// 3`` in a dozen places, two of them in a
function named for tokens)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_helpers import lint_package, reported_lines

from prompt_budget.lint.rules.pb104_chars_per_token import CharsPerToken

#: A rate the rule reports on its own: the function is named for tokens.
ESTIMATE = "def estimate_tokens(text: str) -> int:\n    return len(text) // {rate}\n"
#: Lengths of text divided by a rate, in a module that says nothing of tokens.
AGENT = (
    "import json\n\n\n"
    "class Agent:\n"
    "    def reset(self):\n"
    "        self.ctx_used = len(self.messages[0]['content']) // 3\n"  # line 6
    "        self.ctx_used = sum(len(json.dumps(m)) for m in self.messages) // 3\n"  # line 7
    "        fresh = max(0, conversation_chars(self.messages) - self.sent_chars) // 3\n"  # line 8
    "        return fresh\n"
)


def test_a_text_length_divided_by_the_project_rate_is_an_estimate(tmp_path: Path) -> None:
    found = lint_package(
        tmp_path, {"__init__.py": "", "tokens.py": ESTIMATE.format(rate=3), "agent.py": AGENT}
    )
    assert reported_lines(found, "PB104") == [
        ("pkg/agent.py", 6),
        ("pkg/agent.py", 7),
        ("pkg/agent.py", 8),
        ("pkg/tokens.py", 2),
    ]
    echo = next(f for f in found if f.path == "pkg/agent.py" and f.line == 6)
    assert "the rate the project estimates tokens with at pkg/tokens.py:2" in echo.message
    assert echo.fixable
    assert echo.key == "chars_per_token"
    assert (echo.column, echo.end_column) == (61, 62)  # the literal ``3`` (1-based), which --fix moves


def test_another_rate_in_the_project_says_nothing(tmp_path: Path) -> None:
    found = lint_package(
        tmp_path, {"__init__.py": "", "tokens.py": ESTIMATE.format(rate=4), "agent.py": AGENT}
    )
    assert reported_lines(found, "PB104") == [("pkg/tokens.py", 2)]


def test_no_rate_in_the_project_says_nothing(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "agent.py": AGENT})
    assert reported_lines(found, "PB104") == []


def test_another_project_rate_says_nothing(tmp_path: Path) -> None:
    """Two packages linted in one run: one package's rate is no evidence for the other's code."""
    from lint_helpers import lint_tree

    found = lint_tree(
        tmp_path,
        {
            "one/__init__.py": "",
            "one/tokens.py": ESTIMATE.format(rate=3),
            "two/__init__.py": "",
            "two/agent.py": AGENT,
        },
    )
    assert reported_lines(found, "PB104") == [("one/tokens.py", 2)]


#: A function of the agent: the comment above gets the module past the pre-check (``ctx``), not into a token
#: context (the rule reads a statement's own comment, its function's name and its docstring).
QUIET = (
    "# ctx\ndef f(self, text, results, title, encoded_b64, max_chars, logger):\n    {line}\n    return 0\n"
)


@pytest.mark.parametrize(
    ("line", "reported"),
    [
        ("est = len(text) // 3", True),  # the control: an estimate at the project's rate
        ("preview = text[: len(text) // 3]", False),  # cuts the text: a third of it, no estimate
        ("n_lines = len(text) // 3", False),  # bound to another unit
        ("chunk_size = len(text) // 3", False),
        ("overlap = len(text) // 3", False),
        ("batch = len(results) // 3", False),  # a list's length
        ("third = len(self.messages) // 3", False),  # a count of messages
        ("width = len(title) // 3", False),
        ("padding = len(encoded_b64) // 3", False),  # base64
        ("head = max_chars // 3", False),  # a share of a cap of characters (google-adk's ``max_chars // 4``)
        ("third = len(text) // 3", False),
        ("logger.info('prompt of ~%d', len(text) // 3)", False),  # only shown
        ("print(f'{len(text) // 3:,} units')", False),
        ("steps = list(range(len(text) // 3))", False),  # a count of steps
        ("for _ in text[len(text) // 3 :]: pass", False),
    ],
)
def test_quotients_that_are_no_estimate_stay_quiet(tmp_path: Path, line: str, reported: bool) -> None:
    files = {"__init__.py": "", "tokens.py": ESTIMATE.format(rate=3), "agent.py": QUIET.format(line=line)}
    found = lint_package(tmp_path, files)
    assert reported_lines(found, "PB104") == [("pkg/agent.py", 3)] * reported + [("pkg/tokens.py", 2)]


def test_a_rate_kept_in_a_name_is_judged_where_it_is_written(tmp_path: Path) -> None:
    """``PARTS = 3`` ... ``len(prompt) // PARTS``: the name is not the project's rate written again."""
    agent = "# ctx\nPARTS = 3\n\n\ndef split(prompt, parts=3):\n    n = len(prompt) // PARTS\n    m = len(prompt) // parts\n    return n, m\n"
    found = lint_package(
        tmp_path, {"__init__.py": "", "tokens.py": ESTIMATE.format(rate=3), "agent.py": agent}
    )
    assert reported_lines(found, "PB104") == [("pkg/tokens.py", 2)]


def test_noqa_on_the_echo_holds(tmp_path: Path) -> None:
    agent = AGENT.replace("// 3\n", "// 3  # noqa: PB104\n", 1)
    found = lint_package(
        tmp_path, {"__init__.py": "", "tokens.py": ESTIMATE.format(rate=3), "agent.py": agent}
    )
    assert reported_lines(found, "PB104") == [("pkg/agent.py", 7), ("pkg/agent.py", 8), ("pkg/tokens.py", 2)]


def test_a_silenced_rate_is_no_evidence(tmp_path: Path) -> None:
    tokens = ESTIMATE.format(rate=3).replace("// 3\n", "// 3  # noqa: PB104\n")
    found = lint_package(tmp_path, {"__init__.py": "", "tokens.py": tokens, "agent.py": AGENT})
    assert reported_lines(found, "PB104") == []


def test_no_echo_in_a_test_module(tmp_path: Path) -> None:
    files = {"__init__.py": "", "tokens.py": ESTIMATE.format(rate=3), "test_agent.py": AGENT}
    assert reported_lines(lint_package(tmp_path, files), "PB104") == [("pkg/tokens.py", 2)]


def test_the_rule_says_it_looks_across_the_project() -> None:
    assert CharsPerToken.PROJECT_WIDE


#: A note's summary: the front matter must end in the first third of the text (a place in it, set 221:
#: mcp-multi-note), and the text's tokens are estimated at the same rate further down.
NOTE = (
    "import re\n\n\n"
    "def summarize(content: str) -> dict:\n"
    "    body = content\n"
    "    yaml_end = re.search(r'^---$', content, re.MULTILINE)\n"
    "    if {test} < len(content) // 3:\n"  # line 7
    "        body = content[yaml_end.end():]\n"
    "    estimated_tokens = len(content) // 3\n"  # line 9
    "    return {{'body': body, 'tokens': estimated_tokens}}\n"
)


@pytest.mark.parametrize(("test", "lines"), [("yaml_end.end()", [9]), ("len(body)", [7, 9])])
def test_a_third_of_a_text_ordered_against_a_place_in_it_is_no_estimate(
    tmp_path: Path, test: str, lines: list[int]
) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "notes.py": NOTE.format(test=test)})
    assert reported_lines(found, "PB104") == [("pkg/notes.py", line) for line in lines]
