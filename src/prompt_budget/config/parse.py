"""The value parsers behind every configuration key, command-line option and marker argument: each
takes the raw value and the file and key it came from, and raises a ``ConfigError`` naming them."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Final

from prompt_budget.errors import ConfigError
from prompt_budget.model import GrowthGate

_TOKENS_RE = re.compile(r"^\s*(\d[\d_]*(?:\.\d+)?)\s*([kKmM]?)\s*$")
_SUFFIX = {"": 1, "k": 1_000, "m": 1_000_000}
LOAD_CLASSES: Final = ("must", "skippable")


def parse_tokens(value: object, file: str | Path | None = None, key: str | None = None) -> int:
    """A positive token amount: ``8000``, ``8_000``, ``"8000"``, ``"8k"``, ``"1.5k"``, ``"2M"``."""
    if isinstance(value, bool):
        raise ConfigError(f'expected a token amount such as 8000 or "8k", got {value!r}', file=file, key=key)
    if isinstance(value, int):
        amount = value
    elif isinstance(value, float) and value.is_integer():
        amount = int(value)
    elif isinstance(value, str):
        m = _TOKENS_RE.match(value)
        if m is None:
            raise ConfigError(
                f'expected a token amount such as 8000, 8_000 or "8k", got {value!r}', file=file, key=key
            )
        number = float(m.group(1).replace("_", "")) * _SUFFIX[m.group(2).lower()]
        if not number.is_integer():
            raise ConfigError(f"{value!r} is not a whole number of tokens", file=file, key=key)
        amount = int(number)
    else:
        raise ConfigError(
            f'expected a token amount such as 8000 or "8k", got {type(value).__name__} {value!r}',
            file=file,
            key=key,
        )
    if amount <= 0:
        raise ConfigError(f"a token amount must be positive, got {value!r}", file=file, key=key)
    return amount


def parse_fraction(value: object, file: str | Path | None = None, key: str | None = None) -> float:
    """A fraction in (0, 1]: ``0.8`` or ``"80%"``."""
    frac: float | None = None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        frac = float(value)
    elif isinstance(value, str):
        text = value.strip()
        with contextlib.suppress(ValueError):
            frac = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    if frac is None:
        raise ConfigError(f'expected a fraction such as 0.8 or "80%", got {value!r}', file=file, key=key)
    if not 0 < frac <= 1:
        raise ConfigError(f"a fraction must be in (0, 1] (0% < x <= 100%), got {value!r}", file=file, key=key)
    return frac


def parse_growth(value: object, file: str | Path | None = None, key: str | None = None) -> GrowthGate:
    """A growth gate: ``"5%"``, ``300`` (tokens), ``"5% or 300"``/``["5%", 300]`` (both must be
    exceeded to fail)."""
    parts: list[object]
    if isinstance(value, list):
        parts = list(value)
    elif isinstance(value, str) and re.search(r"\bor\b|,", value):
        parts = [p.strip() for p in re.split(r"\bor\b|,", value) if p.strip()]
    else:
        parts = [value]
    percent: float | None = None
    tokens: int | None = None
    expected = f'expected a growth such as "5%", 300 or "5% or 300", got {value!r}'
    for part in parts:
        text = str(part).strip()
        if isinstance(part, str) and text.endswith("%"):
            try:
                percent = float(text[:-1])
            except ValueError:
                raise ConfigError(expected, file=file, key=key) from None
            if not percent >= 0 or percent == float("inf"):  # negative, nan or inf
                raise ConfigError(
                    f"a growth percent must be a number >= 0 (such as 5%), got {value!r}", file=file, key=key
                )
        elif not isinstance(part, bool) and text == "0":
            tokens = 0  # no growth at all ("0" from a command line)
        else:
            try:
                tokens = parse_tokens(part, file, key)
            except ConfigError:
                raise ConfigError(expected, file=file, key=key) from None
    return GrowthGate(percent=percent, tokens=tokens)


def parse_bool(value: object, file: Path, key: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"expected true or false, got {value!r}", file=file, key=key)
    return value


def parse_str(value: object, file: Path, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"expected a non-empty string, got {value!r}", file=file, key=key)
    return value


def parse_int(value: object, file: Path, key: str, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"expected an integer, got {value!r}", file=file, key=key)
    if value < minimum:
        raise ConfigError(f"expected an integer >= {minimum}, got {value!r}", file=file, key=key)
    return value


def parse_load(value: object, file: str | Path | None, key: str) -> object:
    if value not in LOAD_CLASSES:
        raise ConfigError(f'expected "must" or "skippable", got {value!r}', file=file, key=key)
    return value


def parse_globs(value: object, file: Path, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise ConfigError(
            f'expected a glob or a non-empty list of globs ("!" excludes), got {value!r}', file=file, key=key
        )
    return tuple(value)


def parse_frontmatter_key(value: object, file: Path, key: str) -> str:
    if not isinstance(value, str) or not re.match(r"^[A-Za-z_][A-Za-z0-9_-]*$", value):
        raise ConfigError(
            f'expected a frontmatter key name such as "paths", got {value!r}', file=file, key=key
        )
    return value
