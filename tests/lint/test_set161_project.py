"""Sets 161 and 162 (issue 19), the project-wide half of PB102 and PB105: a setting's fallback passed, in another
module, for a parameter whose default is reported (set 161: isage-refiner's operators building
``REFORMCompressor(keep_prefix=self.cfg.get("keep_prefix", 50))``, and ``budget = self.cfg.get("budget", 2048)``
... ``self.compressor.compress(budget=budget)`` with ``self.compressor = LongRefinerCompressor(...)``;
``budget_overrides``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_helpers import lint_package, reported_lines

COMPRESSOR = (
    "class Compressor:\n"
    "    def __init__(self, max_tokens: int = 2048, keep_prefix: int = 50, rate: float = 0.5):\n"
    "        self.max_tokens = max_tokens\n"
    "        self.keep_prefix = keep_prefix\n"
    "        self.rate = rate\n\n"
    "    def compress(self, input_ids: list[int], {param}: int = 2048) -> list[int]:\n"
    "        head = input_ids[: self.keep_prefix]\n"
    "        if len(input_ids) - self.keep_prefix > self.max_tokens - self.keep_prefix:\n"
    "            input_ids = input_ids[: self.max_tokens]\n"
    "        return head + input_ids[: {param}]\n\n"
    "    def shrink(self, context_tokens: int, rate: float = 0.5) -> int:\n"
    "        return int(context_tokens * rate)\n"
)
OPERATOR = (
    "import os\n\n"
    "from pkg.compressor import Compressor\n\n\n"
    "class Operator:\n"
    "    def __init__(self, cfg: dict):\n"
    "        self.cfg = cfg\n"
    "        self.compressor = None\n"
    '        self.compressor = Compressor(keep_prefix={read}("keep_prefix", 50))\n\n'
    "    def run(self, ids: list[int]) -> list[int]:\n"
    '        budget = {read}("budget", 1024)\n'
    "        return self.compressor.compress(ids, {param}=budget)\n\n"
    "    def smaller(self, n: int) -> int:\n"
    '        rate = {read}("rate", 0.3)\n'
    "        return self.compressor.shrink(n, rate=rate)\n"
)


def test_a_fallback_passed_for_a_reported_default_is_one(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "compressor.py": COMPRESSOR.format(param="budget_tokens"),
        "operator.py": OPERATOR.format(read="self.cfg.get", param="budget_tokens"),
    }
    found = lint_package(tmp_path, files)
    passed = [line for path, line in reported_lines(found, "PB102") if path == "pkg/operator.py"]
    assert passed == [10, 13]
    kept = next(f for f in found if f.path == "pkg/operator.py" and f.line == 10)
    assert "whose default `keep_prefix=50` is a token budget" in kept.message
    budget = next(f for f in found if f.path == "pkg/operator.py" and f.line == 13)
    assert "passed to `Compressor.compress`" in budget.message
    # PB105's: a fraction passed for a parameter whose default is a reported budget ratio
    assert ("pkg/operator.py", 17) in reported_lines(found, "PB105")


@pytest.mark.parametrize(
    ("read", "param"),
    [
        ("os.environ.get", "budget_tokens"),  # an environment read's fallback is never reported
        ("self.cfg.get", "n_items"),  # given for a parameter whose default is no budget
    ],
)
def test_no_fallback_of_the_environment_nor_for_another_parameter(
    tmp_path: Path, read: str, param: str
) -> None:
    files = {
        "__init__.py": "",
        "compressor.py": COMPRESSOR.format(param=param).replace(f"input_ids[: {param}]", "input_ids"),
        "operator.py": OPERATOR.format(read=read, param=param),
    }
    found = reported_lines(lint_package(tmp_path, files), "PB102")
    assert ("pkg/operator.py", 13) not in found
    # the keyword given the setting's fallback whole is still one, but never an environment read's
    assert (("pkg/operator.py", 10) in found) == (read == "self.cfg.get")
