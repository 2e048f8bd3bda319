"""The baseline file: its entries, reading (with migration from older schema versions), atomic
writing, and accepting a run's counts (``update``). Schema in ``prompt_budget.baseline``."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from prompt_budget.errors import ConfigError
from prompt_budget.storage import clean_temporaries, locked, refuse_special, write_atomic
from prompt_budget.text.nesting import MAX_DEPTH, json_depth

SCHEMA_ID: Final = "prompt-budget-baseline"
SCHEMA_VERSION: Final = 1
HOW_TO_CREATE: Final = "`pytest --prompt-budget-update` or `prompt-budget baseline update`"

#: Kinds of entries that come from the file checks (``prompt-budget check`` and the collected file
#: items), as opposed to ``check``/``section`` entries recorded by the ``prompt_budget`` fixture.
FILE_KINDS: Final = ("file", "frontmatter", "must-load", "plan")
FILE_ENTRY_KINDS: Final = ("file", "frontmatter")


# --- the stored data ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BaselineEntry:
    """Tokens of one check id and the tokenizer that counted them. ``kind`` says what was measured:
    ``check`` (a fixture check), ``section`` (one section of a check), ``file`` (a configured file)."""

    tokens: int
    tokenizer: str
    kind: str = "check"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "tokenizer": self.tokenizer, "tokens": self.tokens}


@dataclass(frozen=True)
class Baseline:
    """The entries of a baseline file, keyed by check id."""

    entries: Mapping[str, BaselineEntry] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "entries": {cid: self.entries[cid].to_dict() for cid in sorted(self.entries)},
            "schema": SCHEMA_ID,
            "version": SCHEMA_VERSION,
        }


# --- loading and saving ---------------------------------------------------------------------------

_RECREATE = f"fix it, or delete it and re-create it with {HOW_TO_CREATE}"


def _migrate_v0(doc: dict[str, Any], path: Path) -> dict[str, Any]:
    """Schema 0 (pre-release): ``{"version": 0, "tokenizer": SPEC, "tokens": {id: N}}``. Every entry
    takes the one top-level tokenizer; kinds are not known and become ``check``."""
    tokenizer = doc.get("tokenizer")
    tokens = doc.get("tokens")
    if not isinstance(tokenizer, str) or not isinstance(tokens, dict):
        raise ConfigError(
            "schema version 0 needs a 'tokenizer' string and a 'tokens' object; " + _RECREATE, file=path
        )
    return {
        "schema": SCHEMA_ID,
        "version": 1,
        "entries": {cid: {"tokens": n, "tokenizer": tokenizer, "kind": "check"} for cid, n in tokens.items()},
    }


# version -> function turning that version's document into the next version's.
MIGRATIONS: Final[Mapping[int, Callable[[dict[str, Any], Path], dict[str, Any]]]] = {0: _migrate_v0}


def load_baseline(path: str | Path) -> Baseline | None:
    """Read a baseline file; ``None`` when there is none. A file that cannot be read, is not JSON, has
    an unknown schema version or a malformed entry raises ``ConfigError`` naming the file (and the
    entry), with what to do about it."""
    file = Path(path)
    refuse_special(file, "a baseline JSON file")  # a named pipe would block every command
    # Temporary files a killed write left: those old enough to be no live writer's (a write holding
    # the lock removes them all).
    clean_temporaries(file)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise ConfigError("is a folder, expected a baseline JSON file", file=file) from None
    except UnicodeDecodeError:
        raise ConfigError(f"not UTF-8 text, so not a baseline file; {_RECREATE}", file=file) from None
    except OSError as exc:
        raise ConfigError(f"cannot read the baseline: {exc.strerror or exc}", file=file) from None
    if json_depth(text) > MAX_DEPTH:
        raise ConfigError(
            f"nested more than {MAX_DEPTH} levels deep, so not a baseline file (it nests 3); {_RECREATE}",
            file=file,
        )
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        hint = ""
        if any(line.startswith(("<<<<<<<", ">>>>>>>")) for line in text.splitlines()):
            hint = " (it holds git conflict markers: resolve them, or re-run the update on the merged branch)"
        raise ConfigError(
            f"not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}{hint}; {_RECREATE}",
            file=file,
        ) from None
    if not isinstance(doc, dict):
        raise ConfigError(
            f"expected a JSON object at the top, got {type(doc).__name__}; {_RECREATE}", file=file
        )
    schema = doc.get("schema", SCHEMA_ID)
    if schema != SCHEMA_ID:
        # Another tool's JSON file at the baseline path: reading its entries would compare nonsense.
        raise ConfigError(
            f"not a prompt-budget baseline: its schema is {schema!r}, expected {SCHEMA_ID!r}; "
            "point [tool.prompt_budget.baseline] path (or --baseline) at another file, or "
            f"{_RECREATE}",
            file=file,
            key="schema",
        )
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ConfigError(
            f"expected an integer schema version (this prompt-budget writes version {SCHEMA_VERSION}), "
            f"got {version!r}; {_RECREATE}",
            file=file,
            key="version",
        )
    if version > SCHEMA_VERSION:
        raise ConfigError(
            f"schema version {version} was written by a newer prompt-budget; this one reads versions "
            f"up to {SCHEMA_VERSION}: upgrade pytest-prompt-budget (pip install -U pytest-prompt-budget)",
            file=file,
            key="version",
        )
    while version < SCHEMA_VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise ConfigError(
                f"schema version {version} is no longer read (this prompt-budget reads "
                f"{', '.join(str(v) for v in sorted({*MIGRATIONS, SCHEMA_VERSION}))}); delete the file "
                f"and re-create it with {HOW_TO_CREATE}",
                file=file,
                key="version",
            )
        doc = migrate(doc, file)
        version = doc["version"]
    return Baseline(_parse_entries(doc.get("entries"), file))


def _parse_entries(raw: object, file: Path) -> dict[str, BaselineEntry]:
    if not isinstance(raw, dict):
        raise ConfigError(f"expected an object of check id -> entry; {_RECREATE}", file=file, key="entries")
    entries: dict[str, BaselineEntry] = {}
    for cid, value in raw.items():
        key = f"entries[{json.dumps(cid, ensure_ascii=False)}]"
        if not isinstance(value, dict):
            raise ConfigError(
                'expected an object such as {"tokens": 1204, "tokenizer": "o200k_base"}', file=file, key=key
            )
        tokens = value.get("tokens")
        if isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 0:
            raise ConfigError(f"expected a whole number >= 0, got {tokens!r}", file=file, key=f"{key}.tokens")
        tokenizer = value.get("tokenizer")
        if not isinstance(tokenizer, str) or not tokenizer:
            raise ConfigError(
                f"expected the tokenizer spec that counted it, got {tokenizer!r}",
                file=file,
                key=f"{key}.tokenizer",
            )
        kind = value.get("kind", "check")
        if not isinstance(kind, str) or not kind:
            raise ConfigError(f"expected a string, got {kind!r}", file=file, key=f"{key}.kind")
        entries[cid] = BaselineEntry(tokens, tokenizer, kind)
    return entries


def save_baseline(baseline: Baseline, path: str | Path) -> Path:
    """Write the baseline atomically (``storage.write_atomic``: a temporary file in the same folder,
    flushed, renamed over the old one) under the file's lock. Creates the folder. Returns the path
    written. To merge with what another run wrote meanwhile, use :func:`modify_baseline`."""
    file = Path(path)
    with locked(file):
        clean_temporaries(file, older_than=0)
        return _write(baseline, file)


def _write(baseline: Baseline, file: Path) -> Path:
    text = json.dumps(baseline.to_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    return write_atomic(file, text, "the baseline")


def modify_baseline(
    path: str | Path, change: Callable[[Baseline | None], Baseline | None]
) -> tuple[Baseline | None, bool]:
    """Read the baseline, apply ``change`` and write the result, all under the file's lock, so two
    runs writing at once (two ``pytest --prompt-budget-update -k ...``) each merge into what the other
    wrote instead of overwriting it. ``change`` gets the baseline as it is now (None: no file) and
    returns the new one (None or an equal one: nothing to write). A file that cannot be read as a
    baseline (conflict markers, a newer schema, another tool's JSON) raises ``ConfigError`` and is
    never overwritten. Temporary files of writes killed midway are removed first. Returns the new
    baseline and whether the file was written."""
    file = Path(path)
    with locked(file):
        clean_temporaries(file, older_than=0)
        current = load_baseline(file)
        new = change(current)
        if new is None or new == current:
            return new, False
        _write(new, file)
        return new, True


# --- updating -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UpdateSummary:
    """What an update changed, by check id."""

    added: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    unchanged: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    pruned: tuple[str, ...] = ()

    def describe(self) -> str:
        parts = [
            f"{len(self.added)} added",
            f"{len(self.changed)} changed",
            f"{len(self.unchanged)} unchanged",
        ]
        if self.kept:
            parts.append(f"{len(self.kept)} kept (not measured this run)")
        if self.pruned:
            parts.append(f"{len(self.pruned)} pruned")
        return ", ".join(parts)


def update(
    old: Baseline | None,
    measured: Mapping[str, BaselineEntry],
    *,
    prune: bool = False,
    scope: Callable[[str, BaselineEntry], bool] | None = None,
) -> tuple[Baseline, UpdateSummary]:
    """The baseline after accepting ``measured``: measured ids take their new counts; ids this run did
    not measure are kept (a partial run, ``-k``, a subset of paths) unless ``prune``. ``scope`` limits
    what prune may drop (the CLI measures files only, so it prunes only ``file`` entries)."""
    before = dict(old.entries) if old is not None else {}
    entries: dict[str, BaselineEntry] = {}
    added, changed, unchanged, kept, pruned = [], [], [], [], []
    for cid, entry in before.items():
        if cid in measured:
            continue
        if prune and (scope is None or scope(cid, entry)):
            pruned.append(cid)
        else:
            entries[cid] = entry
            kept.append(cid)
    for cid, entry in measured.items():
        entries[cid] = entry
        if cid not in before:
            added.append(cid)
        elif before[cid] != entry:
            changed.append(cid)
        else:
            unchanged.append(cid)
    summary = UpdateSummary(*(tuple(sorted(x)) for x in (added, changed, unchanged, kept, pruned)))
    return Baseline(entries), summary


def file_entries(stored: Baseline, measured: Mapping[str, BaselineEntry]) -> Baseline:
    """The entries of ``stored`` that the file checks compare (pytest's ``check``/``section`` entries
    are pytest's): those of a file kind, and those of the default kind ``check`` whose id a file check
    measured, such as the entries of a schema-0 file, whose kinds were not recorded."""
    return Baseline(
        {
            cid: e
            for cid, e in stored.entries.items()
            if e.kind in FILE_KINDS or (e.kind == "check" and cid in measured)
        }
    )
