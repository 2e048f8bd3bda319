"""PB102's cases from set 183 (issue 19: vectora-agent's settings). A class field named as an overlap whose
docstring says it counts tokens (``chunk_overlap: int = 50`` over "Sobreposição em tokens entre chunks
consecutivos", in any language) is a budget of tokens, as a field whose docstring calls it a maximum
number of tokens is (``field_docstrings.docstring_says_tokens``); an overlap its docstring counts in
characters or words, or a field of another name, is not. A name bound to a number that cuts a local bound
only to token lists (``ids = tok(text)["input_ids"]`` ... ``ids[:cfg.max_len]``, reasonblocks' compressor
training: ``token_lists.token_list``) is a budget, as one cutting ``input_ids`` itself is; a local bound to a text is
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
    Invalid(
        "MAX_LEN = 4096\n\n\n"
        "def head(tok, text):\n"
        '    ids = tok(text, add_special_tokens=False)["input_ids"]\n'
        "    return ids[:MAX_LEN]\n",
        line=1,
    ),
    Invalid(
        "from dataclasses import dataclass\n\n\n"
        "@dataclass\nclass Cfg:\n    epochs: int = 3\n    max_len: int = 8192\n\n\n"
        "def row(cfg: Cfg, tok, r):\n"
        '    p_ids = tok(r["input"], add_special_tokens=False)["input_ids"]\n'
        '    t_ids = tok(r["target"], add_special_tokens=False)["input_ids"]\n'
        "    return (p_ids + t_ids)[: cfg.max_len]\n",
        line=7,
    ),
)
