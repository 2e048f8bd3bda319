"""Reading a configuration file into a ``Config``: finding it, parsing its TOML, and validating every key
(the ``[[files]]``, ``[baseline]`` and ``[[stages]]`` tables included)."""

from __future__ import annotations

import re
import sys
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from prompt_budget.config.harnesses import Harness, parse_harness_names, parse_harness_tables, select
from prompt_budget.config.parse import (
    parse_bool,
    parse_fraction,
    parse_frontmatter_key,
    parse_globs,
    parse_growth,
    parse_int,
    parse_load,
    parse_multiplier,
    parse_str,
    parse_tokens,
)
from prompt_budget.errors import ConfigError, ConfigWarning
from prompt_budget.known_models import ModelInfo
from prompt_budget.model import FileRule, GrowthGate, Stage

PYPROJECT: Final = "pyproject.toml"
STANDALONE: Final = "prompt_budget.toml"
DEFAULT_BASELINE: Final = ".prompt-budget/baseline.json"
DEFAULT_CACHE_DIR: Final = ".prompt-budget/cache"
PRESETS: Final = ("claude-code",)
#: A key's parser: (value, file, key) -> value, raising a ConfigError naming the file and the key.
Parser = Callable[[Any, Path, str], Any]


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
    #: the agent harnesses selected (``harnesses = [...]``, with ``[harness.NAME]`` overrides applied)
    harnesses: tuple[Harness, ...] = ()
    lint: Mapping[str, Any] = field(default_factory=dict)
    values: Mapping[str, Any] = field(default_factory=dict)
    ephemeral_keys: tuple[str, ...] = ("ephemeral",)
    image_tokens: int = 1600
    cache_dir: str = DEFAULT_CACHE_DIR
    #: Models declared (or overridden) in ``[tool.prompt_budget.models."NAME"]``.
    models: Mapping[str, ModelInfo] = field(default_factory=dict)

    @property
    def usable_budget(self) -> int | None:
        """``context_window * usable_fraction - reserved_output``, or None without a window."""
        if self.context_window is None:
            return None
        return int(self.context_window * self.usable_fraction) - self.reserved_output

    @property
    def harness(self) -> Mapping[str, Harness]:
        """The selected harnesses by name (the ``[harness.NAME]`` tables, resolved)."""
        return {h.name: h for h in self.harnesses}

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


def find_config(start: str | Path | None = None) -> Path | None:
    """The nearest ``prompt_budget.toml``, or ``pyproject.toml`` holding ``[tool.prompt_budget]``,
    from ``start`` (default: the current folder) upwards."""
    here = (Path(start) if start is not None else Path.cwd()).resolve()
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        standalone = folder / STANDALONE
        if standalone.is_file():
            return standalone
        pyproject = folder / PYPROJECT
        if pyproject.is_file():
            # not passed over: a pyproject.toml that cannot be read may hold the configuration
            text = read_text(pyproject)
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
    except ValueError as exc:
        # an integer of more digits than Python converts (sys.get_int_max_str_digits)
        raise ConfigError(f"{problem}: {str(exc).split(';')[0]}", file=file) from None
    except RecursionError:
        raise ConfigError(f"{problem}: nested too deeply", file=file) from None


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
            from prompt_budget.known_models import forget_declared

            forget_declared()
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
    changes = _fields(table, _TOP, file, prefix)
    names = changes.pop("harnesses", ())
    tables = changes.pop("harness", {})
    if names or tables:
        changes["harnesses"] = select(names, tables, file, prefix)
    from prompt_budget import known_models

    known_models.forget_declared()
    for name, info in changes.get("models", {}).items():
        if info.tokenizer:
            _validate_tokenizer(info.tokenizer, file, _key(prefix, "models", name, "tokenizer"))
        known_models.declare(info)
    if "model" in changes:
        info = known_models.get_model(changes["model"])
        if info is None and "context_window" not in changes:
            raise ConfigError(
                f"unknown model {changes['model']!r}: {known_models.how_to_declare(changes['model'])}",
                file=file,
                key=_key(prefix, "model"),
            )
        if info is not None:
            changes.setdefault("context_window", info.context_window)
            # Counted as that model counts: its exact encoding, else its calibrated estimate (a Claude
            # model's text is not o200k_base's, the default otherwise).
            changes.setdefault("tokenizer", info.local_spec)
    config = Config(path=file, root=file.parent, table=prefix, **changes)
    if config.usable_budget is not None and config.usable_budget <= 0:
        raise ConfigError(
            f"the usable budget is context_window * usable_fraction - reserved_output = "
            f"{config.usable_budget:,}; it must be positive",
            file=file,
            key=_key(prefix, "reserved_output"),
        )
    _validate_tokenizer(config.tokenizer, file, _key(prefix, "tokenizer"))
    return config


