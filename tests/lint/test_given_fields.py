"""A number given as a keyword to a class of the project whose field of that name is a token budget
(``prompt_budget.lint.given_fields``; set 75: mico-agent's ``RoleConfig(context=8192)``, whose field's
default the project reads into a token budget)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, rows

ROLES = (
    "from dataclasses import dataclass\n\n@dataclass\nclass RoleConfig:\n    model: str\n"
    "    context: int = 8192\n    retries: int = 2\n    max_tokens: int = 2048\n\n"
    "def _r(model, **kwargs):\n    return RoleConfig(model=model, **kwargs)\n\n"
    "PROFILES = {'fast': _r('qwen', context=16384, retries=3)}\n"
)
PREFLIGHT = "def check(role_cfg):\n    context_limit = role_cfg.context\n    return context_limit\n"
CLI = "from .roles import RoleConfig\n\nANALYZER = RoleConfig(model='m', context=32768, max_tokens=384)\n"


def _pb101(found: list) -> list[tuple[str, int, str, object]]:
    return [r for r in rows(found) if r[2] == "PB101"]


def test_a_keyword_given_to_a_field_the_project_reads_as_a_budget_is_reported(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"roles.py": ROLES, "preflight.py": PREFLIGHT, "cli.py": CLI})
    assert ("roles.py", 6, "PB102", 8192) in rows(found)
    assert _pb101(found) == [
        ("cli.py", 3, "PB101", 384),
        ("cli.py", 3, "PB101", 32768),
        ("roles.py", 13, "PB101", 16384),
    ]
    given = next(f for f in found if f.code == "PB101" and f.path.endswith("cli.py"))
    assert "given to `RoleConfig`, whose field `context` is a token budget" in given.message
    assert "pkg/roles.py:6" in given.message


def test_a_field_no_read_makes_a_budget_gives_nothing(tmp_path: Path) -> None:
    preflight = "def check(role_cfg):\n    shown = role_cfg.context\n    return shown\n"
    found = lint_package(tmp_path, {"roles.py": ROLES, "preflight.py": preflight, "cli.py": CLI})
    assert _pb101(found) == [("cli.py", 3, "PB101", 384)]


def test_keywords_in_tests_and_classes_declared_twice_are_left(tmp_path: Path) -> None:
    test = "from .roles import RoleConfig\n\ndef test_cli():\n    assert RoleConfig(model='m', context=32768)  # tokens\n"
    files = {
        "roles.py": ROLES.replace("_r('qwen', context=16384, retries=3)", "None"),
        "preflight.py": PREFLIGHT,
    }
    (tmp_path / "one").mkdir()
    assert _pb101(lint_package(tmp_path / "one", {**files, "test_cli.py": test})) == []
    other = "from dataclasses import dataclass\n\n@dataclass\nclass RoleConfig:\n    context: int = 4000\n    max_tokens: int = 90\n"
    (tmp_path / "two").mkdir()
    found = lint_package(tmp_path / "two", {**files, "other.py": other, "cli.py": CLI})
    assert _pb101(found) == [("cli.py", 3, "PB101", 384)]


def test_a_literal_another_rule_reported_is_left_to_it(tmp_path: Path) -> None:
    splitter = (
        "from dataclasses import dataclass\nimport tiktoken\n\n@dataclass\nclass TokenTextSplitter:\n"
        "    chunk_size: int = 500\n\n    def split(self, text):\n"
        "        input_ids = tiktoken.get_encoding('cl100k_base').encode(text)\n"
        "        return [input_ids[i : i + self.chunk_size] for i in range(0, len(input_ids), self.chunk_size)]\n"
    )
    handler = (
        "from .splitters import TokenTextSplitter\n\ndef handle(parameters):\n"
        "    return TokenTextSplitter(chunk_size=parameters.get('chunk_size', 500))\n"
    )
    found = lint_package(tmp_path, {"splitters.py": splitter, "handlers.py": handler})
    assert [r for r in rows(found) if r[0] == "handlers.py"] == [("handlers.py", 4, "PB102", 500)]


GEN = (
    "from dataclasses import dataclass\n\n@dataclass\nclass GeneratorConfig:\n"
    "    hot_budget: int = 1024  # tokens kept at fp16\n    warm_bits: int = 4\n"
)
CLI_OPTIONS = (
    "import argparse\nfrom .gen import GeneratorConfig\n\n"
    "def cmd_generate(args):\n"
    "    return GeneratorConfig(hot_budget=args.hot_budget, warm_bits=args.warm_bits)\n\n"
    "def main():\n"
    "    p = argparse.ArgumentParser()\n"
    "    sub = p.add_subparsers()\n"
    "    gen = sub.add_parser('generate')\n"
    "    gen.add_argument('--hot-budget', type=int, default=1024)\n"
    "    gen.add_argument('--warm-bits', type=int, default=32)\n"
    "    gen.add_argument('--decode-steps', type=int, default=100)\n"
    "    bench = sub.add_parser('bench')\n"
    "    bench.add_argument('--hot-budget', type=int, default=2048)\n"
    "    cmd_generate(p.parse_args())\n"
)


def test_an_option_read_into_a_budget_field_is_that_budget(tmp_path: Path) -> None:
    # set 132: akv-cache's ``--hot-budget`` default, read as ``args.hot_budget`` in another function
    found = lint_package(tmp_path, {"gen.py": GEN, "cli.py": CLI_OPTIONS})
    assert _pb101(found) == [("cli.py", 11, "PB101", 1024), ("cli.py", 15, "PB101", 2048)]
    given = next(f for f in found if f.code == "PB101")
    assert (
        "as the default of option `--hot-budget`, read as `args.hot_budget` and given to `GeneratorConfig` "
        "at line 5, whose field `hot_budget` is a token budget (its default reported at pkg/gen.py:5)"
    ) in given.message


def test_an_option_given_to_a_field_no_budget_or_read_elsewhere_gives_nothing(tmp_path: Path) -> None:
    plain = GEN.replace("  # tokens kept at fp16", "")
    assert _pb101(lint_package(tmp_path, {"gen.py": plain, "cli.py": CLI_OPTIONS})) == []
    (tmp_path / "two").mkdir()
    # the destination is read, but not as the keyword's value (only printed)
    shown = CLI_OPTIONS.replace("hot_budget=args.hot_budget", "hot_budget=8").replace(
        "    return GeneratorConfig", "    print(args.hot_budget)\n    return GeneratorConfig"
    )
    found = lint_package(tmp_path / "two", {"gen.py": GEN, "cli.py": shown})
    assert [r for r in _pb101(found) if r[2] == "PB101" and r[3] in (1024, 2048)] == []
