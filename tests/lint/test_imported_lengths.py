"""Constants one module binds and others read only as bounds of a string's length (set 557: mcp-relay's lengths of a
bearer credential): a field's ``min_length=``/``max_length=`` or a chained comparison with ``len()`` there makes
them characters, and their findings are withdrawn (``imported_characters``); read as bounds of a count of tokens
they stay budgets."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import init_package_rows

_PROTOCOL = '"""Identity frames of the relay."""\n\nMIN_TOKEN_LENGTH = 32\nMAX_TOKEN_LENGTH = 256\n'
_CLIENT = (
    '"""The relay\'s client."""\n'
    "from pydantic import BaseModel, Field\n\n"
    "from .protocol import MAX_TOKEN_LENGTH, MIN_TOKEN_LENGTH\n\n\n"
    "class Hello(BaseModel):\n"
    "    token: str = Field(min_length=MIN_TOKEN_LENGTH, max_length=MAX_TOKEN_LENGTH)\n"
)
_CONFIG = (
    '"""The relay\'s config of tokens."""\n'
    "from .protocol import MAX_TOKEN_LENGTH, MIN_TOKEN_LENGTH\n\n\n"
    "def check(value: str) -> str:\n"
    "    if not (MIN_TOKEN_LENGTH <= {size} <= MAX_TOKEN_LENGTH):\n"
    "        raise ValueError('must be 32-256 printable ASCII characters')\n"
    "    return value\n"
)


def test_bounds_of_a_credential_s_length_read_in_other_modules_are_withdrawn(tmp_path: Path) -> None:
    files = {"protocol.py": _PROTOCOL, "client.py": _CLIENT, "config.py": _CONFIG.format(size="len(value)")}
    assert init_package_rows(tmp_path, files) == []


def test_bounds_of_a_count_of_tokens_stay_budgets(tmp_path: Path) -> None:
    files = {"protocol.py": _PROTOCOL, "config.py": _CONFIG.format(size="count_tokens(value)")}
    got = sorted(init_package_rows(tmp_path, files), key=lambda r: r[:3])
    assert got == [("pkg/protocol.py", 3, "PB102", 32), ("pkg/protocol.py", 4, "PB102", 256)]
