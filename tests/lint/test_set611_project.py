"""Set 611 (issue 19), decided over the whole run: a ratio bound in one module and read as a share of a budget in a
module importing it (``imported_ratios``; qrclaw's ``COMPRESS_TARGET_MIN_RATIO = 0.20`` in ``config.py`` multiplying
``_MODEL_MAX_TOKENS`` in ``compressor.py``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, reported_lines

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
