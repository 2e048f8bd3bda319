"""A number given by position to a function another module of the project defines, whose parameter
there is named as a token budget (``prompt_budget.lint.imported_positional``; set 53: wcgw)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

MEMORY = (
    "def load_memory(task_id, coding_max_tokens, noncoding_max_tokens):\n"
    "    return read(task_id)[:coding_max_tokens]\n\n"
    "class Pager:\n"
    "    def __init__(self, rows, page_size, max_tokens):\n"
    "        self.rows = rows\n\n"
    "def bench(bsz, max_tokens):\n"
    "    return torch.empty((bsz, max_tokens, 64))\n"
)


def _lint(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str, object]]:
    return [(f.path, f.line, f.code, f.value) for f in lint_package(tmp_path, files) if f.code == "PB101"]


def test_a_number_given_to_another_modules_budget_parameter_is_reported(tmp_path: Path) -> None:
    got = _lint(
        tmp_path,
        {
            "memory.py": MEMORY,
            "client.py": (
                "import asyncio  # a file the lint reads: it names max_tokens\nimport functools\n"
                "from .memory import Pager\nfrom pkg.memory import load_memory\n\n"
                "async def run(task_id, rows):\n"
                "    a = load_memory(task_id, 24000, 8000)\n"
                "    b = await asyncio.to_thread(load_memory, task_id, 12000, None)\n"
                "    c = functools.partial(load_memory, task_id, 6000)\n"
                "    return a, b, c, Pager(rows, 50, 4000)\n"
            ),
        },
    )
    assert got == [
        ("pkg/client.py", 7, "PB101", 24000),
        ("pkg/client.py", 7, "PB101", 8000),
        ("pkg/client.py", 8, "PB101", 12000),
        ("pkg/client.py", 9, "PB101", 6000),
        ("pkg/client.py", 10, "PB101", 4000),
    ]


def test_numbers_another_module_takes_as_no_budget_are_not(tmp_path: Path) -> None:
    """A page's size, a tensor's dimension, a position after ``*rest``, a name the module defines
    itself, a function of another package's module of the same name (``other.memory``): nothing is
    reported."""
    got = _lint(
        tmp_path,
        {
            "memory.py": MEMORY,
            "client.py": (
                "from pkg.memory import Pager, bench, load_memory  # max_tokens\n"
                "from other.memory import load_memory as load_other\n\n"
                "def run(task_id, rows, rest):\n"
                "    a = Pager(rows, 50, None)\n"
                "    b = bench(32, 4096)\n"
                "    c = load_memory(*rest, 8000)\n"
                "    return a, b, c, load_other(task_id, 8000)\n"
            ),
            "local.py": (
                "from pkg.memory import load_memory  # max_tokens\n\n"
                "def load_memory(task_id, size, count):\n    return task_id\n\n"
                "x = load_memory(1, 300, 400)\n"
            ),
        },
    )
    assert got == []


DATA = (
    "def encode_passages(batch, tokenizer, max_length):\n"
    "    return [tokenizer.batch_encode_plus(b, max_length=max_length, truncation=True) for b in batch]\n\n"
    "class Collator:\n"
    "    def __init__(self, text_maxlength, tokenizer, title_maxlength):\n"
    "        self.tokenizer = tokenizer\n"
    "        self.text_maxlength = text_maxlength\n"
    "        self.title_maxlength = title_maxlength\n\n"
    "    def __call__(self, batch):\n"
    "        titles = [t[: self.title_maxlength] for t in batch]\n"
    "        return titles, encode_passages(batch, self.tokenizer, self.text_maxlength)\n"
)


def test_a_number_another_modules_class_cuts_a_tokenizers_input_to_is_reported(tmp_path: Path) -> None:
    """``Collator(512, tokenizer, 80)``: the class stores its first parameter and gives it, through a
    function of its module, as the ``max_length`` a tokenizer truncates to (set 53: rankify's FiD); its
    third cuts a string (characters)."""
    got = _lint(
        tmp_path,
        {
            "data.py": DATA,
            "reader.py": (
                "from pkg.data import Collator\n\n"
                "def loader(tokenizer):\n    return Collator(512, tokenizer, 80)\n"
            ),
        },
    )
    assert got == [("pkg/reader.py", 4, "PB101", 512)]


def test_a_number_given_to_a_function_of_an_imported_module_is_reported(tmp_path: Path) -> None:
    """``gen._two_answers(project, q, 300)`` after ``from pkg import generate as gen`` (set 230: m37labs-slm-forge),
    also through ``import pkg.generate as gen`` and ``from . import generate``; a module of another package of
    that name, a number its function takes as no budget and an attribute of a name the module binds itself are
    not."""
    generate = (
        "def _two_answers(project, prompt, max_tokens):\n"
        "    return project.ask(prompt, max_tokens=max_tokens)\n\n\n"
        "def _page(project, prompt, rows):\n"
        "    return project.rows(prompt)[:rows]\n"
    )
    got = _lint(
        tmp_path,
        {
            "generate.py": generate,
            "evaluation.py": (
                "from pkg import generate as gen  # a file the lint reads: it names max_tokens\n"
                "import pkg.generate as gen2\n"
                "from . import generate\n"
                "from other import generate as gen3\n\n\n"
                "def compare(project, q, local):\n"
                "    a = gen._two_answers(project, q, 300)\n"
                "    b = gen2._two_answers(project, q, 350)\n"
                "    c = generate._two_answers(project, q, 400)\n"
                "    d = gen3._two_answers(project, q, 450)\n"
                "    e = gen._page(project, q, 500)\n"
                "    return a, b, c, d, e, local._two_answers(project, q, 550)\n"
            ),
        },
    )
    assert got == [
        ("pkg/evaluation.py", 8, "PB101", 300),
        ("pkg/evaluation.py", 9, "PB101", 350),
        ("pkg/evaluation.py", 10, "PB101", 400),
    ]


def test_a_local_given_to_a_function_of_a_module_imported_whole_is_reported(tmp_path: Path) -> None:
    """``budget = int(args[2]) if len(args) >= 3 else 500`` ... ``pkg.search.get_context(args[1], budget)``
    after ``import pkg.search`` (set 237: simba-ai's command line): the local, bound once to a choice of a
    number, is taken as ``token_budget``; a local bound twice, or given as a parameter taking no budget, is
    not."""
    search = (
        "def get_context(query, token_budget):\n"
        "    return query.cut(tokens=token_budget)\n\n\n"
        "def search_fts(query, limit):\n"
        "    return query.rows()[:limit]\n"
    )
    got = _lint(
        tmp_path,
        {
            "search.py": search,
            "cli.py": (
                "import pkg.search\n\n\n"
                "def main(args):\n"
                "    budget = int(args[2]) if len(args) >= 3 else 500\n"
                "    limit = int(args[2]) if len(args) >= 3 else 10\n"
                "    twice = 600\n"
                "    twice = 700\n"
                "    a = pkg.search.get_context(args[1], budget)\n"
                "    b = pkg.search.search_fts(args[1], limit)\n"
                "    return a, b, pkg.search.get_context(args[1], twice)\n"
            ),
        },
    )
    assert got == [("pkg/cli.py", 5, "PB101", 500)]


PRICING = (
    "from dataclasses import dataclass\nfrom typing import NamedTuple\n\n\n"
    "@dataclass(slots=True)\nclass ModelPricing:\n    context_limit: int\n    output_limit: int\n"
    "    input_cost_per_1k: float\n\n\n"
    "class Quota(NamedTuple):\n    rows: int\n    max_tokens: int\n\n\n"
    "class Plain:\n    context_limit: int\n"
)


def test_a_row_given_by_position_to_another_modules_dataclass_is_reported_at_its_budget_field(
    tmp_path: Path,
) -> None:
    """Set 311: aleph-rlm's ``ModelPricing(200_000, 64_000, 0.003, 0.015)`` rows, the dataclass defined in
    ``providers/base.py``: its first field, ``context_limit``, is a window by its name; a ``NamedTuple``'s
    fields are its positional parameters too; a class neither (no constructor taking its fields) is not read."""
    got = _lint(
        tmp_path,
        {
            "base.py": PRICING,
            "anthropic.py": (
                "from .base import ModelPricing, Plain, Quota  # a file the lint reads: it names tokens\n\n"
                "class Provider:\n    MODEL_INFO = {\n"
                '        "claude-sonnet-4": ModelPricing(200_000, 64_000, 0.003),\n'
                '        "claude-haiku-3-5": ModelPricing(180_000, 8_192, 0.0008),\n    }\n'
                "    QUOTA = Quota(50, 4000)\n    PLAIN = Plain(100_000)\n"
            ),
        },
    )
    assert got == [
        ("pkg/anthropic.py", 5, "PB101", 200000),
        ("pkg/anthropic.py", 6, "PB101", 180000),
        ("pkg/anthropic.py", 8, "PB101", 4000),
    ]


def test_a_dataclass_whose_fields_are_no_budgets_takes_none(tmp_path: Path) -> None:
    got = _lint(
        tmp_path,
        {
            "base.py": PRICING.replace("context_limit", "page_rows").replace("max_tokens", "seconds"),
            "anthropic.py": (
                "from .base import ModelPricing, Quota\n\n"
                "INFO = {'gpt-4o': ModelPricing(200_000, 64_000, 0.003)}  # tokens\nQUOTA = Quota(50, 4000)\n"
            ),
        },
    )
    assert got == []
