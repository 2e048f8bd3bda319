"""Syntax of any Python 3.8-3.14 is analysed whatever interpreter runs the lint; pathological nesting
and a damaged cache are per-file problems, never a crashed run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from lint_helpers import lint_snippet

from prompt_budget.lint.cache import LintCache, rules_fingerprint
from prompt_budget.lint.engine import Linter
from prompt_budget.lint.options import LintOptions

# PEP 701 (3.12) f-strings: the same quote nested, a backslash in a field, a comment in a field.
PEP_701 = (
    "def ask(client, d):\n"
    '    note = f"{d["name"]}: {client.create(max_tokens=8000)!r:>{10}} é {"\\n".join(d["a"])}"\n'
    '    more = f"{\n'
    "        client.create(\n"
    "            max_tokens=4096,  # a comment inside a replacement field\n"
    "        )\n"
    '    }"\n'
    "    return note, more\n"
)


def _position(code: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the ``nth`` occurrence of ``needle`` in ``code``, counted by hand."""
    start = -1
    for _ in range(nth + 1):
        start = code.index(needle, start + 1)
    line = code.count("\n", 0, start) + 1
    column = start - (code.rfind("\n", 0, start) + 1) + 1
    return line, column


def test_pep_701_fstrings_are_analysed_with_their_findings() -> None:
    if sys.version_info < (3, 12):  # the point of the test: this interpreter cannot read the file
        with pytest.raises(SyntaxError):
            compile(PEP_701, "x.py", "exec", dont_inherit=True)
    found = {(f.code, f.line, f.column, f.value) for f in lint_snippet(PEP_701)}
    first = _position(PEP_701, "8000")
    second = _position(PEP_701, "4096")
    assert found == {("PB101", *first, 8000), ("PB101", *second, 4096)}


# A replacement field holding a dict whose values are dicts (a JSON example left unescaped in a template, set
# 203: aacf): a dict under PEP 701, "f-string: expressions nested too deeply" for Python 3.10 and 3.11.
DICT_FIELD = (
    "def readme(name, client):\n"
    '    text = f"""{name}\n'
    "{\n"
    '    "servers": {\n'
    '        "aacf": {"command": "python"}\n'
    "    }\n"
    "}\n"
    '"""\n'
    "    return text, client.create(max_tokens=4096)\n"
)


def test_a_field_nesting_dicts_in_a_312_fstring_is_analysed() -> None:
    if sys.version_info < (3, 12):
        with pytest.raises(SyntaxError, match="nested too deeply"):
            compile(DICT_FIELD, "x.py", "exec", dont_inherit=True)
    found = {(f.code, f.line, f.column, f.value) for f in lint_snippet(DICT_FIELD)}
    assert found == {("PB101", *_position(DICT_FIELD, "4096"), 4096)}


NEWER_SYNTAX = """\
type Window = int
type Pair[K] = dict[K, int]

class Agent[T]:
    def trim[U: (str, bytes)](self, messages: U) -> U:
        if count_tokens(messages) > 96000:
            return messages
        return messages

try:
    pass
except* ValueError:
    pass

try:
    pass
except ValueError, TypeError:
    pass

greeting = t"hello {name} {client.create(max_tokens=2048)}"
CONTEXT_WINDOW = 200_000
"""


def test_type_parameters_aliases_except_star_and_tstrings_are_analysed() -> None:
    found = {(f.code, f.line, f.column) for f in lint_snippet(NEWER_SYNTAX)}
    assert found == {
        ("PB103", *_position(NEWER_SYNTAX, "96000")),
        ("PB101", *_position(NEWER_SYNTAX, "2048")),
        ("PB102", *_position(NEWER_SYNTAX, "200_000")),
    }


# A class with type parameters (3.12) sends the file to the fallback; three implicitly concatenated
# strings, two of them f-strings, nest one concatenation inside another.
CONCATENATED = (
    "class Agent[T: int]:\n"
    "    def check(self, total_tokens):\n"
    "        if total_tokens > self.max_context_tokens:\n"
    "            raise ValueError(\n"
    '                f"max_context_tokens ({self.max_context_tokens}) is smaller than "\n'
    '                f"one turn ({total_tokens} tokens). "\n'
    '                "Increase it."\n'
    "            )\n"
    "        return self.client.create(max_tokens=4096)\n"
)


def test_nested_concatenations_of_fstrings_in_newer_syntax_are_analysed() -> None:
    found = {(f.code, f.line, f.column) for f in lint_snippet(CONCATENATED)}
    assert found == {("PB101", *_position(CONCATENATED, "4096"))}


