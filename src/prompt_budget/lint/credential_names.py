"""Names of one token that is a credential, not a model's tokens, for PB102's bindings (``budget_bindings``):
a margin before a credential expires (set 21: lazyllm's ``_SA_TOKEN_BUFFER``) and a count of credentials made
(set 314: mastodon-mock's ``_TOKEN_CAP``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.walks import kept_per_file, source_of

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a comment saying a number times a credential (an access token's expiry), not tokens.
_LIFETIME_WORDS = frozenset(
    {
        "expiry",
        "expire",
        "expires",
        "expiration",
        "expired",
        "refresh",
        "ttl",
        "lifetime",
        "seconds",
        "secs",
        "sec",
        "minute",
        "minutes",
        "min",
        "hour",
        "hours",
        "oauth",
        "auth",
        "jwt",
    }
)


def credential_lifetime(rule: LintRule, name: str) -> bool:
    """A name about one token (``_SA_TOKEN_BUFFER``, not ``..._TOKENS``) whose comment speaks of
    expiry or time (``# refresh 5 min before expiry``): a margin before a credential expires (set 21:
    lazyllm's Google service-account token)."""
    ws, comment = words(name), rule.ctx.comment()
    return (
        "token" in ws
        and "tokens" not in ws
        and bool(comment)
        and not any(w in {"tokens", "toks"} for w in words(comment))
        and any(w in _LIFETIME_WORDS for w in words(comment))
    )


#: A credential's token class a module names (``OAuthToken``, ``AccessToken``, ``APIToken``).
_KINDS = r"_*(?:OAuth|Access|Auth|Refresh|Bearer|Api|API|Session|Login|Delegation)Token\b"
_CREDENTIAL_CLASS = re.compile(rf"\b{_KINDS}")
#: A credential's token class the module defines (``class _DelegationToken:``).
_DEFINED = re.compile(rf"\bclass\s+{_KINDS}")
#: Words of a count of tokens held (``_max_cached_tokens``): in a module defining a credential's token class, of those.
_HELD = frozenset({"cached", "cache", "stored", "issued"})
#: A module minting bearer tokens: it reads a bearer header and makes tokens of random bytes (set 545: sheafmd's
#: ``MAX_TOKEN = 200`` beside ``_BEARER_RE`` and ``os.urandom(32)``); there a bare limit of one token is of those.
_BEARER = re.compile(r"[Bb]earer\b")
_MINTED = re.compile(r"\bos\.urandom\(|\bsecrets\.token_(?:bytes|hex|urlsafe)\(")
#: The words of a bare limit of one token (``MAX_TOKEN``, ``TOKEN_MAX_LEN``): it names nothing else it limits.
_BARE_LIMIT = frozenset({"max", "min", "token", "len", "length"})


def credential_count(rule: LintRule, name: str) -> bool:
    """A name about one token (``_TOKEN_CAP``, not ``..._TOKENS``) in a module naming a credential's token class, or
    about tokens held (``_max_cached_tokens``) in a module defining one (``class _DelegationToken``; not a prompt cache's
    limit beside an imported ``AccessToken``), or a bare limit of one token in a module minting bearer tokens: how
    many credentials are made (set 314: mastodon-mock's ``_TOKEN_CAP = 200`` ...
    ``account_ids[:_TOKEN_CAP]`` building ``OAuthToken`` rows)."""
    ws = words(name)
    held = "tokens" in ws and bool(set(ws) & _HELD)  # ``_max_cached_tokens = 128`` (set 600: qveris)
    if not held and ("token" not in ws or "tokens" in ws):
        return False
    lines = rule.ctx.lines
    if not (_credentials and _credentials[0][0] is lines):  # searched once per file, not once per name
        text = source_of(lines)[0]
        minting = _BEARER.search(text) is not None and _MINTED.search(text) is not None
        named = _CREDENTIAL_CLASS.search(text) is not None
        defined = named and _DEFINED.search(text) is not None
        _credentials[:] = [(lines, named, minting, defined)]
    if held:
        return _credentials[0][3]
    return _credentials[0][1] or (_credentials[0][2] and set(ws) <= _BARE_LIMIT)


#: The file last asked about, whether its text names a credential's token class, whether it mints bearer tokens,
#: whether it defines such a class.
_credentials: list[tuple[object, bool, bool, bool]] = kept_per_file([])
