"""Reading a configuration file into a ``Config``: finding it, parsing its TOML, and validating every key
(the ``[[files]]``, ``[baseline]`` and ``[[stages]]`` tables included)."""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from prompt_budget.config.parse import (
    misspelt,
    parse_bool,
    parse_fraction,
    parse_frontmatter_key,
    parse_globs,
    parse_growth,
    parse_int,
    parse_str,
    parse_tokens,
    warn_unknown,
)
from prompt_budget.errors import ConfigError
from prompt_budget.model import FileRule, GrowthGate, Stage

__all__ = [
    "BaselineConfig",
    "Config",
    "find_config",
    "load_config",
    "parse_files",
    "parse_toml",
    "read_text",
    "toml_problem",
]

PYPROJECT: Final = "pyproject.toml"
STANDALONE: Final = "prompt_budget.toml"
DEFAULT_BASELINE: Final = ".prompt-budget/baseline.json"
DEFAULT_CACHE_DIR: Final = ".prompt-budget/cache"
LOAD_CLASSES: Final = ("must", "skippable")
PRESETS: Final = ("claude-code",)

TOP_KEYS: Final = (
    "tokenizer",
    "model",
    "context_window",
    "reserved_output",
    "usable_fraction",
    "threshold",
    "safety_multiplier",
    "sections",
    "total",
    "files",
    "baseline",
    "stages",
    "preset",
    "lint",
    "values",
    "ephemeral_keys",
    "image_tokens",
    "cache_dir",
)
FILE_KEYS: Final = (
    "path",
    "max_tokens",
    "load",
    "name",
    "priority",
    "message",
    "frontmatter_max_tokens",
    "max_growth",
    "ratchet",
    "follow_imports",
    "conditional_frontmatter",
)
BASELINE_KEYS: Final = ("path", "max_growth", "ratchet", "overrides")
STAGE_KEYS: Final = ("name", "files")

# --- the config object ------------------------------------------------------------------------


@dataclass(frozen=True)
class BaselineConfig:
    path: str = DEFAULT_BASELINE
    max_growth: GrowthGate | None = None
    ratchet: bool = False
    overrides: Mapping[str, GrowthGate] = field(default_factory=dict)


@dataclass(frozen=True)
class Config:
    """Resolved configuration. ``path`` is the file it came from (None: defaults), ``root`` the folder
    relative paths are taken from, ``table`` the TOML table prefix (``[tool.prompt_budget]`` or ``""``
    for ``prompt_budget.toml``)."""

    path: Path | None = None
    root: Path = field(default_factory=Path.cwd)
    table: str = "tool.prompt_budget"
    tokenizer: str = "o200k_base"
    model: str | None = None
    context_window: int | None = None
    reserved_output: int = 0
    usable_fraction: float = 1.0
    threshold: float = 0.8
    safety_multiplier: float = 1.0
    sections: Mapping[str, int] = field(default_factory=dict)
    total: int | None = None
    files: tuple[FileRule, ...] = ()
    baseline: BaselineConfig = field(default_factory=BaselineConfig)
    stages: tuple[Stage, ...] = ()
    preset: str | None = None
    lint: Mapping[str, Any] = field(default_factory=dict)
    values: Mapping[str, Any] = field(default_factory=dict)
    ephemeral_keys: tuple[str, ...] = ("ephemeral",)
    image_tokens: int = 1600
    cache_dir: str = DEFAULT_CACHE_DIR

    @property
    def usable_budget(self) -> int | None:
        """``context_window * usable_fraction - reserved_output``, or None without a window."""
        if self.context_window is None:
            return None
        return int(self.context_window * self.usable_fraction) - self.reserved_output

    def where(self, *keys: str) -> str:
        """Where a key lives, for messages: ``pyproject.toml [tool.prompt_budget.sections] system_prompt``."""
        name = self.path.name if self.path is not None else "defaults"
        *tables, last = keys if keys else ("",)
        table = ".".join(t for t in (self.table, *tables) if t)
        return f"{name} [{table}] {last}" if table else f"{name} {last}"

    def resolve(self, relative: str | Path) -> Path:
        """A path from the config, made absolute against ``root``."""
        p = Path(relative)
        return p if p.is_absolute() else self.root / p

    def with_overrides(self, **changes: Any) -> Config:
        return replace(self, **changes)


def find_config(start: str | Path | None = None) -> Path | None:
    """The nearest ``prompt_budget.toml``, or ``pyproject.toml`` holding ``[tool.prompt_budget]``,
    from ``start`` (default: the current folder) upwards."""
    here = Path(start) if start is not None else Path.cwd()
    here = here.resolve()
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        standalone = folder / STANDALONE
        if standalone.is_file():
            return standalone
        pyproject = folder / PYPROJECT
        if pyproject.is_file():
            try:
                text = pyproject.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if re.search(r"^\s*\[\[?\s*tool\.prompt_budget\b", text, re.MULTILINE):
                return pyproject
    return None


