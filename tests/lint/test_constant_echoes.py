"""Constants a project names like the budgets it reports elsewhere (set 110: lcode-cli's ``*_CONTEXT`` windows
given to ``num_ctx`` in three modules, ``DEFAULT_CONTEXT = 32768`` in a fourth read through a settings object)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_helpers import lint_package, lint_tree, reported_lines

#: A window the rules report: it is given to ``num_ctx``.
HELP = 'HELP_CONTEXT = 8192\n\n\ndef ask(client, m):\n    return client.chat(m, options={"num_ctx": HELP_CONTEXT})\n'
#: A compaction ratio the rules report: it scales the token count it is compared with.
COMPACT = (
    "COMPACT_THRESHOLD = 0.8\n\n\n"
    "def full(used_tokens, max_tokens):\n    return used_tokens > max_tokens * COMPACT_THRESHOLD\n"
)


#: A second window the rules report, under another name: the project's pattern.
VISION = 'DESCRIBE_CONTEXT = 16384\n\n\ndef see(client, m):\n    return client.chat(m, options={"num_ctx": DESCRIBE_CONTEXT})\n'


def test_a_constant_named_like_the_reported_windows_is_a_window(tmp_path: Path) -> None:
    backends = (
        "DEFAULT_CONTEXT = 32768  # when the server does not say\n"  # line 1
        "RETRIES = 3\n\n\n"
        "def options(settings):\n"
        "    return {'num_ctx': settings.context or DEFAULT_CONTEXT}\n"
    )
    files = {"__init__.py": "", "manual.py": HELP, "vision.py": VISION, "backends.py": backends}
    found = lint_package(tmp_path, files)
    assert reported_lines(found, "PB102") == [
        ("pkg/backends.py", 1),
        ("pkg/manual.py", 1),
        ("pkg/vision.py", 1),
    ]
    echo = next(f for f in found if f.path == "pkg/backends.py")
    assert echo.message.startswith(
        "token budget DEFAULT_CONTEXT = 32768, named like HELP_CONTEXT (pkg/manual.py:1)"
    )
    assert echo.fixable
    assert echo.key == "context"  # as the per-file rule names it (``config_key`` drops "default")
    assert (echo.column, echo.end_column) == (19, 24)  # the literal, which --fix moves


def test_one_window_so_named_in_another_module_is_no_pattern(tmp_path: Path) -> None:
    backends = "DEFAULT_CONTEXT = 32768\n\n\ndef options(settings):\n    return {'num_ctx': settings.context or DEFAULT_CONTEXT}\n"
    found = lint_package(tmp_path, {"__init__.py": "", "manual.py": HELP, "backends.py": backends})
    assert reported_lines(found, "PB102") == [("pkg/manual.py", 1)]


def test_one_window_so_named_in_the_same_module_is_enough(tmp_path: Path) -> None:
    manual = HELP + "DEFAULT_CONTEXT = 32768\n"
    found = lint_package(tmp_path, {"__init__.py": "", "manual.py": manual})
    assert reported_lines(found, "PB102") == [("pkg/manual.py", 1), ("pkg/manual.py", 6)]


def test_a_class_field_named_like_a_reported_ratio_is_a_ratio(tmp_path: Path) -> None:
    config = (
        "from pydantic import BaseModel, Field\n\n\n"
        "class Policy(BaseModel):\n"
        "    handoff_threshold: float = Field(default=0.6)\n"  # line 5: no budget by its name alone
        "    retry_threshold: float = 0.5\n"  # 'retry' is another unit's word
        "    top_p: float = 0.9\n"
    )
    found = lint_package(tmp_path, {"__init__.py": "", "compact.py": COMPACT + "\n\n" + config})
    assert reported_lines(found, "PB105") == [("pkg/compact.py", 1), ("pkg/compact.py", 12)]
    echo = next(f for f in found if f.line == 12)
    assert "named like COMPACT_THRESHOLD (pkg/compact.py:1)" in echo.message
    assert echo.key == "handoff_threshold_ratio"  # the key says it is a share, as the rule's own keys do


@pytest.mark.parametrize(
    ("constant", "reported"),
    [
        ("DEFAULT_CONTEXT = 32768", True),  # the control: named like the window reported beside it
        ("CONTEXT_LINES = 32768", False),  # another unit
        ("MAX_CONTEXT_CHARS = 32768", False),
        ("DEFAULT_CONTEXT = 64", False),  # below the least amount recorded
        ("DEFAULT_CONTEXT = 4_000_000", False),  # far from every window the project reports
        ("DEFAULT_CONTEXT = 0.5", False),  # another kind: a share, where the project reports an amount
        ("DEFAULT_TIMEOUT = 32768", False),  # not a budget's word
        ("GPU_MEMORY_CONTEXT = 32768", False),  # a machine's resource
    ],
)
def test_constants_of_another_unit_kind_or_size_stay_quiet(
    tmp_path: Path, constant: str, reported: bool
) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "manual.py": HELP + constant + "\n"})
    assert reported_lines(found, "PB102") == [("pkg/manual.py", 1)] + [("pkg/manual.py", 6)] * reported
    assert reported_lines(found, "PB105") == []


#: A module the pre-check lets through whose window the rules cannot follow (``settings.context``).
BACKENDS = "DEFAULT_CONTEXT = 32768\n\n\ndef options(settings):\n    return {'num_ctx': settings.context or DEFAULT_CONTEXT}\n"


def test_nothing_reported_in_the_project_says_nothing(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "backends.py": BACKENDS})
    assert reported_lines(found, "PB102") == []


@pytest.mark.parametrize("one_project", [True, False])
def test_another_projects_windows_say_nothing(tmp_path: Path, one_project: bool) -> None:
    other = "one" if one_project else "two"
    files = {
        "one/__init__.py": "",
        "one/manual.py": HELP,
        "one/vision.py": VISION,
        f"{other}/__init__.py": "",
        f"{other}/backends.py": BACKENDS,
    }
    found = lint_tree(tmp_path, files)
    echoed = [(f"{other}/backends.py", 1)] if one_project else []
    assert reported_lines(found, "PB102") == sorted([*echoed, ("one/manual.py", 1), ("one/vision.py", 1)])


def test_noqa_on_the_constant_holds(tmp_path: Path) -> None:
    found = lint_package(
        tmp_path, {"__init__.py": "", "manual.py": HELP + "DEFAULT_CONTEXT = 32768  # noqa: PB102\n"}
    )
    assert reported_lines(found, "PB102") == [("pkg/manual.py", 1)]


def test_a_silenced_budget_is_no_evidence(tmp_path: Path) -> None:
    manual = (
        HELP.replace("HELP_CONTEXT = 8192\n", "HELP_CONTEXT = 8192  # noqa: PB102\n")
        + "DEFAULT_CONTEXT = 32768\n"
    )
    assert reported_lines(lint_package(tmp_path, {"__init__.py": "", "manual.py": manual}), "PB102") == []


def test_no_echo_in_a_test_module(tmp_path: Path) -> None:
    fake = "FAKE_CONTEXT = 2048  # the num_ctx of the fake server\n"
    files = {"__init__.py": "", "manual.py": HELP, "vision.py": VISION}
    found = lint_package(tmp_path, {**files, "test_windows.py": fake, "windows.py": fake})
    assert reported_lines(found, "PB102") == [
        ("pkg/manual.py", 1),
        ("pkg/vision.py", 1),
        ("pkg/windows.py", 1),
    ]


def test_a_constant_whose_docstring_names_another_unit_stays_quiet(tmp_path: Path) -> None:
    """agent47's ``CONTEXT_BUDGET_WARNING_RATIO``, documented as a share of a budget of characters."""
    more = 'HANDOFF_THRESHOLD = 0.6\n"""Share of context_max_chars at which a hint is shown."""\n'
    found = lint_package(tmp_path, {"__init__.py": "", "compact.py": COMPACT + more})
    assert reported_lines(found, "PB105") == [("pkg/compact.py", 1)]


