"""Constants a project names like the ones it uses as budgets, found across its modules (PB102, PB105).

A project names its budgets after one pattern: lcode-cli's ``HELP_CONTEXT = 8192``, ``DESCRIBE_CONTEXT =
16384`` and ``EMBED_CONTEXT = 2048`` are each given to ``num_ctx`` (reported: the rules see the use),
and so is ``DEFAULT_CONTEXT = 32768`` in another module, through a settings object the rules cannot
follow; its ``READING_NOTE_TOKENS = 4000`` is reported and its ``PROMPT_TOKENS = 1500`` is not (set 110).
Each module is judged alone, so every constant of a module or a class (``NAME = 32768``, ``name: float =
0.6``, ``name: float = Field(default=0.6)``) whose name ends with a budget's word (``tokens``,
``context``, ``window``, ``reserve``, ``ratio``, ``threshold``, ``trigger``...) and holds no word of another
unit is recorded as a fact (``constant_facts``); after the run, one the rules did not report is reported
when a constant of the same project ending with the same word, and of the same kind, was
(``constant_echoes``): an amount of at least 256 within a factor of 8 of the reported ones (PB102), or a
share between 0 and 1 (PB105); an amount of 16 to 255 of tokens only as the twin of a reported name of its own
module, one word apart (``_PROJECTED_OUTPUT_TOKENS = 200`` beside ``_MAX_OUTPUT_TOKENS = 256``). In another module than the reported one, two constants of different names
so reported make the pattern, and the name must itself speak of a model's context (``DEFAULT_CONTEXT``,
``CONTEXT_BUDGET_WARNING_RATIO``), as it must in its own module when the module leaves three times as many such
names unreported as it reports (and three at least): one may share a last word by chance (crewai's memory thresholds, 0.7 to 0.98, are
no share of a window because its ``TOOL_RESULT_CONTEXT_WINDOW_THRESHOLD`` is; lightrag's docx heading ratios
none of a chunk's because its chunker's ``_IDEAL_RATIO`` is; vetch's seven ``*_FRACTION_TRIGGER`` shares of
calls none of a window because its ``CONTEXT_SNOWBALL_INCREASE_TRIGGER`` is taken for one). A score's, a distance's or a
length's or a machine's resource's cut-off is never recorded (``SEMANTIC_SIMILARITY_THRESHOLD``,
``SHORT_OUTPUT_LEN_THRESHOLD``, ``MEMORY_THRESHOLD``), nor a constant of a test module (a test's numbers are its
scenario); a finding the user silenced (``noqa``) is no evidence.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.names import CHAR_WORDS, EXCLUDED_WORDS, SCORE_WORDS, UNIT_WORDS, config_key, words
from prompt_budget.lint.param_echoes import param_echoes, param_facts
from prompt_budget.lint.projects import fact_project
from prompt_budget.lint.stated_rates import comment_above

if TYPE_CHECKING:
    from pathlib import Path

    from prompt_budget.lint.findings import Fact, Finding
    from prompt_budget.lint.rule import LintRule

#: The facts' tags: the code a constant of each kind is reported under (``"\x00pb102 "`` also says which
#: rule's ``noqa`` the fact obeys).
_AMOUNT, _RATIO = "\x00pb102 constant ", "\x00pb105 constant "
#: The rules whose findings are echoed: without one of them in the run no fact is recorded.
ECHOED_CODES = frozenset({"PB102", "PB105"})
#: The last words of a budget's name.
_LAST_WORDS = frozenset(
    {
        *("tokens", "context", "ctx", "window", "budget", "reserve", "margin", "headroom", "overhead"),
        *("ratio", "fraction", "share", "threshold", "trigger", "target", "pct"),
    }
)
#: Words of a name that is no budget's whatever its last word: a score's or a distance's cut-off
#: (``SEMANTIC_SIMILARITY_THRESHOLD``, ``deduplication_distance_threshold``), a length or a size in no
#: unit the name says (``SHORT_OUTPUT_LEN_THRESHOLD``).
_OTHER_WORDS = (
    UNIT_WORDS
    | EXCLUDED_WORDS
    | SCORE_WORDS
    | {"distance", "dedup", "deduplication", "len", "length", "size"}
    | {"memory", "cpu", "gpu", "disk", "ram", "vram"}  # a machine's resources (``MEMORY_THRESHOLD = 0.9``)
    | {"semantic"}  # a similarity's cut-off (``semantic_loop_warn_threshold``, set 273: chowki)
    | {"word", "line", "char"}  # one unit's count (``long_section_word_threshold``, set 324: skillseal)
    | {"cv", "variation"}  # a spread's bound (``ZOMBIE_OUTPUT_CV_TRIGGER``, set 469: vetch)
)
#: Words that tie a name to a model's context, for a constant named like budgets of other modules.
_BUDGET_WORDS = frozenset(
    {
        *("token", "tokens", "context", "ctx", "window", "budget", "compact", "compaction", "summary"),
        *(
            "summarize",
            "summarization",
            "output",
            "prompt",
            "input",
            "reserve",
            "trim",
            "truncate",
            "truncation",
        ),
    }
)
#: Last words of a name that already say it is a share.
_RATIO_WORDS = frozenset({"ratio", "fraction", "percent", "pct"})
#: The smallest amount echoed, and how far an echo's value may be from the reported ones'; the smallest amount
#: recorded, echoed only as the twin of a reported name of its module (``_twins``).
_LEAST, _SPREAD, _TWIN_LEAST = 256, 8, 16


def _twins(name: str, other: str) -> bool:
    """Two names one word apart (``_DEFAULT_JUDGE_PROJECTED_OUTPUT_TOKENS`` beside the reported
    ``_DEFAULT_JUDGE_PROJECTED_INPUT_TOKENS``, set 561: metis-llm): the same setting of two sides of a call."""
    ws, others = words(name.lower()), words(other.lower())
    return len(ws) == len(others) > 2 and sum(a != b for a, b in zip(ws, others, strict=True)) == 1


def _literal(value: ast.expr | None) -> ast.Constant | None:
    """The number a constant is bound to: a literal, or a pydantic field's default (``Field(default=0.6)``)."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "Field":
        value = next((k.value for k in value.keywords if k.arg == "default"), None)
    if isinstance(value, ast.Constant) and type(value.value) in (int, float):
        return value
    return None


