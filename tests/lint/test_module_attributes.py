"""A constant of a module imported whole, read as ``module.CONSTANT`` in a token budget's default
(set 49: openparse's ``min_tokens: int = consts.TOKENIZATION_TOKENIZATION_LOWER_LIMIT``). The importing modules
hold a number (the pre-check skips a file with none, as it does for an imported name's uses)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import init_package_rows

from prompt_budget.lint.engine import Linter
from prompt_budget.lint.options import LintOptions


def test_a_constant_read_through_its_module_as_a_budget_default_is_reported(tmp_path: Path) -> None:
    got = init_package_rows(
        tmp_path,
        {
            "consts.py": "TOKENIZATION_LOWER_LIMIT = 256\nTOKENIZATION_UPPER_LIMIT = 1024\nRETRIES = 300\n",
            "ingest.py": (
                "from pkg import consts\nimport pkg.consts as c\n\n"
                "def split(nodes, min_tokens: int = consts.TOKENIZATION_LOWER_LIMIT, max_tokens=c.TOKENIZATION_UPPER_LIMIT,"
                " attempts=consts.RETRIES):\n    return nodes[2:]\n"
            ),
        },
    )
    assert got == [("pkg/consts.py", 1, "PB102", 256), ("pkg/consts.py", 2, "PB102", 1024)]


def test_a_constant_read_through_its_module_elsewhere_is_not(tmp_path: Path) -> None:
    got = init_package_rows(
        tmp_path,
        {
            "consts.py": "TOKENIZATION_LOWER_LIMIT = 256\n",
            "ingest.py": "from pkg import consts\n\ndef split(nodes, min_items=consts.TOKENIZATION_LOWER_LIMIT):\n    return nodes[2:]\n",
        },
    )
    assert got == []


def test_a_constant_read_through_its_module_as_a_reserve_is_reported(tmp_path: Path) -> None:
    """Set 62: hackingbuddygpt's ``self.llm.context_size - llm_util.SAFETY_MARGIN - template_size``."""
    got = init_package_rows(
        tmp_path,
        {
            "llm_util.py": "SAFETY_MARGIN = 128\nRETRIES = 3\n\ndef count_tokens(text):\n    return len(text)\n",
            "agent.py": (
                "from pkg import llm_util\n\nWAIT = 30\n\nclass Agent:\n    def room(self, template_size):\n"
                "        return self.llm.context_size - llm_util.SAFETY_MARGIN - template_size\n"
            ),
        },
    )
    assert got == [("pkg/llm_util.py", 1, "PB102", 128)]


def test_the_name_read_through_something_else_than_its_module_is_not(tmp_path: Path) -> None:
    got = init_package_rows(
        tmp_path,
        {
            "llm_util.py": "SAFETY_MARGIN = 128\n\ndef count_tokens(text):\n    return len(text)\n",
            "agent.py": (
                "from pkg import llm_util\n\nWAIT = 30\n\nclass Agent:\n    def room(self, template_size):\n"
                "        print(llm_util.SAFETY_MARGIN)\n"
                "        return self.llm.context_size - self.SAFETY_MARGIN - template_size\n"
            ),
        },
    )
    assert got == []


def test_a_library_modules_constant_is_not_followed(tmp_path: Path) -> None:
    """``subprocess.PIPE`` read beside a window is no project constant: only the project's own modules
    (relative imports, packages named as folders on the file's path, modules beside it) are followed."""
    got = init_package_rows(
        tmp_path,
        {
            "agent.py": (
                "import subprocess\n\nWAIT = 30\n\nclass Agent:\n    def room(self, template_size):\n"
                "        return self.llm.context_size - subprocess.PIPE - template_size\n"
            ),
        },
    )
    assert got == []


def test_a_module_beside_the_file_imported_by_its_bare_name_is_followed(tmp_path: Path) -> None:
    """A flat layout (``import llm_util`` beside ``llm_util.py``, no package named on the path)."""
    folder = tmp_path / "scripts"
    folder.mkdir()
    (folder / "llm_util.py").write_text(
        "SAFETY_MARGIN = 128\n\ndef count_tokens(text):\n    return len(text)\n", encoding="utf-8"
    )
    (folder / "agent.py").write_text(
        "import llm_util\n\nWAIT = 30\n\nclass Agent:\n    def room(self, template_size):\n"
        "        return self.llm.context_size - llm_util.SAFETY_MARGIN - template_size\n",
        encoding="utf-8",
    )
    report = Linter(LintOptions(root=tmp_path), jobs=1).lint_paths([tmp_path])
    assert [(f.path, f.line, f.code, f.value) for f in report.findings] == [
        ("scripts/llm_util.py", 1, "PB102", 128)
    ]


def test_a_library_sharing_a_project_modules_name_is_not_that_module(tmp_path: Path) -> None:
    """``import limits`` in ``app/agent.py``, no ``limits`` beside it nor a folder of that name on its path:
    a library's ``limits``, not the project's ``pkg/limits.py`` (which only shares its stem)."""
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "agent.py").write_text(
        "import limits\n\nWAIT = 30\n\nclass Agent:\n    def room(self, template_size):\n"
        "        return self.llm.context_size - limits.SAFETY_MARGIN - template_size\n",
        encoding="utf-8",
    )
    got = init_package_rows(
        tmp_path, {"limits.py": "SAFETY_MARGIN = 128\n\ndef count_tokens(text):\n    return len(text)\n"}
    )
    assert got == []