# A label's unit changing at a thousand tokens (no budget) in a file the fallback rewrites for its type
# parameters: the f-strings the running Python reads stay f-strings, so the function still reads as
# display (set 403: crystalia-tower's ``format_tokens``); a PEP 701 f-string beside them is rewritten.
DISPLAY = (
    "def format_tokens(tokens: int | None) -> str:\n"
    "    if tokens is None:\n"
    '        return "-"\n'
    "    if tokens < 1000:\n"
    "        return str(tokens)\n"
    '    return f"{round(tokens / 1000)}k"\n'
    "\n"
    "\n"
    "def first[T](items: list[T], d: dict) -> T:\n"
    '    print(f"{d["name"]}")\n'
    "    return items[0]\n"
)


def test_fstrings_the_running_python_reads_stay_text_in_a_rewritten_file() -> None:
    assert lint_snippet(DISPLAY) == []
    assert lint_snippet(DISPLAY.replace('f"{round(tokens / 1000)}k"', "round(tokens / 1000)")) != []


# PEP 810 (3.15) lazy imports: at a line's start, after ``;``, indented, beside a PEP 701 f-string (which
# ``tokenize`` under 3.11 cannot read), and the same words inside a string, which stay text.
LAZY = (
    "lazy import json\n"
    "lazy from os import path; lazy import sys\n"
    'NOTE = """\nlazy import inside a string\n"""\n'
    "lazy = 3\n"
    "\n"
    "def ask(client):\n"
    "    lazy from math import ceil\n"
    "    return client.create(max_tokens=8000)\n"
)


def test_lazy_imports_of_python_315_are_analysed_with_their_findings() -> None:
    if sys.version_info < (3, 15):  # the point of the test: this interpreter cannot read the file
        with pytest.raises(SyntaxError):
            compile(LAZY, "x.py", "exec", dont_inherit=True)
    found = {(f.code, f.line, f.column, f.value) for f in lint_snippet(LAZY)}
    assert found == {("PB101", *_position(LAZY, "8000"), 8000)}
    newer = LAZY + 'label = f"{NOTE["k"]}"\nCONTEXT_WINDOW = 200_000\n'
    found = {(f.code, f.line, f.column) for f in lint_snippet(newer)}
    assert found == {("PB101", *_position(newer, "8000")), ("PB102", *_position(newer, "200_000"))}


def test_code_no_python_accepts_is_still_a_parse_error() -> None:
    [finding] = lint_snippet("def broken(:\n    MAX_TOKENS = 4096\n")
    assert finding.code == "PB000"
    assert finding.message.startswith("cannot parse:")
    # 3.12 syntax around a real error: still an error, at the real place
    [finding] = lint_snippet('x = f"{d["k"]}"\nmax_tokens = = 1\n')
    assert (finding.code, finding.line) == ("PB000", 2)


def test_a_tokenizer_error_is_reported_where_it_is_not_at_the_first_line() -> None:
    # libcst's tokenizer reports every error at 1:1 (set 66: mindroot's escaped quotes in code)
    code = 'import os\n\n\ndef make(prefix: str = \\"admin\\", max_tokens: int = 4096) -> str:\n    return prefix\n'
    [finding] = lint_snippet(code)
    assert (finding.code, finding.line) == ("PB000", 4)
    assert finding.column == code.splitlines()[3].index('"admin') + 1  # the character after the backslash
    assert "line continuation" in finding.message


def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")


