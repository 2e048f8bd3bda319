"""PB102's cases from sets 171 and 172 (issue 19): the numbers a function returns where its one-line docstring
says it maps its argument to a token budget and its name says budget (set 171: kcs-agent's ``def
_reasoning_effort_to_budget(effort)``, "Map provider-neutral effort to a token budget used by some vendors.",
a ``match`` returning one number a case: ``returned_budgets.returns_token_budget``). A docstring mapping to
something else, or a name saying no bound, is not one. Set 172: a number named for tokens whose every read cuts
a list of a regular expression's matches, directly or as a parameter's default (sup-mem's ``_TOKEN_CAP = 48``
given as ``cap`` ... ``picked[:cap]`` of ``_WORD_RE.findall(text)``'s words: ``word_counts.sliced_words``), is
a lexical search's terms; one cutting a list of a tokenizer's tokens is a budget. Spliced into
``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_MAPPED = (
    "def {name}(effort: str) -> int:\n"
    '    """{doc}"""\n'
    "    match effort:\n"
    '        case "off":\n'
    "            return 0\n"
    '        case "low":\n'
    "            return 4096\n"
    '        case "high":\n'
    "            return 16384\n"
)

_TERMS = (
    "import re\n"
    "\n"
    "_TOKEN_CAP = 48  # distinctive tokens kept per memory\n"
    '_WORD_RE = re.compile(r"\\w+")\n'
    "\n"
    "\n"
    "def distinctive_tokens(text: str, cap: int = _TOKEN_CAP) -> set[str]:\n"
    "    ordered = list(dict.fromkeys({source}))\n"
    "    picked = [tok for tok in ordered if len(tok) >= 5]\n"
    "    return set(picked[:cap])\n"
)

SET171_VALID = (
    Valid(_TERMS.format(source="_WORD_RE.findall(text.lower())")),
    Valid(_MAPPED.format(name="_effort_to_budget", doc="Map provider-neutral effort to a request timeout.")),
    Valid(_MAPPED.format(name="_effort_to_level", doc="Map provider-neutral effort to a token budget.")),
)

SET171_INVALID = (
    Invalid(_TERMS.format(source="enc.encode(text)"), line=3),
    Invalid(
        _MAPPED.format(
            name="_reasoning_effort_to_budget",
            doc="Map provider-neutral effort to a token budget used by some vendors.",
        ),
        count=2,
    ),
)