def read_text(path: Path) -> str:
    """A configuration file's text, with its own line endings."""
    try:
        return path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read the file: {exc.strerror or exc}", file=path) from None
    except UnicodeDecodeError:
        raise ConfigError("the file is not valid UTF-8", file=path) from None


def parse_toml(text: str, file: str | Path | None = None, *, problem: str = "invalid TOML") -> dict[str, Any]:
    """``text`` read by tomllib (tomli before Python 3.11); a ``ConfigError`` naming ``file`` and the
    line when it is not TOML."""
    # Imported here: a project without a config file never parses TOML.
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.10 only
        import tomli as tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{problem}: {toml_problem(exc, text)}", file=file) from None


def toml_problem(exc: ValueError, doc: str | None = None) -> str:
    """A TOML parser's error message, always with a line. For an error found at the end of the file
    (an unclosed table, an unterminated string) the parsers say only "(at end of document)"; the
    line named is then the last one with text in ``doc`` (or in the exception's own ``doc``, which
    tomli 2.1 and later, the parser on Python 3.10, keep)."""
    message = str(exc)
    if "(at line " in message:
        return message
    own_doc, pos, lineno = (getattr(exc, a, None) for a in ("doc", "pos", "lineno"))
    if isinstance(own_doc, str) and isinstance(pos, int):
        lineno = own_doc[:pos].rstrip().count("\n") + 1
    elif doc is not None and "(at end of document)" in message:
        lineno = doc.rstrip().count("\n") + 1
    if not isinstance(lineno, int):
        return message
    if "(at end of document)" in message:
        return message.replace("(at end of document)", f"(at end of document, line {lineno})")
    return f"{message} (at line {lineno})"


def load_config(path: str | Path | None = None, *, start: str | Path | None = None) -> Config:
    """Load and validate the configuration.

    ``path`` is an explicit file (``pyproject.toml`` or a standalone TOML file); without it the nearest
    one from ``start`` upwards is used, and without any, the defaults (rooted at ``start`` or the
    current folder)."""
    if path is None:
        found = find_config(start)
        if found is None:
            root = Path(start).resolve() if start is not None else Path.cwd()
            return Config(path=None, root=root if root.is_dir() else root.parent)
        path = found
    file = Path(path).resolve()
    if file.is_dir():
        raise ConfigError(
            "is a folder; expected a configuration file (pyproject.toml or prompt_budget.toml)", file=path
        )
    if not file.is_file():
        raise ConfigError("the configuration file does not exist", file=path)
    raw = parse_toml(read_text(file), file)
    if file.name == PYPROJECT:
        table = raw.get("tool", {}).get("prompt_budget", {})
        prefix = "tool.prompt_budget"
    else:
        table = raw
        prefix = ""
    if not isinstance(table, dict):
        raise ConfigError("expected a table", file=file, key=prefix or "(top level)")
    return _parse(dict(table), file, prefix)


def _key(prefix: str, *parts: str) -> str:
    return ".".join(p for p in (prefix, *parts) if p)


