"""PB107's cases from sets 83 to 86 (issue 19): tables written as a list of tuple rows whose one column a
loop unpacks into a budget (``pb107_unpacked_rows``). Spliced into the rule's cases through
``pb107_set63_cases`` (the rule's module is at its length limit)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ROWS = 'known = [\n    ("alpha", "Alpha 70B", 131072),\n    ("beta", "Beta 7B", 32768),\n]\n'

_CLASS = (
    "from dataclasses import dataclass\n\n@dataclass\nclass Tier:\n    name: str\n"
    "    {field}: int  # {comment}\n    turns: int\n\n"
)


def _tiers(
    field: str,
    comment: str,
    rows: str = '"small": Tier("small", 3000, 10), "large": Tier("large", 20000, 25)',
) -> str:
    """A class of the module with a commented field, and a table of its rows."""
    return _CLASS.format(field=field, comment=comment) + "TIERS = {" + rows + "}\n"


_QUOTAS = (
    "QUOTAS = {\n"
    '    "acme": {"tokens_per_day": 500_000, "requests_per_day": 1_000, "seconds": 86_400},\n'
    '    "other": {"tokens_per_month": 2_000_000, "max_chars": 20_000, "memory_mb": 4096},\n'
    "}\n\n"
)


def _quota(read: str) -> str:
    """The table and a function reading a row's entry."""
    return _QUOTAS + f"def register(name):\n    limits = QUOTAS.get(name, {{}})\n    return Quota({read})\n"


def _fn(body: str) -> str:
    """The rows and a loop over them, in one function."""
    return "def discover():\n" + "".join(f"    {line}\n" for line in (_ROWS + body).splitlines())


SET85_VALID = (
    # the column given to another unit: seconds, characters, bytes, memory, lines, messages, a price
    *(
        Valid(_fn(f"return [Model(id=m, {keyword}=n) for m, _, n in known]"))
        for keyword in (
            "timeout_seconds",
            "max_chars",
            "max_bytes",
            "memory_mb",
            "max_lines",
            "max_messages",
            "cost_per_million",
            "price",
        )
    ),
    # the column named as nothing, or not the unpacked name; a loop over something else
    Valid(_fn("return [Model(id=m, size=n) for m, _, n in known]")),
    Valid(_fn("return [Model(id=m, context_window=d) for m, d, n in known]")),
    Valid(_fn("return [Model(id=m, context_window=n) for m, _, n in other_rows]")),
    # two numeric columns: which is the budget the rows do not say
    Valid(
        'def discover():\n    known = [("a", 4096, 2048), ("b", 8192, 4096)]\n'
        "    return [Model(id=m, context_window=w) for m, w, o in known]\n"
    ),
    # rows of numbers only, small numbers, a name saying another unit
    Valid(
        "def f():\n    known = [(1, 4096), (2, 8192)]\n    return [M(context_window=w) for _, w in known]\n"
    ),
    Valid(
        'def f():\n    known = [("a", 12), ("b", 64)]\n    return [M(id=m, context_window=w) for m, w in known]\n'
    ),
    Valid(
        'def f():\n    prices = [("a", 1500), ("b", 3000)]\n'
        "    return [M(id=m, context_window=w) for m, w in prices]\n"
    ),
    # scales of a count of tokens shown with a suffix: the column divides it
    Valid(
        '_SCALES = [(1_000_000, "M"), (1_000, "k")]\n\ndef show(total_tokens):\n'
        "    for threshold, suffix in _SCALES:\n        if total_tokens >= threshold:\n"
        '            return f"{total_tokens / threshold:.1f}{suffix}"\n    return str(total_tokens)\n'
    ),
    # an attention window, not the prompt's
    Valid(_fn("return [Model(id=m, sliding_window=n) for m, _, n in known]")),
    # a table of a class's rows whose field is commented in another unit, or not as a limit
    *(
        Valid(_tiers("budget", comment))
        for comment in (
            "max lines of history",
            "max messages kept",
            "max characters of one tool result",
            "bytes of memory",
            "timeout in seconds",
            "cost in cents",
            "price per 1M tokens",
            "max tokens per request bucket (requests/min)",
        )
    ),
    Valid(_tiers("context", "how much history to keep")),
    # the field given small numbers, or not a literal in every row; a class the module does not define
    Valid(_tiers("context", "conversation token budget", '"a": Tier("a", 30, 1), "b": Tier("b", 60, 2)')),
    Valid(_tiers("context", "conversation token budget", '"a": Tier("a", 3000, 1), "b": Tier("b", n, 2)')),
    Valid('from tiers import Tier\nTIERS = {"a": Tier("a", 3000, 10), "b": Tier("b", 20000, 25)}\n'),
    # a table of settings per provider whose entries are read into another unit, or read by a string key
    *(
        Valid(_quota(read))
        for read in (
            'requests_limit=limits.get("requests_per_day", 0)',
            'timeout_seconds=limits["seconds"]',
            'max_chars=limits.get("max_chars")',
            'memory_mb=limits["memory_mb"]',
            'name=limits.get("tokens_per_day")',
        )
    ),
    Valid(_QUOTAS + 'def acme():\n    return Quota(tokens_limit=QUOTAS["acme"]["tokens_per_day"])\n'),
    # the field given by keyword: PB101 judges each row's number
    Valid(
        _tiers(
            "context",
            "conversation token budget",
            '"a": Tier("a", context=3000), "b": Tier("b", context=9000)',
        )
    ),
    # one row standing alone
    Valid(_CLASS.format(field="context", comment="token budget") + 'SMALL = Tier("small", 3000, 10)\n'),
)

SET85_INVALID = (
    # a model -> window table of 3-tuples fed to a model's window by a comprehension (set 83: forge-agent)
    Invalid(_fn("return [Model(id=m, name=n, context_window=ctx) for m, n, ctx in known]"), line=2),
    # a ``for`` loop at module level, the column written under a budget's key
    Invalid(
        _ROWS + 'SPECS = {}\nfor model, label, window in known:\n    SPECS[model] = {"max_tokens": window}\n',
        line=1,
    ),
    # the column ordered against a count of tokens
    Invalid(
        'TIERS = [("small", 4000), ("large", 32000)]\n\n'
        "def tier(n_tokens):\n    for name, limit in TIERS:\n        if n_tokens <= limit:\n"
        "            return name\n",
        line=1,
    ),
    # a tier -> budget table of a class's rows, the field commented as a token budget (set 84: agent-mini)
    Invalid(_tiers("context", "conversation token budget: where accuracy stays high"), line=9),
    # the field named as a budget, given by position: no PB101 judges a row's number (set 101: tyrion-cli)
    Invalid(_tiers("max_tokens", "token budget"), line=9),
    # rows in a list, the field documented under it
    Invalid(
        "class Tier:\n    name: str\n    history: int\n"
        '    """The maximum number of tokens to keep in history."""\n\n'
        'TIERS = [Tier("small", 2048), Tier("large", 8192)]\n',
        line=6,
    ),
    # token quotas per provider read into a budget, a fallback read so too (set 83: forge-agent)
    Invalid(
        _quota('tokens_limit=limits.get("tokens_per_day", limits.get("tokens_per_month", 0))'),
        line=2,
        count=2,
    ),
    Invalid(_quota('max_tokens=int(limits["tokens_per_day"])'), line=2),
)