def _fields(table: dict[str, Any], parsers: Mapping[str, Parser], file: Path, key: str) -> dict[str, Any]:
    """The keys of ``table`` that ``parsers`` knows, parsed (and removed); the others are warned about."""
    fields = {
        name: parse(table.pop(name), file, _key(key, name))
        for name, parse in parsers.items()
        if name in table
    }
    for name in table:
        import difflib  # here: a config with no unknown key never needs it

        close = difflib.get_close_matches(name, list(parsers), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f"; known keys: {', '.join(parsers)}"
        shown = f"{key}.{name}" if key else name
        warnings.warn(ConfigWarning(f"{file}: unknown key {shown!r} ignored{hint}"), stacklevel=3)
    return fields


def _require(entry: Mapping[str, object], name: str, what: str, file: Path, key: str) -> None:
    """A ``ConfigError`` when ``entry`` lacks ``name``, asking whether a close key is a misspelling of it."""
    if name in entry:
        return
    import difflib

    close = difflib.get_close_matches(name, [str(k) for k in entry], n=1, cutoff=0.6)
    hint = f"; is {close[0]!r} a misspelling of it?" if close else ""
    raise ConfigError(f"missing required key {name!r}{what}{hint}", file=file, key=key)


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
        _require(entry, "path", " (a glob or a list of globs)", file, ek)
        fields = _fields(dict(entry), _FILE, file, ek)
        rules.append(FileRule(**fields, index=i, source=f"{file.name} [{key}] #{i + 1}"))
    return tuple(rules)


def _parse_stages(value: object, file: Path, key: str) -> tuple[Stage, ...]:
    if not isinstance(value, list):
        raise ConfigError("expected an array of tables ([[...stages]])", file=file, key=key)
    stages: list[Stage] = []
    for i, entry in enumerate(value):
        ek = f"{key}[{i}]"
        if not isinstance(entry, dict):
            raise ConfigError("expected a table with 'name' and 'files'", file=file, key=ek)
        _require(entry, "name", "", file, ek)
        _require(entry, "files", " (entry names or globs)", file, ek)
        stages.append(Stage(**_fields(dict(entry), _STAGE, file, ek)))
    return tuple(stages)


def _parse_baseline(value: object, file: Path, key: str) -> BaselineConfig:
    return BaselineConfig(**_fields(_table(value, file, key), _BASELINE, file, key))


def _table_of(parse: Parser, expected: str) -> Parser:
    def parse_table(value: object, file: Path, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise ConfigError(f"expected a table of {expected}", file=file, key=key)
        return {name: parse(item, file, f"{key}.{name}") for name, item in value.items()}

    return parse_table


def _table(value: object, file: Path, key: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ConfigError("expected a table", file=file, key=key)
    return dict(value)


def _parse_tokenizer(value: object, file: Path, key: str) -> str:
    return _anchor_spec_path(parse_str(value, file, key).strip(), file.parent)


def _parse_model(value: object, file: Path, key: str) -> str:
    return parse_str(value, file, key).strip()


def _parse_models(value: object, file: Path, key: str) -> dict[str, ModelInfo]:
    """``[models."NAME"]`` tables: a new model (``context_window`` required, ``tokenizer``, ``max_output``,
    ``family``, ``api``) or an override of a known one (only the keys given change)."""
    import dataclasses

    from prompt_budget.known_models import get_model

    out: dict[str, ModelInfo] = {}
    for name, entry in _table(value, file, key).items():
        ek = f"{key}.{name}"
        fields = _fields(_table(entry, file, ek), _MODEL, file, ek)
        base = get_model(name)
        where = f"{file.name} [{ek}]"
        if base is None:
            _require(fields, "context_window", " for a model the table does not know", file, ek)
            base = ModelInfo(
                name=name, context_window=0, max_output=None, family="custom", encoding=None,
                calibration=None, source=where,
            )  # fmt: skip
        else:
            base = dataclasses.replace(base, name=name, source=where)
        if "api" in fields and fields["api"] not in ("anthropic", "google", "openai"):
            raise ConfigError(
                f"expected anthropic, google or openai, got {fields['api']!r}", file=file, key=f"{ek}.api"
            )
        out[name] = dataclasses.replace(base, **fields)
    return out


def _parse_reserved(value: object, file: Path, key: str) -> int:
    return 0 if value == 0 else parse_tokens(value, file, key)


def _parse_preset(value: object, file: Path, key: str) -> str:
    preset = parse_str(value, file, key)
    if preset not in PRESETS:
        raise ConfigError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}", file=file, key=key)
    return preset


def _parse_ephemeral(value: object, file: Path, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError("expected a list of metadata key names", file=file, key=key)
    return tuple(value)


#: Every key of each table, in order, with its parser (value, file, key) -> value.
_TOP: Final[Mapping[str, Parser]] = {
    "tokenizer": _parse_tokenizer,
    "model": _parse_model,
    "context_window": parse_tokens,
    "reserved_output": _parse_reserved,
    "usable_fraction": parse_fraction,
    "threshold": parse_fraction,
    "safety_multiplier": parse_multiplier,
    "sections": _table_of(parse_tokens, "section name = cap"),
    "total": parse_tokens,
    "files": parse_files,
    "baseline": _parse_baseline,
    "stages": _parse_stages,
    "preset": _parse_preset,
    "harnesses": parse_harness_names,
    "harness": parse_harness_tables,
    "lint": _table,
    "values": _table,
    "ephemeral_keys": _parse_ephemeral,
    "image_tokens": parse_tokens,
    "cache_dir": parse_str,
    "models": _parse_models,
}
_MODEL: Final[Mapping[str, Parser]] = {
    "context_window": parse_tokens,
    "max_output": parse_tokens,
    "tokenizer": _parse_tokenizer,
    "family": parse_str,
    "api": parse_str,
}
_FILE: Final[Mapping[str, Parser]] = {
    "path": parse_globs,
    "max_tokens": parse_tokens,
    "load": parse_load,
    "name": parse_str,
    "priority": parse_int,
    "message": parse_str,
    "frontmatter_max_tokens": parse_tokens,
    "max_growth": parse_growth,
    "ratchet": parse_bool,
    "follow_imports": parse_bool,
    "conditional_frontmatter": parse_frontmatter_key,
}
_BASELINE: Final[Mapping[str, Parser]] = {
    "path": parse_str,
    "max_growth": parse_growth,
    "ratchet": parse_bool,
    "overrides": _table_of(parse_growth, "check id (glob) = max_growth"),
}
_STAGE: Final[Mapping[str, Parser]] = {"name": parse_str, "files": parse_globs}
TOP_KEYS: Final = tuple(_TOP)
FILE_KEYS: Final = tuple(_FILE)
BASELINE_KEYS: Final = tuple(_BASELINE)
STAGE_KEYS: Final = tuple(_STAGE)


# --- where the file writes a key ----------------------------------------------------------------

#: A key no configuration writes: placed before a candidate line, it lands in the table in force there.
_PROBE = "__prompt_budget_probe__"


def line_of(config: Config, key: str, index: int | None = None) -> int | None:
    """The 1-based line of ``config``'s file that writes ``key`` in its table (``usable_fraction``),
    or with ``index``, the header of that entry of an array of tables (``files``, 2: the third
    ``[[tool.prompt_budget.files]]``). None when there is no file, or it does not write the key that
    way (an inline table, a dotted key).

    A ``Config`` keeps values, not lines (neither tomllib nor tomlkit keeps positions), so the file is
    read again. A line that looks like the key or like an array-of-tables header is taken only when
    the TOML parser agrees: the text up to it parses, so the line starts a statement, and the key lands
    in the right table, or the header adds the entry asked for."""
    if config.path is None:
        return None
    try:
        lines = config.path.read_text(encoding="utf-8-sig").split("\n")
    except (OSError, UnicodeDecodeError):
        return None
    table = [part for part in config.table.split(".") if part]
    if index is None:
        quoted = re.escape(key)
        looks_like = re.compile(rf"""\s*({quoted}|"{quoted}"|'{quoted}')\s*=""")
    else:
        looks_like = re.compile(r"\s*\[\[")
    for n, line in enumerate(lines, 1):
        if not looks_like.match(line):
            continue
        if index is None:
            # the key is the table's when a key placed just before the line lands in that table
            probed = _at(_parse_or_none("\n".join([*lines[: n - 1], f"{_PROBE} = 0"])), table)
            if isinstance(probed, dict) and _PROBE in probed:
                return n
        # entries only grow at their headers: the first header line whose text up to it holds the
        # entry is that entry's, unless the text before it already held it (written inline)
        elif _entries("\n".join(lines[:n]), [*table, key]) > index:
            return n if _entries("\n".join(lines[: n - 1]), [*table, key]) == index else None
    return None


def _entries(text: str, path: list[str]) -> int:
    """How many entries the array of tables at ``path`` has in ``text`` (-1 when it does not parse)."""
    data = _parse_or_none(text)
    if data is None:
        return -1
    found = _at(data, path)
    return len(found) if isinstance(found, list) else 0


def _parse_or_none(text: str) -> dict[str, Any] | None:
    try:
        return parse_toml(text)
    except ConfigError:
        return None


def _at(data: object, path: list[str]) -> object:
    for part in path:
        data = data.get(part) if isinstance(data, dict) else None
    return data
