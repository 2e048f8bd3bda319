"""Frozen dataclasses shared by every layer: what was counted (``Usage``), how it compares with its
cap (``Verdict``), and the configured rules (``FileRule``, ``Stage``, ``GrowthGate``).

Everything here is plain data; the results have ``to_dict``/``from_dict`` so they can cross
pytest-xdist workers and go into JSON reports and baselines unchanged.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from fractions import Fraction

Status = Literal["pass", "warn", "fail"]
LoadClass = Literal["must", "skippable"]
#: When a harness loads a file: at the start of every session (``always``), when working in the file's
#: folder or below (``folder``), when a file matching its globs is read (``glob``), in one mode
#: (``mode``), when the agent picks it (``on-demand``), or when the user invokes it (``manual``).
When = Literal["always", "folder", "glob", "mode", "on-demand", "manual"]
WHENS: tuple[When, ...] = ("always", "folder", "glob", "mode", "on-demand", "manual")
#: How every table orders statuses (failures first) and names them in its status column.
STATUS_RANK: dict[str, int] = {"fail": 0, "warn": 1, "pass": 2}
STATUS_MARK: dict[str, str] = {"fail": "FAIL", "warn": "warn", "pass": "ok"}


def _exact(percent: float) -> Fraction | float:
    """A percent as written: ``5.6`` is 56/10, not the float just below it, so that growth of exactly
    the limit is allowed."""
    if not math.isfinite(percent):
        return percent
    from fractions import Fraction  # here: `fractions` imports `decimal`, too slow for every run

    return Fraction(repr(float(percent)))


@dataclass(frozen=True)
class GrowthGate:
    """How much a count may grow over its baseline. With both set, a check fails only when both are
    exceeded (a 10-token prompt growing to 12 does not fail on percent alone)."""

    percent: float | None = None
    tokens: int | None = None

    def describe(self) -> str:
        parts = []
        if self.percent is not None:
            parts.append(f"+{self.percent:g}%")
        if self.tokens is not None:
            parts.append(f"+{self.tokens:,}")
        return " or ".join(parts) if parts else "no growth limit"

    def exceeded(self, before: int, after: int) -> bool:
        growth = after - before
        if growth <= 0 or (self.percent is None and self.tokens is None):
            return False
        over_pct = self.percent is None or before == 0 or growth * 100 > _exact(self.percent) * before
        over_tok = self.tokens is None or growth > self.tokens
        return over_pct and over_tok

    def to_dict(self) -> dict[str, Any]:
        return {"percent": self.percent, "tokens": self.tokens}


@dataclass(frozen=True)
class Condition:
    """A test on a file's frontmatter that decides when a harness loads it: the value of ``key`` is
    ``value`` (``True``, ``False`` or a string), or with ``value == "present"``, set and not empty."""

    key: str
    value: object
    when: When
    #: whether the file's name and description are listed up front when the condition holds (None:
    #: as the rule says)
    listed: bool | None = None

    def holds(self, data: Any) -> bool:
        if not hasattr(data, "get"):
            return False
        found = data.get(self.key)
        if self.value == "present":
            return found not in (None, "", [], {}, False)
        if isinstance(self.value, bool):
            return found is self.value or (
                isinstance(found, str) and found.strip().lower() == str(self.value).lower()
            )
        return isinstance(found, str) and found.strip() == self.value


def when_of(conditions: tuple[Condition, ...], default: When, data: Any) -> tuple[When, Condition | None]:
    """The ``when`` of the first condition that holds for the frontmatter ``data``, else ``default``."""
    for c in conditions:
        if c.holds(data):
            return c.when, c
    return default, None


@dataclass(frozen=True)
class FileRule:
    """One ``[[tool.prompt_budget.files]]`` entry."""

    path: tuple[str, ...]
    max_tokens: int | None = None
    load: LoadClass | None = None
    name: str | None = None
    priority: int = 0
    message: str | None = None
    frontmatter_max_tokens: int | None = None
    max_growth: GrowthGate | None = None
    ratchet: bool = False
    index: int = 0
    source: str = ""
    #: follow ``@path`` imports (Claude Code memory files); None when the entry does not say
    follow_imports: bool | None = None
    #: a frontmatter key that makes a file conditional (skippable whatever ``load`` says)
    conditional_frontmatter: str | None = None
    #: a harness rule's tests on the frontmatter that decide when the file loads (``must`` for
    #: ``always``), and the ``when`` when none holds
    classify: tuple[Condition, ...] = ()
    when: When | None = None
    #: the harness whose rule this entry comes from
    harness: str | None = None

    @property
    def label(self) -> str:
        return self.name or ", ".join(self.path)


@dataclass(frozen=True)
class Stage:
    """One ``[[tool.prompt_budget.stages]]`` entry of a load plan."""

    name: str
    files: tuple[str, ...]


@dataclass(frozen=True)
class SectionUsage:
    """Tokens of one named section, with its cap when it has one."""

    name: str
    tokens: int
    max_tokens: int | None = None
    cap_source: str | None = None

    @property
    def over(self) -> int:
        return self.tokens - self.max_tokens if self.max_tokens is not None else 0

    @property
    def status(self) -> Status:
        return "fail" if self.max_tokens is not None and self.tokens > self.max_tokens else "pass"

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "status": self.status}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SectionUsage:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


@dataclass(frozen=True)
class Usage:
    """What was counted: total tokens, by which tokenizer, and the parts when there are sections."""

    tokens: int
    tokenizer: str
    exact: bool
    sections: tuple[SectionUsage, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "tokens": self.tokens,
            "tokenizer": self.tokenizer,
            "exact": self.exact,
            "sections": [s.to_dict() for s in self.sections],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Usage:
        return cls(
            tokens=int(data["tokens"]),
            tokenizer=str(data["tokenizer"]),
            exact=bool(data["exact"]),
            sections=tuple(SectionUsage.from_dict(s) for s in data.get("sections", ())),
        )


@dataclass(frozen=True)
class Verdict:
    """A usage compared with its cap. ``subject`` names what was checked (a label, a file path),
    ``cap_source`` where the cap was set (``marker``, ``argument``, or a config file and key)."""

    subject: str
    usage: Usage
    max_tokens: int | None = None
    cap_source: str | None = None
    status: Status = "pass"
    message: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def tokens(self) -> int:
        return self.usage.tokens

    @property
    def percent(self) -> float | None:
        if not self.max_tokens:
            return None
        return 100.0 * self.usage.tokens / self.max_tokens

    def to_dict(self) -> dict[str, Any]:
        return {
            "subject": self.subject,
            "usage": self.usage.to_dict(),
            "max_tokens": self.max_tokens,
            "cap_source": self.cap_source,
            "status": self.status,
            "message": self.message,
            "details": self.details,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Verdict:
        return cls(
            subject=str(data["subject"]),
            usage=Usage.from_dict(data["usage"]),
            max_tokens=data.get("max_tokens"),
            cap_source=data.get("cap_source"),
            status=data.get("status", "pass"),
            message=str(data.get("message", "")),
            details=dict(data.get("details", {})),
        )