def _bindings(body: Sequence[ast.stmt], lines: Sequence[str]) -> Iterator[tuple[str, ast.expr | None]]:
    """(name, value) of each binding of a name in ``body`` and its classes' bodies, but those whose
    docstring (the string right below) names another unit: ``CONTEXT_BUDGET_WARNING_RATIO = 0.80`` under
    ``\"\"\"Ratio of context_max_chars at which ...\"\"\"`` is a share of characters (set 81: agent47), and
    those whose comment right above says it is a ratio of distinct values (``#: Distinct-prefix ratio above
    which the system prompt is judged unstable`` over ``UNSTABLE_PREFIX_RATIO = 0.8``, set 253's pass: optio)."""
    for i, stmt in enumerate(body):
        if isinstance(stmt, ast.ClassDef):
            yield from _bindings(stmt.body, lines)
            continue
        if _DISTINCT.search(comment_above(lines, stmt)):
            continue
        value: ast.expr | None
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign):
            target, value = stmt.target, stmt.value
        else:
            continue
        if not isinstance(target, ast.Name) or _documented_otherwise(body[i + 1 : i + 2]):
            continue
        yield target.id, value


#: A comment saying a ratio counts distinct values (of prompts, of keys), no share of a window.
_DISTINCT = re.compile(r"\b(?:distinct|unique)\b", re.IGNORECASE)


def _documented_otherwise(following: Sequence[ast.stmt]) -> bool:
    """Whether the statement after a binding is a string naming a unit that is not tokens."""
    doc = following[0] if following else None
    if not (
        isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant) and isinstance(doc.value.value, str)
    ):
        return False
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", doc.value.value)}
    return bool(said & (UNIT_WORDS | CHAR_WORDS | {"bytes"})) and not said & {"token", "tokens"}


def constant_facts(tree: ast.Module, lines: Sequence[str] = ()) -> list[tuple[ast.AST, str, int | float]]:
    """(literal, fact name, value) of each constant of the module and its classes named as a budget, and of each
    parameter default named for tokens (``param_echoes.param_facts``)."""
    found: list[tuple[ast.AST, str, int | float]] = []
    for name, value in _bindings(tree.body, lines):
        literal = _literal(value)
        if literal is None:
            continue
        ws = [w.lower() for w in words(name)]
        if not ws or ws[-1] not in _LAST_WORDS or set(ws) & _OTHER_WORDS:
            continue
        number = literal.value
        if type(number) is int and number >= _TWIN_LEAST:
            found.append((literal, f"{_AMOUNT}{ws[-1]} {name}", number))
        elif type(number) is float and 0 < number < 1:
            found.append((literal, f"{_RATIO}{ws[-1]} {name}", number))
    return found + param_facts(tree)  # parameters restating a budget of the project (``param_echoes``)


