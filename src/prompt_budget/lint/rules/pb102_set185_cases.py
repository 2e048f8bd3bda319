"""PB102's cases from set 185 (issue 19: supercarto's map budgets). A module whose prose speaks of a token
budget ("Token budgeting", "token-budgeted YAML out") names its budget ``budget``: the bare name (and
``default_budget``, ``budget_val``) is a budget name there (``module_budgets``), as if the user had listed it
in ``budget-names``. Elsewhere ``budget`` alone says no unit (money, time, steps), and a name that says
another unit (``time_budget``) is not bent. Spliced into ``pb102_set117_cases`` (a setting's fallback
named ``budget``, PB101's, into ``pb101_set183_cases``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_MAPLET = (
    '"""{doc}"""\n\n\n'
    "def maplet(lat: float, lon: float, {name}: int = 1024) -> dict:\n"
    '    return {{"lat": lat, "lon": lon, "{name}": {name}}}\n'
)
_FIT = (
    '"""{doc}"""\n\n\n'
    "def fit(graph: list, opts: dict) -> list:\n"
    '    budget = max(64, opts.get("budget", 1024))\n'
    "    return graph[:budget]\n"
)

#: bharatcode (a corpus package, found by the check of this reading): a budget its docstring gives in tokens,
#: spent in characters by a running total of string lengths; one spent in counted tokens is still a budget.
_RESTORE = (
    "def restore(paths: list, cache: dict, budget: int = 40000) -> str:\n"
    '    """Re-inject the files used, up to the token budget."""\n'
    "    parts, used = [], 0\n    for path in paths:\n        content = cache[path]\n"
    "        if used + {size} > budget:\n            continue\n"
    "        parts.append(content)\n        used += {size}\n"
    '    return "".join(parts)\n'
)

SET185_VALID = (
    Valid(_RESTORE.format(size="len(content)")),
    Valid(_MAPLET.format(doc="Fetch a map around a coordinate.", name="budget")),
    Valid(_MAPLET.format(doc="Spend the monthly budget on map tiles.", name="budget")),
    Valid(_MAPLET.format(doc="GeoJSON in, token-budgeted YAML out.", name="time_budget")),
    # an identifier is not prose: ``token_budget`` is a budget name already, ``budget`` is not one by it
    Valid(
        '"""Maps."""\n\ntoken_budget_key = "tb"\n\n\ndef f(budget: int = 1024) -> int:\n    return budget\n'
    ),
)

SET185_INVALID = (
    Invalid(_RESTORE.format(size="count_tokens(content)"), line=1),
    # the review: a running total named as tokens keeps the budget in tokens
    Invalid(_RESTORE.format(size="len(content)").replace("used", "used_tokens"), line=1),
    Invalid(_MAPLET.format(doc="GeoJSON in, token-budgeted YAML out.", name="budget"), line=4),
    Invalid(_MAPLET.format(doc="Token budgeting for map graphs.", name="defaultBudget"), line=4),
)

#: PB101's (a setting's fallback), spliced into ``pb101_set183_cases``.
FALLBACK_VALID = (Valid(_FIT.format(doc="Fit a graph to a budget of nodes.")),)
FALLBACK_INVALID = (Invalid(_FIT.format(doc="Fit a graph to a token budget."), line=5),)

#: PB105's, spliced into ``pb105_set111_cases``: a threshold beside a token budget whose own docstring entry
#: names a score (memctl's convergence thresholds, found by the corpus check of this reading) is no share of
#: the budget; one whose entry says nothing of a score still is.
_ASK = (
    "def ask(question: str, budget_tokens: int = 2200, threshold: float = 0.92) -> str:\n"
    '    """Ask.\n\n    Args:\n        budget_tokens: Total token budget.\n'
    '        threshold: {entry}\n    """\n'
    "    return question[:budget_tokens]\n"
)
SCORE_VALID = (Valid(_ASK.format(entry="Answer fixed-point similarity threshold.")),)
SCORE_INVALID = (Invalid(_ASK.format(entry="When to stop."), line=1),)
