"""PB102's cases from set 183 (issue 19: vectora-agent's settings). A class field named as an overlap whose
docstring says it counts tokens (``chunk_overlap: int = 50`` over "Sobreposição em tokens entre chunks
consecutivos", in any language) is a budget of tokens, as a field whose docstring calls it a maximum
number of tokens is (``field_docstrings.docstring_says_tokens``); an overlap its docstring counts in
characters or words, or a field of another name, is not. A name bound to a number that cuts a local bound
only to token lists (``ids = tok(text)["input_ids"]`` ... ``ids[:cfg.max_len]``, reasonblocks' compressor
training: ``flow.token_list``) is a budget, as one cutting ``input_ids`` itself is; a local bound to a text is
no token list. Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SETTINGS = 'class Settings:\n    {name}: int = 50\n    """{doc}"""\n'

SET183_VALID = (
    Valid(_SETTINGS.format(name="chunk_overlap", doc="Overlap between chunks, in characters (not tokens).")),
    Valid(_SETTINGS.format(name="chunk_overlap", doc="Overlap between chunks, in words.")),
    Valid(_SETTINGS.format(name="page_count", doc="Pages read per batch of tokens.")),
    Valid("MAX_LEN = 4096\n\n\ndef head(text):\n    body = text.strip()\n    return body[:MAX_LEN]\n"),
)

SET183_INVALID = (
    Invalid(
        _SETTINGS.format(name="chunk_overlap", doc="Overlap in tokens between consecutive chunks."), line=2
    ),
    Invalid(
        _SETTINGS.format(name="chunk_overlap", doc="Sobreposição em tokens entre chunks consecutivos."),
        line=2,
    ),
)
