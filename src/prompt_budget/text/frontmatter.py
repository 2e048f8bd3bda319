"""YAML frontmatter: the ``---`` block at the top of a Markdown file (skills, agents, commands, rules),
its parsed mapping, and the part an agent keeps in context at all times (``name``, ``description``).

The YAML is read by PyYAML's safe loader (the C loader where libyaml is installed), imported on the
first frontmatter met."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from prompt_budget.text.nesting import MAX_DEPTH, object_depth

if TYPE_CHECKING:
    import yaml

#: Frontmatter keys an agent keeps in context at all times (the skill listing); the rest of a file with
#: such frontmatter (its body) loads on invocation.
ALWAYS_LOADED_KEYS: Final = ("name", "description", "when_to_use")

_KEY_VALUE = re.compile(r"([A-Za-z0-9_-]+):[ \t]+(.+?)[ \t]*")


class FrontmatterError(ValueError):
    """Frontmatter that cannot be read; ``line`` is 1-based in the file."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"frontmatter line {line}: {message}")
        self.line = line
        self.message = message


@dataclass(frozen=True)
class Frontmatter:
    """A file's YAML frontmatter: the parsed mapping, the text between the ``---`` lines, the body
    after them, what stays in context (``name: ...`` and ``description: ...`` lines, each value as the
    file writes it) and notes about values read leniently."""

    data: Mapping[str, Any]
    text: str
    body: str
    always_loaded: str = ""
    notes: tuple[str, ...] = ()

    @property
    def is_split(self) -> bool:
        """True when part of the frontmatter is always loaded (a skill, agent or command listing)."""
        return any(k in self.data for k in ALWAYS_LOADED_KEYS)


def frontmatter_end(lines: Sequence[str]) -> int | None:
    """The index of the line that closes a frontmatter opened by ``lines[0]`` (``---`` or ``...``),
    or None when none does."""
    for i in range(1, len(lines)):
        if lines[i].rstrip("\r ") in ("---", "..."):
            return i
    return None


def parse_frontmatter(text: str) -> Frontmatter | None:
    """The frontmatter of ``text`` (a ``---`` first line, a closing ``---`` or ``...`` line), or None
    when it has none. Raises ``FrontmatterError`` naming the line for frontmatter it cannot read."""
    text = text.removeprefix("\ufeff")
    if not text.startswith("---"):
        return None
    # the lines up to the closing one only: the body (most of a file) is cut off whole, not split
    nl = text.find("\n")
    if (text if nl < 0 else text[:nl]).rstrip("\r ") != "---":
        return None
    start, body = nl + 1, None
    while nl >= 0:
        nl = text.find("\n", start)
        if (text[start:] if nl < 0 else text[start:nl]).rstrip("\r ") in ("---", "..."):
            body = "" if nl < 0 else text[nl + 1 :]
            break
        start = nl + 1
    if body is None:
        raise FrontmatterError(1, "opening '---' has no closing '---' line")
    inside = text[text.find("\n") + 1 : max(start - 1, text.find("\n") + 1)]
    block = "\n".join(line.rstrip("\r") for line in inside.split("\n")) if "\r" in inside else inside
    notes: tuple[str, ...] = ()
    plain = _plain(block)
    if plain is not None:  # what YAML would read, without YAML (a skill's name and description)
        data: dict[str, Any] = dict(plain)
        written = plain
    else:
        data, written, notes = _yaml(block)
    if object_depth(data) > MAX_DEPTH:
        raise _too_deep()
    listing = "\n".join(
        f"{k}: {written.get(k, _as_text(data[k]))}" for k in ALWAYS_LOADED_KEYS if data.get(k) is not None
    )
    return Frontmatter(data, block, body, listing, notes)


