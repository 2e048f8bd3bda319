"""Set 611 (issue 19), decided over the whole run: a ratio bound in one module and read as a share of a budget in a
module importing it (``imported_ratios``; qrclaw's ``COMPRESS_TARGET_MIN_RATIO = 0.20`` in ``config.py`` multiplying
``_MODEL_MAX_TOKENS`` in ``compressor.py``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, lint_tree, reported_lines

CONFIG = (
    "import os\n"
    "\n"
    '_MODEL_MAX_TOKENS = int(os.getenv("MODEL_MAX_TOKENS", "128000"))\n'
    "COMPRESS_TARGET_MIN_RATIO = 0.20\n"
    "COMPRESS_TARGET_MAX_RATIO = 0.25\n"
)
COMPRESSOR = (
    "from pkg.config import {amount}, COMPRESS_TARGET_MIN_RATIO, COMPRESS_TARGET_MAX_RATIO\n"
    "\n"
    "\n"
    "def target_range():\n"
    "    low = int({amount} * COMPRESS_TARGET_MIN_RATIO)\n"
    "    high = int({amount} * COMPRESS_TARGET_MAX_RATIO)\n"
    "    return low, high\n"
)


def test_a_ratio_another_module_multiplies_a_budget_by_is_reported_where_bound(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "config.py": CONFIG,
        "compressor.py": COMPRESSOR.format(amount="_MODEL_MAX_TOKENS"),
    }
    found = lint_package(tmp_path, files)
    assert reported_lines(found, "PB105") == [("pkg/config.py", 4), ("pkg/config.py", 5)]
    low = next(f for f in found if f.code == "PB105" and f.line == 4)
    assert "multiplies the budget `_MODEL_MAX_TOKENS` at line 5 in" in low.message
    assert low.message.endswith("compressor.py; move it to config so the threshold can be tuned per model")


def test_a_ratio_another_module_multiplies_no_budget_by_is_not(tmp_path: Path) -> None:
    config = CONFIG + "MAX_RETRIES = 10\n"
    files = {"__init__.py": "", "config.py": config, "compressor.py": COMPRESSOR.format(amount="MAX_RETRIES")}
    assert reported_lines(lint_package(tmp_path, files), "PB105") == []


def test_a_ratio_is_joined_to_the_file_its_import_names_not_to_a_namesake(tmp_path: Path) -> None:
    # the session's review: ``a/config.py`` and ``b/config.py`` both bind ``COMPRESS_TARGET_RATIO``
    files = {
        "pkg/__init__.py": "",
        "pkg/a/__init__.py": "",
        "pkg/a/config.py": '"""Thumbnails (images, not tokens)."""\nCOMPRESS_TARGET_RATIO = 0.5\n',
        "pkg/a/thumbs.py": "from .config import COMPRESS_TARGET_RATIO\n\n\ndef size(w):\n    return int(w * COMPRESS_TARGET_RATIO)\n",
        "pkg/b/__init__.py": "",
        "pkg/b/config.py": CONFIG.replace("COMPRESS_TARGET_MIN_RATIO", "COMPRESS_TARGET_RATIO"),
        "pkg/b/compressor.py": (
            "from .config import _MODEL_MAX_TOKENS, COMPRESS_TARGET_RATIO\n\n\n"
            "def target():\n    return int(_MODEL_MAX_TOKENS * COMPRESS_TARGET_RATIO)\n"
        ),
    }
    found = lint_tree(tmp_path, files)
    assert reported_lines(found, "PB105") == [("pkg/b/config.py", 4), ("pkg/b/config.py", 5)]
