"""PB102's cases from sets 81 and 82 (issue 19): a reported parameter default compared again to tell
whether the caller changed it (``budget_copies``); a parameter default whose ``Args:`` entry calls it a
maximum number of tokens (``param_docstrings.attribute_documented_in_tokens``). Spliced into the rule's
cases through ``pb102_set73_cases`` (the rule's module is at its length limit)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CREATE = (
    "import typer\n\n"
    "def create(goal: str, budget_tokens: int = typer.Option({default}, '--budget-tokens'), "
    "dollars: float = 25.0):\n"
    "    budgets = None\n"
    "    if {test}:\n"
    '        budgets = {{"tokens": budget_tokens, "dollars": dollars}}\n'
    "    return start(goal, budgets)\n"
)
_TOOL = (
    "async def ingest(paths: list[str], {name}: int = 256) -> dict:\n"
    '    """Ingest documents.\n\n    Args:\n        paths: Files to read.\n'
    '        {name}: {entry}\n    """\n'
    "    return await run(paths, {name})\n"
)

SET81_VALID = (
    # the same value compared with a parameter whose default is no budget (a count of lines)
    Valid(
        "def show(path, max_lines: int = 100_000):\n    if max_lines != 100_000:\n        note(path)\n"
        "    return read(path, max_lines)\n"
    ),
    # an ``Args:`` entry calling the default a maximum of another unit, or a count of tokens
    *(
        Valid(_TOOL.format(name="chunk_size", entry=entry))
        for entry in (
            "Maximum number of characters per chunk (default: 256).",
            "Maximum number of lines per chunk.",
            "Maximum number of bytes per chunk.",
            "Maximum chunk size in seconds of audio.",
            "Number of tokens seen so far.",
        )
    ),
    # a sampling window of a few tokens, not a budget (tuned sets: llama-cpp-python's ``last_n_tokens_size``)
    Valid(
        "def make(model, window_size: int = 64):\n"
        '    """Args:\n        window_size: Maximum number of tokens to keep in the penalty window.\n    """\n'
        "    return Sampler(model, window_size)\n"
    ),
)

SET81_INVALID = (
    # the option's default, written again to tell whether the user changed it (set 81: agent47's
    # ``execution create``)
    Invalid(_CREATE.format(default="100_000", test="budget_tokens != 100_000 or dollars != 25.0"), count=2),
    Invalid(_CREATE.format(default="100_000", test="100_000 == budget_tokens"), count=2),
    # near misses, only the default reported: another value compared; a different local compared
    Invalid(_CREATE.format(default="100_000", test="budget_tokens != 50_000"), line=3),
    Invalid(_CREATE.format(default="100_000", test="len(goal) != 100_000"), line=3),
    # an MCP tool's parameter its ``Args:`` entry calls a maximum number of tokens (set 82: nepali-rag)
    Invalid(
        _TOOL.format(name="chunk_size", entry="Maximum number of tokens per chunk (default: 256)."), line=1
    ),
    Invalid(_TOOL.format(name="piece", entry="The max count of tokens in one piece."), line=1),
)