def test_deep_nesting_is_a_per_file_error_and_the_rest_is_linted(tmp_path: Path) -> None:
    _tree(
        tmp_path,
        {
            # ~150 levels: analysed like any file
            "calls.py": "max_tokens = " + "f(" * 150 + "x" + ")" * 150 + "\nCONTEXT_WINDOW = 8192\n",
            # a sum of thousands of terms: ast builds it thousands of levels deep
            "sum.py": "max_tokens = " + " + ".join(["num_tokens"] * 1900) + "\nMAX_TOKENS = 1024\n",
            # deeper than any Python parses: a per-file error
            "parens.py": "max_tokens = " + "(" * 300 + "1" + ")" * 300 + "\n",
            "attrs.py": "context_window = x" + ".a" * 20000 + "\n",
            "ok.py": "client.create(max_tokens=8000)\n",
        },
    )
    report = Linter(LintOptions(root=tmp_path), jobs=1).lint_paths([tmp_path])
    got = {(f.path, f.code) for f in report.findings}
    assert got == {
        ("calls.py", "PB102"),
        ("sum.py", "PB102"),
        ("parens.py", "PB000"),
        ("attrs.py", "PB000"),
        ("ok.py", "PB101"),
    }
    messages = {f.path: f.message for f in report.findings if f.code == "PB000"}
    assert "too many nested parentheses" in messages["parens.py"]
    assert "nested too deeply" in messages["attrs.py"]


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(results=[1, 2]),
        lambda d: d.update(stats="x"),
        lambda d: [v.update(findings="oops") for v in d["results"].values()],
        lambda d: [v.update(findings=[{"line": "1"}]) for v in d["results"].values()],
        lambda d: [f.update(line="7") for v in d["results"].values() for f in v["findings"]],
        lambda d: [f.update(value=[1]) for v in d["results"].values() for f in v["findings"]],
        lambda d: [v.update(facts=[{"name": 3}]) for v in d["results"].values()],
        lambda d: [v.update(parsed="yes") for v in d["results"].values()],
        lambda d: [s.__setitem__(2, 5) for s in d["stats"].values()],
        lambda d: [s.pop() for s in d["stats"].values()],
    ],
)
def test_a_damaged_cache_entry_is_dropped_and_recomputed(tmp_path: Path, damage: object) -> None:
    _tree(tmp_path, {"a.py": "MAX_TOKENS = 4096\n"})
    opts = LintOptions(root=tmp_path)
    cache_dir = tmp_path / "cache"

    def lint() -> list[tuple[str, int, object]]:
        linter = Linter(opts, jobs=1)
        linter.cache = LintCache(cache_dir, rules_fingerprint(list(linter.rules), opts.fingerprint()))
        return [(f.code, f.line, f.value) for f in linter.lint_paths([tmp_path]).findings]

    assert lint() == [("PB102", 1, 4096)]
    file = cache_dir / "lint-v1.json"
    data = json.loads(file.read_text(encoding="utf-8"))
    damage(data)  # type: ignore[operator]
    file.write_text(json.dumps(data), encoding="utf-8")
    assert lint() == [("PB102", 1, 4096)]
    # and the cache is whole again afterwards
    assert lint() == [("PB102", 1, 4096)]


def test_a_constant_is_judged_by_its_uses_in_modules_importing_it(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    _tree(
        pkg,
        {
            "__init__.py": "",
            "constants.py": "_DEFAULT_COMPACT_THRESHOLD = 240_000\nRETRY_LIMIT = 3000\nPAGE = 4096  # noqa\n",
            "agent.py": (
                "from .constants import _DEFAULT_COMPACT_THRESHOLD, RETRY_LIMIT, PAGE\n\n"
                "def due(used_tokens, attempts):\n"
                "    if attempts > RETRY_LIMIT:\n"
                "        return False\n"
                "    return used_tokens > _DEFAULT_COMPACT_THRESHOLD or used_tokens > PAGE\n"
            ),
        },
    )
    report = Linter(LintOptions(root=tmp_path), jobs=1).lint_paths([tmp_path])
    got = [(f.path, f.line, f.code, f.value, f.suppressed is not None) for f in report.findings]
    assert got == [
        ("pkg/constants.py", 1, "PB102", 240000, False),
        ("pkg/constants.py", 3, "PB102", 4096, True),
    ]
    assert (
        "compared with the token count `used_tokens` at line 6 of pkg/agent.py" in report.findings[0].message
    )


def test_an_evaluated_expression_is_reported_but_never_half_fixed(tmp_path: Path) -> None:
    from lint_helpers import fix_snippet

    code = "warn_number_of_tokens = 20 * 1024\nCONTEXT_WINDOW = int(1e5)\n"
    findings = lint_snippet(code)
    assert sorted((f.value, f.fixable) for f in findings) == [(20480, False), (100000, False)]
    assert all("move it to config by hand" in f.message for f in findings)
    fixed, _ = fix_snippet(code, tmp_path)
    assert fixed == code  # not ``20 * prompt_budget.value(...)``


def test_a_template_named_py_is_a_parse_error_saying_it_looks_like_a_template() -> None:
    # set 607: beaker-notebook ships Jinja templates of Python under ``.py`` names
    template = (
        "{# target_type: builtins.str #}\ndef reflect(value):\n    max_tokens = 400\n    return {{ value }}\n"
    )
    [finding] = lint_snippet(template)
    assert (finding.code, finding.line) == ("PB000", 2)
    assert finding.message.endswith("(the file holds template markup: {# #}, {% %} or {{ }} lines)")
    assert "exclude" in finding.suggestion
    [plain] = lint_snippet("def broken(:\n    MAX_TOKENS = 4096\n")
    assert "template" not in plain.message + plain.suggestion


def test_markup_inside_a_string_does_not_make_a_python_file_a_template() -> None:
    # the session's review: a prompt's JSON example in an f-string, then a real syntax error
    code = (
        '"""Ask the model for JSON (max 512 tokens)."""\n\n\ndef build(question):\n    return f"""Answer as JSON:\n'
        '{{\n  "answer": "{question}"\n}}\n"""\n\n\ndef broken(x)\n    return x\n'
    )
    [finding] = lint_snippet(code)
    assert (finding.code, finding.line) == ("PB000", 13)
    assert "template" not in finding.message + finding.suggestion