def test_a_docstring_in_tokens_keeps_it(tmp_path: Path) -> None:
    more = 'HANDOFF_THRESHOLD = 0.6\n"""Share of the window, in tokens, above which the history is summarised."""\n'
    found = lint_package(tmp_path, {"__init__.py": "", "compact.py": COMPACT + more})
    assert reported_lines(found, "PB105") == [("pkg/compact.py", 1), ("pkg/compact.py", 6)]


def test_a_threshold_named_for_words_is_no_echo_of_a_token_threshold(tmp_path: Path) -> None:
    """Set 324: skillseal's ``long_section_word_threshold: int = 800`` beside ``token_warn_threshold: int = 5000``
    counts the words of a section; a threshold of the same shape with no unit is still taken for the budget's."""
    config = (
        "from dataclasses import dataclass\n\n\n@dataclass(frozen=True)\nclass Config:\n"
        "    token_warn_threshold: int = 5000\n    long_section_{unit}threshold: int = 800\n"
    )
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    words = lint_package(tmp_path / "a", {"__init__.py": "", "config.py": config.format(unit="word_")})
    assert reported_lines(words, "PB102") == [("pkg/config.py", 6)]
    plain = lint_package(tmp_path / "b", {"__init__.py": "", "config.py": config.format(unit="")})
    assert reported_lines(plain, "PB102") == [("pkg/config.py", 6), ("pkg/config.py", 7)]


def test_a_share_among_many_unreported_in_its_module_is_no_pattern(tmp_path: Path) -> None:
    """vetch's advisories (set 469): ``CONTEXT_SNOWBALL_INCREASE_TRIGGER = 0.70`` is taken for a share of the window;
    the ``*_FRACTION_TRIGGER`` shares of calls beside it are no pattern of one reported name among three times as many
    unreported, and ``ZOMBIE_OUTPUT_CV_TRIGGER = 0.15`` is a spread's bound. With one or two unreported shares beside
    the reported one (agentscope's ``trigger_ratio`` and ``reserve_ratio`` beside ``context_buffer_ratio``), the
    module's pattern holds."""
    crowd = (
        "CONTEXT_SNOWBALL_INCREASE_TRIGGER = 0.70\n"  # line 1: reported by its name
        "TRUNC_FRACTION_TRIGGER = 0.5\n"
        "EMPTY_VISIBLE_FRACTION_TRIGGER = 0.5\n"
        "CACHE_MISS_FRACTION_TRIGGER = 0.8\n"
        "ZOMBIE_OUTPUT_CV_TRIGGER = 0.15\n"
    )
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    found = lint_package(tmp_path / "a", {"__init__.py": "", "advisory.py": crowd})
    assert reported_lines(found, "PB105") == [("pkg/advisory.py", 1)]
    pair = "CONTEXT_SNOWBALL_INCREASE_TRIGGER = 0.70\nTRUNC_FRACTION_TRIGGER = 0.5\nEMPTY_FRACTION_TRIGGER = 0.5\n"
    found = lint_package(tmp_path / "b", {"__init__.py": "", "advisory.py": pair})
    assert reported_lines(found, "PB105") == [
        ("pkg/advisory.py", 1),
        ("pkg/advisory.py", 2),
        ("pkg/advisory.py", 3),
    ]
