"""PB109's cases about a fixed GPT encoding beside other providers' models: named in its class (an
OpenAI-compatible client that also serves them, set 18: curator), or in its module, where the encoding is
the default for every model name tiktoken does not know (set 27: langtrace), or given beside an OpenAI
model's name in one call, the encoding kept in a global the module's functions encode with (set 31:
routellm), or returned by a getter the module's functions encode with (set 43: agent-memory-server).
Kept apart from the rule module to keep it short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: A getter of a fixed GPT encoding kept in a global, in a module importing a router (set 43:
#: agent-memory-server's ``_get_tiktoken_encoding``).
_GETTER = (
    "import litellm\n\n_enc = None\n\ndef _get_tiktoken_encoding():\n    global _enc\n"
    "    if _enc is not None:\n        return _enc\n    try:\n"
    "        _enc = tiktoken.get_encoding('cl100k_base')\n    except Exception:\n        return None\n"
    "    return _enc\n\n"
)

#: A router's embedder giving each provider its own tokenizer (set 47: pgai's litellm embedder).
_ROUTER = (
    "class LiteLLMEmbedder:\n    def counter(self):\n        model, provider = route(self.model)\n"
    "        match provider:\n            case 'mistral':\n                return mistral_counter(model)\n"
)
_ROUTED = "                return tiktoken.encoding_for_model(model)\n"
#: A solver whose client is built from a class (``{client}``) (set 48: evals' OpenAI solvers).
_SOLVER = (
    "class Solver:\n    def __init__(self, options):\n        self.completion_fn = {client}\n\n"
    "    def encoding(self):\n        model = self.completion_fn.model\n        try:\n"
    "            return tiktoken.encoding_for_model(model)\n        except KeyError:\n"
    "            return tiktoken.get_encoding('cl100k_base')\n"
)
#: A module constant naming the encoding, in a module importing a router (set 47: needlehaystack).
_CONSTANT = (
    "import litellm\n\n_ENCODING_NAME = 'cl100k_base'\n_encoding = tiktoken.get_encoding(_ENCODING_NAME)\n\n"
    "def count(text):\n    return len(_encoding.encode(text))\n"
)

PROVIDER_VALID = (
    # a case or a branch picking OpenAI's provider alone, in a router's class (set 47: pgai)
    Valid(_ROUTER + "            case 'openai' | 'azure':\n" + _ROUTED),
    Valid(
        "class LiteLLMEmbedder:\n    def counter(self, model, provider):\n"
        "        if provider in ('openai', 'azure'):\n            return tiktoken.encoding_for_model(model)\n"
    ),
    # a model the class's OpenAI client is built for, read at once or through a local (set 48: evals)
    Valid(_SOLVER.format(client="OpenAIChatCompletionFn(**options)")),
    Valid(
        "class Agent:\n    def __init__(self, kwargs):\n        self.completion_fn = OpenAISolver(**kwargs)\n\n"
        "    def encoder(self):\n        try:\n"
        "            return tiktoken.encoding_for_model(self.completion_fn.model)\n"
        "        except ValueError:\n            return tiktoken.encoding_for_model('gpt-4')\n"
    ),
    # a module constant the module rebinds, or one read from the environment
    Valid(
        _CONSTANT.replace(
            "def count(text):\n",
            "def use(name):\n    global _ENCODING_NAME\n    _ENCODING_NAME = name\n\ndef count(text):\n",
        )
    ),
    Valid(_CONSTANT.replace("'cl100k_base'", "os.environ.get('ENCODING', 'cl100k_base')")),
    # the default for unknown names in a module that handles OpenAI's models alone
    Valid(
        "def count(text, model):\n    name = 'cl100k_base'\n    if model in list_encoding_names():\n"
        "        name = model\n    return len(get_encoding(name).encode(text))\n"
    ),
    # a GPT encoding named in a module of other providers, but no default for unknown names
    Valid("def is_claude(model):\n    return model.startswith('claude')\n\nNAME = 'cl100k_base'\n"),
    # a global encoding in a module whose pair names OpenAI's models alone, or whose other model is a
    # lone default (a local model with its own tokenizer); one only an OpenAI-named function encodes with
    Valid(
        "PAIR = Pair(strong='gpt-4o', weak='gpt-4o-mini')\nenc = tiktoken.encoding_for_model('gpt-4o')\n\n"
        "def fits(text):\n    return len(enc.encode(text)) < LIMIT\n"
    ),
    Valid(
        "def load(name='meta-llama/Llama-3-8B'):\n    return Model(name)\n\n"
        "enc = tiktoken.encoding_for_model('gpt-4o')\n\ndef fits(text):\n    return len(enc.encode(text)) < LIMIT\n"
    ),
    Valid(
        "PAIR = Pair(strong='gpt-4o', weak='mistralai/Mixtral-8x7B')\nenc = tiktoken.encoding_for_model('gpt-4o')\n\n"
        "def count_openai_tokens(text):\n    return len(enc.encode(text))\n"
    ),
    # a getter of a fixed encoding whose only caller is named for OpenAI's models, one named for OpenAI
    # itself, and one whose callers only decode ids they were given
    Valid(
        _GETTER + "def count_openai_tokens(text):\n    return len(_get_tiktoken_encoding().encode(text))\n"
    ),
    Valid(
        "import litellm\n\ndef _openai_encoding():\n    return tiktoken.get_encoding('cl100k_base')\n\n"
        "def count(text):\n    enc = _openai_encoding()\n    return len(enc.encode(text))\n"
    ),
    Valid(_GETTER + "def show(ids):\n    enc = _get_tiktoken_encoding()\n    return enc.decode(ids)\n"),
)

PROVIDER_INVALID = (
    # an OpenAI-compatible client that also serves another provider's models or API host (set 18: curator)
    Invalid(
        "class CompatibleClient:\n    def __init__(self, url):\n        if 'api.deepseek.com' in url:\n"
        "            self.rpm = 60\n\n    def encoding(self):\n        return tiktoken.get_encoding('cl100k_base')\n",
        line=7,
    ),
    Invalid(
        "class CompatibleClient:\n    def structured(self, model):\n        return model not in ('deepseek-chat', 'llama3')\n\n"
        "    def count(self, text):\n        return len(tiktoken.encoding_for_model('gpt-4o').encode(text))\n",
        line=6,
    ),
    # the default for every model name tiktoken does not know, in a module handling others' models (set 27)
    Invalid(
        "def request(kwargs):\n    return kwargs['model'].startswith('mistral')\n\n"
        "def completion_tokens(text, model):\n    name = 'cl100k_base'\n    if model in list_encoding_names():\n"
        "        name = model\n    return len(get_encoding(name).encode(text))\n",
        line=5,
    ),
    Invalid(
        "def pick(model):\n    return model if model in tiktoken.list_encoding_names() else 'o200k_base'\n\n"
        "def route(model):\n    return 'gemini' if model.startswith('gemini-') else 'openai'\n",
        line=2,
    ),
    # a global encoding measuring prompts routed between an OpenAI model and another's (set 31: routellm)
    Invalid(
        "PAIR = Pair(strong='gpt-4o', weak='mistralai/Mixtral-8x7B')\nenc = tiktoken.encoding_for_model('gpt-4o')\n\n"
        "def shots(text, k):\n    while len(enc.encode(text)) > LIMIT:\n        k -= 1\n    return k\n",
        line=2,
    ),
    Invalid(
        "MODELS = ['gpt-4o', 'claude-3-5-sonnet']\n\ndef count(text):\n"
        "    return len(tiktoken.get_encoding('o200k_base').encode(text))\n",
        line=4,
    ),
    # a fixed encoding a getter returns (kept in a global, under a ``try``), encoded with by the module's
    # counter, or returned as is to a caller encoding the getter's result at once (set 43)
    Invalid(
        _GETTER + "def count(text):\n    enc = _get_tiktoken_encoding()\n"
        "    return len(enc.encode(text)) if enc else len(text) // 4\n",
        line=10,
    ),
    Invalid(
        "import litellm\n\ndef _encoder():\n    return tiktoken.get_encoding('o200k_base')\n\n"
        "def fits(text, window):\n    return len(_encoder().encode(text)) <= window\n",
        line=4,
    ),
    # a case naming another provider too, a wildcard case, a negated test: not OpenAI's alone
    Invalid(_ROUTER + "            case 'openai' | 'together_ai':\n" + _ROUTED, line=8),
    Invalid(_ROUTER + "            case _:\n" + _ROUTED, line=8),
    Invalid(
        "class LiteLLMEmbedder:\n    def counter(self, model, provider):\n"
        "        if provider != 'openai':\n            return tiktoken.encoding_for_model(model)\n",
        line=4,
    ),
    # an OpenAI client pointed at another endpoint, or one for any OpenAI-compatible server
    Invalid(_SOLVER.format(client="OpenAIChatCompletionFn(base_url=options.url)"), line=10),
    Invalid(_SOLVER.format(client="OpenAICompatibleClient(**options)"), line=10),
    # a fixed encoding named through a module constant (set 47: needlehaystack)
    Invalid(_CONSTANT, line=3),
)
