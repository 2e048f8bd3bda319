"""Set 65 (vidur): a field read as the budget a count of tokens is subtracted from, or the threshold one
is compared with, in another module; one field declared alike in two classes of a module."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import init_package_rows

_CONFIG = (
    "from dataclasses import dataclass, field\n\n@dataclass\nclass SarathiConfig:\n"
    '    chunk_size: int = field(default=512, metadata={"help": "Chunk size for Sarathi."})\n\n'
    "@dataclass\nclass FixedChunkConfig:\n"
    '    chunk_size: int = field(default=512, metadata={"help": "Chunk size for Sarathi."})\n\n'
    "@dataclass\nclass StConfig:\n"
    '    long_request_threshold: float = field(default=256 * 1024, metadata={"help": "Minimum KV length."})\n'
    "    deadline: float = field(default=300, metadata={})\n"
)
_SCHEDULER = (
    "class Scheduler:\n    def next_tokens(self, request, num_batch_tokens):\n"
    "        return min(request.num_prefill_tokens, self._config.chunk_size - num_batch_tokens)\n\n"
    "    def target(self, num_processed_tokens):\n"
    "        if num_processed_tokens < self._config.long_request_threshold:\n"
    "            return self._config.deadline\n        return 2 * self._config.deadline\n"
)


def test_fields_read_as_a_budget_spent_or_a_token_threshold_are_reported(tmp_path: Path) -> None:
    got = sorted(
        init_package_rows(tmp_path, {"config.py": _CONFIG, "scheduler.py": _SCHEDULER}), key=lambda r: r[:3]
    )
    assert got == [
        ("pkg/config.py", 5, "PB102", 512),
        ("pkg/config.py", 9, "PB102", 512),
    ]  # ``long_request_threshold``, only compared with a count of tokens: not read as a budget


def test_a_field_name_declared_differently_in_two_classes_is_not(tmp_path: Path) -> None:
    config = _CONFIG.replace(
        '"Chunk size for Sarathi."})\n\n@dataclass\nclass StConfig',
        '"Chunk size for Orca."})\n\n@dataclass\nclass StConfig',
    )
    got = sorted(
        init_package_rows(
            tmp_path, {"config.py": config, "scheduler.py": _SCHEDULER.replace("long_request_threshold", "x")}
        ),
        key=lambda r: r[:3],
    )
    assert got == []
