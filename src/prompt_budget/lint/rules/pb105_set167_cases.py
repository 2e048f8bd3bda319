"""PB105's cases from sets 167 and 168 (issue 19): a chunk overlap written as a fraction beside a chunk size in
tokens (set 168: percolate-core's ``class ChunkPolicy: target_tokens: int = Field(default=700)`` ... ``overlap:
float = Field(default=0.08)``, and ``"chunking": {"target_tokens": 450, "overlap": 0.15}``:
``overlap_siblings.overlap_fraction``). The class, the dict's key or the size's own name must say chunk; an
overlap beside a size in another unit, or one whose name says its own unit, is not a share of tokens. Spliced
into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_FIELDS = (
    "from pydantic import BaseModel, Field\n"
    "\n"
    "\n"
    "class {cls}(BaseModel):\n"
    "    {size}: int = Field(default=700, ge=32)\n"
    "    {overlap}: float = Field(default=0.08, ge=0.0)\n"
)

_ROWS = 'FAMILIES = {{\n    "audio": {{"mode": "text", "{key}": {{"{size}": 450, "{overlap}": 0.15}}}},\n}}\n'

SET167_VALID = (
    Valid(_FIELDS.format(cls="ChunkPolicy", size="target_chars", overlap="overlap")),
    Valid(_FIELDS.format(cls="ChunkPolicy", size="target_tokens", overlap="overlap_sentences")),
    Valid(_FIELDS.format(cls="RequestPolicy", size="max_tokens", overlap="overlap")),
    Valid(_ROWS.format(key="request", size="max_tokens", overlap="overlap")),
    Valid(_ROWS.format(key="chunking", size="target_words", overlap="overlap")),
)

SET167_INVALID = (
    Invalid(_FIELDS.format(cls="ChunkPolicy", size="target_tokens", overlap="overlap"), line=6),
    Invalid(_FIELDS.format(cls="Settings", size="chunk_tokens", overlap="chunk_overlap"), line=6),
    Invalid(_ROWS.format(key="chunking", size="target_tokens", overlap="overlap"), line=2, count=1),
)
