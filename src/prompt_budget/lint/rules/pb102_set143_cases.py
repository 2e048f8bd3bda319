"""PB102's cases from sets 143 and 144 (issue 19): a parameter whose docstring entry, in Chinese or Japanese,
gives its number in characters (set 144: mcs-core's ``summary_budget: 注入 system prompt 的图摘要字符预算``, a
budget of characters cut with ``text[: self.summary_budget]``: ``param_docstrings.documented_otherwise``) is
no budget of tokens, whatever its name. Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_AGENT = (
    "class MemoryAgent:\n"
    '    """Args:\n        summary_budget: {doc}\n    """\n\n'
    "    def __init__(self, llm, summary_budget: int = 1000) -> None:\n"
    "        self.llm = llm\n        self.summary_budget = summary_budget\n\n"
    "    def ask(self, prompt: str) -> str:\n"
    "        return self.llm.complete(prompt, max_tokens=self.summary_budget)\n"
)

SET143_VALID = (
    Valid(_AGENT.format(doc="注入 system prompt 的图摘要字符预算（第二道闸）。")),
    Valid(_AGENT.format(doc="摘要的字数上限。")),
    Valid(_AGENT.format(doc="要約の最大文字数。")),
)

SET143_INVALID = (
    Invalid(_AGENT.format(doc="注入 system prompt 的图摘要预算（token）。"), line=6),
    Invalid(_AGENT.format(doc="摘要的 token 预算。"), line=6),
)
