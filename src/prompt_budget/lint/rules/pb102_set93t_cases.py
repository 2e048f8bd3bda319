"""PB102's cases from what sets 93 and 94 left (issue 19, tuner T): a literal passed, in a module's own
top-level code (a ``__main__`` demo), to a method of an instance bound there, for a parameter whose default
is a token budget (``budget_overrides``, the receiver's class found among the module's own statements).
Spliced into ``pb102_set87_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SPLITTER = (
    "import tiktoken\n\nENC = tiktoken.get_encoding('cl100k_base')\n\n"
    "class Store:\n    def add(self, text, chunk_size=512):\n        ids = ENC.encode(text)\n"
    "        return [ids[i : i + chunk_size] for i in range(0, len(ids), chunk_size)]\n\n"
    "    def show(self, text, width=80):\n        return text[:width]\n\n"
)

SET93T_VALID = (
    # the demo passes literals for parameters whose defaults are no budget: a width in characters, a count
    # of lines, a timeout in seconds
    Valid(
        "class Viewer:\n    def show(self, text, width=80, lines=40, timeout_seconds=30):\n"
        "        return text.splitlines()[:lines][0][:width]\n\n"
        "if __name__ == '__main__':\n    viewer = Viewer()\n"
        "    viewer.show('x', width=120, lines=100, timeout_seconds=60)\n"
    ),
)

SET93T_INVALID = (
    # set 93: qmix-report-writer's demo ingests a document with its own chunk size
    Invalid(
        _SPLITTER + "if __name__ == '__main__':\n    store = Store()\n    store.add('x', chunk_size=256)\n",
        line=6,  # the default first, then the demo's literal at line 15
        count=2,
    ),
)
