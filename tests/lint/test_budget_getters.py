"""A constructor's default that a class's token budget getter returns, across modules
(``prompt_budget.lint.budget_getters``; set 53: rankify's ``RankLLM`` rerankers)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

RANKLLM = (
    "class RankLLM(ABC):\n    def __init__(self, model, context_size, prompt_mode):\n"
    "        self._context_size = context_size\n"
)
LISTWISE = (
    "from pkg.rankllm import RankLLM\n\nclass ListwiseRankLLM(RankLLM, ABC):\n"
    "    def __init__(self, model, context_size, prompt_mode, window_size):\n"
    "        super().__init__(model, context_size, prompt_mode)\n\n"
    "    def max_tokens(self) -> int:\n        return self._context_size\n"
)
FID = (
    "from pkg.listwise import ListwiseRankLLM\n\nclass RankFiDDistill(ListwiseRankLLM):\n"
    "    def __init__(self, model, context_size: int = 150, window_size: int = 20):\n"
    "        super().__init__(model=model, context_size=context_size, prompt_mode=None, window_size=window_size)\n"
)


def _found(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, object]]:
    return sorted(
        (Path(f.path).name, f.line, f.value) for f in lint_package(tmp_path, files) if f.code == "PB102"
    )


def test_a_default_forwarded_to_the_constructor_whose_getter_returns_it(tmp_path: Path) -> None:
    files = {"rankllm.py": RANKLLM, "listwise.py": LISTWISE, "fid.py": FID}
    found = [f for f in lint_package(tmp_path, files) if f.code == "PB102"]
    assert [(Path(f.path).name, f.line, f.value) for f in found] == [("fid.py", 4, 150)]
    message = found[0].message
    assert "the token budget getter `max_tokens()` returns at pkg/listwise.py:7" in message


def test_no_getter_returns_the_stored_parameter(tmp_path: Path) -> None:
    listwise = LISTWISE.replace("return self._context_size", "return self._window_size")
    assert _found(tmp_path, {"rankllm.py": RANKLLM, "listwise.py": listwise, "fid.py": FID}) == []


def test_a_class_of_another_lineage_is_not_joined(tmp_path: Path) -> None:
    fid = FID.replace("class RankFiDDistill(ListwiseRankLLM)", "class RankFiDDistill(Differ)")
    assert _found(tmp_path, {"rankllm.py": RANKLLM, "listwise.py": LISTWISE, "fid.py": fid}) == []
