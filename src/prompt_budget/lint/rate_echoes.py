"""A project's own characters-per-token rate written again where nothing around says tokens (PB104).

A project that estimates tokens as ``len(text) // 3`` in a function named for tokens writes the same
estimate elsewhere without saying so: ``self.ctx_used = len(self.messages[0]["content"]) // 3``,
``fresh = max(0, conversation_chars(m) - self.sent_chars) // 3`` (set 110: lcode-cli, twelve of them
beside the two its token context showed). Each module is judged alone, so the rule records, as a fact,
every rate it reports (``note_rate``) and every length of a text divided by a rate of 2.5 to 6 that it
could not tell from a share (``note_echo``); the project-wide pass reports the second where the same
project reported the same rate (``project_echoes``).

What counts as a text's length: ``len()`` (or a sum of them) of something that is text by its making
(``json.dumps(m)``, ``str(x)``, ``"".join(parts)``), by a key (``m["content"]``) or by its name
(``prompt``, ``content``, ``request``); a name or a helper counting characters (``total_chars``,
``conversation_chars(m)``), not a cap of them (``max_chars // 4`` is a share of the cap); a difference
or a ``max(0, ...)`` of such lengths. A length of a list (``len(results) // 3``), a quotient that cuts
the text (``text[: len(text) // 4]``), is only shown (an f-string, a log line) or is bound to a name of
another unit (``n_lines``, ``chunk_size``, ``third``) is no estimate (set 19's corpus: google-adk's
``head_budget = max_chars // 4``, lazyllm's ``third = max_chars // 3``).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.char_allowances import TEXT_WORDS
from prompt_budget.lint.flow import is_test_module, tagged
from prompt_budget.lint.names import LOG_CALLS, UNIT_WORDS, words
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.rule import LintRule, attr_name, callee_name, string_value

if TYPE_CHECKING:
    from pathlib import Path

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.options import LintOptions

#: A rate the rule reported (the fact's value: characters per token).
RATE_FACT = "\x00pb104 rate "
#: A text's length divided by a rate, with no token context in its module.
ECHO_FACT = "\x00pb104 echo "
#: The characters-per-token rates an estimate may use without a word of tokens around.
LOWEST, HIGHEST = 2.5, 6

#: Words of a name or a key holding text: a text's (``char_allowances``) and a reply's, a rendering's, a document's.
_TEXT_WORDS = TEXT_WORDS | {
    *("str", "doc", "request", "response", "reply", "answer", "output", "result", "diff", "code", "markdown"),
    *("html", "json", "payload", "transcript", "summary", "instructions", "description", "snippet"),
    *("chars", "characters", "char"),
}
#: Calls whose result is a text.
_TEXT_CALLS = frozenset(
    {"dumps", "str", "repr", "join", "format", "strip", "getvalue", "read_text", "render"}
)
#: Calls whose value is that of the lengths they take (``max(0, chars - sent)``, ``int(n)``).
_PASSING = frozenset({"max", "min", "abs", "int", "float", "round"})
#: Words of a name the quotient is bound to that say it is not tokens.
_OTHER_UNITS = UNIT_WORDS | {
    *("size", "step", "width", "indent", "offset", "index", "pos", "half", "mid", "third", "quarter"),
    *("overlap", "cut", "split", "part", "parts", "chunk", "chunks", "segment", "segments"),
}
#: Words of a cap: a cap of characters divided is a share of it (``head_budget = max_chars // 4``).
_CAP_WORDS = frozenset({"max", "maximum", "limit", "cap", "budget", "allowance", "ceiling"})
#: Calls that only show what they are given (a log line, a printed table, an echo to a terminal).
_SHOWING = LOG_CALLS | {"echo", "write"}


def _textual(node: ast.expr) -> bool:
    """Whether ``node`` is a text (or a text's pieces) by how it is made, keyed or named."""
    if isinstance(node, ast.Call):
        name = callee_name(node) or ""
        return name in _TEXT_CALLS or bool(set(words(name)) & _TEXT_WORDS)
    if isinstance(node, ast.Subscript):
        key = string_value(node.slice)
        return (key is not None and bool(set(words(key)) & _TEXT_WORDS)) or _textual(node.value)
    if isinstance(node, ast.JoinedStr):
        return True
    return bool(set(words(attr_name(node) or "")) & _TEXT_WORDS)


def text_length(node: ast.expr) -> bool:
    """Whether ``node`` counts a text's characters (the module docstring's forms)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        return text_length(node.left) or text_length(node.right)
    if isinstance(node, ast.Call):
        name = callee_name(node) or ""
        if name == "len":
            return len(node.args) == 1 and _textual(node.args[0])
        if (
            name == "sum"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.GeneratorExp | ast.ListComp)
        ):
            return text_length(node.args[0].elt)
        if name in _PASSING:
            return any(text_length(a) for a in node.args)
        return bool(set(words(name)) & {"chars", "characters"})
    ws = set(words(attr_name(node) or ""))
    return bool(ws & {"chars", "characters", "char"}) and not ws & _CAP_WORDS


def _cuts_or_counts_other(ancestors: Sequence[ast.AST], node: ast.expr) -> bool:
    """The quotient cuts a text (inside a slice or a subscript's index), is only shown (in an f-string, a
    log line, a print), is ordered against a place in a text or is bound to a name of another unit (``n_lines =
    len(text) // 4``)."""
    for anc in reversed(ancestors):
        if isinstance(anc, ast.Slice | ast.Subscript | ast.JoinedStr) and anc is not node:
            return True
        if isinstance(anc, ast.Call) and callee_name(anc) in (*_SHOWING, "range"):
            return True  # shown, or a count of steps (``range(len(text) // 4)``)
        if isinstance(anc, ast.For | ast.AsyncFor):
            return True  # the loop's iterable: a count of steps, not an estimate
        if isinstance(anc, ast.Compare) and any(_position(side) for side in (anc.left, *anc.comparators)):
            return True  # ``match.end() < len(content) // 3``: a place in the text (set 221: mcp-multi-note)
        if isinstance(anc, ast.stmt):
            targets = anc.targets if isinstance(anc, ast.Assign) else [getattr(anc, "target", None)]
            names = [attr_name(t) or "" for t in targets if isinstance(t, ast.expr)]
            return any(set(words(n)) & _OTHER_UNITS for n in names)
    return False


#: Methods giving a place in a text (a match's ``end()``, ``str.find``).
_POSITIONS = frozenset({"end", "start", "find", "rfind", "index", "rindex", "tell"})


def _position(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _POSITIONS
    )


def note_rate(rule: LintRule, node: ast.AST, rate: float) -> None:
    """Record a characters-per-token rate the rule reported."""
    rule.fact(node, RATE_FACT, rate)


def note_echo(rule: LintRule, node: ast.BinOp, literal: ast.expr, rate: float) -> None:
    """Record ``node`` (a division by the literal ``rate``, not reported) when it divides a text's length
    and neither cuts a text nor is bound to another unit: the project-wide pass decides. Only a rate written
    in the division: one kept in a constant or a parameter's default (``PARTS = 4`` ... ``len(p) // PARTS``)
    is a name the rule judges where it is written. Never in a test module (a test's numbers are its scenario)."""
    if (
        literal is node.right
        and not is_test_module(rule.ctx.path)
        and LOWEST <= rate <= HIGHEST
        and text_length(node.left)
        and not _cuts_or_counts_other(rule.ctx.ancestors, node)
    ):
        rule.fact(literal, ECHO_FACT, rate)


def _echoes(cls: type[LintRule], facts: Sequence[Fact], options: LintOptions) -> list[Finding]:
    """The estimates ``note_echo`` recorded whose rate the same project reported elsewhere."""
    from prompt_budget.lint.cache import module_name

    rates: dict[tuple[Path, float], Fact] = {}
    for fact, _ in tagged(facts, RATE_FACT, 1):
        if fact.suppressed is None:  # a rate the user silenced is no evidence for its copies
            rates.setdefault((fact_project(fact, options.root), fact.value), fact)
    if not rates:
        return []
    found = []
    for fact, _ in tagged(facts, ECHO_FACT, 1):
        seen = rates.get((fact_project(fact, options.root), fact.value))
        if seen is None:
            continue
        message = (
            f"hard-coded ratio of {fact.value} characters per token in a token estimate, the rate the project "
            f"estimates tokens with at {seen.path}:{seen.line}; the ratio differs by model and language, so "
            "keep one calibrated value in config (or count with a real tokenizer)"
        )
        found.append(
            cls.finding_at(
                fact,
                message,
                fixable=not fact.path.endswith(".pyi"),
                key_parts=("chars_per_token", module_name(fact.path)),
                key="chars_per_token",
            )
        )
    return found


#: ``LintRule.check_project`` for PB104: the estimates ``note_echo`` recorded, at the project's own rate.
project_echoes = classmethod(_echoes)
