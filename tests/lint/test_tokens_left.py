"""A reserve taken off what another module's function returns as the tokens left of a window
(``tokens_left``, PB106; set 55: patchwork-cli's ``safety_margin = 500`` taken off
``client.is_prompt_supported(...)``)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, lint_tree

CLIENT = (
    '"""A client that counts tokens."""\n\n'
    "class Client:\n"
    "    def left(self, messages, model):\n"
    "        if not self.counts:\n"
    "            return 1\n"
    "        limit = self._window(model)\n"
    "        return limit - count_tokens(messages)\n"
)
PROTOCOL = (
    '"""Truncates messages to the tokens left."""\n\n'
    "def cut(client, messages, model):\n"
    "    margin = 500\n"
    "    if client.left(messages, model) - margin < 0:\n"
    "        messages.pop()\n"
    "    return messages\n"
)


def _found(findings: list) -> list[tuple[str, int, object]]:
    return [(f.path, f.line, f.value) for f in findings if f.code == "PB106"]


def test_a_reserve_off_the_tokens_left_is_reported(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "client.py": CLIENT, "protocol.py": PROTOCOL})
    assert _found(found) == [("pkg/protocol.py", 4, 500)]


def test_a_function_returning_another_difference_is_no_tokens_left(tmp_path: Path) -> None:
    other = CLIENT.replace("return 1\n", "return self.cap - len(messages)\n")
    found = lint_package(tmp_path, {"__init__.py": "", "client.py": other, "protocol.py": PROTOCOL})
    assert _found(found) == []


def test_a_number_not_taken_off_the_result_is_no_reserve(tmp_path: Path) -> None:
    plain = PROTOCOL.replace("client.left(messages, model) - margin < 0", "client.left(messages, margin) < 0")
    found = lint_package(tmp_path, {"__init__.py": "", "client.py": CLIENT, "protocol.py": plain})
    assert _found(found) == []


def test_the_tokens_left_of_another_project_are_not_joined(tmp_path: Path) -> None:
    found = lint_tree(
        tmp_path, {"a/__init__.py": "", "a/client.py": CLIENT, "b/__init__.py": "", "b/protocol.py": PROTOCOL}
    )
    assert _found(found) == []
