"""PB101's cases from what sets 97 and 98 left (issue 19, tuner P): a key naming a bare context
(``"default_ctx"``, ``"context"``) under a window-sized number beside a request's budget or sampling
settings is the context's size (set 97: navy-ai's CLI settings, later Ollama's ``num_ctx``;
``request_entries``); a weakly named cap of a request's side (``max_output=32_000``) given beside a keyword
that is a budget by its name (``max_context=200_000``) is the model's output cap (set 97: edgar-harness;
``request_entries.output_beside_window``). Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET97_VALID = (
    # no budget nor sampling setting beside it; a small number; another unit named
    Valid('SETTINGS = {"default_ctx": 32768, "theme": "dark"}\n'),
    # a weak name of no request's side beside a window; a side's cap beside no budget keyword
    Valid("results = search(query, limit=500, context_window=window)  # tokens\n"),
    Valid("caps = Capabilities(tools=True, max_output=32_000, max_lines=5000)  # tokens\n"),
    Valid('SETTINGS = {"context": 3, "temperature": 0.2}\n'),
    Valid(
        'A = {"context_chars": 8000, "temperature": 0.1}\nB = {"context_lines": 5000, "temperature": 0.1}\n'
        'C = {"context_messages": 2000, "top_p": 0.9}\nD = {"context_bytes": 4096, "top_p": 0.9}\n'
        'E = {"context_seconds": 3600, "top_k": 40}\nF = {"context_memory": 4096, "top_k": 40}\n'
        'G = {"context_cost": 1000, "top_k": 40}\nH = {"context_price": 1000, "top_k": 40}\n'
    ),
)

SET97_INVALID = (
    Invalid('CLI = {"max_turns": 15, "default_ctx": 32768, "max_response_tokens": 4096}\n', count=2),
    # a model's output cap beside its window (set 97: edgar-harness's fake provider)
    Invalid("caps = Capabilities(tools=True, max_context=200_000, max_output=32_000)  # tokens\n", count=2),
    Invalid('OPTIONS = {"context": 8192, "temperature": 0.7, "max_tokens": 512}\n', count=2),
)
