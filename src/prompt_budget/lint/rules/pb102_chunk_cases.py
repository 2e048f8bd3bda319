"""PB102's cases about chunk sizes and overlaps measured in tokens (``chunk_units``): beside a
configured tokenizer, or given under a key the project's chunker reads into a token splitter. Kept
apart from the rule module, which holds the other cases.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: A chunker reading its sizes from a config dict into llama_index's token-measured splitter.
_CHUNKER = (
    "from llama_index.core.node_parser import SentenceSplitter\n\n"
    "class Chunker:\n    def __init__(self, cfg):\n"
    '        self.splitter = SentenceSplitter(chunk_size=cfg["chunk_size"], chunk_overlap=cfg["chunk_overlap"])\n\n'
)

CHUNK_VALID = (
    # a chunk size given to a splitter counting characters
    Valid(
        "def split(text, chunk_size=1000):\n    return RecursiveCharacterTextSplitter(chunk_size=chunk_size)\n"
    ),
    # not llama_index's Settings
    Valid("from app.config import Settings\n\nSettings.chunk_size = 512\n"),
    # class fields given to a splitter imported under another name, which counts characters
    Valid(
        "from langchain.text_splitter import RecursiveCharacterTextSplitter as Splitter\n\n"
        'class CharSplitter:\n    """Characters, not tokens."""\n    chunk_size: int = 1000\n\n'
        "    def splitter(self):\n        return Splitter(chunk_size=self.chunk_size)\n\n"
        "    def configure(self, cfg):\n        self.chunk_size = cfg.chunk_size\n"
    ),
    # a tokenizer setting that splits into characters; no tokenizer and no token splitter
    Valid('CONFIG = {"tokenizer": "character", "chunk_size": 1000, "chunk_overlap": 200}\n'),
    Valid('CONFIG = {"chunk_size": 1000, "chunk_overlap": 200}\n'),
    # echoed by a check, or made to be rejected
    Valid(
        _CHUNKER + "def test_config(cfg):\n"
        '    assert cfg == {"chunk_size": 512}\n'
        "    with pytest.raises(ValueError):\n"
        '        Chunker({"chunk_size": 100, "chunk_overlap": 101})\n'
    ),
    # chunk sizes stepping over characters or bytes (``text.encode``: no tokenizer), and a class's chunk
    # settings in a module with no token chunker
    Valid(
        "def split(text, chunk_size=1000):\n"
        "    return [text[i : i + chunk_size] for i in range(0, len(text), chunk_size)]\n\n"
        "def upload(text, chunk_size=4096):\n    payload = text.encode('utf-8')\n"
        "    return [payload[i : i + chunk_size] for i in range(0, len(payload), chunk_size)]\n\n"
        "class Settings:\n    chunk_size: int = 500\n    chunk_overlap: int = 50\n\n"
        "def pages(total_chars, chunk_size=2000):\n    return total_chars // chunk_size\n"
    ),
    # beside a token chunker: a class whose docstring gives its sizes in characters, an example in a
    # model's schema (documentation)
    Valid(
        "def chunk(text, enc, chunk_size):\n    ids = enc.encode(text)\n"
        "    return [ids[i : i + chunk_size] for i in range(0, len(ids), chunk_size)]\n\n"
        'class SplitterConfig(BaseModel):\n    """Chunk size is the number of characters in the chunk."""\n\n'
        "    chunk_size: int = 400\n\n"
        "class Request(BaseModel):\n"
        '    model_config = ConfigDict(json_schema_extra={"example": {"chunk_size": 1200}})\n'
    ),
    # the key is also read into a character splitter: its unit is not known
    Valid(
        _CHUNKER + "def other(cfg):\n"
        '    return RecursiveCharacterTextSplitter(chunk_size=cfg["chunk_size"])\n\n'
        'CONFIG = {"chunk_size": 512}\n'
    ),
    # the classmethod constructor of a splitter that counts no tokens
    Valid(
        "def index(docs, chunk_size: int = 1024):\n"
        "    return CharacterTextSplitter.from_defaults(chunk_size=chunk_size)\n"
    ),
    # a setting's fallback given straight to a splitter that counts characters
    Valid(
        "def split(params):\n"
        '    return RecursiveCharacterTextSplitter(chunk_size=params.get("chunk_size", 1000))\n'
    ),
)

CHUNK_INVALID = (
    # a setting's fallbacks given straight to a splitter that counts tokens (set 64: gwenflow's flow node)
    Invalid(
        "def split(params):\n    return TokenTextSplitter(\n"
        '        chunk_size=params.get("chunk_size", 500),\n'
        '        chunk_overlap=int(params.get("chunk_overlap", 100)),\n    )\n',
        count=2,
    ),
    # llama_index's Settings, whose chunks are counted in tokens (set 14: modelscope-agent)
    Invalid(
        "from llama_index.core import Settings\n\ndef index(docs):\n"
        "    Settings.chunk_size = 512\n    Settings.chunk_overlap = 20\n",
        count=2,
    ),
    # decided by data flow: class fields given to a token splitter imported under another name,
    # a configured value overriding them in a method (set 14: agentuniverse)
    Invalid(
        "from langchain.text_splitter import TokenTextSplitter as Splitter\n\n"
        "class TokenSplitter(DocProcessor):\n    chunk_size: int = 200\n    chunk_overlap: int = 20\n\n"
        "    def splitter(self):\n"
        "        return Splitter(chunk_size=self.chunk_size, chunk_overlap=self.chunk_overlap)\n\n"
        "    def configure(self, cfg):\n        if hasattr(cfg, 'chunk_size'):\n"
        "            self.chunk_size = cfg.chunk_size\n        self.chunk_overlap = cfg.chunk_overlap\n",
        count=2,
    ),
    # decided by data flow: a chunk size given to a splitter that counts tokens (two methods, one value)
    Invalid(
        "class Chunker:\n    def a(self, chunk_size: int = 1024):\n        return TokenTextSplitter(chunk_size=chunk_size)\n\n"
        "    def b(self, chunk_size: int = 1024):\n        return TokenTextSplitter(chunk_size=chunk_size)\n",
        count=2,
    ),
    # beside the tokenizer that measures it, also as a setting's fallback (set 25: memoryos)
    Invalid(
        'CONFIG = {"tokenizer_or_token_counter": "gpt2", "chunk_size": 512, "chunk_overlap": 128}\n', count=2
    ),
    Invalid('def config(**kw):\n    return {"tokenizer": "gpt2", "chunk_size": kw.get("chunk_size", 512)}\n'),
    Invalid(
        'class Splitter:\n    def __init__(self, chunk_size: int = 256, chunk_overlap: int = 128, tokenizer: str = "gpt2"):\n'
        "        self.chunk_size = chunk_size\n",
        count=2,
    ),
    # the project's chunker gives the key to a token splitter: a config dict's sizes and parametrize
    # rows elsewhere are tokens (set 25: kiln-ai)
    Invalid(_CHUNKER + 'PROPERTIES = {"chunk_size": 256, "chunk_overlap": 64}\n', count=2),
    Invalid(
        _CHUNKER + '@pytest.mark.parametrize("chunk_size,chunk_overlap,n", [(256, 12, 2), (1024, 64, 1)])\n'
        "def test_chunks(chunk_size, chunk_overlap, n): ...\n",
        count=3,
    ),
    # the project's own chunker windows a tokenizer's ids by its chunk parameters: a class's settings
    # under those keys (HoloViz param's ``param.Integer(default=...)``), the chunker's own default, a
    # chunk size dividing a token budget into chunks (set 44: ragna)
    Invalid(
        "class Storage:\n    def _chunk(self, text, *, chunk_size, chunk_overlap):\n"
        "        return windowed(self._tokenizer.encode(text), n=chunk_size, step=chunk_size - chunk_overlap)\n\n"
        "class Settings(param.Parameterized):\n"
        "    chunk_size = param.Integer(default=500, bounds=(100, 1_000))\n"
        "    chunk_overlap = param.Integer(default=250, step=50)\n",
        count=2,
    ),
    Invalid(
        "def chunk(text, enc, chunk_size=400):\n    ids = enc.encode(text)\n"
        "    return [enc.decode(ids[i : i + chunk_size]) for i in range(0, len(ids), chunk_size)]\n"
    ),
    Invalid(
        "class Store:\n    def retrieve(self, prompt, *, chunk_size: int = 500, num_tokens: int = 1024):\n"
        "        return self.query(prompt, limit=int(num_tokens * 2 / chunk_size))\n"
    ),
    # given positionally to what the module's fixture returns
    Invalid(
        _CHUNKER + "@pytest.fixture\ndef make():\n    def create(chunk_size, chunk_overlap):\n"
        '        return Chunker({"chunk_size": chunk_size, "chunk_overlap": chunk_overlap})\n\n    return create\n\n'
        "def test_small(make):\n    assert make(100, 10).split('')  == []\n\ndef test_big(make):\n    chunker = make(512, 64)\n",
        count=2,
    ),
    # a size given to a token splitter's classmethod constructor (set 61: unstract-sdk's vector_db)
    Invalid(
        "from llama_index.core.node_parser import SentenceSplitter\n\n"
        "def index(docs, chunk_size: int = 1024, chunk_overlap: int = 128):\n"
        "    return SentenceSplitter.from_defaults(chunk_size=chunk_size, chunk_overlap=chunk_overlap)\n",
        count=2,
    ),
)
