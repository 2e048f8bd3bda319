"""The lint's plain data: findings, per-file results and project-wide facts. No libcst here, so the
pytest plugin and the formats can use these types without paying for the parser."""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, replace
from typing import Any

#: A value the lint proposes to move into ``[tool.prompt_budget.values]``.
Value = int | float | str | dict[str, Any] | None


#: The ``suppressed`` of a project-wide pass's finding that withdraws the finding a module reported at the
#: same place (a window constant every module importing it reads as characters: ``imported_characters``).
WITHDRAWN = "\x00withdrawn"


@dataclass(frozen=True)
class Finding:
    """One rule broken at one place. Lines and columns are 1-based; ``end_column`` is exclusive."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    rule: str
    message: str
    #: The config key the value belongs under (``summary_trigger_ratio``) when it can move to config.
    key: str | None = None
    value: Value = None
    #: The TOML the finding suggests, or advice when there is nothing to move.
    suggestion: str = ""
    fixable: bool = False
    #: Why the finding is suppressed (``noqa``, a ``per-file-ignores`` pattern); None when it counts.
    suppressed: str | None = None
    #: Key parts the project-wide key allocator turns into ``key``: (name, scope, module).
    key_parts: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        """The inverse of ``asdict`` (after a JSON round trip, which makes ``key_parts`` a list)."""
        return cls(**{**data, "key_parts": tuple(data.get("key_parts", ()))})

    def with_key(self, key: str, table: str) -> Finding:
        """This finding with its final config key and the TOML snippet for ``table``."""
        return replace(self, key=key, suggestion=f"[{table}] {key} = {toml_value(self.value)}")

    def public_dict(self) -> dict[str, Any]:
        """The JSON output's object: everything a consumer needs, without internals."""
        out = asdict(self)
        del out["key_parts"]
        return out


#: The readings of one literal by several rules, the one that says most first: a rate of characters per token, an
#: overhead or a reserve, a share, a threshold, a budget inline or bound (PB107's tables drop what they hold;
#: PB108's inconsistencies and PB109's encodings are about something else and always kept).
_READINGS = ("PB107", "PB104", "PB106", "PB105", "PB103", "PB101", "PB102")


def one_reading(findings: list[Finding]) -> list[Finding]:
    """One finding per literal the rules reached by different readings (``total += 25  # overhead`` is PB102's
    estimated cost and PB106's overhead; ``int(max_tokens * 0.75)`` PB104's words per token and PB105's share; a row of
    a table built by calls, ``ModelInfo("gpt-5.5", "openai", 3.0, 18.0, 1_100_000)``, PB107's row and PB101's number
    given for ``context_window``, set 613: archon-framework):
    the reading first in ``_READINGS`` is kept, the longer message between PB101 and PB102; suppressed findings
    are left as they are."""
    best: dict[tuple[str, int, int], Finding] = {}
    for f in findings:
        if f.code not in _READINGS or f.suppressed is not None:
            continue
        key = (f.path, f.line, f.column)
        kept = best.get(key)
        if kept is None or _before(f, kept):
            best[key] = f
    if len(best) == sum(1 for f in findings if f.code in _READINGS and f.suppressed is None):
        return findings
    return [
        f
        for f in findings
        if f.code not in _READINGS or f.suppressed is not None or best[(f.path, f.line, f.column)] is f
    ]


def _before(f: Finding, kept: Finding) -> bool:
    rank, kept_rank = min(_READINGS.index(f.code), 5), min(_READINGS.index(kept.code), 5)
    return rank < kept_rank or (rank == kept_rank and len(f.message) > len(kept.message))


@dataclass(frozen=True)
class Fact:
    """Something a project-wide rule needs from a file: a budget name bound to a literal value."""

    name: str
    value: int | float
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    suppressed: str | None = None


@dataclass(frozen=True)
class FileResult:
    """Everything the lint learnt from one file: what the cache stores and the workers send back."""

    path: str
    findings: tuple[Finding, ...] = ()
    facts: tuple[Fact, ...] = ()
    parsed: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "findings": [asdict(f) for f in self.findings],
            "facts": [asdict(f) for f in self.facts],
            "parsed": self.parsed,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], path: str | None = None) -> FileResult:
        findings = tuple(Finding.from_dict(f) for f in data.get("findings", ()))
        facts = tuple(Fact(**f) for f in data.get("facts", ()))
        if path is not None and path != data.get("path"):
            findings = tuple(replace(f, path=path) for f in findings)
            facts = tuple(replace(f, path=path) for f in facts)
        return cls(
            path=path or data["path"], findings=findings, facts=facts, parsed=data.get("parsed", False)
        )


def _toml_key(key: str) -> str:
    if key and all(c.isalnum() or c in "_-" for c in key):
        return key
    return json.dumps(key)


def toml_value(value: Value) -> str:
    """``value`` as a TOML value (inline tables for dicts)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isfinite(value):
            return repr(value)
        raise ValueError(f"cannot write {value!r} to TOML")
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, dict):
        inner = ", ".join(f"{_toml_key(str(k))} = {toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    raise ValueError(f"cannot write {value!r} to TOML")
