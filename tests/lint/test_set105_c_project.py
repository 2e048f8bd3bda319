"""Sets 105 and 106 (issue 19, tuner C), the project-wide half of PB102: a constant another module imports
and returns from a method of a base class, whose calls in a subclass are written under a budget's key
(``kwargs["max_tokens"] = out``; set 105: ankaloop's ``DEFAULT_OUTPUT_LIMIT``, re-exported by its models
database and sent by its LLM client for models it does not know)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_helpers import lint_package, reported_lines

LIMITS = "# output-token defaults for models the table does not know\nDEFAULT_OUTPUT_LIMIT = 32_768\nDEFAULT_RETRIES = 3\n"
CLIENT = (
    "from .limits import DEFAULT_OUTPUT_LIMIT, DEFAULT_RETRIES\n\n\n"
    "class BaseClient:\n"
    "    def _default_output(self, model):\n"
    "        if model.startswith('claude'):\n"
    "            return DEFAULT_OUTPUT_LIMIT\n"
    "        return None\n\n"
    "    def _retries(self):\n"
    "        return DEFAULT_RETRIES\n\n\n"
    "class Client(BaseClient):\n"
    "    def send(self, model, **kwargs):\n"
    "        out = self._default_output(model)\n"
    "        if out is not None:\n"
    "            kwargs['{key}'] = out\n"
    "        for _ in range(self._retries()):\n"
    "            return self.post(kwargs)\n"
)


def test_an_imported_constant_returned_by_a_base_method_and_sent_as_max_tokens(tmp_path: Path) -> None:
    files = {"__init__.py": "", "limits.py": LIMITS, "client.py": CLIENT.format(key="max_tokens")}
    found = lint_package(tmp_path, files)
    assert reported_lines(found, "PB102") == [("pkg/limits.py", 2)]
    (message,) = [f.message for f in found if f.code == "PB102"]
    assert 'returned by `_default_output()`, written under "max_tokens"' in message


@pytest.mark.parametrize(
    "key",
    ["max_lines", "max_messages", "max_chars", "max_bytes", "timeout_seconds", "memory_mb", "cost", "price"],
)
def test_the_same_value_written_under_a_key_of_another_unit_is_quiet(tmp_path: Path, key: str) -> None:
    files = {"__init__.py": "", "limits.py": LIMITS, "client.py": CLIENT.format(key=key)}
    assert reported_lines(lint_package(tmp_path, files), "PB102") == []