def _parse(table: dict[str, Any], file: Path, prefix: str) -> Config:
    def k(*parts: str) -> str:
        return _key(prefix, *parts)

    changes: dict[str, Any] = {}

    if "tokenizer" in table:
        spec = parse_str(table.pop("tokenizer"), file, k("tokenizer")).strip()
        changes["tokenizer"] = _anchor_spec_path(spec, file.parent)
    if "model" in table:
        model = parse_str(table.pop("model"), file, k("model")).strip()
        changes["model"] = model
        from prompt_budget import known_models as models

        info = models.get_model(model)
        if info is not None:
            changes["context_window"] = info.context_window
            if "tokenizer" not in changes:
                # Counted as that model counts: its exact encoding, else its calibrated estimate
                # (a Claude model's text is not o200k_base's, the default otherwise).
                changes["tokenizer"] = info.local_spec
        # An unknown model is fine when context_window is given; checked below.
    if "context_window" in table:
        changes["context_window"] = parse_tokens(table.pop("context_window"), file, k("context_window"))
    elif "model" in changes and "context_window" not in changes:
        from prompt_budget import known_models as models

        raise ConfigError(
            f"unknown model {changes['model']!r}: set context_window, or use a known model "
            f"({', '.join(models.known_models())})",
            file=file,
            key=k("model"),
        )
    if "reserved_output" in table:
        value = table.pop("reserved_output")
        changes["reserved_output"] = 0 if value == 0 else parse_tokens(value, file, k("reserved_output"))
    for name in ("usable_fraction", "threshold"):
        if name in table:
            changes[name] = parse_fraction(table.pop(name), file, k(name))
    if "safety_multiplier" in table:
        value = table.pop("safety_multiplier")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 1:
            raise ConfigError(
                f"expected a number >= 1 such as 1.2, got {value!r}", file=file, key=k("safety_multiplier")
            )
        changes["safety_multiplier"] = float(value)
    if "sections" in table:
        sections = table.pop("sections")
        if not isinstance(sections, dict):
            raise ConfigError("expected a table of section name = cap", file=file, key=k("sections"))
        changes["sections"] = {
            name: parse_tokens(cap, file, k("sections", name)) for name, cap in sections.items()
        }
    if "total" in table:
        changes["total"] = parse_tokens(table.pop("total"), file, k("total"))
    if "files" in table:
        changes["files"] = parse_files(table.pop("files"), file, k("files"))
    if "baseline" in table:
        changes["baseline"] = _parse_baseline(table.pop("baseline"), file, k("baseline"))
    if "stages" in table:
        changes["stages"] = _parse_stages(table.pop("stages"), file, k("stages"))
    if "preset" in table:
        preset = parse_str(table.pop("preset"), file, k("preset"))
        if preset not in PRESETS:
            raise ConfigError(
                f"unknown preset {preset!r}; known: {', '.join(PRESETS)}", file=file, key=k("preset")
            )
        changes["preset"] = preset
    for name in ("lint", "values"):
        if name in table:
            value = table.pop(name)
            if not isinstance(value, dict):
                raise ConfigError("expected a table", file=file, key=k(name))
            changes[name] = value
    if "ephemeral_keys" in table:
        value = table.pop("ephemeral_keys")
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError("expected a list of metadata key names", file=file, key=k("ephemeral_keys"))
        changes["ephemeral_keys"] = tuple(value)
    if "image_tokens" in table:
        changes["image_tokens"] = parse_tokens(table.pop("image_tokens"), file, k("image_tokens"))
    if "cache_dir" in table:
        changes["cache_dir"] = parse_str(table.pop("cache_dir"), file, k("cache_dir"))

    warn_unknown(table, TOP_KEYS, file, f"{prefix}." if prefix else "")
    config = Config(path=file, root=file.parent, table=prefix, **changes)
    if config.usable_budget is not None and config.usable_budget <= 0:
        raise ConfigError(
            f"the usable budget is context_window * usable_fraction - reserved_output = "
            f"{config.usable_budget:,}; it must be positive",
            file=file,
            key=k("reserved_output"),
        )
    _validate_tokenizer(config.tokenizer, file, k("tokenizer"))
    return config


def _anchor_spec_path(spec: str, root: Path) -> str:
    """``hf:PATH`` and ``calibrated:FILE`` name files relative to the config file, not to the folder
    the command happens to run from: anchor them when the file is there, or when the spec can only be
    a file (so that an error on first use names the path looked for)."""
    prefix, sep, rest = spec.partition(":")
    if not sep or prefix not in ("hf", "calibrated") or not rest or Path(rest).is_absolute():
        return spec
    candidate = root / rest
    return f"{prefix}:{candidate}" if candidate.exists() or _names_a_file(rest) else spec


def _names_a_file(rest: str) -> bool:
    """A spec argument that can only be a file: a ``.json`` name (model ids and shipped calibrations
    have no suffix; an ``org/name`` model id has a slash, so a slash alone does not say)."""
    return rest.strip().lower().endswith(".json")


def _validate_tokenizer(spec: str, file: Path, key: str) -> None:
    """Unknown tokenizer specs are config errors, and so is a model with no local tokenizer; a known
    spec whose backend or file is missing is reported when it is first used, not here (the config
    stays loadable without optional extras, files and network)."""
    from prompt_budget.tokenizers import known_specs

    specs = known_specs()
    if spec in specs:
        return
    if spec.startswith("calibrated:") and _names_a_file(spec.partition(":")[2]):
        return  # a file is read on first use (the config stays loadable where it is missing)
    if not spec.startswith("calibrated:") and any(s.endswith(":") and spec.startswith(s) for s in specs):
        return  # hf:, anthropic:, quicktok:, tiktoken: need extras, a cache or the network: first use
    # calibrated: specs, model names and specs a plugin may resolve without listing: resolve now (no
    # backend is loaded), so a bad one is an error naming this file.
    from prompt_budget.errors import TokenizerUnavailable
    from prompt_budget.tokenizers import get_tokenizer

    try:
        get_tokenizer(spec)
    except TokenizerUnavailable:
        return
    except ConfigError as exc:
        raise ConfigError(exc.message, file=file, key=key) from None