def constant_echoes(
    facts: Sequence[Fact], findings: Sequence[Finding], root: Path, rules: Mapping[str, type[LintRule]]
) -> list[Finding]:
    """The constants ``constant_facts`` recorded that no rule reported, named like one of the same
    project and kind that a rule of ``rules`` (the run's, by code) reported, as that rule's findings."""

    # the codes reported on each line, and those counting (a finding the user silenced is no evidence)
    reported: dict[tuple[str, int], set[str]] = defaultdict(set)
    counting: dict[tuple[str, int], set[str]] = defaultdict(set)
    for f in findings:
        reported[(f.path, f.line)].add(f.code)
        if f.suppressed is None:
            counting[(f.path, f.line)].add(f.code)
    groups: dict[tuple[Path, str], list[Fact]] = defaultdict(list)
    for fact in facts:
        if fact.name.startswith((_AMOUNT, _RATIO)) and not is_test_module(fact.path):
            tag, _, _ = fact.name.rpartition(" ")
            groups[(fact_project(fact, root), tag)].append(fact)
    found: list[Finding] = []
    for (_, tag), recorded in groups.items():
        code = tag[1:6].upper()
        group = [f for f in recorded if code != "PB102" or f.value >= _LEAST]
        seen = [f for f in group if code in counting.get((f.path, f.line), ())]
        rule = rules.get(code)
        if not seen or rule is None:
            continue
        for fact in (
            recorded if tag.endswith(" tokens") else ()
        ):  # a small amount only beside its reported twin
            name = fact.name.rpartition(" ")[2]
            if fact.value < _LEAST and (fact.path, fact.line) not in reported:
                twin = next(
                    (f for f in seen if f.path == fact.path and _twins(name, f.name.rpartition(" ")[2])), None
                )
                if twin is not None:
                    found.append(_echo(rule, fact, name, twin, code))
        low, high = min(f.value for f in seen) / _SPREAD, max(f.value for f in seen) * _SPREAD
        # a name's pattern in another module needs two budgets so named (one may share its last word by chance)
        pattern = len({f.name for f in seen}) > 1
        unreported: dict[str, int] = defaultdict(int)
        for fact in group:
            if (fact.path, fact.line) not in reported:
                unreported[fact.path] += 1
        for fact in group:
            if (fact.path, fact.line) in reported or (code == "PB102" and not low <= fact.value <= high):
                continue
            name = fact.name.rpartition(" ")[2]
            said = bool(set(words(name.lower())) & _BUDGET_WORDS)
            # in its own module, the pattern is the module's: not one reported name among three times as many unreported
            # (vetch's ``CONTEXT_SNOWBALL_INCREASE_TRIGGER`` beside seven ``*_FRACTION_TRIGGER`` shares of calls, set 469)
            crowded = unreported[fact.path] >= max(3, 3 * sum(1 for f in seen if f.path == fact.path))
            like = next((f for f in seen if f.path == fact.path and (said or not crowded)), None)
            if like is None and pattern and said:
                like = seen[0]  # another module's: the name itself must speak of a model's context
            if like is None:
                continue
            found.append(_echo(rule, fact, name, like, code))
    return found + param_echoes(facts, [*findings, *found], root, rules)


def _echo(rule: type[LintRule], fact: Fact, name: str, like: Fact, code: str) -> Finding:
    """The finding of the constant ``fact`` (named ``name``) echoing ``like``, a reported one of ``code``."""
    from prompt_budget.lint.cache import module_name

    like_name = like.name.rpartition(" ")[2]
    where = f"named like {like_name} ({like.path}:{like.line}), a budget"
    if code == "PB102":
        message = (
            f"token budget {name} = {fact.value}, {where} the project uses; move it to config so it can "
            "be tuned and tested"
        )
    else:
        message = (
            f"hard-coded budget ratio {name} = {fact.value}, {where} ratio the project uses; move it to "
            "config so the threshold can be tuned per model"
        )
    # a share's key says it is one (``summary_threshold_ratio``), as the rule's own keys do
    ws = words(name.lower())
    keyed = name if code == "PB102" or (ws and ws[-1] in _RATIO_WORDS) else f"{name}_ratio"
    fixable = not fact.path.endswith(".pyi")
    key_parts = (keyed.lower(), module_name(fact.path))
    return rule.finding_at(fact, message, key=config_key(keyed), fixable=fixable, key_parts=key_parts)
