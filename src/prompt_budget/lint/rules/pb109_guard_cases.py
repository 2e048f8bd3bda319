"""PB109's cases about code that guards its count: a fallback in a function that raises for every model
name not OpenAI's, a model refused by the constructor (set 17); and about a fixed GPT encoding in a
module that serves other providers' models (set 29, ``pb109_project``). Kept apart from the rule module
to keep it short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

GUARD_VALID = (
    # a fallback in a function refusing a None from a lookup knowing OpenAI's models alone; the
    # ``return`` before the refusal hands back no count of it (set 57: council-ai's ``from_model``)
    Valid(
        "class TokenInfo:\n    @classmethod\n    def for_model(cls, model):\n"
        "        if model.startswith('gpt-3.5-turbo'):\n            return cls(4096)\n"
        "        elif model.startswith('gpt-4'):\n            return cls(8192)\n        return None\n\n"
        "class Counter:\n    @staticmethod\n    def from_model(model):\n        try:\n"
        "            encoding = tiktoken.encoding_for_model(model)\n        except KeyError:\n"
        "            encoding = tiktoken.get_encoding('cl100k_base')\n"
        "        if model in ALIASES:\n            return Counter.from_model(ALIASES[model])\n"
        "        info = TokenInfo.for_model(model)\n        if info is None:\n            return None\n"
        "        return Counter(encoding, info)\n"
    ),
    # a class named for OpenAI that names no endpoint: the model it is given is OpenAI's (set 55: refuel)
    Valid(
        "import tiktoken\n\nclass OpenAILLM(BaseModel):\n    def __init__(self, config):\n"
        "        self.model_name = config.model_name() or 'gpt-3.5-turbo'\n\n"
        "    def get_cost(self, prompt):\n"
        "        return len(tiktoken.encoding_for_model(self.model_name).encode(prompt))\n"
    ),
    # an endpoint that may be another's, but the count returns first for it (set 55: patchwork-cli)
    Valid(
        "import tiktoken\n\nclass OpenAiLlmClient:\n    def __init__(self, api_key, base_url=None):\n"
        "        self.__base_url = base_url\n\n    def __is_not_openai_url(self):\n"
        "        return self.__base_url is not None and self.__base_url != 'https://api.openai.com/v1'\n\n"
        "    def is_prompt_supported(self, messages, model):\n        if self.__is_not_openai_url():\n"
        "            return 1\n        try:\n            encoding = tiktoken.encoding_for_model(model)\n"
        "        except Exception:\n            encoding = tiktoken.encoding_for_model('gpt-4o')\n"
        "        return len(encoding.encode(messages))\n"
    ),
    # a counting function whose model defaults to OpenAI's, no caller seen: its callers across the
    # project decide (``pb109_default_callers``; set 49: bbook-maker)
    Valid(
        'def num_tokens_from_text(text, model="gpt-3.5-turbo-0301"):\n    try:\n'
        "        enc = tiktoken.encoding_for_model(model)\n    except KeyError:\n"
        "        enc = tiktoken.get_encoding('cl100k_base')\n    if model == 'gpt-3.5-turbo-0301':\n"
        "        return len(enc.encode(text))\n    else:\n        raise NotImplementedError(model)\n"
    ),
    # the same string tried as an encoding name when tiktoken knows no such model: no fixed encoding
    # (set 49: chainforge's chunker)
    Valid(
        "def chunk(text, **kwargs):\n    model = kwargs.get('model', 'gpt-3.5-turbo')\n    try:\n"
        "        enc = tiktoken.encoding_for_model(model)\n    except Exception:\n"
        "        enc = tiktoken.get_encoding(model)\n    return enc.encode(text)\n"
    ),
    # a tokenizer wrapping tiktoken, loading the model's or the encoding's name its caller gives (set 35:
    # llm-foundry's TiktokenTokenizerWrapper)
    Valid(
        "class TiktokenTokenizerWrapper:\n"
        "    def __init__(self, model_name=None, encoding_name=None):\n"
        "        if model_name is not None and encoding_name is not None:\n"
        "            raise ValueError('either, not both')\n"
        "        self.model_name = model_name\n        self.encoding_name = encoding_name\n"
        "        if self.model_name is not None:\n"
        "            self.encoding = tiktoken.encoding_for_model(self.model_name)\n"
        "        elif self.encoding_name is not None:\n"
        "            self.encoding = tiktoken.get_encoding(self.encoding_name)\n"
    ),
    # the same, its config carrying the choice: an encoding's name or an OpenAI model's (set 53: flexrag's
    # TikTokenTokenizer)
    Valid(
        "class TikTokenTokenizer:\n    def __init__(self, cfg):\n"
        "        if cfg.tokenizer_name is not None:\n"
        "            self.tokenizer = tiktoken.get_encoding(cfg.tokenizer_name)\n"
        "        elif cfg.model_name is not None:\n"
        "            self.tokenizer = tiktoken.encoding_for_model(cfg.model_name)\n"
    ),
    # a getter of an OpenAI client, or one that reads the model's name to pick the tokenizer
    Valid(
        "class OpenAIClient:\n    def get_tokenizer(self, model):\n"
        "        return tiktoken.get_encoding('o200k_base')\n"
    ),
    Valid(
        "def get_tokenizer(name):\n    if name.startswith('gpt'):\n"
        "        return tiktoken.encoding_for_model('gpt-4o').encode\n    return load_hf(name).encode\n"
    ),
    # a fallback in a function that raises for every model not OpenAI's (set 17: the OpenAI cookbook's
    # num_tokens_from_messages; a constructor whose table of OpenAI models has no window for others)
    Valid(
        "def num_tokens(messages, model):\n    try:\n        enc = tiktoken.encoding_for_model(model)\n"
        "    except KeyError:\n        enc = tiktoken.get_encoding('cl100k_base')\n"
        "    if model in {'gpt-4-0613', 'gpt-4o'}:\n        extra = 3\n    elif 'gpt-4' in model:\n"
        "        return num_tokens(messages, 'gpt-4-0613')\n    else:\n        raise NotImplementedError(model)\n"
        "    return extra + sum(len(enc.encode(m)) for m in messages)\n"
    ),
    Valid(
        "def count(text, model):\n    if not model.startswith('gpt-'):\n        raise ValueError(model)\n"
        "    try:\n        enc = tiktoken.encoding_for_model(model)\n    except KeyError:\n"
        "        enc = tiktoken.get_encoding('o200k_base')\n    return len(enc.encode(text))\n"
    ),
    Valid(
        "WINDOWS = {'gpt-4o': 128_000, 'o3-mini': 200_000}\n\n"
        "def window(model):\n    return WINDOWS.get(model)\n\n"
        "class Generator:\n    def __init__(self, model):\n        try:\n"
        "            self.enc = tiktoken.encoding_for_model(model)\n        except KeyError:\n"
        "            self.enc = tiktoken.get_encoding('o200k_base')\n        limit = window(model)\n"
        "        if limit is None:\n            raise ValueError(model)\n"
    ),
    # the model kept on self, refused by the constructor when not in a list of OpenAI models
    Valid(
        "class Counter:\n    def __init__(self, model):\n        self.model = model\n"
        "        if self.model not in ('gpt-4o', 'gpt-4.1'):\n            raise ValueError(model)\n\n"
        "    def encoder(self):\n        try:\n            return tiktoken.encoding_for_model(self.model)\n"
        "        except KeyError:\n            return tiktoken.get_encoding('o200k_base')\n"
    ),
    # the fallback kept in a local, and the function returns None (no encoding) for every model not
    # named as OpenAI's (set 40: vocode's copy of the cookbook's get_tokenizer_info)
    Valid(
        "def tokenizer_info(model):\n    try:\n        enc = tiktoken.encoding_for_model(model)\n"
        "    except KeyError:\n        enc = tiktoken.get_encoding('cl100k_base')\n"
        "    if model in {'gpt-4-0613', 'gpt-4o'}:\n        per = 3\n    elif 'gpt-3.5-turbo' in model:\n"
        "        per = 4\n    else:\n        return None\n    return Info(enc, per)\n"
    ),
    # every model missing from the function's own table of OpenAI models is mapped to an OpenAI model
    # or refused before the count (set 44: langfair's copy of the cookbook's num_tokens_from_messages)
    Valid(
        "def num_tokens(messages, model):\n"
        "    model_data = {'gpt-3.5-turbo-0613': (3, 1), 'gpt-4-0613': (3, 1)}\n"
        "    if model not in model_data:\n        if 'gpt-3.5-turbo' in model:\n"
        "            model = 'gpt-3.5-turbo-0613'\n        elif 'gpt-4' in model:\n            model = 'gpt-4-0613'\n"
        "        else:\n            raise NotImplementedError(model)\n"
        "    per_message, per_name = model_data[model]\n    try:\n"
        "        enc = tiktoken.encoding_for_model(model)\n    except KeyError:\n"
        "        enc = tiktoken.get_encoding('cl100k_base')\n"
        "    return sum(per_message + len(enc.encode(m)) for m in messages)\n"
    ),
    # a splitter cutting by a tiktoken model or the caller's encoding (set 59: eidolon-ai-sdk's)
    Valid(
        "import tiktoken\n\nclass TokenTextSplitter:\n    def __init__(self, spec):\n"
        "        if spec.model is not None:\n            enc = tiktoken.encoding_for_model(spec.model)\n"
        "        else:\n            enc = tiktoken.get_encoding(spec.encoding_name)\n"
        "        self._tokenizer = enc\n"
    ),
)

#: ``return None`` refuses a model only while the fallback stays in the function: not when the handler
#: stores it on ``self`` or returns it; nor after a test letting other models through.
GUARD_INVALID = (
    # ... not when the lookup answers every model, or a ``return`` before the refusal uses the fallback
    Invalid(
        "class TokenInfo:\n    @classmethod\n    def for_model(cls, model):\n"
        "        if model.startswith('gpt-3.5-turbo'):\n            return cls(4096)\n"
        "        elif model.startswith('gpt-4'):\n            return cls(8192)\n        return cls(2048)\n\n"
        "class Counter:\n    @staticmethod\n    def from_model(model):\n        try:\n"
        "            encoding = tiktoken.encoding_for_model(model)\n        except KeyError:\n"
        "            encoding = tiktoken.get_encoding('cl100k_base')\n"
        "        if model in ALIASES:\n            return Counter.from_model(ALIASES[model])\n"
        "        info = TokenInfo.for_model(model)\n        if info is None:\n            return None\n"
        "        return Counter(encoding, info)\n",
        line=16,
    ),
    Invalid(
        "class TokenInfo:\n    @classmethod\n    def for_model(cls, model):\n"
        "        if model.startswith('gpt-3.5-turbo'):\n            return cls(4096)\n"
        "        elif model.startswith('gpt-4'):\n            return cls(8192)\n        return None\n\n"
        "class Counter:\n    @staticmethod\n    def from_model(model):\n        try:\n"
        "            encoding = tiktoken.encoding_for_model(model)\n        except KeyError:\n"
        "            encoding = tiktoken.get_encoding('cl100k_base')\n"
        "        if model in ALIASES:\n            return Counter(encoding, None)\n"
        "        info = TokenInfo.for_model(model)\n        if info is None:\n            return None\n"
        "        return Counter(encoding, info)\n",
        line=16,
    ),
    # a class named for OpenAI given an endpoint (or **kwargs), counting before any test of it
    Invalid(
        "import tiktoken\n\nclass OpenAiLlmClient:\n    def __init__(self, model, base_url=None):\n"
        "        self.model, self.base_url = model, base_url\n\n    def count(self, text):\n"
        "        return len(tiktoken.encoding_for_model(self.model).encode(text))\n",
        line=8,
    ),
    Invalid(
        "import tiktoken\n\nclass OpenAISolver:\n    def __init__(self, model, **kwargs):\n"
        "        self.model, self.client = model, make_client(**kwargs)\n\n    def count(self, text):\n"
        "        return len(tiktoken.encoding_for_model(self.model).encode(text))\n",
        line=8,
    ),
    # a class extending another OpenAI client, whose endpoint it inherits (dapr-agents' OpenAIEmbedder)
    Invalid(
        "import tiktoken\n\nclass OpenAIEmbedder(OpenAIEmbeddingClient):\n    def setup(self):\n"
        "        try:\n            self.encoder = tiktoken.encoding_for_model(self.model)\n"
        "        except KeyError:\n            self.encoder = tiktoken.get_encoding('cl100k_base')\n"
        "            self.model = 'text-embedding-ada-002'\n",
        line=8,
    ),
    # a class named for OpenAI that also names another provider's model, or one for any OpenAI-like API
    Invalid(
        "import tiktoken\n\nclass OpenAILLM:\n    FALLBACK = 'claude-3-haiku'\n\n"
        "    def count(self, text):\n"
        "        return len(tiktoken.encoding_for_model(self.model_name).encode(text))\n",
        line=7,
    ),
    Invalid(
        "import tiktoken\n\nclass OpenAICompatibleLLM:\n    def count(self, text):\n"
        "        return len(tiktoken.encoding_for_model(self.model_name).encode(text))\n",
        line=5,
    ),
    # a tokenizer getter returning one GPT encoding whatever model it is asked for (set 53: syftr's
    # get_tokenizer(name), which sizes every provider's chunks)
    Invalid(
        "def get_tokenizer(name):\n    return tiktoken.encoding_for_model('gpt-4o-mini').encode\n", line=2
    ),
    Invalid("def load_encoding(model_name):\n    return tiktoken.get_encoding('cl100k_base')\n", line=2),
    # a tokenizer whose config gives only a model's name, or whose fallback reads the model's name as an
    # encoding's: any provider's model can reach the call
    Invalid(
        "class TikTokenTokenizer:\n    def __init__(self, cfg):\n"
        "        self.tokenizer = tiktoken.encoding_for_model(cfg.model_name)\n",
        line=3,
    ),
    Invalid(
        "class TikTokenTokenizer:\n    def __init__(self, cfg):\n"
        "        if cfg.model_name.endswith('_base'):\n"
        "            self.tokenizer = tiktoken.get_encoding(cfg.model_name)\n"
        "        else:\n"
        "            self.tokenizer = tiktoken.encoding_for_model(cfg.model_name)\n",
        line=6,
    ),
    # the name set to a GPT encoding's in the handler first is a fixed fallback (langchain-community)
    Invalid(
        "class Chat:\n    def encoding(self):\n        model = self.model_name\n        try:\n"
        "            enc = tiktoken.encoding_for_model(model)\n        except KeyError:\n"
        "            model = 'cl100k_base'\n            enc = tiktoken.get_encoding(model)\n"
        "        return model, enc\n",
        line=8,
    ),
    # ... and the GPT encoding after that try fails too is the fallback, reported alone
    Invalid(
        "def chunk(text, **kwargs):\n    model = kwargs.get('model', 'gpt-3.5-turbo')\n    try:\n"
        "        enc = tiktoken.encoding_for_model(model)\n    except Exception:\n        try:\n"
        "            enc = tiktoken.get_encoding(model)\n        except Exception:\n"
        "            enc = tiktoken.get_encoding('cl100k_base')\n    return enc.encode(text)\n",
        line=9,
    ),
    Invalid(
        "class Counter:\n    def load(self, model):\n        try:\n"
        "            self.enc = tiktoken.encoding_for_model(model)\n        except KeyError:\n"
        "            self.enc = tiktoken.get_encoding('cl100k_base')\n"
        "        if 'gpt-4' in model:\n            return 3\n        else:\n            return None\n",
        line=6,
    ),
    Invalid(
        "def tokenizer_info(model):\n    try:\n        enc = tiktoken.encoding_for_model(model)\n"
        "    except KeyError:\n        enc = tiktoken.get_encoding('cl100k_base')\n"
        "    if 'gpt-4' in model or 'llama' in model:\n        per = 3\n    else:\n        return None\n"
        "    return Info(enc, per)\n",
        line=5,
    ),
    # the refusal nested under a test other providers' models need not pass (``model in`` the table),
    # under a table naming another provider's model, or after a test letting another model through
    Invalid(
        "def num_tokens(text, model):\n    model_data = {'gpt-4-0613': 3, 'gpt-4o': 3}\n"
        "    if model in model_data:\n        if 'gpt-4' in model:\n            model = 'gpt-4-0613'\n"
        "        else:\n            raise NotImplementedError(model)\n    try:\n"
        "        enc = tiktoken.encoding_for_model(model)\n    except KeyError:\n"
        "        enc = tiktoken.get_encoding('cl100k_base')\n    return len(enc.encode(text))\n",
        line=11,
    ),
    Invalid(
        "def num_tokens(text, model):\n    model_data = {'gpt-4-0613': 3, 'llama-3-8b': 3}\n"
        "    if model not in model_data:\n        if 'gpt-4' in model:\n            model = 'gpt-4-0613'\n"
        "        else:\n            raise NotImplementedError(model)\n    try:\n"
        "        enc = tiktoken.encoding_for_model(model)\n    except KeyError:\n"
        "        enc = tiktoken.get_encoding('cl100k_base')\n    return len(enc.encode(text))\n",
        line=11,
    ),
    Invalid(
        "def num_tokens(text, model):\n    model_data = {'gpt-4-0613': 3, 'gpt-4o': 3}\n"
        "    if model not in model_data:\n        if 'gpt-4' in model:\n            model = 'gpt-4-0613'\n"
        "        elif 'llama' in model:\n            model = model.lower()\n"
        "        else:\n            raise NotImplementedError(model)\n    try:\n"
        "        enc = tiktoken.encoding_for_model(model)\n    except KeyError:\n"
        "        enc = tiktoken.get_encoding('cl100k_base')\n    else:\n        pass\n"
        "    return len(enc.encode(text))\n",
        line=13,
    ),
    # ... not when the caller names no encoding: a fixed GPT encoding the alternative
    Invalid(
        "import tiktoken\n\nclass TokenTextSplitter:\n    def __init__(self, spec):\n"
        "        if spec.model is not None:\n            enc = tiktoken.encoding_for_model(spec.model)\n"
        "        else:\n            enc = tiktoken.get_encoding('cl100k_base')\n"
        "        self._tokenizer = enc\n",
        line=6,
    ),
)

PROJECT_VALID_MORE = (
    # token ids a caller gave decoded back to text: nothing counted (set 29: litellm's proxy)
    Valid(
        "import anthropic\n\ndef prompt_text(ids):\n"
        "    return tiktoken.encoding_for_model('text-davinci-003').decode(ids)\n"
    ),
    # an environment variable's name is no model tested against
    Valid(
        "import os\n\ndef count(text):\n    if 'LLAMA_INDEX_CACHE_DIR' in os.environ:\n        pass\n"
        "    return len(tiktoken.get_encoding('cl100k_base').encode(text))\n"
    ),
)

#: Set 37: a count for providers' models said by the function's docstring (dify-plugin), a fixed encoding
#: measuring a prompt against a window in a module serving another provider (phospho); and their
#: neighbours.
STAND_IN_VALID = (
    # GPT-2's encoding with no word of providers' models and no other provider in sight
    Valid(
        "class Model:\n    def _get_num_tokens_by_gpt2(self, text):\n"
        '        """Count the tokens of a text with the gpt2 tokenizer."""\n'
        "        return len(tiktoken.encoding_for_model('gpt2').encode(text))\n"
    ),
    # a docstring naming providers' models, in a function named for OpenAI's
    Valid(
        "def count_openai_tokens(text):\n"
        '    """Count for the OpenAI provider models."""\n'
        "    return len(tiktoken.get_encoding('o200k_base').encode(text))\n"
    ),
    # a function named for the tokenizer it counts with, beside a router: its caller picks tiktoken
    # (hipporag's unused ``num_tokens_by_tiktoken``)
    Valid(
        "import litellm\n\ndef num_tokens_by_tiktoken(text):\n"
        "    return len(tiktoken.encoding_for_model('gpt-3.5-turbo').encode(text))\n"
    ),
    # a scope named for GPT's tokens beside another provider's SDK
    Valid(
        "import anthropic\n\ndef count_gpt_tokens(text):\n"
        "    return len(tiktoken.encoding_for_model('gpt-4o').encode(text))\n"
    ),
    # a chunker's own unit: the encoding is its caller's to change
    Valid(
        "import litellm\n\ndef split(text, size, encoding_name='cl100k_base'):\n"
        "    enc = tiktoken.get_encoding(encoding_name)\n    ids = enc.encode(text)\n"
        "    return [enc.decode(ids[i : i + size]) for i in range(0, len(ids), size)]\n"
    ),
    # a prompt fitted to a window in a module serving OpenAI's models only
    Valid(
        "def fits(prompt, window):\n    enc = tiktoken.get_encoding('cl100k_base')\n"
        "    return len(enc.encode(prompt)) <= window\n\n"
        "def client(model):\n    if model == 'gpt-4o':\n        return OpenAI()\n"
    ),
)

STAND_IN_INVALID = (
    # the count for provider models that have no counter of their own, once per function (its twin in a
    # thread is the same count)
    Invalid(
        "class Model:\n    def _get_num_tokens_by_gpt2(self, text):\n"
        '        """Some provider models do not provide an interface for obtaining the number of tokens.\n'
        '        Here, the gpt2 tokenizer is used."""\n'
        "        if patched:\n"
        "            return pool.spawn(lambda: len(tiktoken.encoding_for_model('gpt2').encode(text))).get()\n"
        "        return len(tiktoken.encoding_for_model('gpt2').encode(text))\n",
        line=6,
    ),
    # a prompt measured against a window, the module routing to Mistral's API (set 37: phospho)
    Invalid(
        "def fits_in_context_window(prompt, context_window_size):\n"
        "    encoding = tiktoken.get_encoding('cl100k_base')\n"
        "    return len(encoding.encode(prompt)) <= context_window_size\n\n"
        "def client(provider):\n    if provider == 'mistral':\n"
        "        return OpenAI(base_url='https://api.mistral.ai/v1/')\n",
        line=2,
    ),
)

