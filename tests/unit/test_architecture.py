"""The house rules of src/prompt_budget (docs/architecture.md): no import cycle and no import from a
lower layer to a higher one, counting imports inside functions and under TYPE_CHECKING."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from import_layers import check, cycles, import_edges, layer_of

SRC = Path(__file__).resolve().parents[2] / "src"

#: The layers of prompt_budget, bottom up (docs/architecture.md says what each holds). A name is a
#: module or a package and everything in it; "" is the public facade, prompt_budget/__init__.py.
LAYERS: list[list[str]] = [
    [
        "_version",
        "errors",
        "model",
        "known_models",
        "storage",
    ],  # 1 base: errors, frozen dataclasses, data tables
    ["text", "walk"],  # 2 text utilities and file walking
    ["tokenizers", "hookspecs", "plugins"],  # 3 tokenizers and the plugin manager
    ["config", "values", "schema"],  # 4 configuration
    [
        "counting",
        "count_cache",
        "count_pool",
        "count_seed",
        "reading",
        "messages",
        "outline",
    ],  # 5 counting: text, chat messages and requests, files, sections
    ["budget", "files", "harnesses", "truncation", "history", "turns", "calibrate"],  # 6 checks
    ["baseline"],  # 7 baselines
    ["report"],  # 8 reports
    ["lint"],  # 9 the static analyzer
    ["scaffold", "pytest_plugin", "cli", "__main__", ""],  # 10 shells, and the facade
]

#: Imports allowed to break the rules, each with its reason. Empty: keep it so.
ALLOWED: dict[tuple[str, str], str] = {}


def test_the_package_has_no_cycle_no_upward_import_and_every_module_a_layer() -> None:
    report = check(SRC, "prompt_budget", LAYERS, ALLOWED)
    assert report.problems() == []


def test_every_allowed_exception_is_still_needed() -> None:
    edges = {(e.importer, e.imported) for e in import_edges(SRC, "prompt_budget")}
    assert [pair for pair in ALLOWED if pair not in edges] == []


# --- the checker itself, on small synthetic packages ----------------------------------------------


def make_package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


SYNTHETIC_LAYERS = [["low"], ["mid"], ["high", ""]]


def test_a_clean_package_passes(tmp_path: Path) -> None:
    src = make_package(
        tmp_path,
        {
            "__init__.py": "from pkg.high import run\n",
            "low.py": "X = 1\n",
            "mid.py": "from pkg import low\n",
            "high.py": "from pkg.mid import low\nfrom . import mid\n\ndef run() -> None: ...\n",
        },
    )
    report = check(src, "pkg", SYNTHETIC_LAYERS)
    assert (report.cycles, report.upward, report.unplaced) == ([], [], [])


@pytest.mark.parametrize(
    ("low_source", "kind"),
    [
        ("from pkg.high import run\n", "top"),
        ("def f():\n    from pkg import high\n", "function"),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.high import run\n",
            "type-checking",
        ),
        ("import typing\nif typing.TYPE_CHECKING:\n    import pkg.high\n", "type-checking"),
        ("class C:\n    def m(self):\n        from .high import run\n", "function"),
    ],
    ids=["top", "function", "type-checking", "typing.TYPE_CHECKING", "relative-in-method"],
)
def test_an_upward_import_fails_wherever_it_stands(tmp_path: Path, low_source: str, kind: str) -> None:
    src = make_package(tmp_path, {"__init__.py": "", "low.py": low_source, "high.py": "def run(): ...\n"})
    report = check(src, "pkg", SYNTHETIC_LAYERS)
    assert [(e.importer, e.imported, e.kind) for e in report.upward] == [("pkg.low", "pkg.high", kind)]
    assert report.problems() == [f"upward import: {report.upward[0]}"]


def test_a_cycle_within_one_layer_fails(tmp_path: Path) -> None:
    src = make_package(
        tmp_path,
        {
            "__init__.py": "",
            "mid/__init__.py": "",
            "mid/a.py": "from pkg.mid import b\n",
            "mid/b.py": "def f():\n    from pkg.mid.c import x\n",
            "mid/c.py": "from ..mid.a import y\n",
        },
    )
    report = check(src, "pkg", SYNTHETIC_LAYERS)
    assert report.upward == []
    assert report.cycles == [["pkg.mid.a", "pkg.mid.b", "pkg.mid.c"]]
    assert report.problems() == ["import cycle through 3 modules: pkg.mid.a -> pkg.mid.b -> pkg.mid.c"]


def test_an_allowed_import_is_named_with_its_reason_and_then_passes(tmp_path: Path) -> None:
    src = make_package(tmp_path, {"__init__.py": "", "low.py": "import pkg.high\n", "high.py": ""})
    assert check(src, "pkg", SYNTHETIC_LAYERS).upward
    allowed = {("pkg.low", "pkg.high"): "a test of the exception list"}
    assert check(src, "pkg", SYNTHETIC_LAYERS, allowed).problems() == []


def test_a_module_no_layer_names_fails(tmp_path: Path) -> None:
    src = make_package(tmp_path, {"__init__.py": "", "low.py": "", "stray.py": "", "mid/__init__.py": ""})
    assert check(src, "pkg", SYNTHETIC_LAYERS).unplaced == ["pkg.stray"]


def test_the_most_specific_pattern_places_a_module() -> None:
    layers = [["a.b"], ["a"]]
    assert layer_of("pkg.a.b.c", layers, "pkg") == 0
    assert layer_of("pkg.a.x", layers, "pkg") == 1
    assert layer_of("pkg.ab", layers, "pkg") is None
    assert layer_of("pkg", [["x"], [""]], "pkg") == 1


def test_imports_of_other_packages_are_not_edges(tmp_path: Path) -> None:
    src = make_package(
        tmp_path, {"__init__.py": "", "low.py": "import os\nimport pytest\nfrom json import dumps\n"}
    )
    assert import_edges(src, "pkg") == []
    assert cycles(import_edges(src, "pkg")) == []
