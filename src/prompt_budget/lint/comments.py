"""A line's trailing comment, read the one way the rules read it: after ``#``, outside string literals."""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from typing import Final, Protocol

_COMMENT: Final = re.compile(r"#(.*)$")
_STRING: Final = re.compile(r"""("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')""")


#: The words of a comment giving its statement's unit as characters, and those giving it in tokens.
_CHAR_UNIT: Final = frozenset({"char", "chars", "character", "characters"})
_TOKEN_UNIT: Final = frozenset({"token", "tokens"})
_WORD: Final = re.compile(r"[a-z]+")


#: A comment giving its number's unit as characters (``# Minimum context capacity, in characters.``, ``# Character
#: budget, not a token estimate``: set 471, urdyn-memory), or a count of words or characters in Chinese (``#
#: 提示词最大长度（单词数）``, set 371: penshot's prompt of a video in words).
IN_CHARACTERS: Final = re.compile(
    r"\b(?:in|of)\s+(?:characters|chars)\b|\bchar(?:acter)?s?\s+(?:budget|limit|cap)s?\b|单词数|字符数|字数",
    re.IGNORECASE,
)


#: A comment whose tokens are an encoding's strings (``# approximate for base64-ish tokens``, set 503: asha-si).
ENCODED_TOKENS: Final = re.compile(r"\bbase\s*-?\s*64\b|\bb64\b", re.IGNORECASE)


def names_characters(comment: str) -> bool:
    """A comment giving its statement's value in characters, and nothing in tokens (``budget =
    _BUDGET_TOKENS * 4  # characters``, set 156: brain-wiki); ``# ~4 chars per token`` names a rate."""
    found = set(_WORD.findall(comment.lower()))
    return bool(found & _CHAR_UNIT) and not found & _TOKEN_UNIT


def trailing_comment(line: str) -> str:
    """The comment ending ``line`` (without its ``#``), else "" (a ``#`` inside a string is no comment)."""
    if "#" not in line:
        return ""
    match = _COMMENT.search(_STRING.sub('""', line))
    return match.group(1) if match else ""


#: Words of a comment whose token is a credential someone may steal or forge (``MAX_PENDING_PER_OPERATOR =
#: 20  # a token thief spamming challenges ...``, set 135: agentgate-security), not a model's tokens.
CREDENTIAL_WORDS = frozenset(
    {
        "thief",
        "thieves",
        "stolen",
        "steal",
        "theft",
        "leaked",
        "revoked",
        "forged",
        "login",
        "password",
        "csrf",
    }
)
#: Words of a comment whose tokens are a key's or a credential's, not a model's.
NOT_MODEL_TOKEN_WORDS = CREDENTIAL_WORDS | {
    "auth",
    "oauth",
    "access",
    "api",
    "refresh",
    "bearer",
    "jwt",
    "hf",
    "github",
    "idempotency",  # a webhook's request ids (set 549: twilio-agent-connect's dedup capacity)
    # ``OVERLAP = 4096  # longer than any secret shape, so a token across a window edge is still seen`` (set 621)
    "secret",
    "secrets",
}


#: Tokens an entry of a docstring names as a credential's or a request's id ("API tokens", "idempotency tokens", "invite
#: tokens"; not a model's).
CREDENTIAL_TOKENS = re.compile(
    r"\b(?:invite|invitation|idempotency|auth|oauth|refresh|bearer|jwt|access|api|csrf|session|login)\s+tokens?\b",
    re.IGNORECASE,
)
#: A function's name or a tool's description naming tokens that only a credential is (``get_invite_tokens``, "List
#: invite tokens"; set 602: dakb-server's admin listing, paged by a ``limit``); not ``session``, ``api`` nor ``login``,
#: whose tokens may be a model's (``trim_session_tokens``, the session's review).
CREDENTIAL_NAMED = re.compile(
    r"(?:\b|_)(?:invite|invitation|idempotency|oauth|refresh|bearer|jwt|csrf)[\s_]+tokens?\b", re.IGNORECASE
)


#: A comment opening with what its number counts, other than tokens: ``# seconds before expiry ...``, ``# pauses kept
#: for environment tokens at once``.
OTHER_COUNT_FIRST = re.compile(
    r"\W*(?:seconds?|minutes?|hours?|days?|milliseconds?|retries|attempts|pauses)\b(?!.*\d\s*[kK]?\s*tokens)",
    re.IGNORECASE,
)


def other_tokens(comment: str) -> bool:
    """The comment's tokens are no model's: an encoding's (base64 tokens), or the comment opens with another count
    (``EARLY = 60  # seconds before expiry that a token is refreshed``, set 537: openmymemo)."""
    return ENCODED_TOKENS.search(comment) is not None or OTHER_COUNT_FIRST.match(comment) is not None


#: A comment saying tokens are turned into characters or bytes (``# Convert tokens to chars``).
_CONVERTED = re.compile(r"\btokens?\s+(?:to|into|->|→|in)\s+(?:chars?|characters?|bytes?)\b", re.IGNORECASE)


class _Lines(Protocol):
    @property
    def lines(self) -> Sequence[str]: ...


class _Linting(Protocol):
    """What ``says_converted`` reads of a rule (``rule.LintRule``, not imported: it imports this module)."""

    @property
    def ctx(self) -> _Lines: ...


def says_converted(rule: _Linting, node: ast.BinOp) -> bool:
    """``max_result_size=limits.max_tokens_per_tool_result * 4,  # Convert tokens to chars`` (set 553: cicaddy's
    degradation strategies): a trailing comment on the product's own lines says it turns tokens into characters or
    bytes."""
    lines = rule.ctx.lines
    last = min(node.end_lineno or node.lineno, len(lines))
    return any(_CONVERTED.search(trailing_comment(lines[n - 1]) or "") for n in range(node.lineno, last + 1))


def bit_pattern(lines: Sequence[str], node: ast.AST | None) -> bool:
    """``EPHEMERAL_PREFIX = 0xE0``: a number written in hex, octal or binary is a bit pattern, no amount (set 623:
    cubesquare's byte prefix of its records' ids)."""
    if not isinstance(node, ast.Constant) or type(node.value) is not int or node.value < 8:
        return False
    at, column = getattr(node, "lineno", 0), getattr(node, "col_offset", 0)  # none on a node a rule made
    line = lines[at - 1] if 0 < at <= len(lines) else ""
    return line[column : column + 2].lower() in {"0x", "0o", "0b"}
