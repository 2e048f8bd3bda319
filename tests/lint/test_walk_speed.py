"""The engine's speed work keeps findings identical: the pruned walk (statements no rule acts on are
left out), the pre-check's word test in front of each pattern, the collector paused during a run."""

from __future__ import annotations

import ast
import gc
import re
from pathlib import Path

import pytest
from lint_helpers import lint_snippet

from prompt_budget.lint import prune
from prompt_budget.lint.api import run_lint
from prompt_budget.lint.engine import all_rules, precheck
from prompt_budget.lint.options import LintOptions
from prompt_budget.lint.rule import LintRule
from prompt_budget.lint.text_starts import match_starts


def _found(code: str, **kwargs: object) -> list[tuple[int, int, str, str]]:
    return [(f.line, f.column, f.code, f.message) for f in lint_snippet(code, **kwargs)]  # type: ignore[arg-type]


# A ratio bound to a generic name, bound again (without a number or a budget word) in a method the walk
# would otherwise leave out, and multiplied by a context window further down: the second binding makes
# the value unknown, so nothing is reported. Walking only lines with numbers and budget words would miss
# the re-binding and report it.
REBOUND = """\
class Compactor(BaseModel):
    fill: float = Field(default=0.9)

    def reset(self, loader):
        fill = loader()
        return fill

    def due(self, used, context_window):
        return used > self.fill * context_window
"""

DECORATED = """\
@with_limits(max_tokens=4096)
def answer(question):
    return ask(question)
"""

CASES = [
    REBOUND,
    REBOUND.replace("        fill = loader()\n        return fill\n", "        return loader()\n"),
    DECORATED,
    # CR and CRLF line ends, non-ASCII text: lines counted as ast counts them
    "x = 1\r\ndef f(used_tokens):\r\n    if used_tokens > 96000:\r\n        return 1\r\n",
    "x = 1\rLIMIT = 8000\rdef f(n_tokens):\r    return min(n_tokens, LIMIT)\r",
    "# café\nMAX_TOKENS = 4096  # jetons\ndef f(ß):\n    return ß\nSUMMARY = 'é'\n",
    # a name bound to a number, read far below in a statement without numbers or budget words
    "padding = 4096\n\ndef a(x):\n    return x\n\ndef b(self):\n    return self.max_context_window - padding\n",
    # a lone 1 given as a value is a rate of one character per token (set 43: gdm-concordia); a lone 0 or 1
    # anywhere else keeps no line (``x[0]``, ``n - 1``)
    "from prompt_tools import trim\n\n"
    "def retry(p, max_tokens):\n    p = trim(\n        p,\n        max_tokens,\n        guess_chars_per_token=1,\n    )\n"
    "    return p[0]\n",
]


@pytest.mark.parametrize("code", CASES)
def test_pruned_walk_finds_what_the_full_walk_finds(code: str) -> None:
    pruned = _found(code)
    prune.ENABLED = False
    try:
        full = _found(code)
    finally:
        prune.ENABLED = True
    assert pruned == full


