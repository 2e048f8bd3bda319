"""How deeply input nests, measured without recursion: a baseline JSON text, a parsed frontmatter or
a chat message list nested hundreds of levels deep is refused with a clear error, before anything
recursive (a parser, a validator, a counter) meets it and raises ``RecursionError``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

#: The deepest nesting any input is read at: far deeper than any baseline, frontmatter or request
#: (they nest a few levels), far below Python's recursion limit.
MAX_DEPTH: Final = 100

_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def json_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deeply the arrays and objects of a JSON ``text`` nest (strings skipped), counting up to
    ``limit + 1`` at most (a deeper text stops there)."""
    depth = deepest = 0
    for m in _JSON_TOKEN.finditer(text):
        token = m.group(0)
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif token in "]}":
            depth -= 1
    return deepest


def object_depth(value: object, limit: int = MAX_DEPTH) -> int:
    """How deeply the lists, tuples and mappings of ``value`` nest (a scalar is 0), counting up to
    ``limit + 1`` at most. Iterative; a container met twice on one path (a cycle) counts as too deep."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping):
            children = list(item.values())
        elif isinstance(item, (list, tuple)):
            children = list(item)
        else:
            continue
        depth += 1
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                break
        stack.extend((child, depth) for child in children)
    return deepest
