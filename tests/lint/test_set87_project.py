"""Sets 87 and 88 (issue 19), the project-wide halves: a window constant bound in one module and only cut
strings with in the modules importing it is withdrawn (``imported_characters``, PB102; set 87:
tf-avm-agent's ``OUTPUT_TRUNCATION_LENGTH``); a fraction a settings dict holds beside a budget, under a key
another module reads as the factor of a budget, is a budget ratio (``read_fractions``, PB105; set 87:
ajna-cli's ``"compact_at": 0.75``, set 88: txcode-sdk's ``"percentage": 0.95``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, reported_lines

CONSTANTS = "OUTPUT_TRUNCATION_LENGTH: int = 500\n"
SLICES = (
    "from pkg.constants import OUTPUT_TRUNCATION_LENGTH\n\n"
    "def span(output):\n    return str(output)[:OUTPUT_TRUNCATION_LENGTH]\n"
)
BUDGET = (
    "from pkg.constants import OUTPUT_TRUNCATION_LENGTH\n\n"
    "def ask(client, prompt):\n    return client.create(prompt, max_tokens=OUTPUT_TRUNCATION_LENGTH)\n"
)
DEFAULTS = (
    'DEFAULTS = {\n    "max_tokens": 8192,\n    "context_tokens": 120000,\n    "compact_at": 0.75,\n}\n'
)
AGENT = (
    "class Agent:\n    def maybe_compact(self):\n"
    "        budget = self.cfg.context_tokens * self.cfg.compact_at\n"
    "        if self.tokens() < budget:\n            return\n        self.compact()\n"
)


def test_a_window_constant_only_cut_strings_with_where_imported_is_withdrawn(tmp_path: Path) -> None:
    files = {"__init__.py": "", "constants.py": CONSTANTS, "telemetry.py": SLICES}
    assert reported_lines(lint_package(tmp_path, files), "PB102") == []


def test_a_window_constant_no_module_reads_is_still_reported(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "constants.py": CONSTANTS})
    assert reported_lines(found, "PB102") == [("pkg/constants.py", 1)]


def test_a_window_constant_another_importer_uses_as_a_budget_is_still_reported(tmp_path: Path) -> None:
    files = {"__init__.py": "", "constants.py": CONSTANTS, "telemetry.py": SLICES, "client.py": BUDGET}
    assert reported_lines(lint_package(tmp_path, files), "PB102") == [("pkg/constants.py", 1)]


def test_a_settings_share_read_in_another_module_as_a_share_of_a_budget_is_reported(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "config.py": DEFAULTS, "agent.py": AGENT})
    assert reported_lines(found, "PB105") == [("pkg/config.py", 4)]


def test_a_settings_share_read_as_a_share_of_something_else_is_not(tmp_path: Path) -> None:
    for other in ("max_lines", "timeout_seconds", "memory_bytes", "cost", "price"):
        agent = AGENT.replace("context_tokens", other)
        root = tmp_path / other
        root.mkdir()
        found = lint_package(root, {"__init__.py": "", "config.py": DEFAULTS, "agent.py": agent})
        assert reported_lines(found, "PB105") == [], other


def test_a_share_in_a_dict_without_a_budget_or_under_another_key_is_not_joined(tmp_path: Path) -> None:
    plain = DEFAULTS.replace('"max_tokens": 8192,\n    "context_tokens": 120000,\n', '"retries": 3,\n')
    (tmp_path / "a").mkdir()
    found = lint_package(tmp_path / "a", {"__init__.py": "", "config.py": plain, "agent.py": AGENT})
    assert reported_lines(found, "PB105") == []
    other = AGENT.replace("compact_at", "warn_at")
    (tmp_path / "b").mkdir()
    found = lint_package(tmp_path / "b", {"__init__.py": "", "config.py": DEFAULTS, "agent.py": other})
    assert reported_lines(found, "PB105") == []
