"""PB102's cases from set 205 (issue 19: trustmem's storage, lkhu's memory hooks). A limit whose every read
goes into a database query (``conn.execute("... LIMIT ?", (query, limit))``) is a number of rows, whatever the
function is named for (``search_tokens(query, limit=50)``, a keyword search over an index of words it calls
tokens; ``row_limits``). A constant only a comment ties to tokens (``_INJECT_LINE_MAX = 200  # ... (save
tokens ...)``) that cuts a string and is compared with its length counts characters. A constant handed on
as a threshold named for tokens (``md_to_tree(path, min_token_threshold=THINNING_THRESHOLD)``) is a number of
tokens, where a keyword naming a share (``context_window_percent=``) is not. Spliced into
``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SEARCH = (
    "import sqlite3\n\n\n"
    "class Store:\n"
    "    def __init__(self) -> None:\n"
    '        self._conn = sqlite3.connect(":memory:")\n\n'
    "    def search_tokens(self, query: str, limit: int = 50) -> list:\n"
    "        {body}\n"
)
_INJECT = (
    "_INJECT_LINE_MAX = 200  # max length per memory line on injection (save tokens)\n\n\n"
    "def inject(text: str) -> str:\n"
    "    if {use} > _INJECT_LINE_MAX:\n"
    "        return text[:_INJECT_LINE_MAX]\n"
    "    return text\n"
)

ROWS_VALID = (
    # set 205: trustmem's row limits, as a query's parameter and through a query builder
    Valid(
        _SEARCH.format(
            body='return self._conn.execute("SELECT id FROM t WHERE k = ? LIMIT ?", (query, limit)).fetchall()'
        )
    ),
    Valid(_SEARCH.format(body="return self._conn.query(query).limit(limit).all()")),
    # set 205: lkhu's line of a memory, cut and measured in characters
    Valid(_INJECT.format(use="len(text)")),
)
ROWS_INVALID = (
    # the same limit cutting the tokens it counts
    Invalid(_SEARCH.format(body="return encode(query)[:limit]"), line=8),
    # a constant whose comment says tokens, compared with a count of tokens (the cut aside)
    Invalid(
        _INJECT.format(use="count_tokens(text)").replace(
            "        return text[:_INJECT_LINE_MAX]\n", "        return ''\n"
        ),
        line=1,
    ),
)

_THINNING = (
    "import asyncio\n\n\n"
    "async def md_to_tree(md_path, {keyword}=None):\n"
    "    return md_path\n\n\n"
    'if __name__ == "__main__":\n'
    "    THINNING_THRESHOLD = 5000\n"
    '    tree = asyncio.run(md_to_tree("x.md", {keyword}=THINNING_THRESHOLD))\n'
)

THRESHOLD_VALID = (
    Valid(_THINNING.format(keyword="context_window_percent")),
    Valid(_THINNING.format(keyword="max_tokens_ratio")),
)
THRESHOLD_INVALID = (
    # set 205: superindex's tree thinning threshold, in tokens
    Invalid(_THINNING.format(keyword="min_token_threshold"), line=9),
)
