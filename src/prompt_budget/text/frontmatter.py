"""YAML frontmatter: the ``---`` block at the top of a Markdown file (skills, agents, commands, rules),
its parsed mapping, and the part an agent keeps in context at all times (``name``, ``description``)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["ALWAYS_LOADED_KEYS", "Frontmatter", "FrontmatterError", "frontmatter_end", "parse_frontmatter"]

#: Frontmatter keys an agent keeps in context at all times (the skill listing); the rest of a file with
#: such frontmatter (its body) loads on invocation.
ALWAYS_LOADED_KEYS: Final = ("name", "description", "when_to_use")


class FrontmatterError(ValueError):
    """Frontmatter that cannot be read; ``line`` is 1-based in the file."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"frontmatter line {line}: {message}")
        self.line = line
        self.message = message


@dataclass(frozen=True)
class Frontmatter:
    """A file's YAML frontmatter: the parsed mapping, the text between the ``---`` lines, and the body
    after them."""

    data: Mapping[str, Any]
    text: str
    body: str

    @property
    def is_split(self) -> bool:
        """True when part of the frontmatter is always loaded (a skill, agent or command listing)."""
        return any(k in self.data for k in ALWAYS_LOADED_KEYS)

    @property
    def always_loaded(self) -> str:
        """What stays in context: ``name: ...`` and ``description: ...`` lines."""
        return "\n".join(
            f"{k}: {_as_text(self.data[k])}" for k in ALWAYS_LOADED_KEYS if self.data.get(k) is not None
        )


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


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
    if not text.startswith("---"):
        return None
    lines = text.split("\n")
    if lines[0].rstrip("\r ") != "---":
        return None
    end = frontmatter_end(lines)
    if end is None:
        raise FrontmatterError(1, "opening '---' has no closing '---' line")
    raw = [line.rstrip("\r") for line in lines[1:end]]
    data = _YamlBlock(raw, first_line=2).parse()
    return Frontmatter(data=data, text="\n".join(raw), body="\n".join(lines[end + 1 :]))


_KEY_RE = re.compile(
    r"""^(?P<key>"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{\[][^:#]*?)\s*:(?:\s+(?P<rest>.*)|$)"""
)
_INT_RE = re.compile(r"^[-+]?\d[\d_]*$")
_FLOAT_RE = re.compile(r"^[-+]?(?:\d[\d_]*)?\.\d+(?:[eE][-+]?\d+)?$")


def _strip_comment(s: str) -> str:
    quote = ""
    for i, c in enumerate(s):
        if quote:
            if c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or s[i - 1] in " \t"):
            return s[:i].rstrip()
    return s.rstrip()


def _scalar(token: str, line: int) -> Any:
    s = token.strip()
    if not s:
        return None
    if s[0] == '"':
        if len(s) < 2 or not s.endswith('"'):
            raise FrontmatterError(line, f"unterminated double-quoted string {s!r}")
        try:
            value: str = json.loads(s.replace("\\'", "'"))
        except ValueError:
            raise FrontmatterError(line, f"bad escape in {s!r}") from None
        return value
    if s[0] == "'":
        if len(s) < 2 or not s.endswith("'"):
            raise FrontmatterError(line, f"unterminated single-quoted string {s!r}")
        return s[1:-1].replace("''", "'")
    if s[0] in "{[":
        value_, rest = _Flow(s, line).value(0)
        if s[rest:].strip():
            raise FrontmatterError(line, f"unexpected {s[rest:].strip()!r} after {s[:rest]!r}")
        return value_
    low = s.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("null", "~"):
        return None
    if _INT_RE.match(s):
        return int(s.replace("_", ""))
    if _FLOAT_RE.match(s):
        return float(s.replace("_", ""))
    return s


class _Flow:
    """Flow collections: ``{a: 1, b: [x, "y"]}``."""

    def __init__(self, text: str, line: int) -> None:
        self.s = text
        self.line = line

    def _ws(self, i: int) -> int:
        while i < len(self.s) and self.s[i] in " \t":
            i += 1
        return i

    def value(self, i: int) -> tuple[Any, int]:
        i = self._ws(i)
        if i >= len(self.s):
            raise FrontmatterError(self.line, f"unexpected end of {self.s!r}")
        c = self.s[i]
        if c == "{":
            return self._mapping(i + 1)
        if c == "[":
            return self._sequence(i + 1)
        if c in "'\"":
            j = i + 1
            while j < len(self.s):
                if self.s[j] == "\\" and c == '"':
                    j += 2
                    continue
                if self.s[j] == c:
                    if c == "'" and self.s[j + 1 : j + 2] == "'":
                        j += 2
                        continue
                    break
                j += 1
            if j >= len(self.s):
                raise FrontmatterError(self.line, f"unterminated string in {self.s!r}")
            return _scalar(self.s[i : j + 1], self.line), j + 1
        j = i
        while (
            j < len(self.s)
            and self.s[j] not in ",}]"
            and not (self.s[j] == ":" and self.s[j + 1 : j + 2] in (" ", ""))
        ):
            j += 1
        return _scalar(self.s[i:j], self.line), j

    def _mapping(self, i: int) -> tuple[dict[str, Any], int]:
        out: dict[str, Any] = {}
        while True:
            i = self._ws(i)
            if i < len(self.s) and self.s[i] == "}":
                return out, i + 1
            key, i = self.value(i)
            i = self._ws(i)
            if i >= len(self.s) or self.s[i] != ":":
                raise FrontmatterError(self.line, f"expected ':' after key {key!r} in {self.s!r}")
            val, i = self.value(i + 1)
            out[str(key)] = val
            i = self._ws(i)
            if i < len(self.s) and self.s[i] == ",":
                i += 1
                continue
            if i < len(self.s) and self.s[i] == "}":
                return out, i + 1
            raise FrontmatterError(self.line, f"expected ',' or '}}' in {self.s!r}")

    def _sequence(self, i: int) -> tuple[list[Any], int]:
        out: list[Any] = []
        while True:
            i = self._ws(i)
            if i < len(self.s) and self.s[i] == "]":
                return out, i + 1
            val, i = self.value(i)
            out.append(val)
            i = self._ws(i)
            if i < len(self.s) and self.s[i] == ",":
                i += 1
                continue
            if i < len(self.s) and self.s[i] == "]":
                return out, i + 1
            raise FrontmatterError(self.line, f"expected ',' or ']' in {self.s!r}")


