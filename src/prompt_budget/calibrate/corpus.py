"""A calibration's corpus: documents from files, folders and JSON-lines files, their held-out split,
and the provider-reported counts a calibration may be fitted to."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from prompt_budget.counting import FileProblem, read_text
from prompt_budget.errors import ConfigError
from prompt_budget.tokenizers.charclass import features, script_of
from prompt_budget.walk import iter_files

HELD_OUT_PERCENT: Final = 30

_EXT_CATEGORY: Final = {
    ".py": "python", ".pyi": "python", ".js": "js", ".mjs": "js", ".cjs": "js", ".jsx": "js",
    ".ts": "ts", ".tsx": "ts", ".rs": "rust", ".json": "json", ".jsonl": "json", ".yaml": "yaml",
    ".yml": "yaml", ".md": "markdown", ".markdown": "markdown", ".rst": "english", ".txt": "english",
    ".toml": "toml", ".html": "html", ".xml": "xml", ".go": "go", ".java": "java", ".c": "c", ".h": "c",
}  # fmt: skip


@dataclass(frozen=True)
class Document:
    id: str
    category: str
    text: str


def held_out(doc_id: str) -> bool:
    """Whether a document belongs to the held-out split (stable: a hash of its id)."""
    return int(hashlib.sha256(doc_id.encode("utf-8")).hexdigest()[:8], 16) % 100 < HELD_OUT_PERCENT


def _category(path: Path, text: str) -> str:
    script = script_of(features(text))
    if script != "ascii":
        return script
    return _EXT_CATEGORY.get(path.suffix.lower(), "other")


class CorpusWarning(UserWarning):
    """A corpus file left out of a calibration (not UTF-8, binary, unreadable)."""


def read_corpus(paths: Sequence[str | Path]) -> list[Document]:
    """Documents from files, folders (recursively, honouring .gitignore) and JSON-lines files whose
    lines are ``{"id": ..., "text": ..., "category": ...}`` (``category`` optional).

    A file that is not UTF-8 text is left out with a :class:`CorpusWarning` (its characters are not
    known, so neither are its features); so is a file named on the command line that cannot be read.
    A document reached twice (a file and its folder both given) counts once; two different documents
    with one id are an error, as a reference count could not tell them apart."""
    import warnings

    docs: list[Document] = []
    seen: dict[str, tuple[str, str]] = {}  # id -> (text, where it came from)

    def add(doc: Document, where: str) -> None:
        first = seen.get(doc.id)
        if first is None:
            seen[doc.id] = (doc.text, where)
            docs.append(doc)
        elif first[0] != doc.text:
            raise ConfigError(
                f"two different documents have the id {doc.id!r} ({first[1]} and {where}); ids must be unique",
                key="CORPUS",
            )

    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise ConfigError("no such file or directory", file=path)
        if path.is_file() and path.suffix.lower() == ".jsonl":
            for lineno, doc in _read_jsonl(path):
                add(doc, f"{path}:{lineno}")
            continue
        explicit = not path.is_dir()
        targets = sorted(iter_files(path)) if not explicit else [path]
        for target in targets:
            try:
                text, _, notes = read_text(target)
            except FileProblem as exc:
                if explicit or not exc.reason.startswith("binary"):
                    warnings.warn(
                        f"{target}: left out of the corpus: {exc.reason}", CorpusWarning, stacklevel=2
                    )
                continue
            bad = [n for n in notes if n.startswith("not valid UTF-8")]
            if bad:
                reason = bad[0].split(";")[0]
                warnings.warn(
                    f"{_doc_id(target)}: left out of the corpus: {reason}", CorpusWarning, stacklevel=2
                )
                continue
            if text.strip():
                add(Document(_doc_id(target), _category(target, text), text), str(target))
    if not docs:
        raise ConfigError("no documents found in the corpus (files, folders or .jsonl)", key="CORPUS")
    return docs


def _doc_id(path: Path) -> str:
    """A file's id: its path relative to the current directory when it is under it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _read_jsonl(path: Path) -> Iterable[tuple[int, Document]]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read: {exc.strerror or exc}", file=path) from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for lineno, raw in enumerate(data.splitlines(), 1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ConfigError(
                f"line {lineno}: not valid UTF-8 (bad byte at offset {exc.start} of the line)", file=path
            ) from None
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            text = obj["text"]
            raw_id = obj.get("id")
        except (ValueError, KeyError, TypeError, AttributeError):
            raise ConfigError(
                f"line {lineno}: expected a JSON object with a 'text' string", file=path
            ) from None
        if not isinstance(text, str):
            raise ConfigError(f"line {lineno}: 'text' must be a string", file=path)
        doc_id = f"{path}:{lineno}" if raw_id is None else str(raw_id)
        category = obj.get("category")
        if not isinstance(category, str):
            category = script_of(features(text))
        yield lineno, Document(doc_id, category, text)


def read_reference_counts(path: Path) -> dict[str, int]:
    """A JSON file of provider-reported counts: ``{"counts": {doc_id: tokens}}`` or a flat mapping."""
    try:
        blob = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read: {exc.strerror or exc}", file=path) from None
    except ValueError as exc:
        raise ConfigError(f"not valid JSON ({exc})", file=path) from None
    counts = blob.get("counts", blob) if isinstance(blob, dict) else None
    if not isinstance(counts, dict):
        raise ConfigError("expected a JSON object mapping document ids to token counts", file=path)
    out: dict[str, int] = {}
    for key, value in counts.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ConfigError(f"expected a non-negative integer count, got {value!r}", file=path, key=key)
        out[str(key)] = value
    return out


def reference_ids(key: str, folder: Path) -> set[str]:
    """The document ids a key of a reference file may mean: itself, and, read as a path, that path
    from the current folder (``./docs/a.md``) and from ``folder``, the reference file's own."""
    ids = {key}
    if key and "\0" not in key:
        path = Path(key)
        ids.add(_doc_id(path))
        if not path.is_absolute():
            ids.add(_doc_id(folder / path))
    return ids


def match_reference_counts(counts: dict[str, int], folder: Path) -> dict[str, int]:
    """``counts`` keyed by every id its keys may mean (:func:`reference_ids`); a key as written wins
    over a path it may name."""
    out: dict[str, int] = {}
    for key, value in counts.items():
        for doc_id in reference_ids(key, folder) - {key}:
            out.setdefault(doc_id, value)
    out.update(counts)
    return out
