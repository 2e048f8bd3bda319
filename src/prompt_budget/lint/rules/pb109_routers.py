"""PB109's evidence of a router reached through another library's adapter module: ``from
agents.extensions.models.litellm_model import LitellmModel`` (set 51: youtu-agent picks it when its model
config says ``type: "litellm"``), ``llama_index.llms.litellm``, ``langchain_community.chat_models.litellm``.
The package sends requests through LiteLLM to any provider's model, as one importing ``litellm`` does: a
module of another package (not the importing file's own package) one of whose dotted names says
``litellm``. Kept apart from ``pb109_project``, which asks it.
"""

from __future__ import annotations

from prompt_budget.lint.names import words

#: Routers whose adapters other libraries ship.
_ROUTERS = frozenset({"litellm"})


def routes(module: str) -> bool:
    """A dotted module path one of whose names (``litellm_model``) names a router. A name's words are
    pieces of it lower-cased: a path not holding a router's name is told at once (asked of every import
    of every module)."""
    lowered = module.lower()
    if not any(router in lowered for router in _ROUTERS):
        return False
    return any(set(words(part)) & _ROUTERS for part in module.split(".")[1:])
