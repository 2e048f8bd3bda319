"""PB101's cases from sets 153 and 154 (issue 19): a LangChain splitter told to measure its chunks with a function
counting tokens (set 154: autochunks' bridges, ``RecursiveCharacterTextSplitter(chunk_size=...,
length_function=count_tokens)``: ``rule._token_length``) takes its sizes in tokens; with ``len`` (the default) they
are characters. Spliced into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SPLIT = "s = RecursiveCharacterTextSplitter(chunk_size=400, length_function={length})\n"

SET153_VALID = (
    Valid(_SPLIT.format(length="len")),
    Valid(_SPLIT.format(length="lambda t: len(t.split())")),
    Valid("s = RecursiveCharacterTextSplitter(chunk_size=400, chunk_overlap=40)\n"),
)

SET153_INVALID = (
    Invalid(_SPLIT.format(length="count_tokens"), line=1),
    Invalid(_SPLIT.format(length="tiktoken_len"), line=1),
    Invalid(_SPLIT.format(length="self._token_len"), line=1),
    Invalid(
        'import tiktoken\n\nenc = tiktoken.get_encoding("cl100k_base")\n'
        + _SPLIT.format(length="lambda t: len(enc.encode(t))"),
        line=4,
    ),
)