_EXTRACTOR = (
    "import litellm\nimport tiktoken\n\nclass Extractor:\n    def __init__(self, model):\n"
    "        self.model = model\n        self.__tokenizer = tiktoken.get_encoding('o200k_base')\n\n"
)

SELF_VALID = (
    # another library's adapter for OpenAI's own models is no router
    Valid(
        "import tiktoken\n\n_tokenizer = tiktoken.get_encoding('cl100k_base')\n\n"
        "def model(kind):\n    from agents.extensions.models.openai_chatcompletions import OpenAIChatCompletionsModel\n\n"
        "def count_tokens(text):\n    return len(_tokenizer.encode(text))\n"
    ),
    # kept on self, but encoded with only by a method named for OpenAI, or not at all
    Valid(
        _EXTRACTOR
        + "    def count_openai_tokens(self, text):\n        return len(self.__tokenizer.encode(text))\n"
    ),
    Valid(_EXTRACTOR + "    def decode(self, ids):\n        return self.__tokenizer.decode(ids)\n"),
)
SELF_INVALID = (
    # a module-level encoding, in a package reaching LiteLLM through another library's adapter (set 51:
    # youtu-agent's ``agents.extensions.models.litellm_model``)
    Invalid(
        "import tiktoken\n\n_tokenizer = tiktoken.get_encoding('cl100k_base')\n\n"
        "def model(kind):\n    if kind == 'litellm':\n"
        "        from agents.extensions.models.litellm_model import LitellmModel\n\n"
        "def count_tokens(text):\n    return len(_tokenizer.encode(text))\n",
        line=3,
    ),
    # kept on self by the constructor, counting and chunking text for any litellm model (set 52: chembench)
    Invalid(
        _EXTRACTOR
        + "    def _count_tokens(self, text):\n        return len(self.__tokenizer.encode(text))\n",
        line=7,
    ),
)

