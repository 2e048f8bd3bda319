"""Forms of sets 321-335 that need more than one file, or a module's own name, to show (issue 19)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

HEURISTIC = (
    "import re\n\n_TOKEN_RE = re.compile(r'\\w+|[^\\s]')\n\n\n"
    "def heuristic_count(text):\n"
    "    total = 0\n"
    "    for match in _TOKEN_RE.finditer(text):\n"
    "        piece = match.group(0)\n"
    "        total += (len(piece) + 3) // 4 if piece[0].isalpha() else 1\n"
    "    return total\n"
)


def _lint(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str, object]]:
    return [(f.path, f.line, f.code, f.value) for f in lint_package(tmp_path, files)]


def test_a_count_summed_and_returned_in_a_module_named_for_tokens_is_an_estimate(tmp_path: Path) -> None:
    """memkernel-mcp's ``heuristic_count`` in token_counter.py (set 321); the same function in pages.py is
    a count of something else."""
    got = _lint(tmp_path, {"token_counter.py": HEURISTIC, "pages.py": HEURISTIC})
    assert got == [("pkg/token_counter.py", 10, "PB104", 4)]


MANAGER = (
    "class MemoryManager:\n"
    "    def build_context_for_query(self, query, max_tokens=2000):\n"
    "        return self.retriever.fit(query, max_tokens)\n\n"
    "    def recent_entries_for(self, query, limit=10):\n"
    "        return self.store.last(query, limit)\n"
)


def test_a_number_given_by_position_to_another_modules_method_budget_is_reported(tmp_path: Path) -> None:
    """vox-code's ``self._memory_manager.build_context_for_query(input_text, 500)`` (set 334): the method of
    that name another module defines takes its second argument as ``max_tokens``."""
    got = _lint(
        tmp_path,
        {
            "manager.py": MANAGER,
            "agent.py": (
                "class Agent:  # the memory's tokens are capped by the manager\n"
                "    def run(self, text):\n"
                "        memory = self._memory_manager.build_context_for_query(text, 500)\n"
                "        recent = self._memory_manager.recent_entries_for(text, 20)\n"
                "        return memory, recent\n"
            ),
        },
    )
    assert ("pkg/agent.py", 3, "PB101", 500) in got
    assert not [g for g in got if g[0] == "pkg/agent.py" and g[1] != 3]


def test_a_short_method_name_or_a_module_function_is_not_matched_by_name(tmp_path: Path) -> None:
    """A method of one word (``generate``) is any library's; a call through a module imported is matched by
    its import, not by the method's name."""
    got = _lint(
        tmp_path,
        {
            "llm.py": "class Local:\n    def generate(self, prompt, max_tokens=256):\n        return prompt\n",
            "agent.py": (
                "import other_lib  # tokens\n\n"
                "def run(client, text):\n"
                "    a = client.generate(text, 64)\n"
                "    b = other_lib.build_context_for_query(text, 500)\n"
                "    return a, b\n"
            ),
            "manager.py": MANAGER,
        },
    )
    assert not [g for g in got if g[0] == "pkg/agent.py"]


def test_a_default_given_to_a_dataclass_field_reported_as_a_budget_is_reported(tmp_path: Path) -> None:
    """foveance's ``audit_conversations(convs, budget: int = 2000)`` handing ``budget`` to
    ``FoveanceProxy(budget=budget)``, whose dataclass field ``budget: int = 2000`` is a token budget (set 335);
    a parameter handed to a field that is no budget is not reported."""
    proxy = (
        '"""Compresses each chat request under a token budget."""\n\n'
        "from dataclasses import dataclass\n\n"
        "@dataclass\nclass Proxy:\n    budget: int = 2000\n    drift: float = 0.6\n\n"
        "    def fits(self, messages, count):\n"
        "        return sum(count(m) for m in messages) <= self.budget  # tokens of the prompt\n"
    )
    got = _lint(
        tmp_path,
        {
            "proxy.py": proxy,
            "audit.py": (
                "from .proxy import Proxy\n\n"
                "def audit(convs, budget: int = 2000, drift: float = 0.6):\n"
                "    return [Proxy(budget=budget, drift=drift) for _ in convs]\n"
            ),
        },
    )
    assert ("pkg/proxy.py", 7, "PB102", 2000) in got
    assert ("pkg/audit.py", 3, "PB102", 2000) in got
    assert not [g for g in got if g[3] == 0.6]


def test_rows_of_the_modules_own_record_given_by_position_are_reported(tmp_path: Path) -> None:
    """fidelity-ladder's ``RungSpec(1, "spec", 3000, 1024, 1)`` rows in the module defining ``RungSpec``, whose
    fourth field ``builder_max_tokens`` is a budget (set 341): a tuple of rows is one table (PB107), its first row
    giving the field ``0`` (not applying); a call of the record alone is reported at its number (PB101); the other
    fields' numbers are not."""
    profile = (
        "from dataclasses import dataclass\n\n"
        "@dataclass(frozen=True)\nclass RungSpec:\n"
        "    number: int\n    name: str\n    context_chars: int\n    builder_max_tokens: int\n    max_retries: int\n\n"
        "PROFILE = (\n"
        '    RungSpec(0, "intent", 0, 0, 0),\n'
        '    RungSpec(1, "spec", 3000, 1024, 1),\n'
        '    RungSpec(4, "mvp", 2000, 1500, 3),\n'
        ")\n"
        'SINGLE = RungSpec(5, "flag", 4000, 2048, 0)\n'
    )
    got = _lint(tmp_path, {"profile.py": profile})
    assert got == [("pkg/profile.py", 11, "PB107", None), ("pkg/profile.py", 16, "PB101", 2048)]
