"""PB104's cases from what sets 71 and 72 left (issue 19): a local bound only to a token amount less
other token amounts is tokens whatever its name, so its product with a rate stored as characters converts
tokens to characters (``token_differences``); an estimate given by position to a parameter named for tokens
of a function or class of the module is tokens (``positional_slots``), and so is one under a dict key naming
tokens (``dict_slots``); a size divided by 1.2 to 1.5 into a name of words is tokens per word
(``word_allowances``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET71_VALID = (
    # what is left of lines, not of tokens
    Valid(
        "def f(text, max_lines, used_lines):\n    remaining = max_lines - used_lines\n"
        "    max_chars = remaining * 4\n    return text[:max_chars]\n"
    ),
    # a local bound to something else too, a parameter named as a remainder
    Valid(
        "def f(text, max_tokens, used_tokens, wide):\n    remaining = max_tokens - used_tokens\n"
        "    if wide:\n        remaining = len(text)\n    max_chars = remaining * 4\n    return text[:max_chars]\n"
    ),
    Valid("def f(text, remaining):\n    max_chars = remaining * 4\n    return text[:max_chars]\n"),
    # by position to a parameter that is no token's, to a callee not defined here, after a starred argument
    Valid(
        "class Part:\n    def __init__(self, text, width):\n        self.width = width\n\n"
        "def split(text):\n    return Part(text, len(text) // 4)\n"
    ),
    Valid("def route(context):\n    return RoutingResult(context, len(context) // 4)\n"),
    Valid(
        "def record(text, token_estimate):\n    return text\n\n"
        "def f(parts, text):\n    return record(*parts, len(text) // 4)\n"
    ),
    # a dict entry under a key of characters, of lines, or under a key that is no string
    Valid('def stats(text):\n    return {"token_chars": len(text) // 4, "lines": len(text) // 4}\n'),
    Valid("def stats(text, key):\n    return {key: len(text) // 4}\n"),
    # characters into words (5 per word), a quotient by 1.3 bound to no name of words
    Valid("def cut(max_chars):\n    max_words = int(max_chars / 5)\n    return max_words\n"),
    Valid("def scale(width):\n    height = int(width / 1.3)\n    return height\n"),
)

SET71_INVALID = (
    # set 72: nanoindex's cut of the last block to the tokens left
    Invalid(
        "def build(text, max_tokens, total_tokens):\n    remaining = max_tokens - total_tokens\n"
        "    chars_budget = remaining * 4\n    return text[:chars_budget]\n",
        line=3,
    ),
    # set 71: cognautic-cli's prompt room in characters
    Invalid(
        "def chat(self, messages, max_tokens):\n    available_context = self.n_ctx - max_tokens - 200\n"
        "    max_prompt_chars = available_context * 3\n    return self._truncate(messages, max_prompt_chars)\n",
        line=3,
    ),
    # set 71: deeprepo's routing result, its estimate given by position (a class's ``__init__``, a dataclass)
    Invalid(
        "class RoutingResult:\n    def __init__(self, intent, context, token_estimate):\n"
        "        self.token_estimate = token_estimate\n\n"
        "def route(intent, context):\n    return RoutingResult(intent, context, len(context) // 4)\n",
        line=6,
    ),
    Invalid(
        "from dataclasses import dataclass\n\n@dataclass\nclass Usage:\n    text: str\n    prompt_tokens: int\n\n"
        "def usage(text):\n    return Usage(text, len(text) // 4)\n",
        line=9,
    ),
    # set 72: fennec-rag's memory statistics
    Invalid(
        "def get_memory_stats(self):\n    total_chars = sum(len(m) for m in self.chat_memory)\n"
        '    return {"total_characters": total_chars, "estimated_tokens": total_chars // 4}\n',
        line=3,
    ),
    # set 72: memwright's word splits of a chunk size and a context cap in tokens
    Invalid(
        'def split(text, chunk_size):\n    """Split into chunks of about chunk_size tokens."""\n'
        "    words = text.split()\n    max_words = int(chunk_size / 1.3)\n"
        "    return [words[i : i + max_words] for i in range(0, len(words), max_words)]\n",
        line=4,
    ),
    Invalid(
        "def cut(context, context_max_tokens):\n    max_words = int(context_max_tokens / 1.3)\n    return max_words\n"
    ),
)
