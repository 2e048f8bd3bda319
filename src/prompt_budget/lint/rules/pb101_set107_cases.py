"""PB101's cases from sets 107 and 108 (issue 19): a library keyword documented in tokens though its name
does not say so (LangChain v1's ``ClearToolUsesEdit(trigger=..., clear_at_least=...)``); a weakly named key
(``"max_length"``) of a table the module reads into a budget keyword of its own name
(``CrossEncoder(m, max_length=cfg["max_length"])``; both in ``request_entries``). Spliced into
``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_EDIT = "from langchain.agents.middleware import ClearToolUsesEdit\n\n"
_MODELS = (
    "MODELS = {\n"
    '    "bge-reranker-base": {"model_id": "BAAI/bge-reranker-base", "max_length": 512},\n'
    '    "qwen3-reranker-8b": {"model_id": "Qwen/Qwen3-Reranker-8B", "max_length": 32768},\n'
    "}\n\n\n"
)

SET107_VALID = (
    # ``keep`` counts the most recent tool results, not tokens
    Valid(_EDIT + "edit = ClearToolUsesEdit(keep=30)\n"),
    # a ``trigger`` of any other callee says nothing of its unit
    Valid("job = schedule.Cron(trigger=100_000)\n"),
    # the key is read into a string's cut or into a keyword that is no budget
    Valid(_MODELS + 'def show(name, text):\n    return text[: MODELS[name]["max_length"]]\n'),
    Valid(_MODELS + 'def page(name):\n    return Paginator(max_length=MODELS[name]["max_length"])\n'),
)

SET107_INVALID = (
    # set 108: chcode's context editing, `ClearToolUsesEdit(trigger=100_000, keep=3, ...)`
    Invalid(_EDIT + "edit = ClearToolUsesEdit(trigger=100_000, keep=3)\n", line=3, key="trigger"),
    Invalid(_EDIT + "edit = ClearToolUsesEdit(trigger=50_000, clear_at_least=5_000)\n", count=2),
    # set 107: knowledge-core-engine's rerankers, `CrossEncoder(..., max_length=self.model_config["max_length"])`
    Invalid(
        "from sentence_transformers import CrossEncoder\n\n"
        + _MODELS
        + "def load(name):\n"
        + "    config = MODELS[name]\n"
        + '    return CrossEncoder(config["model_id"], max_length=config["max_length"])\n',
        count=2,
    ),
)
