"""A parameter's default forwarded under its own name to another module's callable whose parameter of
that name the data flow shows is a token budget (``prompt_budget.lint.forwarded``; set 18: gptcache)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

SHORTENER = (
    "class Shortener:\n"
    "    def __init__(self, tokenizer, target_length=512):\n"
    "        self.tokenizer = tokenizer\n"
    "        self.target_length = target_length\n\n"
    "    def keep(self, text):\n"
    "        return len(self.tokenizer.tokenize(text)) <= self.target_length\n"
)


def _lint(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str, object]]:
    return [(f.path, f.line, f.code, f.value) for f in lint_package(tmp_path, files)]


def test_a_factory_forwarding_its_default_to_a_budget_parameter_is_reported(tmp_path: Path) -> None:
    got = _lint(
        tmp_path,
        {
            "__init__.py": (
                "from . import shortener as impl\n\n"
                "def Shortener(tokenizer=None, target_length=512):\n"
                "    return impl.Shortener(tokenizer, target_length)\n"
            ),
            "factory.py": (
                "from .shortener import Shortener\n\n"
                "def make(tokenizer=None, target_length=256):\n"
                "    return Shortener(tokenizer=tokenizer, target_length=target_length)\n"
            ),
            "shortener.py": SHORTENER,
        },
    )
    assert got == [
        ("pkg/__init__.py", 3, "PB102", 512),
        ("pkg/factory.py", 3, "PB102", 256),
        ("pkg/shortener.py", 2, "PB102", 512),
    ]


def test_a_default_forwarded_to_another_position_or_name_is_not(tmp_path: Path) -> None:
    """Not as forwarded: ``target_length=512`` is reported only because the project compares
    ``self.target_length`` with a count of tokens, which makes the name a token length wherever it is
    given (``learned_lengths``, set 34)."""
    found = lint_package(
        tmp_path,
        {
            "__init__.py": (
                "from . import shortener as impl\n\n"
                "def Shortener(target_length=512, tokenizer=None):\n"
                "    return impl.Shortener(target_length, tokenizer)\n\n"
                "def other(tokenizer=None, size=256):\n"
                "    return impl.Shortener(tokenizer, size)\n"
            ),
            "shortener.py": SHORTENER,
        },
    )
    assert [(f.path, f.line, f.value) for f in found] == [
        ("pkg/__init__.py", 3, 512),
        ("pkg/shortener.py", 2, 512),
    ]
    assert "gives `target_length` to a comparison with the token count" in found[0].message
