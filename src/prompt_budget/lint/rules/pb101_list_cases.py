"""PB101's cases about lists and tuples: LangChain's ``("tokens", N)`` context sizes that count
messages or too few tokens, (setting, default) pairs that are no table of settings, and sweeps of
budgets (a list of numbers under a budget's name, each value a budget to try; set 27: prompttools).
Kept apart from the rule module to keep it short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

LIST_VALID = (
    # context sizes that count messages, or too few tokens to be a budget; pairs that are no setting
    Valid('mw = SummarizationMiddleware(model=m, trigger=("messages", 50), keep=("tokens", 1))'),
    Valid('rows = [("tokens", 5000), ("cost", 0.3)]\nassert usage == ("tokens", 4000)\n'),
    # (setting, default) pairs whose names are no budget's (a window of passages, a batch), or
    # that are no table of settings (one setting's test cases, a lone pair)
    Valid(
        'keys_and_defaults = [("model_path", "castorini/rank"), ("window_size", 20), ("batch_size", 32)]\n'
        "window_size, batch_size = extract_kwargs(keys_and_defaults, **kwargs)\n"
    ),
    Valid('CASES = [("max_tokens", 100), ("max_tokens", 4096)]\nPAIR = [("max_tokens", 4096)]\n'),
    # a sweep of what is no budget (a penalty's look-back window, sampling), or of no number at all
    Valid(
        'GRID = {"last_n_tokens_size": [64], "top_k": [40], "max_tokens": [None], "n_ctx": [float("inf")]}\n'
    ),
    Valid("run(max_tokens=[None, None], seeds=[1337, 42])\n"),
    # a list of token ids under a ``<what>_tokens`` name: which tokens, not how many
    Valid('CONFIG = {"marker_tokens": [1066, 22198, 17821]}\nrun(stop_tokens=[50256, 50257])\n'),
)

LIST_INVALID = (
    # a sweep of budgets: each number of a list under a budget's name is one (set 27: prompttools)
    Invalid('DEFAULTS = {"n_ctx": [512], "max_tokens": [128], "top_k": [40]}\n', count=2),
    Invalid("grid = run_experiment(model=m, max_tokens=[256, 1024])\n", count=2),
)
