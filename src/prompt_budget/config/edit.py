"""Changing a configuration file with tomlkit, which keeps the rest of the file as it was written:
comments, order, quoting, blank lines and line endings. Every edit starts from text tomllib reads (an
invalid file is a ``ConfigError`` with its line, and is never written) and ends with text the caller
checks by reading it back. Imported only by the writers (``init``, ``lint --fix``): tomlkit loads on
first edit, not with the resolver.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Collection, Iterator, Mapping, MutableMapping
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import AoT, InlineTable, Item, Table
from tomlkit.toml_document import TOMLDocument

from prompt_budget.config.load import parse_toml
from prompt_budget.errors import ConfigError, PromptBudgetError


def parse_document(text: str, file: str | Path | None = None) -> tuple[dict[str, Any], TOMLDocument]:
    """``text`` as plain data (tomllib) and as an editable document (tomlkit)."""
    data = parse_toml(text, file, problem="not valid TOML, so it was not changed")
    return data, tomlkit.parse(text)


def dumps(doc: TOMLDocument, like: str) -> str:
    """The document's text, with the line endings of ``like``, its text before the edit: tomlkit
    ends the lines it adds with LF, and a file written with CRLF stays CRLF."""
    text = doc.as_string()
    if "\r\n" in like and "\n" not in like.replace("\r\n", ""):
        text = re.sub(r"(?<!\r)\n", "\r\n", text)
    return text


def add_keys(text: str, table: str, values: Mapping[str, Any], *, file: str | Path | None = None) -> str:
    """``text`` with ``values`` set in ``[table]`` (a dotted name), which is added at the end of the
    file when there is none; a dict value becomes a ``[table.key]`` table. A table written inline or
    with dotted keys is a ``ConfigError``: the new keys would not be where a reader looks for them."""
    doc = parse_document(text, file)[1] if text.strip() else tomlkit.document()
    parts = table.split(".")
    found: Any = doc
    try:
        for part in parts:
            if not isinstance(found, Mapping) or isinstance(found, InlineTable):
                break
            if part not in found:  # a new table, after everything else (as a reader expects)
                new = tomlkit.table()
                new.update(values)
                for name in reversed(parts[1:]):
                    new = tomlkit.table(is_super_table=True).add(name, new)
                doc.append(parts[0], new)
                return dumps(doc, text)
            found = found[part]
        else:
            if isinstance(found, MutableMapping) and not written_inline(found):
                found.update(values)  # after its last key: before the blank lines ending the table
                return dumps(doc, text)
    except TOMLKitError:
        pass
    raise ConfigError(
        "is written as an inline table or with dotted keys, which is not edited (nothing was changed); "
        f"make it a [{table}] section and run again",
        file=file,
        key=table,
    )


def written_inline(item: object) -> bool:
    """Whether ``item`` is a table written inline (``values = { a = 1 }``) or with dotted keys
    (``values.a = 1``): its keys sit among the lines of the table above it, and it has no header of its
    own. (A table made only by its subtables' headers, ``[values.windows]``, has none either.)"""
    if isinstance(item, InlineTable):
        return True
    if isinstance(item, Table) and item.is_super_table():
        return any(not isinstance(v, (Table, AoT)) for v in item.values())
    return False


def header_tables(
    table: Mapping[str, Any], skip: Collection[tuple[str, ...]] = (), path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], Item]]:
    """The tables under ``table`` (a tomlkit table or document) written with a header of their own
    (``[a.b]``, ``[[a.b]]``), outermost first, as (path, item). A table in ``skip`` is passed over and
    the tables under it are listed instead."""
    for key, item in table.items():
        sub = (*path, key)
        if sub not in skip and (
            isinstance(item, AoT) or (isinstance(item, Table) and not item.is_super_table())
        ):
            yield sub, item
        elif isinstance(item, Table):
            yield from header_tables(item, skip, sub)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``path`` through a temporary file beside it, keeping its permission bits."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_all(files: Mapping[Path, bytes]) -> None:
    """Write every file, or none: each new text goes to a temporary file beside its target first, and
    only when all of them are written are they moved into place (a file that cannot be written, a
    read-only one or one in a folder that cannot be written, is a ``PromptBudgetError`` naming it, and
    nothing has changed). Should a move fail after others succeeded, the files already replaced are put
    back as they were."""
    staged: list[tuple[Path, str, bytes | None]] = []  # (target, temporary file, old content)
    try:
        for path, data in files.items():
            old = _old_content(path)
            staged.append((path, _stage(path, data), old))
        done: list[tuple[Path, bytes | None]] = []
        for path, tmp, old in staged:
            try:
                os.replace(tmp, path)
            except OSError as exc:
                _restore(done)
                raise _write_error(path, exc) from None
            done.append((path, old))
    finally:
        for _, tmp, _ in staged:
            Path(tmp).unlink(missing_ok=True)


def _write_error(path: Path, exc: OSError) -> PromptBudgetError:
    return PromptBudgetError(f"{path}: cannot write the file: {exc.strerror or exc}; nothing was changed")


def _old_content(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _write_error(path, exc) from None


def _stage(path: Path, data: bytes) -> str:
    """``data`` in a temporary file beside ``path``, with ``path``'s permission bits; a read-only
    ``path`` is refused (replacing it would go around the protection its owner gave it)."""
    if path.exists() and not os.access(path, os.W_OK):
        raise _write_error(path, PermissionError(13, "Permission denied (the file is read-only)"))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise _write_error(path, exc) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise _write_error(path, exc) from None
    return tmp


def _restore(done: list[tuple[Path, bytes | None]]) -> None:
    for path, old in reversed(done):
        try:
            if old is None:
                path.unlink(missing_ok=True)
            else:
                write_atomic(path, old)
        except OSError:  # pragma: no cover - the folder was writable a moment ago
            pass
