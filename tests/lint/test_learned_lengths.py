"""Literals given under a length name the project hands to a tokenizer's truncation length, written in
other modules (``prompt_budget.lint.learned_lengths``; set 33: ColBERT's ``doc_maxlen``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

TOKENIZATION = (
    "class DocTokenizer:\n"
    "    def __init__(self, config):\n"
    "        self.doc_maxlen = config.doc_maxlen\n\n"
    "    def tensorize(self, texts):\n"
    "        return self.tok(texts, truncation='longest_first', max_length=(self.doc_maxlen - 1))\n\n"
    "class QueryTokenizer:\n"
    "    def tensorize(self, texts, full=False):\n"
    "        max_length = self.query_maxlen\n"
    "        return self.tok(texts, truncation=True, max_length=(max_length - 1))\n"
)
PARSER = (
    "def add(parser):\n    parser.add_argument('--doc_maxlen', dest='doc_maxlen', default=180, type=int)\n"
)
SETTINGS = (
    "from dataclasses import dataclass\n\n@dataclass\nclass Settings:\n"
    "    doc_maxlen: int = DefaultVal(220)\n    query_maxlen: int = DefaultVal(32)\n"
)
DEMO = (
    "def check(config):\n    assert config.query_maxlen == 64, config\n\n"
    "if __name__ == '__main__':\n    m = Model(config=Config(doc_maxlen=300, similarity='l2'))\n"
)


def _lint(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str, object]]:
    return sorted((Path(f.path).name, f.line, f.code, f.value) for f in lint_package(tmp_path, files))


def test_literals_under_a_name_the_project_cuts_tokens_to_are_reported(tmp_path: Path) -> None:
    files = {"tokenization.py": TOKENIZATION, "parser.py": PARSER, "settings.py": SETTINGS, "demo.py": DEMO}
    found = lint_package(tmp_path, files)
    assert sorted((Path(f.path).name, f.line, f.code, f.value) for f in found) == [
        ("demo.py", 2, "PB102", 64),
        ("demo.py", 5, "PB102", 300),
        ("parser.py", 2, "PB102", 180),
        ("settings.py", 5, "PB102", 220),
        ("settings.py", 6, "PB102", 32),
    ]
    option = next(f for f in found if f.value == 180)
    assert "as a command-line option's default" in option.message
    assert "gives `doc_maxlen` to a tokenizer's `max_length=` at pkg/tokenization.py:6" in option.message
    assert option.fixable


def test_a_name_also_given_to_another_length_is_not_reported(tmp_path: Path) -> None:
    other = "def recent(config):\n    return deque(maxlen=config.doc_maxlen)\n"
    files = {"tokenization.py": TOKENIZATION, "parser.py": PARSER, "settings.py": SETTINGS, "other.py": other}
    assert [g for g in _lint(tmp_path, files) if g[3] in {180, 220}] == []


def test_a_name_the_project_never_gives_a_tokenizer_is_not_reported(tmp_path: Path) -> None:
    assert _lint(tmp_path, {"parser.py": PARSER, "settings.py": SETTINGS, "demo.py": DEMO}) == []


def test_a_comparison_in_a_test_module_is_a_scenario(tmp_path: Path) -> None:
    checks = "def test_config(config):\n    assert config.doc_maxlen == 300\n"
    assert _lint(tmp_path, {"tokenization.py": TOKENIZATION, "test_config.py": checks}) == []
