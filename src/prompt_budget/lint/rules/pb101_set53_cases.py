"""PB101's cases from what sets 53 and 54 left (issue 19): a number given by position to a function
another module defines with a parameter named as a token budget (``imported_positional``, joined
project-wide: a file alone shows nothing; tests/lint/test_imported_positional.py shows the join).
Spliced into ``pb101_form_cases`` to keep the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET53_VALID = (
    # another module's function: which parameter takes the number is known only project-wide (set 53: wcgw)
    Valid(
        "import asyncio\nfrom wcgw.client.memory import load_memory\nfrom .tools import get_tool_output\n\n"
        "memory = load_memory(task_id, 24000, 8000)\n"
        "out = asyncio.to_thread(get_tool_output, context, args, 0.0, loop, 24000, 8000)\n"
    ),
    # another module's class, whose parameter is cut to a tokenizer's ``max_length``: known project-wide
    Valid("from .data import Collator\n\ncollate = Collator(512, tokenizer)  # truncation\n"),
    # a number given by position to a name the module neither defines nor imports by name
    Valid("from . import tools\n\nout = tools.get_tool_output(context, args, 24000, 8000)\n"),
    # a length's fallback stored on the instance, then read as a string's cut or never given to a cut
    Valid(
        "class Summary:\n    def __init__(self, **kwargs):\n"
        '        self.max_length = kwargs.get("max_length", 500)\n'
        '        self.title_max_length = kwargs.get("title_max_length", 80)\n\n'
        "    def cut(self, text, title):\n"
        "        return text[: self.max_length], self.tokenizer(title, truncation=True)\n"
    ),
    # a window PB102 reports by its company (a tokenizer in the class, a window-sized length): one finding
    Valid(
        "class Ranker:\n    def __init__(self, tokenizer, **kwargs):\n        self.tokenizer = tokenizer\n"
        '        self.max_length = kwargs.get("max_length", 512)\n\n'
        "    def encode(self, texts):\n"
        "        return self.tokenizer(texts, truncation=True, max_length=self.max_length)\n"
    ),
)

SET53_INVALID = (
    # a length's fallback stored on the instance, which a method gives a tokenizer that truncates
    # (set 53: rankify's TWOLAR)
    Invalid(
        "class Ranker:\n    def __init__(self, **kwargs):\n"
        '        self.max_length = kwargs.get("max_length", 500)\n\n'
        "    def encode(self, texts):\n"
        "        return self.tokenizer(texts, truncation=True, max_length=self.max_length)\n",
        line=3,
    ),
    # ... or a method whose parameter it is cut to (set 53: rankify's SPLADE), a prefixed length too
    Invalid(
        "class Splade:\n    def __init__(self, **kwargs):\n"
        '        self.query_max_length = kwargs.get("query_max_length", 512)\n\n'
        "    def _vector(self, texts, max_length):\n"
        "        return self.tokenizer(texts, truncation=True, max_length=max_length)\n\n"
        "    def rank(self, query):\n        return self._vector([query], max_length=self.query_max_length)\n",
        line=3,
    ),
    # ... or a language model's ``generate`` (set 53: rankify's FiD answers)
    Invalid(
        "class Reader:\n    def __init__(self, **kwargs):\n"
        '        self.max_length = kwargs.get("max_length", 50)\n\n'
        "    def answer(self, ids):\n        return self.model.generate(input_ids=ids, max_length=self.max_length)\n",
        line=3,
    ),
    # the module's own function, also named as a budget by position (``positional_args``)
    Invalid(
        "def load_memory(task_id, coding_max_tokens, noncoding_max_tokens):\n    return task_id\n\n"
        "memory = load_memory(task_id, 24000, 8000)\n",
        line=4,
        count=2,
    ),
)
