"""Modules named like tests that hold none (set 247: shidoshi's ``web/connection_test.py``, the code of a
connection check its server imports): ``report-tests = false`` suppresses findings in test modules, known by
their path (``flow.is_test_module``); a ``*_test.py`` outside any test folder that defines no test and imports
no test framework is the product's code. Read from the file only for such a name holding a finding the run
would suppress (``engine``), once per path and run.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from prompt_budget.lint.flow import is_test_module

#: A line of a module that holds tests: a test function (a test class holds them), or an import of a test
#: framework; not a class named ``Test...`` alone (skelpr's ``class TestProposal``, a dataclass of proposed tests).
_TEST_INSIDE = re.compile(
    r"^[ \t]*(?:(?:async[ \t]+)?def[ \t]+test|(?:import|from)[ \t]+(?:pytest|unittest)\b)", re.MULTILINE
)


def no_test_inside(rel: str, path: Path) -> bool:
    """A module test-named only by its ``_test`` suffix, outside any test folder, that defines no test and imports no
    test framework (shidoshi's ``web/connection_test.py``, the code of a connection check): its numbers are the
    product's, not a test's scenario. Read only for such a name. (A ``test_*.py`` so shaped is as often a shared test
    helper, ``test_utils.py``, as an agent writing tests: it stays a test module, the session's review.)"""
    stem = os.path.basename(rel).rsplit(".", 1)[0]
    if (
        not stem.endswith("_test")
        or stem.startswith("test_")
        or is_test_module(os.path.dirname(rel) + "/x.py")
    ):
        return False
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return _TEST_INSIDE.search(text) is None
