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
#: Also a bearer header or a token made of random bytes (set 545: sheafmd's ``MAX_TOKEN = 200`` beside
#: ``_BEARER_RE`` and ``os.urandom(32)``).
_CREDENTIAL_CLASS = re.compile(
    r"\b(?:OAuth|Access|Auth|Refresh|Bearer|Api|API|Session|Login)Token\b|[Bb]earer\b|\bos\.urandom\("
    r"|\bsecrets\.token_(?:bytes|hex|urlsafe)\("
)


def credential_count(rule: LintRule, name: str) -> bool:
    """A name about one token (``_TOKEN_CAP``, not ``..._TOKENS``) in a module naming a credential's token class
    (or a bearer header, random bytes made a token):
    how many credentials are made (set 314: mastodon-mock's ``_TOKEN_CAP = 200`` ... ``account_ids[:_TOKEN_CAP]``
    building ``OAuthToken`` rows)."""
    ws = words(name)
    if "token" not in ws or "tokens" in ws:
        return False
    lines = rule.ctx.lines
    if not (_credentials and _credentials[0][0] is lines):  # searched once per file, not once per name
        _credentials[:] = [(lines, _CREDENTIAL_CLASS.search(source_of(lines)[0]) is not None)]
    return _credentials[0][1]


#: The file last asked about and whether its text names a credential's token class.
_credentials: list[tuple[object, bool]] = kept_per_file([])
