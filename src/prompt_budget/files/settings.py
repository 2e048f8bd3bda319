"""The settings that apply to one file, each from the first that sets it: the most specific config
entry, the file's own frontmatter (a ``prompt_budget:`` table), the most specific preset entry, the
default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from prompt_budget.config.parse import parse_load, parse_tokens
from prompt_budget.errors import ConfigError
from prompt_budget.files.matching import FileMatch
from prompt_budget.model import LoadClass, when_of
from prompt_budget.text.frontmatter import Frontmatter

FRONTMATTER_TABLE: Final = "prompt_budget"
FRONTMATTER_KEYS: Final = ("max_tokens", "load", "priority", "frontmatter_max_tokens", "message")


@dataclass(frozen=True)
class Effective:
    """The settings that apply to one file, each with where it came from."""

    max_tokens: int | None
    max_tokens_source: str | None
    frontmatter_max_tokens: int | None
    frontmatter_max_tokens_source: str | None
    load: LoadClass
    load_source: str
    priority: int
    priority_source: str
    message: str | None
    entry: str
    notes: tuple[str, ...] = ()


def _frontmatter_settings(fm: Frontmatter | None, fid: str) -> dict[str, Any]:
    if fm is None:
        return {}
    table = fm.data.get(FRONTMATTER_TABLE)
    if table is None:
        return {}
    key = f"frontmatter {FRONTMATTER_TABLE}"
    if not isinstance(table, dict):
        raise ConfigError("expected a mapping such as {max_tokens: 1500, load: skippable}", file=fid, key=key)
    out: dict[str, Any] = {}
    for k, v in table.items():
        if k in ("max_tokens", "frontmatter_max_tokens"):
            out[k] = parse_tokens(v, fid, f"{key}.{k}")
        elif k == "load":
            out[k] = parse_load(v, fid, f"{key}.load")
        elif k == "priority":
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ConfigError(f"expected an integer >= 0, got {v!r}", file=fid, key=f"{key}.priority")
            out[k] = v
        elif k == "message":
            out[k] = str(v)
        else:
            raise ConfigError(
                f"unknown key {k!r}; known: {', '.join(FRONTMATTER_KEYS)}", file=fid, key=f"{key}.{k}"
            )
    return out


def _fmt_value(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else repr(value)


def effective(match: FileMatch, fm: Frontmatter | None) -> Effective:
    """Each setting from the most specific config entry that sets it, else the file's frontmatter,
    else the most specific preset entry, else the default. Config overriding frontmatter is noted."""
    declared = _frontmatter_settings(fm, match.id)
    config_c = [c for c in match.candidates if not c.preset]
    preset_c = [c for c in match.candidates if c.preset]
    notes: list[str] = []

    def pick(attr: str, unset: Any) -> tuple[Any, str | None]:
        for c in config_c:
            value = getattr(c.rule, attr)
            if value != unset and value is not None:
                if attr in declared and declared[attr] != value:
                    notes.append(
                        f"frontmatter {FRONTMATTER_TABLE}.{attr} = {_fmt_value(declared[attr])} is "
                        f"overridden by {c.rule.source} ({attr} = {_fmt_value(value)}): config wins"
                    )
                return value, c.rule.source
        if attr in declared:
            return declared[attr], f"{match.id} frontmatter {FRONTMATTER_TABLE}.{attr}"
        for c in preset_c:
            value = getattr(c.rule, attr)
            if value != unset and value is not None:
                return value, c.rule.source
        return None, None

    max_tokens, mt_src = pick("max_tokens", None)
    fm_max, fm_src = pick("frontmatter_max_tokens", None)
    load, load_src = pick("load", None)
    if not any(c.rule.load for c in config_c) and "load" not in declared:
        # a harness rule decides from the file's frontmatter (a Cursor rule's alwaysApply: true)
        first = next((c for c in preset_c if c.rule.load or c.rule.when), None)
        if first is not None and first.rule.when is not None:
            when, cond = when_of(first.rule.classify, first.rule.when, fm.data if fm is not None else None)
            load = "must" if when == "always" else "skippable"
            why = "" if cond is None else f"{match.id} frontmatter {cond.key}, "
            load_src = f"{why}loaded {when} ({first.rule.source})"
    conditional, cond_src = pick("conditional_frontmatter", None)
    if (
        conditional
        and fm is not None
        and fm.data.get(conditional) not in (None, "", [], {})
        and "load" not in declared
        and load == "must"
    ):
        load = "skippable"
        load_src = f"{match.id} frontmatter {conditional}: (conditional_frontmatter, {cond_src})"
    ref = match.imported_by
    if ref is not None and ref.load == "must" and load != "must":
        load, load_src = "must", ref.source
    priority, prio_src = pick("priority", 0)
    message, _ = pick("message", None)
    return Effective(
        max_tokens=max_tokens,
        max_tokens_source=mt_src,
        frontmatter_max_tokens=fm_max,
        frontmatter_max_tokens_source=fm_src,
        load=load or "skippable",
        load_source=load_src or "default",
        priority=priority or 0,
        priority_source=prio_src or "default",
        message=message,
        entry=match.winner.rule.label,
        notes=tuple(notes),
    )
