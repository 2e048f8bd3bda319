"""Cases from set 211 (issue 19: fathom-lake's Ollama adapter and full-text search, runledger-ai's advisor and
session folders).

PB102: a module that cuts words with its own pattern named for tokens (``TOKEN_RE = re.compile(...)``) counts
those words, and a constant named for tokens there is no model's (``GROUP_TOKENS = 32`` most frequent words,
``lexer_tokens``). PB101, PB103, PB104 and PB106: a request's entry written as the fallback of an ``or`` is read
as the entry itself: ``"num_predict": num_predict or (1024 if json else 4096)`` holds two output caps, and
``"num_ctx": num_ctx or max(8192, math.ceil(chars / 3) + 2048)`` a least window (PB103), a rate of characters per
token (PB104) and room for the reply added to the prompt's estimate (PB106, ``added_headroom``). PB105: a share
in a product that also multiplies by a price is money (``SHARE * usage.input_tokens * (input_price -
cache_read_price) / 1_000_000``, ``scaled_units``). PB103: a local bound only to a string cut at a separator
(``tokens = rest.split("-")``) holds pieces of a string (``text_params.split_pieces``). Spliced into the rules'
case lists (``pb105_set111_cases``, ``pb104_set111_cases``, ``pb102_set117_cases``, ``pb101_set111_cases``,
``pb103_set73_cases``, ``pb106_set73_cases``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SEARCH = (
    "import re\n"
    "from collections import Counter\n\n"
    "{pattern}"
    "GROUP_TOKENS = 32  # the most frequent tokens per input\n\n\n"
    "def group(texts: list[str]) -> str:\n"
    "    counts = Counter(t for text in texts for t in re.findall(r'\\w+', text.lower()))\n"
    '    return " OR ".join(t for t, _ in counts.most_common(GROUP_TOKENS))\n'
)
PATTERN_VALID = (Valid(_SEARCH.format(pattern='TOKEN_RE = re.compile(r"[^\\W_]+")\n')),)
PATTERN_INVALID = (Invalid(_SEARCH.format(pattern=""), line=4),)

_OLLAMA = (
    "import math\n\n\n"
    "def make(num_ctx=None, num_predict=None):\n"
    "    def ollama(prompt: str, json: bool = False) -> dict:\n"
    "        chars = len(prompt)  # about a third of it in tokens\n"
    "        return {{\n"
    '            "{window}": num_ctx or max(8192, math.ceil(chars / 3) + 2048),\n'
    '            "{cap}": num_predict or (1024 if json else 4096),\n'
    "        }}\n\n"
    "    return ollama\n"
)
_OTHER = _OLLAMA.format(window="max_rows", cap="page_size")
_REQUEST = _OLLAMA.format(window="num_ctx", cap="num_predict")
FALLBACK_VALID = (Valid(_OTHER),)
CAP_INVALID = (Invalid(_REQUEST, line=9, count=2),)  # PB101: both branches
FLOOR_INVALID = (Invalid(_REQUEST, line=8),)  # PB103: the least window
RATE_INVALID = (Invalid(_REQUEST, line=8),)  # PB104: 3 characters per token
ROOM_INVALID = (Invalid(_REQUEST, line=8),)  # PB106: 2048 tokens of room for the reply

_SAVING = (
    "REPEATED_CONTEXT_SHARE = 0.5  # assumed share of uncached input that repeats between turns\n\n\n"
    "def saving(usage, input_price: float, cache_read_price: float) -> float:\n"
    "    return REPEATED_CONTEXT_SHARE * usage.input_tokens{priced}\n"
)
PRICED_VALID = (Valid(_SAVING.format(priced=" * (input_price - cache_read_price) / 1_000_000")),)
PRICED_INVALID = (Invalid(_SAVING.format(priced=""), line=1),)

_FOLDER = (
    "def decode(name: str, enc) -> str | None:\n"
    "    rest = name[1:]\n"
    "    tokens = {cut}\n"
    "    if not rest or len(tokens) > {limit}:\n"
    "        return None\n"
    "    return rest\n"
)
PIECES_VALID = (Valid(_FOLDER.format(cut='rest.split("-")', limit=64)),)
PIECES_INVALID = (Invalid(_FOLDER.format(cut="enc.encode(rest)", limit=4096), line=4),)
