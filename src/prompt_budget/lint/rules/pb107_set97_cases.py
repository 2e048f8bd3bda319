"""PB107's cases from what sets 97 and 98 left (issue 19, tuner P): a dict of tuple rows keyed by model,
given as a keyword to a class of the module whose budget getter returns one column of a row of that field
(``self.models.get(model, ...)[0]`` returned by ``n_ctx``; set 97: falamus's provider registry;
``pb107_given_rows``). Spliced into ``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CLASS = (
    "class Provider:\n    def __init__(self, name, models, prices=None):\n"
    "        self.name, self.models, self.prices = name, models, prices\n\n{body}\n"
)

SET97_VALID = (
    # the column a window getter returns holds no budget-sized number; a getter of prices
    Valid(
        _CLASS.format(
            body="    def n_ctx(self, model):\n        return self.models.get(model, (8192, 4096))[1]\n\n"
            "    def cost(self, model):\n        return self.prices[model][0]\n"
        )
        + 'P = Provider(name="a", models={"model-a": (2, 3), "model-b": (1, 5)},\n'
        '             prices={"model-a": (3000, 15000), "model-b": (800, 4000)})\n'
    ),
    # no getter of a budget reads the field; one row only; a class of another module
    Valid(
        _CLASS.format(body="    def rows(self, model):\n        return self.models.get(model, (0, 0))[0]\n")
        + 'P = Provider(name="a", models={"model-a": (200_000, 32_000), "model-b": (128_000, 16_000)})\n'
    ),
    Valid(
        _CLASS.format(body="    def n_ctx(self, model):\n        return self.models[model][0]\n")
        + 'P = Provider(name="a", models={"model-a": (200_000, 32_000)})\n'
    ),
    Valid(
        'from registry import Provider\nP = Provider(name="a", models={"m-a": (200_000, 1), "m-b": (128_000, 2)})\n'
    ),
)

SET97_INVALID = (
    Invalid(
        _CLASS.format(
            body="    def n_ctx(self, model):\n        return self.models.get(model, (8192, 4096))[0]\n"
        )
        + 'PROVIDERS = {\n    "a": Provider(\n        name="a",\n'
        '        models={"model-a": (200_000, 32_000), "model-b": (128_000, 16_000)},\n    ),\n}\n',
        line=11,
    ),
    Invalid(
        _CLASS.format(body="    def context_window(self, model):\n        return self.models[model][1]\n")
        + 'P = Provider(name="a", models={"model-a": (32_000, 200_000), "model-b": (16_000, 128_000)})\n'
    ),
)