def test_the_walk_leaves_out_statements_no_rule_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in rules' walk does prune: every rule's needs are found (a rule that keeps the names it
    follows somewhere the pruner does not look turns pruning off for every file, silently)."""
    skipped: list[str] = []
    original = prune.Pruner.skip

    def recording(self: prune.Pruner, node: ast.stmt) -> bool:
        out = original(self, node)
        if out:
            skipped.append(f"{type(node).__name__}:{node.lineno}")
        return out

    monkeypatch.setattr(prune.Pruner, "skip", recording)
    code = (
        "MAX_TOKENS = 4096\n\ndef greet(name):\n    message = 'hello ' + name\n    return message\n\n"
        "def ask(client, question):\n    return client.create(max_tokens=1024, prompt=question)\n"
    )
    assert [f[2] for f in sorted(_found(code))] == ["PB102", "PB101"]
    assert skipped == ["FunctionDef:3"]  # greet: no number, no word or name a rule follows


def test_a_rebinding_without_numbers_still_counts() -> None:
    assert not [f for f in _found(REBOUND) if f[2] == "PB105"]
    once = REBOUND.replace("        fill = loader()\n        return fill\n", "        return loader()\n")
    assert [f[:3] for f in _found(once) if f[2] == "PB105"] == [(2, 33, "PB105")]


def test_a_decorator_keeps_its_function() -> None:
    assert [f[:3] for f in _found(DECORATED)] == [(1, 25, "PB101")]


class EveryPass(LintRule):
    """A rule the pruning knows nothing about: it must see every statement."""

    CODE = "PB999"
    NAME = "every-pass"
    PRECHECK = (re.compile("token"),)

    def visit_Pass(self, node: ast.Pass) -> None:
        self.report(node, "pass")


def test_a_rule_the_pruning_does_not_know_sees_every_statement() -> None:
    code = "def tokens():\n    pass\n\nclass A:\n    pass\n"
    rules = [*all_rules(), EveryPass]
    options = LintOptions(root=Path("/nonexistent"), select=("PB",))
    found = [f.line for f in lint_snippet(code, rules, options=options) if f.code == "PB999"]
    assert found == [2, 5]


class Guarded(LintRule):
    CODE = "PB998"
    NAME = "guarded"
    PRECHECK: tuple[re.Pattern[str], ...] = ()


PATTERNS = [
    r"token|ctx|context_?(?:window|size)|budget",
    r"ab?c|x{2}y|q*r",
    r"[]|x]abc|def",
    r"foo\|bar|baz",
    r"^max|min$",
    r"(?:max|min)_tokens",
    r"[/*]\s*\(?\s*\d|_per_",
    r"(?i)TOKEN|limit",
    r"enc.ding|get_encoding",
    # split into the alternatives that start with a word and the others (searched on their own)
    r"""["'](?:gpt|o[134])[^"'\n]*["']\s*:\s*\d|token|budget""",
    r"[0-9]+x|ratio|(?:per)_tok",
    # not split: a backreference, a named group
    r"(a)\1|word",
    r"(?P<q>[\"'])x(?P=q)|word",
    # a scoped flag applies to its group alone: split; a look-ahead: not split
    r"(?i:model)\w*\s*=\s*\{|token|budget",
    r"(?s:a.b)|word",
    r"(?=x)y|token",
    # alternatives that are plain words (with a hyphen or a space) are looked for with ``in``
    r"token-count|cut off|x+",
    r"model\w*=\{|toks?|token",
    # an escaped punctuation mark is part of a guard word; an optional one is not
    r"api\.(?:x|y)\.|open\.bm|word",
    r"\.\d|x\.?y|\\n",
    # every alternative starts with a word, some are more than it: tried only where their word is,
    # at each place it is (the first ``max_`` of a text may not be the one that matches)
    r"max_(?:completion|prompt)_len|chunk_(?:size|len)|ctx|embedding[(,][^()]*max_len",
    r"max_\d+k|max_tok|seq",
]
TEXTS = [
    "",
    "ac",
    "xxy r",
    "r",
    "contextsize",
    "context_window",
    "]abc",
    "|x]abc",
    "foo|bar",
    "foobar",
    "max ok",
    "the min",
    "min_tokens",
    "n / 4",
    "token",
    "encoding",
    "enc0ding",
    "def",
    '"gpt-4": 8',
    "'o3-mini':9",
    '"gpt-4": x',
    "5x",
    "ratio",
    "per_tok",
    "aa",
    '"x"',
    "word",
    "model_x = {",
    "MODEL = {",
    "a\nb",
    "token-count",
    "cut off",
    "cutoff",
    "tok",
    "xy",
    # a pattern's own text is no match of it: only plain words are looked for with ``in``
    "ab?c",
    "x{2}y",
    "api.x.",
    "apix.",
    "open.bm",
    "openbm",
    ".5",
    "x.y",
    "\\n",
    "max_x = 1; max_prompt_len = 2",
    "max_completion_length",
    "chunk_sizes",
    "chunk_",
    "embedding(max_len",
    "embedding(f(x), max_len",
    "embedding,a max_len",
    "max_max_32k",
    "max_32",
    "max_tok",
    "ma x_tok",
]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_precheck_word_test_agrees_with_the_pattern(pattern: str) -> None:
    compiled = re.compile(pattern)
    rule = type("Rule", (Guarded,), {"PRECHECK": (compiled,)})
    for text in TEXTS:
        assert precheck(text, [rule]) == bool(compiled.search(text.lower())), (pattern, text)


#: Patterns whose matches start with a word or a class of a few characters, and others (read whole).
START_PATTERNS = [
    *PATTERNS,
    r"[<>]=?\s*[\w.]*len(?:gth)?\b",
    r"[\"']x|max_",
    r"[\\\]]x",
    r"aa",
    r"a\s*\n\s*b",
    r"(?<=a)b|tok",
]
START_TEXTS = [
    *TEXTS,
    "if n >= self.max_len and m < len(x):",
    "a <\n  length",
    "aaaa",
    "a \n b, a\nb",
    "ab tok \"x ']x \\x",
]


@pytest.mark.parametrize("pattern", START_PATTERNS)
def test_match_starts_are_where_finditer_finds(pattern: str) -> None:
    compiled = re.compile(pattern)
    for text in START_TEXTS:
        expected = [m.start() for m in compiled.finditer(text)]
        assert match_starts(text, compiled) == expected, (pattern, text)


def test_the_collector_is_back_on_after_a_run(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("MAX_TOKENS = 4096\n", encoding="utf-8")
    assert gc.isenabled()
    report = run_lint([tmp_path], LintOptions(root=tmp_path), jobs=1)
    assert [f.code for f in report.findings] == ["PB102"]
    assert gc.isenabled()
