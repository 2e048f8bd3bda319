"""PB109's vocabulary of providers: the words naming providers (and open-weight families) whose models
are not OpenAI's, as written in class, function and branch names (``DeepSeekEstimatingTokenizer``,
``if name.startswith("reka")``), and the tests that pick OpenAI's own models by name (``"gpt" in
model``). Kept apart from the rule: it is word lists and string tests, no reading of the call's context.
"""

from __future__ import annotations

import ast
import re

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.walks import walk

#: A string that names OpenAI or one of its models anywhere in it (``"gpt-4o"``, ``"openai"``).
OPENAI_WORD = re.compile(r"gpt|openai|^o\d|davinci|embedding", re.IGNORECASE)
_OPENAI_NAME = re.compile(r"^(?:gpt|o\d|openai|chatgpt)", re.IGNORECASE)
PROVIDER_WORDS = frozenset(
    {
        "claude",
        "anthropic",
        "gemini",
        "vertex",
        "bedrock",
        "llama",
        "mistral",
        "cohere",
        "ollama",
        "qwen",
        "deepseek",
        "grok",
        "xai",
        "groq",
        # providers and open-weight families named in class and function names (set 11: parlant's
        # ``GLMEstimatingTokenizer``, ``DeepSeekEstimatingTokenizer``, lagent's ``SENSENOVA_API``);
        # names written in two words (``DeepSeek``, ``OpenRouter``) are matched joined
        "glm",
        "zhipu",
        "novita",
        "fireworks",
        "modelscope",
        "litellm",
        "openrouter",
        "sensenova",
        "sensechat",
        "cerebras",
        "kimi",
        "moonshot",
        "minimax",
        "gemma",
        "mixtral",
        "baichuan",
        "ernie",
        "hunyuan",
        "doubao",
        "internlm",
        "watsonx",
        "huggingface",
        # providers of their own models (set 20: agentlab's ``model_name.startswith("reka")`` branch)
        "reka",
        "ai21",
    }
)
#: Providers whose every model is another's than OpenAI's, named in a test of a model's name (``if
#: model_name.startswith("reka")``, set 20: agentlab): not the routers that serve OpenAI's models too.
BRANCH_PROVIDERS = (PROVIDER_WORDS | {"jamba", "granite", "falcon", "nemotron"}) - {
    "litellm",
    "openrouter",
    "huggingface",
}


def named_text(node: ast.AST) -> str | None:
    """The text a test names a model or provider by: a string constant's value, an attribute's name
    (``ModelType.O1``); None for anything else."""
    if isinstance(node, ast.Constant):
        return string_value(node)
    return node.attr if isinstance(node, ast.Attribute) else None


def names_openai_models(test: ast.AST) -> bool:
    """An ``if`` test that picks OpenAI models by name (``"gpt" in model``, ``ModelType.O1``)."""
    for n in walk(test):
        text = named_text(n)
        if text and _OPENAI_NAME.search(text):
            return True
    return False


def names_provider(text: str) -> bool:
    """A string a model's name is tested against that names a provider of other models than OpenAI's,
    a word of it (``"reka"``, ``"ollama/"``), short like a name or a prefix, not a sentence."""
    return len(text) <= 60 and " " not in text.strip() and bool(set(words(text)) & BRANCH_PROVIDERS)
