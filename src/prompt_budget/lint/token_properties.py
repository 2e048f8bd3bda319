"""Calls named for tokens that read one token, not count them: an encoder's (``encode_batch``,
``get_token_ids``) and a lexer's token's value (``token_numeric_value(token)``, set 205: superindex's heading
numbers below 1000). ``LintRule.token_amount`` takes a call whose name mentions tokens for a count, but these.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import words

#: Prefixes of a call that turns text into tokens or back.
_CODING = ("encode", "tokenize", "decode", "get_token_ids")
#: Words of a call reading what one token is (its value, its type), with no word of a count.
_PROPERTY_WORDS = frozenset({"numeric", "value", "values", "type", "kind"})
_COUNT_WORDS = frozenset({"count", "counts", "num", "len", "length", "total", "usage", "estimate", "size"})


def reads_tokens_themselves(callee: str) -> bool:
    """``callee`` encodes or decodes text, or reads one token's value or type: no count of tokens."""
    if callee.lstrip("_").startswith(_CODING):
        return True
    said = set(words(callee))
    return bool(said & _PROPERTY_WORDS) and not said & _COUNT_WORDS


#: The parts of a model call's usage that count tokens (``call.usage.output``, ``response.usage.input``).
_USAGE_PARTS = frozenset(
    {"input", "output", "reasoning", "prompt", "completion", "total", "cached", "thinking"}
)


def usage_part(node: object) -> bool:
    """``call.usage.output``: a part of the usage an object (a model call, a response) holds, named by what it counts
    without saying tokens (set 545: wattage's ``TokenUsage`` fields compared with configured ceilings)."""
    return (
        isinstance(node, ast.Attribute)
        and node.attr in _USAGE_PARTS
        and isinstance(
            node.value, ast.Attribute
        )  # ``call.usage``, not a local ``usage = shutil.disk_usage(p)``
        and node.value.attr == "usage"
    )