def parse_files(value: object, file: Path, key: str) -> tuple[FileRule, ...]:
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        raise ConfigError("expected an array of tables ([[...files]])", file=file, key=key)
    rules: list[FileRule] = []
    for i, entry in enumerate(value):
        ek = f"{key}[{i}]"
        if not isinstance(entry, dict):
            raise ConfigError("expected a table", file=file, key=ek)
        entry = dict(entry)  # noqa: PLW2901
        if "path" not in entry:
            raise ConfigError(
                f"missing required key 'path' (a glob or a list of globs){misspelt('path', entry)}",
                file=file,
                key=ek,
            )
        globs = parse_globs(entry.pop("path"), file, f"{ek}.path")
        max_tokens = (
            parse_tokens(entry.pop("max_tokens"), file, f"{ek}.max_tokens") if "max_tokens" in entry else None
        )
        load = None
        if "load" in entry:
            load = entry.pop("load")
            if load not in LOAD_CLASSES:
                raise ConfigError(
                    f'expected "must" or "skippable", got {load!r}', file=file, key=f"{ek}.load"
                )
        name = parse_str(entry.pop("name"), file, f"{ek}.name") if "name" in entry else None
        priority = parse_int(entry.pop("priority"), file, f"{ek}.priority") if "priority" in entry else 0
        message = parse_str(entry.pop("message"), file, f"{ek}.message") if "message" in entry else None
        fm = (
            parse_tokens(entry.pop("frontmatter_max_tokens"), file, f"{ek}.frontmatter_max_tokens")
            if "frontmatter_max_tokens" in entry
            else None
        )
        growth = (
            parse_growth(entry.pop("max_growth"), file, f"{ek}.max_growth") if "max_growth" in entry else None
        )
        ratchet = parse_bool(entry.pop("ratchet"), file, f"{ek}.ratchet") if "ratchet" in entry else False
        follow = (
            parse_bool(entry.pop("follow_imports"), file, f"{ek}.follow_imports")
            if "follow_imports" in entry
            else None
        )
        conditional = (
            parse_frontmatter_key(entry.pop("conditional_frontmatter"), file, f"{ek}.conditional_frontmatter")
            if "conditional_frontmatter" in entry
            else None
        )
        warn_unknown(entry, FILE_KEYS, file, f"{ek}.")
        rules.append(
            FileRule(
                path=globs,
                max_tokens=max_tokens,
                load=load,
                name=name,
                priority=priority,
                message=message,
                frontmatter_max_tokens=fm,
                max_growth=growth,
                ratchet=ratchet,
                index=i,
                source=f"{file.name} [{key}] #{i + 1}",
                follow_imports=follow,
                conditional_frontmatter=conditional,
            )
        )
    return tuple(rules)


def _parse_baseline(value: object, file: Path, key: str) -> BaselineConfig:
    if not isinstance(value, dict):
        raise ConfigError("expected a table", file=file, key=key)
    entry = dict(value)
    changes: dict[str, Any] = {}
    if "path" in entry:
        changes["path"] = parse_str(entry.pop("path"), file, f"{key}.path")
    if "max_growth" in entry:
        changes["max_growth"] = parse_growth(entry.pop("max_growth"), file, f"{key}.max_growth")
    if "ratchet" in entry:
        changes["ratchet"] = parse_bool(entry.pop("ratchet"), file, f"{key}.ratchet")
    if "overrides" in entry:
        overrides = entry.pop("overrides")
        if not isinstance(overrides, dict):
            raise ConfigError(
                "expected a table of check id (glob) = max_growth", file=file, key=f"{key}.overrides"
            )
        changes["overrides"] = {
            pattern: parse_growth(gate, file, f"{key}.overrides.{pattern}")
            for pattern, gate in overrides.items()
        }
    warn_unknown(entry, BASELINE_KEYS, file, f"{key}.")
    return BaselineConfig(**changes)


def _parse_stages(value: object, file: Path, key: str) -> tuple[Stage, ...]:
    if not isinstance(value, list):
        raise ConfigError("expected an array of tables ([[...stages]])", file=file, key=key)
    stages: list[Stage] = []
    for i, entry in enumerate(value):
        ek = f"{key}[{i}]"
        if not isinstance(entry, dict):
            raise ConfigError("expected a table with 'name' and 'files'", file=file, key=ek)
        entry = dict(entry)  # noqa: PLW2901
        if "name" not in entry:
            raise ConfigError(f"missing required key 'name'{misspelt('name', entry)}", file=file, key=ek)
        name = parse_str(entry.pop("name"), file, f"{ek}.name")
        if "files" not in entry:
            raise ConfigError(
                f"missing required key 'files' (entry names or globs){misspelt('files', entry)}",
                file=file,
                key=ek,
            )
        files = parse_globs(entry.pop("files"), file, f"{ek}.files")
        warn_unknown(entry, STAGE_KEYS, file, f"{ek}.")
        stages.append(Stage(name=name, files=files))
    return tuple(stages)
