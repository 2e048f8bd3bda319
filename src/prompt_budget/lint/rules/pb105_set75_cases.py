"""PB105's cases from sets 75 and 76 (``Valid``/``Invalid``), kept apart from ``pb105_cases`` to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb105_set77_cases import SET77_INVALID, SET77_VALID

#: Units a local's name may say instead of tokens: a half of a budget bound to such a name is no share.
_UNITS = ("line", "msg", "char", "byte", "seconds", "memory", "cost", "price")

SET75_VALID = (
    # a local bound to a clamp of no budget, or to a call that is no clamp, scaled or halved
    Valid("def plan(width):\n    base = clamp_width(width)\n    return int(base * 0.75)\n"),
    Valid("def plan(thinking_budget):\n    base = describe(thinking_budget)\n    return int(base * 0.75)\n"),
    # half of a clamped budget used as no budget: the middle of a list
    Valid(
        "def split(items, thinking_budget):\n    base = clamp_budget(thinking_budget)\n    mid = base // 2\n"
        "    return items[:mid]\n"
    ),
    # half of a weak ``budget`` given as a weak ``budget=``: nothing says tokens
    Valid(
        "def search(q, budget, both):\n    part = budget // 2 if both else budget\n"
        "    return engine.query(q, budget=part)\n"
    ),
    # half of a budget that is no window bound to a local named as a budget, one per document of a
    # pair, handed on under that name (rank-llm's pairwise prompt)
    Valid(
        "def prompt(max_token, doc1, doc2):\n    single_doc_max_token = max_token // 2\n"
        "    return body(doc1, doc2, single_doc_max_token=single_doc_max_token)\n"
    ),
    # a choice between a budget and a name that is no weak budget is no amount of tokens
    Valid(
        "def plan(width, config):\n    chosen = width if width else config.token_budget\n"
        "    return int(chosen * 0.5)\n"
    ),
    # half of a token budget bound to a local whose name says another unit, given as ``budget=``
    *(
        Valid(
            f"def search(q, config, both):\n    chosen = config.token_budget\n"
            f"    {unit}_budget = chosen // 2 if both else chosen\n    return engine.query(q, budget={unit}_budget)\n"
        )
        for unit in _UNITS
    ),
    # a share of a field the module's constructor call gives no budget (a width), or characters
    Valid(
        "DEFAULT_COMPRESSION_THRESHOLD = 0.75\n\nclass Layout:\n    window: int\n"
        "    threshold_ratio: float = DEFAULT_COMPRESSION_THRESHOLD\n\n    def threshold(self):\n"
        "        return int(self.window * self.threshold_ratio)\n\n    @classmethod\n"
        "    def of(cls, width):\n        return cls(window=int(width))\n"
    ),
    Valid(
        "DEFAULT_COMPRESSION_THRESHOLD = 0.75\n\nclass Layout:\n    window: int\n"
        "    threshold_ratio: float = DEFAULT_COMPRESSION_THRESHOLD\n\n    def threshold(self):\n"
        "        return int(self.window * self.threshold_ratio)\n\n    @classmethod\n"
        "    def of(cls, max_chars):\n        return cls(window=max_chars)\n"
    ),
    # a field's constant that scales no budget
    Valid(
        "DEFAULT_COMPRESSION_THRESHOLD = 0.75\n\nclass Layout:\n    width: int\n"
        "    threshold_ratio: float = DEFAULT_COMPRESSION_THRESHOLD\n\n    def threshold(self):\n"
        "        return int(self.width * self.threshold_ratio)\n"
    ),
    *SET77_VALID,  # sets 77 to 80
)

SET75_INVALID = (
    # set 75: shares of a thinking budget held within bounds by the package's clamp (mico-agent's
    # adaptive budget and soft governor): a local bound to a clamp of a budget is that budget
    Invalid(
        "def plan(thinking_budget):\n    base = clamp_budget(thinking_budget)\n    return int(base * 0.75)\n"
    ),
    Invalid(
        "def adapt(thinking_budget, min_thinking_budget, repeating):\n    base = clamp_budget(thinking_budget)\n"
        "    if repeating:\n        return max(min_thinking_budget, base // 2)\n    return base\n"
    ),
    # set 76: halves of a search budget chosen between a weak ``budget`` and a token budget, given as
    # ``budget=`` (mnemosyne-engine splits it between documents and code)
    Invalid(
        "def search(q, config, budget=None, both=False):\n"
        "    chosen = budget if budget is not None else config.token_budget\n"
        "    doc_budget = chosen // 2 if both else chosen\n    code_budget = chosen // 2 if both else chosen\n"
        "    return docs.query(q, budget=doc_budget) + code.query(q, budget=code_budget)\n",
        count=2,
    ),
    # set 75: a module constant given as a class field's default, a share of the window field the
    # module's constructor call gives a budget (miiflow-agent's ``ContextBudget``), or of a budget field
    Invalid(
        "DEFAULT_COMPRESSION_THRESHOLD = 0.75\n\nclass ContextBudget:\n    window: int\n"
        "    threshold_ratio: float = DEFAULT_COMPRESSION_THRESHOLD\n\n    def threshold(self):\n"
        "        return int(self.window * self.threshold_ratio)\n\n    @classmethod\n"
        "    def resolve(cls, max_context_tokens):\n        return cls(window=int(max_context_tokens))\n",
        line=1,
    ),
    Invalid(
        "DEFAULT_COMPRESSION_THRESHOLD = 0.75\n\nclass ContextBudget:\n    context_window: int\n"
        "    threshold_ratio: float = DEFAULT_COMPRESSION_THRESHOLD\n\n    def threshold(self):\n"
        "        return int(self.context_window * self.threshold_ratio)\n",
        line=1,
    ),
    *SET77_INVALID,  # sets 77 to 80
)
