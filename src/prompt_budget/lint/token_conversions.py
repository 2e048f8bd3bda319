"""A description of a token budget that names characters only to say how tokens convert to them (set
70: memctl's ``budget: Token budget (approximate, chars/4)``, ``budget: Token budget (converted to
chars via *4)``): the unit is tokens, the characters a conversion of them. The conversion phrases are
taken out before a description is searched for another unit's words."""

from __future__ import annotations

import re

_CHARS = r"(?:chars?|characters?)"
#: ``chars/4``, ``converted to chars via *4``, ``4 chars per token``, ``~4 characters/token``,
#: ``1 token ≈ 4 characters``.
_CONVERSION = re.compile(
    rf"\b{_CHARS}\s*/\s*\d+(?:\.\d+)?(?![\w.])"
    rf"|\b(?:converted|conversion|convert)\s+(?:in)?to\s+{_CHARS}\b(?:\s+(?:via|by|with)\s*[*x]?\s*\d+(?:\.\d+)?)?"
    rf"|~?\b\d+(?:\.\d+)?\s*{_CHARS}\s*(?:/\s*|per\s+)tokens?\b"
    # ``1 token ≈ 4 characters``, ``1 token = ~4 chars``, ``one token is about 4 characters`` (set 73)
    rf"|\b(?:1|one|a)\s+tokens?\s*(?:[≈~=≃]+|is|equals|is\s+(?:about|roughly|approximately))\s*"
    rf"(?:about|roughly|approx\.?|approximately|~)?\s*\d+(?:\.\d+)?\s*{_CHARS}\b",
    re.IGNORECASE,
)


def without_conversions(text: str) -> str:
    """``text`` without the phrases converting tokens to characters."""
    return _CONVERSION.sub(" ", text)