PROJECT_VALID = (
    # a GPT encoding made and thrown away beside the encoder the function counts with (set 57:
    # huixiangdou's ``encode_string``); the model's own default is another finding
    Valid(
        "import anthropic\n\nENCODER = None\n\ndef encode_string(content, model_name):\n    global ENCODER\n"
        "    if ENCODER is None:\n        tiktoken.get_encoding('cl100k_base')\n"
        "        ENCODER = AutoTokenizer.from_pretrained(model_name)\n    return ENCODER.encode(content)\n"
    ),
    # a branch for test models, a table of tokenizers by key, an OpenAI tokenizer kept by name
    Valid(
        "import anthropic\n\ndef tok(name):\n    if name.startswith('test'):\n        return tiktoken.encoding_for_model('gpt-4').encode(name)\n"
    ),
    Valid(
        "import anthropic\n\nTOKENIZERS = {'cl100k': (tiktoken.get_encoding('cl100k_base'), count)}\n\ndef count(enc, t):\n    return enc.encode(t)\n"
    ),
    # a fixed GPT encoding in a function for OpenAI's models, beside another provider's SDK
    Valid(
        "import anthropic\n\ndef count_openai_tokens(text):\n"
        "    return len(tiktoken.encoding_for_model('gpt-4o').encode(text))\n"
    ),
    # a model's default the callers change, or in a branch picking OpenAI's models
    Valid(
        "import litellm\n\ndef count(data, model='gpt-4o'):\n    try:\n"
        "        return len(tiktoken.encoding_for_model(model).encode(data))\n    except Exception:\n"
        "        return 0\n\ndef stats(data, llm):\n    return count(data, llm)\n"
    ),
    Valid(
        "import litellm\n\ndef count(text, model):\n    if model.startswith('gpt'):\n"
        "        return len(tiktoken.get_encoding('o200k_base').encode(text))\n"
        "    return litellm.token_counter(model=model, text=text)\n"
    ),
    # OpenAI's cookbook count: every model its tests do not name raises (set 30: guardrails)
    Valid(
        "import litellm\n\ndef count(messages, model='gpt-4'):\n    enc = tiktoken.get_encoding('cl100k_base')\n"
        "    if model.startswith('gpt-4'):\n        per = 3\n    else:\n        raise NotImplementedError(model)\n"
        "    return sum(per + len(enc.encode(m)) for m in messages)\n"
    ),
    # a constructor's model default its callers change (called by the class's name)
    Valid(
        "import anthropic\n\nclass Counter:\n    def __init__(self, model='gpt-4o'):\n"
        "        self._enc = tiktoken.encoding_for_model(model)\n\n    def count(self, text):\n"
        "        return len(self._enc.encode(text))\n\ndef make(model):\n    return Counter(model)\n"
    ),
    # an encoding's default a caller changes, or that no call here shows: the caller's choice
    Valid(
        "import litellm\n\ndef count(text, encoding_name='cl100k_base'):\n"
        "    return len(tiktoken.get_encoding(encoding_name).encode(text))\n\n"
        "def stats(text, enc):\n    return count(text, encoding_name=enc)\n"
    ),
    Valid(
        "class Parser:\n    def provider(self, name):\n        return 'claude' in name\n\n"
        "    def count(self, text, encoding_name='cl100k_base'):\n"
        "        return len(tiktoken.get_encoding(encoding_name).encode(text))\n\n"
        "    def batches(self, prompts, encoding_name='cl100k_base'):\n"
        "        return [self.count(p, encoding_name) for p in prompts]\n\n"
        "    def run(self, prompts, enc):\n        return self.batches(prompts, encoding_name=enc)\n"
    ),
    Valid(
        "import litellm\n\ndef count(text, encoding_name='cl100k_base'):\n"
        "    return len(tiktoken.get_encoding(encoding_name).encode(text))\n"
    ),
    # a tokenizer's constructor loading the encoding its caller names (the tuned-19 study: adalflow's ``Tokenizer``)
    Valid(
        "import anthropic\n\nclass Tokenizer(Base):\n    def __init__(self, name='cl100k_base'):\n"
        "        super().__init__()\n        self.tokenizer = tiktoken.get_encoding(name)\n\n"
        "    def count(self, text):\n        return len(self.tokenizer.encode(text))\n"
    ),
    *PROJECT_VALID_MORE,
    *STAND_IN_VALID,
    *SELF_VALID,
)

