"""The harness model: which files each agent harness (Claude Code, Codex, Cursor, ...) reads, when, in
what order and under which limits, as data (``data/harnesses.json``, each rule and limit citing the
harness's documentation), plus the harnesses a plugin adds (the ``prompt_budget_harnesses`` hook) and
those a configuration declares (``[harness.NAME]``).

``harnesses = ["claude-code", "codex"]`` selects harnesses; ``[harness.codex] limits = {agents-chain =
65536}`` or ``must_load_max_tokens = "20k"`` overrides a default; a ``[harness.NAME]`` table with
``rules`` declares a harness of one's own. Every error names the file and key and what was expected."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, Literal

from prompt_budget.config.parse import parse_bool, parse_fraction, parse_globs, parse_str, parse_tokens
from prompt_budget.errors import ConfigError
from prompt_budget.model import WHENS, Condition, FileRule, When

Unit = Literal["tokens", "characters", "bytes"]
UNITS: Final[tuple[Unit, ...]] = ("tokens", "characters", "bytes")
#: What a limit caps: each file of its rules (``file``), one frontmatter field of each (``field``), the
#: concatenated folder chain (``chain``), the listing of names and descriptions (``listing``) or each
#: entry of it (``listing-entry``), or everything of its rules loaded at the start (``always``).
Scope = Literal["file", "field", "chain", "listing", "listing-entry", "always"]
SCOPES: Final[tuple[Scope, ...]] = ("file", "field", "chain", "listing", "listing-entry", "always")


@dataclass(frozen=True)
class HarnessRule:
    """One kind of file a harness reads: where (``path`` globs from the project root), when, and its
    default caps."""

    name: str
    path: tuple[str, ...]
    when: When
    source: str
    listed: bool = False
    classify: tuple[Condition, ...] = ()
    #: the frontmatter key holding the globs a ``glob`` rule applies to (``paths``, ``globs``, ``applyTo``)
    globs_key: str | None = None
    #: part of the folder chain (``AGENTS.md`` from the root down), capped by a ``chain`` limit
    chain: bool = False
    follow_imports: bool | None = None
    max_tokens: int | None = None
    frontmatter_max_tokens: int | None = None
    message: str | None = None
    #: globs of which one must match a file for the rule to apply (a plugin manifest)
    requires: tuple[str, ...] = ()
    #: applies only when working in the folder that holds it (the folder above a nested
    #: ``.claude/skills`` or ``.agents/skills``)
    scoped: bool = False

    def when_for(self, frontmatter: Mapping[str, Any] | None) -> tuple[When, bool, str]:
        """When the harness loads a file of this rule with ``frontmatter``, whether its name and
        description are listed up front, and why (for messages)."""
        for c in self.classify:
            if c.holds(frontmatter):
                shown = "set" if c.value == "present" else json.dumps(c.value)
                listed = self.listed if c.listed is None else c.listed
                return c.when, listed, f"frontmatter {c.key}: {shown}"
        return self.when, self.listed, f"rule {self.name!r}"


@dataclass(frozen=True)
class Limit:
    """A limit of a harness in its own unit; ``share`` makes the amount that share of the context
    window (``amount`` is then the fallback without one)."""

    name: str
    amount: int
    unit: Unit
    scope: Scope
    source: str
    rules: tuple[str, ...] = ()
    share: float | None = None
    field: str | None = None
    #: where the amount was set (``harness 'codex' default`` or a config file and key)
    set_in: str = ""

    def amount_for(self, context_window: int | None) -> int:
        if self.share is not None and context_window is not None and not self.set_in.startswith("config "):
            return max(1, int(context_window * self.share))
        return self.amount


@dataclass(frozen=True)
class Harness:
    """One agent harness: its rules in load order, its limits, and the globs that say a repository
    uses it (``detect``)."""

    name: str
    title: str
    docs: str
    rules: tuple[HarnessRule, ...]
    limits: Mapping[str, Limit] = field(default_factory=dict)
    detect: tuple[str, ...] = ()
    #: folder files of which each folder contributes only the first present (``AGENTS.override.md``
    #: before ``AGENTS.md``)
    one_per_folder: tuple[str, ...] = ()
    #: the must-load budget of this harness in tokens (None: the config's usable budget)
    must_load_max_tokens: int | None = None
    #: where the harness comes from: ``built-in``, ``plugin NAME`` or the config file and key
    origin: str = "built-in"

    def rule(self, name: str) -> HarnessRule:
        for r in self.rules:
            if r.name == name:
                return r
        raise KeyError(name)

    def file_rules(self) -> tuple[FileRule, ...]:
        """The ``[[files]]`` entries this harness stands for (matched like a preset's: a config entry
        on the same files wins), named ``harness/rule``."""
        out = []
        for i, r in enumerate(self.rules):
            out.append(
                FileRule(
                    path=r.path,
                    max_tokens=r.max_tokens,
                    load="must" if r.when == "always" and not r.classify else None,
                    name=f"{self.name}/{r.name}",
                    message=r.message,
                    frontmatter_max_tokens=r.frontmatter_max_tokens,
                    index=i,
                    # the rule's documentation is in the harness data (check --explain shows it)
                    source=f"harness {self.name!r} rule {r.name!r}",
                    follow_imports=r.follow_imports,
                    classify=r.classify,
                    when=r.when,
                    harness=self.name,
                )
            )
        return tuple(out)


# --- reading harness definitions ------------------------------------------------------------------

_RULE_KEYS: Final = (
    "name", "path", "when", "source", "listed", "classify", "globs_key", "chain", "follow_imports",
    "max_tokens", "frontmatter_max_tokens", "message", "requires", "scoped",
)  # fmt: skip
_LIMIT_KEYS: Final = ("amount", "unit", "scope", "source", "rules", "share", "field")
_HARNESS_KEYS: Final = (
    "title", "docs", "rules", "limits", "detect", "one_per_folder", "must_load_max_tokens",
)  # fmt: skip


def _unknown(table: Mapping[str, Any], known: Sequence[str], file: Path | str | None, key: str) -> None:
    import difflib

    for name in table:
        if name not in known:
            close = difflib.get_close_matches(str(name), list(known), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f"; known: {', '.join(known)}"
            raise ConfigError(f"unknown key {name!r}{hint}", file=file, key=f"{key}.{name}")


def _mapping(value: object, file: Path | str | None, key: str, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ConfigError(f"expected a table ({what}), got {value!r}", file=file, key=key)
    return value


def _when(value: object, file: Path | str | None, key: str) -> When:
    if value not in WHENS:
        raise ConfigError(f"expected one of {', '.join(WHENS)}, got {value!r}", file=file, key=key)
    return value


def _strings(value: object, file: Path | str | None, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ConfigError(f"expected a string or a list of strings, got {value!r}", file=file, key=key)
    return tuple(value)


def _condition(value: object, file: Path | str | None, key: str) -> Condition:
    raw = _mapping(value, file, key, 'a test such as {if = "alwaysApply", is = true, when = "always"}')
    _unknown(raw, ("if", "is", "when", "listed"), file, key)
    for required in ("if", "is", "when"):
        if required not in raw:
            raise ConfigError(f"missing required key {required!r}", file=file, key=key)
    value_is = raw["is"]
    if not isinstance(value_is, (str, bool)):
        raise ConfigError(
            f'expected true, false, "present" or a string, got {value_is!r}', file=file, key=f"{key}.is"
        )
    listed = raw.get("listed")
    return Condition(
        key=parse_str(raw["if"], Path(str(file)), f"{key}.if"),
        value=value_is,
        when=_when(raw["when"], file, f"{key}.when"),
        listed=None if listed is None else parse_bool(listed, Path(str(file)), f"{key}.listed"),
    )


def parse_rule(value: object, file: Path | str | None, key: str) -> HarnessRule:
    """One rule of a harness definition (a built-in's, a plugin's or a config's)."""
    raw = _mapping(value, file, key, "a rule with name, path and when")
    _unknown(raw, _RULE_KEYS, file, key)
    for required in ("name", "path", "when"):
        if required not in raw:
            raise ConfigError(f"missing required key {required!r}", file=file, key=key)
    fp = Path(str(file))

    def opt(name: str, parse: Any) -> Any:
        return parse(raw[name], fp, f"{key}.{name}") if name in raw else None

    classify = raw.get("classify", [])
    if not isinstance(classify, list):
        raise ConfigError("expected a list of tests", file=file, key=f"{key}.classify")
    return HarnessRule(
        name=parse_str(raw["name"], fp, f"{key}.name"),
        path=parse_globs(raw["path"], fp, f"{key}.path"),
        when=_when(raw["when"], file, f"{key}.when"),
        source=str(raw.get("source") or (f"{file} {key}" if file else key)),
        listed=bool(opt("listed", parse_bool)),
        classify=tuple(_condition(c, file, f"{key}.classify[{i}]") for i, c in enumerate(classify)),
        globs_key=opt("globs_key", parse_str),
        chain=bool(opt("chain", parse_bool)),
        follow_imports=opt("follow_imports", parse_bool),
        max_tokens=opt("max_tokens", parse_tokens),
        frontmatter_max_tokens=opt("frontmatter_max_tokens", parse_tokens),
        message=opt("message", parse_str),
        requires=_strings(raw["requires"], file, f"{key}.requires") if "requires" in raw else (),
        scoped=bool(opt("scoped", parse_bool)),
    )


def _amount(value: object, file: Path | str | None, key: str) -> int:
    return parse_tokens(value, file, key)  # the same forms: 32768, 32_768, "32k"


def parse_limit(name: str, value: object, file: Path | str | None, key: str, set_in: str) -> Limit:
    raw = _mapping(value, file, key, "a limit with amount, unit and scope")
    _unknown(raw, _LIMIT_KEYS, file, key)
    for required in ("amount", "unit", "scope"):
        if required not in raw:
            raise ConfigError(f"missing required key {required!r}", file=file, key=key)
    if raw["unit"] not in UNITS:
        raise ConfigError(
            f"expected one of {', '.join(UNITS)}, got {raw['unit']!r}", file=file, key=f"{key}.unit"
        )
    if raw["scope"] not in SCOPES:
        raise ConfigError(
            f"expected one of {', '.join(SCOPES)}, got {raw['scope']!r}", file=file, key=f"{key}.scope"
        )
    scope: Scope = raw["scope"]
    if scope == "field" and not isinstance(raw.get("field"), str):
        raise ConfigError("a field limit needs field = the frontmatter key", file=file, key=f"{key}.field")
    return Limit(
        name=name,
        amount=_amount(raw["amount"], file, f"{key}.amount"),
        unit=raw["unit"],
        scope=scope,
        source=str(raw.get("source") or (f"{file} {key}" if file else key)),
        rules=_strings(raw["rules"], file, f"{key}.rules") if "rules" in raw else (),
        share=parse_fraction(raw["share"], file, f"{key}.share") if "share" in raw else None,
        field=raw.get("field"),
        set_in=set_in,
    )


def parse_harness(name: str, value: object, file: Path | str | None, key: str, origin: str) -> Harness:
    """A whole harness definition: ``title``, ``docs``, ``rules`` (in load order), ``limits``, ``detect``."""
    raw = _mapping(value, file, key, "a harness with rules")
    _unknown(raw, _HARNESS_KEYS, file, key)
    if "rules" not in raw:
        raise ConfigError("missing required key 'rules' (the files the harness reads)", file=file, key=key)
    rules_raw = raw["rules"]
    if not isinstance(rules_raw, list) or not rules_raw:
        raise ConfigError("expected a non-empty list of rules", file=file, key=f"{key}.rules")
    rules = tuple(parse_rule(r, file, f"{key}.rules[{i}]") for i, r in enumerate(rules_raw))
    names = [r.name for r in rules]
    dup = next((n for n in names if names.count(n) > 1), None)
    if dup is not None:
        raise ConfigError(f"two rules are named {dup!r}", file=file, key=f"{key}.rules")
    limits_raw = _mapping(raw.get("limits", {}), file, f"{key}.limits", "limit name = {amount, unit, scope}")
    limits = {
        n: parse_limit(n, v, file, f"{key}.limits.{n}", f"harness {name!r} default")
        for n, v in limits_raw.items()
    }
    for n, lim in limits.items():
        bad = [r for r in lim.rules if r not in names]
        if bad:
            raise ConfigError(
                f"names no rule of the harness: {', '.join(bad)} (rules: {', '.join(names)})",
                file=file,
                key=f"{key}.limits.{n}.rules",
            )
    fp = Path(str(file))
    return Harness(
        name=name,
        title=str(raw.get("title", name)),
        docs=str(raw.get("docs", "")),
        rules=rules,
        limits=limits,
        detect=_strings(raw["detect"], file, f"{key}.detect") if "detect" in raw else (),
        one_per_folder=_strings(raw["one_per_folder"], file, f"{key}.one_per_folder")
        if "one_per_folder" in raw
        else (),
        must_load_max_tokens=parse_tokens(raw["must_load_max_tokens"], fp, f"{key}.must_load_max_tokens")
        if "must_load_max_tokens" in raw
        else None,
        origin=origin,
    )


@functools.lru_cache(maxsize=1)
def _builtin_raw() -> Mapping[str, Any]:
    from importlib import resources  # here: a check whose config names no harness never reads it (5 ms)

    source = resources.files("prompt_budget") / "data" / "harnesses.json"
    data: Mapping[str, Any] = json.loads(source.read_text(encoding="utf-8"))["harnesses"]
    return data


@functools.lru_cache(maxsize=1)
def builtin_harnesses() -> Mapping[str, Harness]:
    """The harnesses of ``data/harnesses.json``, by name."""
    return {
        name: parse_harness(name, raw, "harnesses.json", f"harnesses.{name}", "built-in")
        for name, raw in _builtin_raw().items()
    }


def plugin_harnesses() -> Mapping[str, Harness]:
    """The harnesses plugins declare through the ``prompt_budget_harnesses`` hook, by name."""
    from prompt_budget.plugins import get_plugin_manager

    pm = get_plugin_manager()
    out: dict[str, Harness] = {}
    for impl in reversed(pm.hook.prompt_budget_harnesses.get_hookimpls()):
        plugin = pm.get_name(impl.plugin) or "a plugin"
        found = impl.function()
        if not found:
            continue
        if not isinstance(found, Mapping):
            raise ConfigError(f"plugin {plugin} returned {found!r}; expected {{name: harness definition}}")
        for name, raw in found.items():
            out[str(name)] = parse_harness(
                str(name), raw, f"plugin {plugin}", f"prompt_budget_harnesses[{name!r}]", f"plugin {plugin}"
            )
    return out


def available_harnesses() -> Mapping[str, Harness]:
    """Every harness known without a configuration: built-in, then plugins' (a plugin may replace a
    built-in of the same name)."""
    return {**builtin_harnesses(), **plugin_harnesses()}


def known_harnesses() -> tuple[str, ...]:
    return tuple(available_harnesses())


def parse_harness_names(value: object, file: Path, key: str) -> tuple[str, ...]:
    """``harnesses = ["claude-code", "codex"]``: names, each once (checked against the known ones
    once the ``[harness.NAME]`` tables are read)."""
    names = _strings(value, file, key)
    dup = next((n for n in names if names.count(n) > 1), None)
    if dup is not None:
        raise ConfigError(f"{dup!r} is listed twice", file=file, key=key)
    return names


def parse_harness_tables(value: object, file: Path, key: str) -> Mapping[str, Mapping[str, Any]]:
    """``[harness.NAME]`` tables: overrides of a known harness, or a harness of one's own."""
    raw = _mapping(value, file, key, "harness name = its settings")
    out: dict[str, Mapping[str, Any]] = {}
    for name, table in raw.items():
        out[str(name)] = _mapping(table, file, f"{key}.{name}", "the harness's limits, or its own rules")
    return out


def select(
    names: Sequence[str], tables: Mapping[str, Mapping[str, Any]], file: Path, prefix: str
) -> tuple[Harness, ...]:
    """The selected harnesses with the config's overrides applied: each name in ``names`` (in order),
    then each ``[harness.NAME]`` that declares a harness of its own. Without ``names``, every harness
    a ``[harness.NAME]`` table configures is selected."""
    known = available_harnesses()
    tkey = f"{prefix}.harness" if prefix else "harness"
    out: dict[str, Harness] = {}
    for i, name in enumerate(names):
        table = tables.get(name)
        if name in known:
            out[name] = override(known[name], table or {}, file, f"{tkey}.{name}")
        elif table is not None and "rules" in table:
            continue  # declared below
        else:
            import difflib

            close = difflib.get_close_matches(name, list(known), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise ConfigError(
                f"unknown harness {name!r}{hint}; known: {', '.join(known)} (or declare it in a "
                f"[{tkey}.{name}] table with rules)",
                file=file,
                key=f"{prefix}.harnesses[{i}]" if prefix else f"harnesses[{i}]",
            )
    for name, table in tables.items():
        if name in known:
            if name in out:
                continue
            if names:
                raise ConfigError(
                    f"harness {name!r} is configured but not in harnesses; add it there",
                    file=file,
                    key=f"{tkey}.{name}",
                )
            # without a harnesses list, the harnesses configured are the ones selected
            out[name] = override(known[name], table, file, f"{tkey}.{name}")
            continue
        if "rules" not in table:
            raise ConfigError(
                f"unknown harness {name!r}: a harness of your own needs rules (known: {', '.join(known)})",
                file=file,
                key=f"{tkey}.{name}",
            )
        out[name] = parse_harness(name, table, file, f"{tkey}.{name}", f"{file.name} [{tkey}.{name}]")
    return tuple(out.values())


def override(harness: Harness, table: Mapping[str, Any], file: Path, key: str) -> Harness:
    """``harness`` with the defaults a ``[harness.NAME]`` table overrides: ``must_load_max_tokens`` and
    ``limits = {name = amount}`` (the unit stays the harness's)."""
    _unknown(table, ("must_load_max_tokens", "limits"), file, key)
    changes: dict[str, Any] = {}
    if "must_load_max_tokens" in table:
        changes["must_load_max_tokens"] = parse_tokens(
            table["must_load_max_tokens"], file, f"{key}.must_load_max_tokens"
        )
    if "limits" in table:
        raw = _mapping(table["limits"], file, f"{key}.limits", "limit name = amount")
        limits = dict(harness.limits)
        for name, value in raw.items():
            if name not in limits:
                known = ", ".join(limits) or "none"
                raise ConfigError(
                    f"harness {harness.name!r} has no limit {name!r}; its limits: {known}",
                    file=file,
                    key=f"{key}.limits.{name}",
                )
            where = f"{file.name} [{key}.limits] {name}"
            limits[name] = replace(
                limits[name], amount=_amount(value, file, f"{key}.limits.{name}"), set_in=f"config {where}"
            )
        changes["limits"] = limits
    return replace(harness, **changes) if changes else harness
