"""Cases from sets 457 onward (issue 19), read by the rules they name.

Set 457's: PB104, a local lambda guessing tokens from words whose calls are the entries of a dict under keys of
tokens (kernel-arjun's ``est = lambda t: int(len(t.split()) * 1.33)`` ... ``{"tokens": est(m["content"])}``,
``"total_tokens": sum(est(m["content"]) for m in msgs)``, ``estimator_callers._lambda_calls``).

Set 459's: PB104, a rate dividing each count of a list of characters into a list of estimates (stepbook's
``"rendered_prompt_tokens_est": [round(c / 3.6) for c in self.rendered_prompt_chars]``, a comprehension's target
in the unit of what it runs over: ``pb104_terms.local_unit``); PB102, not a full-text search's word tokens
(docs-haven's ``_MAX_FTS5_TOKENS = 100`` of SQLite's FTS5, ``names.EXCLUDED_WORDS``). Its cross-module reading
(a number given by position to a method of the project's model wrapper, veract's ``self.llm.complete(sys, prompt,
1200)``) is in tests/lint/test_set457_project.py.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LAMBDA_ESTIMATE = (
    "def anatomy(msgs):\n"
    "    est = lambda t: int(len(t.split()) * 1.33)  # noqa: E731\n"
    "    return {{{entry}}}\n"
)
LAMBDA_ESTIMATE_VALID = (
    Valid(
        _LAMBDA_ESTIMATE.format(
            entry='"rows": [{"role": m["role"], "size": est(m["content"])} for m in msgs]'
        )
    ),
)
LAMBDA_ESTIMATE_INVALID = (
    Invalid(
        _LAMBDA_ESTIMATE.format(
            entry='"messages": [{"role": m["role"], "tokens": est(m["content"])} for m in msgs]'
        ),
        line=2,
    ),
    Invalid(_LAMBDA_ESTIMATE.format(entry='"total_tokens": sum(est(m["content"]) for m in msgs)'), line=2),
)

_COMPREHENDED_RATE = (
    "class Stats:\n"
    "    def to_dict(self):\n"
    '        return {{"rendered_prompt_tokens_est": [round(c / 3.6) for c in self.{source}]}}\n'
)
COMPREHENDED_RATE_VALID = (Valid(_COMPREHENDED_RATE.format(source="rendered_prompt_seconds")),)
COMPREHENDED_RATE_INVALID = (Invalid(_COMPREHENDED_RATE.format(source="rendered_prompt_chars"), line=3),)

_SEARCH_TOKENS = "_MAX_QUERY_LENGTH = 10000\n_MAX_{kind}_TOKENS = 100\n"
SEARCH_TOKENS_VALID = (Valid(_SEARCH_TOKENS.format(kind="FTS5")), Valid(_SEARCH_TOKENS.format(kind="BM25")))
SEARCH_TOKENS_INVALID = (Invalid(_SEARCH_TOKENS.format(kind="PROMPT"), line=2),)
