"""A function named as a budget whose docstring says what it returns is a token budget (set 70:
memctl's ``def suggest_budget(question_length)``, "Returns: Recommended token budget for injection."):
the numbers it returns are that budget, whatever else its name says. Only the docstring's ``Returns:``
section (or Sphinx's ``:returns:``) is read, and only a phrase naming a budget of tokens ("token
budget", "token limit", "maximum number of tokens") counts, not one counting tokens ("the number of
tokens in the text": a count) nor one in characters. A docstring of one line saying the function maps its
argument to a token budget ("Map provider-neutral effort to a token budget used by some vendors.") says so too.
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.names import CHAR_WORDS, words

Function = ast.FunctionDef | ast.AsyncFunctionDef

#: Words of a function's name saying it gives a bound.
_NAME_WORDS = frozenset({"budget", "limit", "cap"})
#: The head of a docstring's returns section: ``Returns:``, ``:returns:``, ``:return:``.
_RETURNS = re.compile(r"^\s*(?:Returns?\s*:|:returns?:)(.*)$")
#: A phrase naming a budget of tokens.
_TOKEN_BUDGET = re.compile(
    r"\btokens?\s+(?:budget|limit|cap)\b|\bmax(?:imum)?\s+(?:number\s+of\s+)?tokens\b", re.IGNORECASE
)


def _returns_section(doc: str) -> str:
    """The text of ``doc``'s returns section, to the next blank line."""
    lines = doc.splitlines()
    for at, line in enumerate(lines):
        match = _RETURNS.match(line)
        if match is None:
            continue
        out = [match.group(1)]
        for more in lines[at + 1 :]:
            if not more.strip() or more.strip().endswith(":"):
                break
            out.append(more)
        return " ".join(out)
    return ""


#: A one-line docstring saying the function maps its argument to what it returns.
_MAPS = re.compile(
    r"^\s*(?:Map|Maps|Convert|Converts|Translate|Translates|Turn|Turns)\b.*\bto\b", re.IGNORECASE
)


def returns_token_budget(fn: Function) -> bool:
    """``fn``, named as a bound, documents what it returns as a budget of tokens."""
    if not set(words(fn.name)) & _NAME_WORDS:
        return False
    doc = ast.get_docstring(fn)
    if not doc:
        return False
    text = _returns_section(doc) if "return" in doc.lower() else ""
    # a docstring of one line mapping something to a budget (set 171: kcs-agent's
    # ``def _reasoning_effort_to_budget(effort)``, "Map provider-neutral effort to a token budget used by some
    # vendors.", whose ``match`` returns one number a case)
    text = text or (doc.strip() if "\n" not in doc.strip() and _MAPS.search(doc) else "")
    return bool(_TOKEN_BUDGET.search(text)) and not set(words(text)) & CHAR_WORDS