PROJECT_INVALID = (
    # the same GPT encoding kept: it counts every provider's model (set 57: huixiangdou)
    Invalid(
        "import anthropic\n\nENCODER = None\n\ndef encode_string(content):\n    global ENCODER\n"
        "    if ENCODER is None:\n        ENCODER = tiktoken.get_encoding('cl100k_base')\n"
        "    return ENCODER.encode(content)\n",
        line=8,
    ),
    # a fixed GPT encoding truncating text in a module that also serves Qwen's models (set 29)
    Invalid(
        "def truncate(text, max_tokens):\n    enc = tiktoken.encoding_for_model('gpt-4o')\n"
        "    return enc.decode(enc.encode(text)[:max_tokens])\n\n"
        "def pick(variant):\n    return variant == 'qwen3'\n",
        line=2,
    ),
    # a model's default no caller changes, in a module routing through litellm (set 29: docetl)
    Invalid(
        "import litellm\n\ndef count(data, model='gpt-4o'):\n    try:\n"
        "        return len(tiktoken.encoding_for_model(model).encode(data))\n    except Exception:\n"
        "        return 0\n\ndef stats(data):\n    return count(data)\n",
        line=3,
    ),
    # a constructor's model default no call changes, kept on ``self`` for a method that encodes; the
    # default passes the test of another value (set 30: continuous-eval)
    Invalid(
        "import anthropic\n\nclass TokenCount:\n    def __init__(self, encoder_name='gpt-4o-mini'):\n"
        "        if encoder_name == 'approx':\n            self._enc = None\n        else:\n"
        "            self._enc = tiktoken.encoding_for_model(encoder_name)\n\n"
        "    def count(self, text):\n        return len(self._enc.encode(text))\n",
        line=4,
    ),
    # an encoding's default no call changes, forwarded by another method's own default, in a class that
    # also serves Claude's models: each default is reported (set 45: itext2kg)
    Invalid(
        "class Parser:\n    def provider(self, name):\n        return 'claude' in name\n\n"
        "    def count(self, text, encoding_name='cl100k_base'):\n"
        "        return len(tiktoken.get_encoding(encoding_name).encode(text))\n\n"
        "    def batches(self, prompts, encoding_name='cl100k_base'):\n"
        "        return [self.count(p, encoding_name) for p in prompts]\n\n"
        "    def run(self, prompts):\n        return self.batches(prompts)\n",
        count=2,
    ),
    Invalid(
        "import litellm\n\ndef count(text, encoding_name='o200k_base'):\n"
        "    return len(tiktoken.get_encoding(encoding_name).encode(text))\n\n"
        "def stats(text):\n    return count(text)\n",
        line=3,
    ),
    *STAND_IN_INVALID,
    *SELF_INVALID,
)
