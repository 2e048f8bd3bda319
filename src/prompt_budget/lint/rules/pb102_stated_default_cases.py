"""PB102's cases about a parameter whose docstring entry states its default in tokens (set 30: canopy's
"chunk_size: size of the chunks. Defaults to 256 tokens."), read by ``lint/param_docstrings.py``. Kept
apart from the rule module (tests/lint/test_stated_default_cases.py runs them against PB102).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

STATED_DEFAULT_VALID = (
    # a default stated without a unit, or in characters
    Valid(
        "def split(text, piece: int = 300):\n"
        '    """Split.\n\n    Args:\n        piece: size of a piece. Defaults to 300.\n    """\n'
    ),
    Valid(
        "def split(text, piece: int = 300):\n"
        '    """Split.\n\n    Args:\n        piece: size of a piece in characters. Defaults to 300 characters.\n    """\n'
    ),
)

STATED_DEFAULT_INVALID = (
    Invalid(
        "def split(text, piece: int = 300):\n"
        '    """Split.\n\n    Args:\n        piece: size of a piece. Defaults to 300 tokens.\n    """\n',
        line=1,
    ),
    Invalid(
        "class Splitter:\n    def __init__(self, piece: int = 300):\n"
        '        """Args:\n            piece (int): size of a piece (default: 300 tokens)\n        """\n',
        line=2,
    ),
    # only the entry stating its default in tokens: the next entry's default is no budget
    Invalid(
        "def split(text, window: int = 512, piece: int = 300):\n"
        '    """Split.\n\n    Args:\n        window: the window. Defaults to 512 tokens.\n'
        '        piece: size of a piece. Defaults to 300.\n    """\n',
        key="split_window",
    ),
)
