"""The value parsers behind every configuration key, command-line option and marker argument: each
takes the raw value and the file and key it came from, and raises a ``ConfigError`` naming them."""

from __future__ import annotations

import contextlib
import math
import re
from pathlib import Path
from typing import Final

from prompt_budget.errors import ConfigError
from prompt_budget.model import GrowthGate

_TOKENS_RE = re.compile(r"^\s*(\d[\d_]*(?:\.\d+)?)\s*([kKmM]?)\s*$")
_SUFFIX = {"": 1, "k": 1_000, "m": 1_000_000}
LOAD_CLASSES: Final = ("must", "skippable")
#: The largest token amount any key, option or marker argument takes: far above every context window,
#: far below what makes arithmetic on it overflow (a float holds it exactly).
MAX_TOKENS: Final = 10**12
#: The largest whole number any other integer key takes (a priority).
MAX_INT: Final = 10**9
#: The largest growth percent a gate takes: a gate of a million percent is a gate, "no limit" is not.
MAX_PERCENT: Final = 1e6


def _number(value: object) -> float | None:
    """``value`` as a finite float when it is a number (not a bool), else None; an int too large for
    a float is not finite."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def parse_tokens(value: object, file: str | Path | None = None, key: str | None = None) -> int:
    """A positive token amount: ``8000``, ``8_000``, ``"8000"``, ``"8k"``, ``"1.5k"``, ``"2M"``."""
    if isinstance(value, bool):
        raise ConfigError(
            f'expected a token amount such as 8000 or "8k", got {_shown(value)}', file=file, key=key
        )
    if isinstance(value, int):
        amount = value
    elif isinstance(value, float) and math.isfinite(value) and value.is_integer():
        amount = int(value)
    elif isinstance(value, str):
        m = _TOKENS_RE.match(value) if len(value) <= 100 else None
        if m is None:
            raise ConfigError(
                f'expected a token amount such as 8000, 8_000 or "8k", got {_shown(value)}',
                file=file,
                key=key,
            )
        number = float(m.group(1).replace("_", "")) * _SUFFIX[m.group(2).lower()]
        if not math.isfinite(number):
            raise ConfigError(f"{_shown(value)} is too large a token amount", file=file, key=key)
        if not number.is_integer():
            raise ConfigError(f"{_shown(value)} is not a whole number of tokens", file=file, key=key)
        amount = int(number)
    else:
        raise ConfigError(
            f'expected a token amount such as 8000 or "8k", got {type(value).__name__} {_shown(value)}',
            file=file,
            key=key,
        )
    if amount <= 0:
        raise ConfigError(f"a token amount must be positive, got {_shown(value)}", file=file, key=key)
    if amount > MAX_TOKENS:
        raise ConfigError(
            f"a token amount must be at most {MAX_TOKENS:,} (10**12), got {_shown(value)}", file=file, key=key
        )
    return amount


def _shown(value: object) -> str:
    """``repr(value)``, cut short for a huge number or text (a 5,000-digit integer)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return f"an integer of {len(str(abs(value))) if abs(value) < 10**4000 else 'over 4,000'} digits"
    text = repr(value)
    return text if len(text) <= 80 else text[:60] + f"... ({len(text):,} characters)"


def parse_fraction(value: object, file: str | Path | None = None, key: str | None = None) -> float:
    """A fraction in (0, 1]: ``0.8`` or ``"80%"``."""
    frac: float | None = _number(value)
    if isinstance(value, str) and len(value) <= 100:
        text = value.strip()
        with contextlib.suppress(ValueError):
            frac = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    if frac is None:
        raise ConfigError(
            f'expected a fraction such as 0.8 or "80%", got {_shown(value)}', file=file, key=key
        )
    if not 0 < frac <= 1:  # nan and inf too
        raise ConfigError(
            f"a fraction must be in (0, 1] (0% < x <= 100%), got {_shown(value)}", file=file, key=key
        )
    return frac


