"""Cross-module readings from sets 457 onward (issue 19)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

WRAPPER = (
    "class LLM:\n"
    "    def complete(self, system: str, prompt: str, max_tokens: int = 2000) -> str:\n"
    "        raise NotImplementedError\n\n"
    "class Provider:\n"
    "    def messages_create(self, system, messages, tools, max_tokens, *, cache=False):\n"
    "        return self.client.messages.create(system=system, messages=messages, max_tokens=max_tokens)\n"
)


def _lint(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str, object]]:
    return [(f.path, f.line, f.code, f.value) for f in lint_package(tmp_path, files) if f.code == "PB101"]


def test_a_number_given_by_position_to_the_projects_model_wrapper_is_reported(tmp_path: Path) -> None:
    """veract's ``self.llm.complete(sys, prompt, 1200)`` and ``llm.complete(system, prompt, 1500)`` with
    ``def complete(self, system, prompt, max_tokens=2000)`` in llm.py (set 459); puras-runner's
    ``asyncio.to_thread(judge["provider"].messages_create, system, messages, None, 1024)`` (set 459): a
    receiver named as the project's model wrapper takes the method of that name the project defines."""
    got = _lint(
        tmp_path,
        {
            "llm.py": WRAPPER,
            "planner.py": (
                "import asyncio  # a file the lint reads: it names max_tokens\n\n"
                "class Planner:\n"
                "    def plan(self, sys, prompt):\n"
                "        return self.llm.complete(sys, prompt, 1200)\n\n"
                "def repair(llm, system, prompt):\n"
                "    return llm.complete(system, prompt, 1500)\n\n"
                "async def judge_run(judge, system, user):\n"
                "    return await asyncio.to_thread(\n"
                '        judge["provider"].messages_create, system, [{"role": "user", "content": user}], None, 1024\n'
                "    )\n"
            ),
        },
    )
    assert sorted(g for g in got if g[0] == "pkg/planner.py") == [
        ("pkg/planner.py", 5, "PB101", 1200),
        ("pkg/planner.py", 8, "PB101", 1500),
        ("pkg/planner.py", 12, "PB101", 1024),
    ]


def test_a_common_method_of_a_receiver_not_named_as_the_wrapper_is_not_matched(tmp_path: Path) -> None:
    """The same calls through ``self.client`` and ``engine`` (a library's objects as often as the project's)
    and a private method are not matched by name."""
    got = _lint(
        tmp_path,
        {
            "llm.py": WRAPPER + "\n    def _retry(self, system, prompt, max_tokens):\n        return None\n",
            "planner.py": (
                "class Planner:  # the planner's prompt, in tokens\n"
                "    def plan(self, sys, prompt):\n"
                "        a = self.client.complete(sys, prompt, 1200)\n"
                "        b = self.llm._retry(sys, prompt, 900)\n"
                "        return a, b\n\n"
                "def repair(engine, system, prompt):\n"
                "    return engine.complete(system, prompt, 1500)\n"
            ),
        },
    )
    assert not [g for g in got if g[0] == "pkg/planner.py"]


BASE = (
    "class BaseAgent:\n"
    "    def __init__(self, llm, tokens_before_summarize: int = 50000):\n"
    "        self.tokens_before_summarize = tokens_before_summarize\n\n"
    "    def _summarize(self, messages):\n"
    "        tokens_before = self.llm.count_tokens(messages)\n"
    "        if tokens_before <= self.tokens_before_summarize:\n"
    "            return messages\n"
    "        return self.compact(messages)\n"
)


def _agent(default: str, name: str = "tokens_before_summarize") -> str:
    return (
        "from .base import BaseAgent\n\n\n"
        "class ExecutionAgent(BaseAgent):\n"
        f"    def __init__(self, llm, {name}: int = {default}, messages_to_keep: int = 20):\n"
        "        super().__init__(llm)\n"
        f"        self.tokens_before_summarize = {name}\n"
    )


def test_a_parameter_restating_a_budget_reported_elsewhere_is_reported(tmp_path: Path) -> None:
    """ursa-ai's ``ExecutionAgent.__init__(..., tokens_before_summarize: int = 50000)`` beside the base class's
    parameter of that name, compared with a count of tokens in base.py (set 461)."""
    found = lint_package(tmp_path, {"base.py": BASE, "agent.py": _agent("50000")})
    got = [(f.path, f.line, f.code, f.value) for f in found if f.path == "pkg/agent.py"]
    assert got == [("pkg/agent.py", 5, "PB102", 50000)]
    message = next(f.message for f in found if f.path == "pkg/agent.py")
    assert "pkg/base.py:2" in message


def test_a_parameter_of_another_name_or_far_from_the_budget_is_not_reported(tmp_path: Path) -> None:
    """A default 100 times the reported one, or a parameter of another name, says nothing of the budget."""
    for default, name in (("5_000_000", "tokens_before_summarize"), ("50000", "tokens_before_refresh")):
        (root := tmp_path / name).mkdir()
        found = lint_package(root, {"base.py": BASE, "agent.py": _agent(default, name)})
        assert not [f for f in found if f.path == "pkg/agent.py"], (default, name)