#: A line ``key: value`` that YAML reads as the string ``value`` whatever follows it: a key and a value
#: that start with a letter, written in letters, digits, spaces and ``,.'()/_-`` (no ``:``, ``#`` or
#: quote to open; a plain scalar that starts with a letter is never a number or a date; a short key,
#: well within YAML's 1,024 characters for a simple key)
_PLAIN_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_-]{0,127}): ([A-Za-z][A-Za-z0-9 ,.'()/_-]*)")


def _cases(word: str) -> tuple[tuple[str, str], ...]:
    """``word`` as YAML's resolvers take it: lower case, capitalised, upper case (first letter, rest)."""
    return ((word[0], word[1:]), (word[0].upper(), word[1:]), (word[0].upper(), word[1:].upper()))


#: ... unless it is one of YAML 1.1's booleans or nulls (as a key or a value), as PyYAML resolves them
_YAML_WORDS: Final = frozenset(
    f"{w}{rest}" for word in ("yes", "no", "true", "false", "on", "off", "null") for w, rest in _cases(word)
)


def _plain(block: str) -> dict[str, str] | None:
    """The mapping of a block of ``key: value`` lines that YAML reads as strings, as written (the values
    YAML would give, and the values as written, alike); None for any other block (YAML reads it)."""
    out: dict[str, str] = {}
    match = _PLAIN_LINE.fullmatch
    for line in block.split("\n"):
        m = match(line)
        if m is None:
            return None
        key, value = m.groups()
        if value[-1] == " " or key in out or key in _YAML_WORDS or value in _YAML_WORDS:
            return None
        out[key] = value
    return out


def _yaml(block: str) -> tuple[dict[str, Any], dict[str, str], tuple[str, ...]]:
    """(the mapping, the top-level scalars as written, notes) of a frontmatter block read by YAML;
    raises ``FrontmatterError`` for a block it cannot read."""
    import yaml

    notes: tuple[str, ...] = ()
    try:
        data, written = _load(block)
    except RecursionError:
        raise _too_deep() from None
    except yaml.YAMLError as exc:
        error = _error(block, exc)
        loose = _quote_loose_values(block)
        if loose == block:
            raise error from None
        try:
            data, written = _load(loose)
        except (yaml.YAMLError, RecursionError):
            raise error from None
        notes = (
            f"{error}; read as one string, as Claude Code reads it (quote the value for other YAML readers)",
        )
    return data, written, notes


def _too_deep() -> FrontmatterError:
    return FrontmatterError(
        2, f"nested more than {MAX_DEPTH} levels deep; frontmatter holds flat 'key: value' lines"
    )


def _loader() -> Any:
    """PyYAML's safe loader class: libyaml's where PyYAML is built with it."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load(block: str) -> tuple[dict[str, Any], dict[str, str]]:
    """The mapping a frontmatter block holds, and the scalar values of its top-level keys as written
    (``on``, ``2024-01-01``, ``3.10``: YAML reads them as a bool, a date and a float)."""
    import yaml

    loader = _loader()(block)
    try:
        node = loader.get_single_node()
        if node is None:
            return {}, {}
        if not isinstance(node, yaml.MappingNode):
            kind = "a list" if isinstance(node, yaml.SequenceNode) else "a single value"
            raise FrontmatterError(node.start_mark.line + 2, f"expected 'key: value' lines, got {kind}")
        written = {
            k.value: v.value
            for k, v in node.value
            if isinstance(k, yaml.ScalarNode) and isinstance(v, yaml.ScalarNode)
        }
        data: dict[Any, Any] = loader.construct_document(node)
        if any(not isinstance(k, str) for k in data):
            # a key as written: `on:` is the key "on", not True
            keys = {
                loader.construct_object(k): k.value for k, _ in node.value if isinstance(k, yaml.ScalarNode)
            }
            data = {k if isinstance(k, str) else keys.get(k, str(k)): v for k, v in data.items()}
    finally:
        loader.dispose()
    return data, written


def _error(block: str, exc: yaml.YAMLError) -> FrontmatterError:
    """A one-line ``FrontmatterError`` naming the file line YAML stopped at. The message comes from
    the pure-Python loader (the same wording with or without libyaml)."""
    import yaml

    if _loader() is not yaml.SafeLoader:
        try:
            yaml.safe_load(block)
        except yaml.YAMLError as pure:
            exc = pure
        except RecursionError:
            return _too_deep()
    if isinstance(exc, yaml.reader.ReaderError):  # a control character
        line = 2 + block[: exc.position].count("\n")
        return FrontmatterError(line, f"character #x{exc.character:04x} is not allowed in YAML")
    if not isinstance(exc, yaml.MarkedYAMLError):
        return FrontmatterError(2, str(exc).splitlines()[0])
    mark = exc.problem_mark or exc.context_mark
    line = 2 + (mark.line if mark is not None else 0)
    message = exc.problem or exc.context or "not valid YAML"
    if exc.context and exc.problem:
        at = exc.context_mark
        where = f" from line {at.line + 2}" if at is not None and at.line + 2 != line else ""
        message += f" ({exc.context}{where})"
    return FrontmatterError(line, " ".join(message.split()))


def _quote_loose_values(block: str) -> str:
    """``block`` with each top-level plain value YAML cannot read (a ``: `` inside it, a leading ``@``,
    backquote or ``*``: ``paths: **/*.ts``) double-quoted: Claude Code reads such a value as one
    string."""
    out = block.split("\n")
    for i, line in enumerate(out):
        m = _KEY_VALUE.fullmatch(line)
        value = m.group(2) if m else ""
        if m and value[0] not in "\"'[{|>&!%#" and (": " in value or value[0] in "@`*"):
            out[i] = m.group(1) + ': "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "\n".join(out)


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)
