"""PB107's cases from sets 91 and 92 (issue 19): a table keyed by model whose tuple rows a function
unpacks into budgets (``pb107_tuple_rows``). Spliced into the rule's cases through ``pb107_set63_cases``
(the rule's module is at its length limit)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_TABLE = 'WINDOW = 200_000\nSIZES = {\n    "acme-large": (WINDOW, 128_000),\n    "acme-small": (WINDOW, 32_000),\n}\n\n'


def _read(unpack: str, use: str, table: str = _TABLE) -> str:
    """The table and a function unpacking one of its rows."""
    return (
        table + f"def info(name):\n    {unpack} = SIZES.get(name, (WINDOW, 8192))\n    return Model({use})\n"
    )


SET91_VALID = (
    # a column given as another unit: characters, lines, messages, bytes, seconds, memory, cost, price
    Valid(_read("window, cap", "max_chars=cap")),
    Valid(_read("window, cap", "max_lines=cap")),
    Valid(_read("window, cap", "max_messages=cap")),
    Valid(_read("window, cap", "max_bytes=cap")),
    Valid(_read("window, cap", "timeout_seconds=cap")),
    Valid(_read("window, cap", "memory_mb=cap")),
    Valid(_read("window, cap", "cost=cap")),
    Valid(_read("window, cap", "price=cap")),
    # a table named for prices, its rows read into a budget's name all the same
    Valid(
        _read(
            "window, cap",
            "max_tokens=cap",
            'PRICES = {"acme-large": (2.5, 10.0), "acme-small": (1.0, 4000)}\nSIZES = PRICES\n',
        ).replace("SIZES.get", "PRICES.get")
    ),
    # a row kept whole, or unpacked into names read as nothing in tokens
    Valid(_read("row", "max_tokens=row")),
    Valid(_read("window, cap", "name=name, rank=cap")),
    # the budget column's cells all small, or no column of numbers (names of other settings)
    Valid(
        _read("window, cap", "max_tokens=cap", 'SIZES = {"acme-large": (1, 8), "acme-small": (2, 16)}\n\n')
    ),
    # a row read by a key written as a string: one setting, not a row picked by a model
    Valid(_TABLE + 'def info():\n    window, cap = SIZES["acme-large"]\n    return Model(max_tokens=cap)\n'),
)

SET91_INVALID = (
    # a model's (window, output cap) unpacked into the model's limits (set 92: hx-cli's catalogue)
    Invalid(_read("window, output", "context_window=window, max_output_tokens=output"), line=2),
    Invalid(
        _TABLE + "def info(name):\n    window, cap = SIZES[name]\n    return {'max_tokens': cap}\n", line=2
    ),
)