class _YamlBlock:
    """Block mappings and sequences by indentation, block scalars (``|``, ``>``) and multi-line
    plain scalars; anchors, tags and documents beyond the first are out of scope."""

    def __init__(self, raw: list[str], first_line: int) -> None:
        self.raw = raw
        self.first = first_line
        # (raw index, indent, content) for meaningful lines
        self.items: list[tuple[int, int, str]] = []
        for idx, line in enumerate(raw):
            if "\t" in line[: len(line) - len(line.lstrip())]:
                raise FrontmatterError(first_line + idx, "tabs are not allowed for indentation")
            content = _strip_comment(line)
            if content.strip():
                self.items.append((idx, len(line) - len(line.lstrip(" ")), content.strip()))
        self.pos = 0

    def lineno(self, idx: int) -> int:
        return self.first + idx

    def parse(self) -> dict[str, Any]:
        if not self.items:
            return {}
        value = self._node(self.items[0][1])
        if self.pos < len(self.items):
            idx, _, content = self.items[self.pos]
            raise FrontmatterError(self.lineno(idx), f"unexpected indentation at {content!r}")
        if not isinstance(value, dict):
            raise FrontmatterError(self.first, "expected 'key: value' lines")
        return value

    def _node(self, indent: int) -> Any:
        _, _, content = self.items[self.pos]
        if content == "-" or content.startswith("- "):
            return self._sequence(indent)
        return self._mapping(indent)

    def _mapping(self, indent: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        while self.pos < len(self.items):
            idx, ind, content = self.items[self.pos]
            if ind < indent:
                break
            if ind > indent:
                raise FrontmatterError(self.lineno(idx), f"unexpected indentation at {content!r}")
            m = _KEY_RE.match(content)
            if m is None:
                raise FrontmatterError(self.lineno(idx), f"expected 'key: value', got {content!r}")
            key = m.group("key")
            if key[0] in "'\"":
                key = str(_scalar(key, self.lineno(idx)))
            out[key] = self._value(m.group("rest"), idx, indent)
        return out

    def _sequence(self, indent: int) -> list[Any]:
        out: list[Any] = []
        while self.pos < len(self.items):
            idx, ind, content = self.items[self.pos]
            if ind < indent or not (content == "-" or content.startswith("- ")):
                break
            if ind > indent:
                raise FrontmatterError(self.lineno(idx), f"unexpected indentation at {content!r}")
            rest = content[1:].strip()
            if rest and _KEY_RE.match(rest) and rest[0] not in "{[\"'":
                # "- key: value" starts a mapping inside the list
                inner = indent + (len(content) - len(rest))
                self.items[self.pos] = (idx, inner, rest)
                out.append(self._mapping(inner))
            else:
                out.append(self._value(rest or None, idx, indent))
        return out

    def _value(self, rest: str | None, idx: int, indent: int) -> Any:
        self.pos += 1
        line = self.lineno(idx)
        if rest is None or rest == "":
            if self.pos < len(self.items):
                _, nind, ncontent = self.items[self.pos]
                if nind > indent or (nind == indent and (ncontent == "-" or ncontent.startswith("- "))):
                    return self._node(nind)
            return None
        if rest[0] in "|>" and re.fullmatch(r"[|>][-+]?\d?", rest):
            return self._block_scalar(rest, idx, indent)
        value = _scalar(rest, line)
        if isinstance(value, str) and rest[0] not in "'\"":
            # a plain scalar may continue on more-indented lines
            parts = [value]
            while self.pos < len(self.items) and self.items[self.pos][1] > indent:
                nidx, _, more = self.items[self.pos]
                if ": " in more or more.endswith(":"):
                    raise FrontmatterError(self.lineno(nidx), f"unexpected indentation at {more!r}")
                parts.append(more)
                self.pos += 1
            return " ".join(parts)
        return value

    def _block_scalar(self, indicator: str, idx: int, indent: int) -> str:
        folded = indicator[0] == ">"
        chomp = indicator[1:2] if indicator[1:2] in ("-", "+") else ""
        lines: list[str] = []
        j = idx + 1
        block_indent: int | None = None
        while j < len(self.raw):
            line = self.raw[j]
            if line.strip():
                ind = len(line) - len(line.lstrip(" "))
                if ind <= indent:
                    break
                if block_indent is None:
                    block_indent = ind
                lines.append(line[block_indent:] if ind >= block_indent else line.strip())
            else:
                lines.append("")
            j += 1
        while self.pos < len(self.items) and self.items[self.pos][0] < j:
            self.pos += 1
        while lines and not lines[-1] and chomp != "+":
            lines.pop()
        if folded:
            text = ""
            for i, ln in enumerate(lines):
                if i == 0:
                    text = ln
                elif not ln:
                    text += "\n"
                elif not lines[i - 1]:
                    text += ln
                else:
                    text += " " + ln
        else:
            text = "\n".join(lines)
        return text if chomp == "-" else text + "\n"
