"""PB102's cases from what sets 85 and 86 left (issue 19): an overlap beside a chunk size its docstring
gives in tokens (``overlap_siblings``); a cap on a media item's tokens by its name (``DEFAULT_IMAGE_MAX_
TOKENS``) followed as any constant; not a constant compared with a score a callee named as tokens returns
(``fuzz.token_set_ratio``), nor a length handed to the module's own function that compares it with a
string's length, nor a number of tokens that only chooses a price (``priced_branches``).
Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET85_VALID = (
    # a score whose callee names tokens: a similarity, not an amount (set 85: lumi's model catalog)
    Valid(
        "_CUTOFF = 80\n\ndef best(query, keys):\n"
        "    return [k for k in keys if fuzz.token_set_ratio(query, k) >= _CUTOFF]\n"
    ),
    Valid("_FLOOR = 70\n\ndef good(a, b):\n    return token_f1_score(a, b) > _FLOOR\n"),
    # an overlap beside a chunk size given in no unit or in characters
    Valid(
        "def split(text, chunk_size: int = 2000, chunk_overlap: int = 200):\n"
        '    """Split.\n\n    Args:\n        chunk_size: Target chunk size in characters.\n'
        '        chunk_overlap: Overlap between chunks.\n    """\n'
        "    return text\n"
    ),
    Valid("def split(text, chunk_size: int = 2000, chunk_overlap: int = 200):\n    return text\n"),
    # a media item's size in pixels or bytes, compared with its own unit
    Valid(
        "DEFAULT_IMAGE_MAX_SIZE = 2000\n\n"
        "def shrink(img, max_size: int = DEFAULT_IMAGE_MAX_SIZE):\n"
        "    if img.width <= max_size:\n        return img\n"
    ),
    Valid(
        "DEFAULT_IMAGE_MAX_BYTES = 5000000\n\n"
        "def shrink(data, max_bytes: int = DEFAULT_IMAGE_MAX_BYTES):\n"
        "    if len(data) <= max_bytes:\n        return data\n"
    ),
    # a length handed to the module's own function, which compares it with a string's length
    Valid(
        "def limit_rule(max_input: int = 100, max_output: int = 100):\n"
        "    def check(text):\n        return len(text) > max(max_input, max_output)\n"
        '    return Rule(check, f"Limits input to {max_input} chars")\n\n'
        "def default_rules(max_input_length: int = 32_000):\n"
        "    return [limit_rule(max_input=max_input_length)]\n"
    ),
    # a number of tokens that only chooses the price (a cached input's discount, a long prompt's rate)
    Valid(
        "_CACHE_MIN_TOKENS = 1024\n\n"
        "def record(inp, pricing):\n"
        "    if inp >= _CACHE_MIN_TOKENS and pricing.cached > 0:\n"
        "        effective = inp * pricing.cached / pricing.base\n"
        "        discount = inp - effective\n"
        "    else:\n        discount = 0\n"
        "    return discount\n"
    ),
)

SET85_INVALID = (
    # set 85: agent-brain-cli's API client, the overlap beside a chunk size its docstring gives in tokens
    Invalid(
        "class Client:\n"
        "    def index(self, path: str, chunk_size: int = 512, chunk_overlap: int = 50):\n"
        '        """Index a folder.\n\n        Args:\n            path: The folder.\n'
        "            chunk_size: Target chunk size in tokens.\n"
        '            chunk_overlap: Overlap between chunks.\n        """\n'
        '        return self._post({"chunk_size": chunk_size, "chunk_overlap": chunk_overlap})\n',
        count=2,
    ),
    # the overlap giving a unit of its own stays quiet: only the chunk size is reported
    Invalid(
        "def split(text, chunk_size: int = 512, chunk_overlap: int = 50):\n"
        '    """Split.\n\n    Args:\n        chunk_size: Target chunk size in tokens.\n'
        '        chunk_overlap: Overlap between chunks, in characters.\n    """\n'
        "    return text\n",
        key="split_chunk_size",
    ),
    Invalid(
        "def split(text, window_size: int = 512, line_overlap: int = 20):\n"
        '    """Split.\n\n    Args:\n        window_size: Window size in tokens.\n'
        '        line_overlap: Lines shared by two windows.\n    """\n'
        "    return text\n",
        key="split_window_size",
    ),
    Invalid(
        "def windows(ids, window_size=256, window_overlap=32):\n"
        '    """Windows of ``window_size`` tokens, each sharing ``window_overlap`` with the last."""\n'
        "    return ids\n",
        count=2,
    ),
    # set 85: lumi's image pipeline, a media item's cap given as the default of its functions' budget
    Invalid(
        "DEFAULT_IMAGE_MAX_TOKENS = 25000\n\n"
        "def compress(img, max_tokens: int = DEFAULT_IMAGE_MAX_TOKENS):\n"
        "    estimated_tokens = int(len(img.data) * 0.125)\n"
        "    if estimated_tokens <= max_tokens:\n        return img\n"
        "    return shrink(img)\n",
        line=1,
    ),
    Invalid(
        "MAX_VIDEO_TOKENS = 30000\n\ndef fit(video):\n    limit = MAX_VIDEO_TOKENS\n"
        "    return sample(video, limit)\n\ndef sample(video, budget):\n"
        "    used_tokens = count_tokens(video)\n    if used_tokens > budget:\n        return video[:1]\n",
        line=1,
    ),
    # a length handed to the module's own function that counts tokens stays a budget
    Invalid(
        "def limit_rule(max_input: int = 100):\n"
        "    def check(text):\n        return count_tokens(text) > max_input\n"
        "    return check\n\n"
        "def default_rules(max_input_tokens: int = 32_000):\n"
        "    return [limit_rule(max_input=max_input_tokens)]\n",
        count=2,
    ),
    # a number of tokens that decides something besides a price
    Invalid(
        "_CACHE_MIN_TOKENS = 1024\n\n"
        "def prepare(inp, messages):\n"
        "    if inp >= _CACHE_MIN_TOKENS:\n        messages = compact(messages)\n"
        "    return messages\n",
        line=1,
    ),
)