def parse_growth(value: object, file: str | Path | None = None, key: str | None = None) -> GrowthGate:
    """A growth gate: ``"5%"``, ``300`` (tokens), ``"5% or 300"``/``["5%", 300]`` (both must be
    exceeded to fail). Every form names at least one limit, each kind at most once: ``"or"``, ``","``,
    ``[]`` or ``""`` would be a gate with no limit, and are errors."""
    expected = f'expected a growth such as "5%", 300 or "5% or 300", got {_shown(value)}'
    parts: list[object]
    if isinstance(value, list):
        parts = list(value)
    elif isinstance(value, str):
        if len(value) > 100:
            raise ConfigError(expected, file=file, key=key)
        pieces = re.split(r"\bor\b|,", value)
        parts = [p.strip() for p in pieces]
        if any(not p for p in parts):
            # "or", ",", "5% or", "": a part without a limit
            raise ConfigError(f"{expected} (a part of it is empty)", file=file, key=key)
    else:
        parts = [value]
    if not parts or len(parts) > 2:
        raise ConfigError(f"{expected} (one or two limits)", file=file, key=key)
    percent: float | None = None
    tokens: int | None = None
    for part in parts:
        text = str(part).strip() if isinstance(part, (str, int, float)) else ""
        if isinstance(part, str) and text.endswith("%"):
            if percent is not None:
                raise ConfigError(f"{expected} (two percents)", file=file, key=key)
            try:
                percent = float(text[:-1])
            except ValueError:
                raise ConfigError(expected, file=file, key=key) from None
            if not 0 <= percent <= MAX_PERCENT:  # negative, nan, inf or huge
                raise ConfigError(
                    f"a growth percent must be a number >= 0 (such as 5%), got {_shown(value)} "
                    f"(at most {MAX_PERCENT:,.0f}%)",
                    file=file,
                    key=key,
                )
        else:
            if tokens is not None:
                raise ConfigError(f"{expected} (two token amounts)", file=file, key=key)
            if not isinstance(part, bool) and text == "0":
                tokens = 0  # no growth at all ("0" from a command line)
                continue
            try:
                tokens = parse_tokens(part, file, key)
            except ConfigError:
                raise ConfigError(expected, file=file, key=key) from None
    return GrowthGate(percent=percent, tokens=tokens)


def parse_multiplier(value: object, file: str | Path | None = None, key: str | None = None) -> float:
    """A safety multiplier: a finite number from 1 to 100 (``1.2``)."""
    number = _number(value)
    if number is None or not 1 <= number <= 100:
        raise ConfigError(
            f"expected a number >= 1 (and at most 100) such as 1.2, got {_shown(value)}", file=file, key=key
        )
    return number


def parse_bool(value: object, file: Path, key: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"expected true or false, got {_shown(value)}", file=file, key=key)
    return value


def parse_str(value: object, file: Path, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"expected a non-empty string, got {_shown(value)}", file=file, key=key)
    if "\0" in value:
        raise ConfigError("expected a string without NUL characters", file=file, key=key)
    return value


def parse_int(value: object, file: Path, key: str, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"expected an integer, got {_shown(value)}", file=file, key=key)
    if not minimum <= value <= MAX_INT:
        raise ConfigError(
            f"expected an integer from {minimum} to {MAX_INT:,}, got {_shown(value)}", file=file, key=key
        )
    return value


def parse_load(value: object, file: str | Path | None, key: str) -> object:
    if value not in LOAD_CLASSES:
        raise ConfigError(f'expected "must" or "skippable", got {_shown(value)}', file=file, key=key)
    return value


def parse_globs(value: object, file: Path, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise ConfigError(
            f'expected a glob or a non-empty list of globs ("!" excludes), got {_shown(value)}',
            file=file,
            key=key,
        )
    return tuple(value)


def parse_frontmatter_key(value: object, file: Path, key: str) -> str:
    if not isinstance(value, str) or not re.match(r"^[A-Za-z_][A-Za-z0-9_-]*$", value):
        raise ConfigError(
            f'expected a frontmatter key name such as "paths", got {_shown(value)}', file=file, key=key
        )
    return value
