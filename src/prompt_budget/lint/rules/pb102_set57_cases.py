"""PB102's cases from what sets 57 and 58 left (issue 19): a dataclass field whose entry in the class
docstring's parameter list calls it a target or maximum number of tokens (``field_entries``). Spliced
into ``pb102_option_cases`` to keep the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET57_VALID = (
    # the same override of a base's field that is no budget
    Valid(
        "@dataclass\nclass ZipPress:\n"
        '    """\n    Parameters\n    ----------\n    chunk_size : int, default=2048\n'
        "        Number of lines per chunk.\n"
        '    """\n\n    chunk_size: int = 2048\n\n\n'
        "@dataclass\nclass GradPress(ZipPress):\n    chunk_size: int = 512\n",
    ),
    # the same length padded to the longest input: no fixed length in tokens
    Valid(
        "import argparse\n\ndef get_inputs(prompt_len, tokenizer):\n"
        "    return tokenizer(['a'], padding='longest', max_length=prompt_len).input_ids\n\n"
        "def main(tok):\n    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('--prompt-len', type=int, default=512)\n"
        "    args = parser.parse_args()\n    return get_inputs(args.prompt_len, tok)\n",
    ),
    # the same chunk size read into a splitter measuring characters
    Valid(
        "class DocumentStore:\n    document_chunk_size = 2000\n\n    def __init__(self, embeddings):\n"
        "        if not isinstance(embeddings, str):\n            self.document_chunk_size = 500\n\n"
        "    def splitter(self):\n        return RecursiveCharacterTextSplitter(\n"
        "            chunk_size=self.document_chunk_size)\n",
    ),
    # an entry counting steps, states or characters; a number of tokens that is no cap
    Valid(
        "@dataclass\nclass Press:\n"
        '    """\n    Parameters\n    ----------\n    compression_interval : int, default=512\n'
        "        Number of decoding steps between compression.\n"
        "    buffer_size : int, default=256\n        Maximum number of hidden states to keep.\n"
        '    """\n\n    compression_interval: int = 512\n    buffer_size: int = 256\n'
    ),
    Valid(
        "@dataclass\nclass Splitter:\n"
        '    """\n    Parameters\n    ----------\n    target_size : int, default=2048\n'
        "        Target number of tokens to keep, counted in characters.\n"
        '    """\n\n    target_size: int = 2048\n'
    ),
)

SET57_INVALID = (
    # a subclass's field overriding its base's field, a token budget (set 58: kvpress's KVgradPress);
    # the base's is reported too
    Invalid(
        "@dataclass\nclass ZipPress:\n"
        '    """\n    Parameters\n    ----------\n    chunk_size : int, default=2048\n'
        "        Maximum number of tokens per chunk.\n"
        '    """\n\n    chunk_size: int = 2048\n\n\n'
        "@dataclass\nclass GradPress(ZipPress):\n    chunk_size: int = 512\n",
        line=10,
        count=2,
    ),
    # an option's length a tokenizer pads every prompt to (set 58: flexgen's ``--prompt-len``)
    Invalid(
        "import argparse\n\ndef get_inputs(prompt_len, tokenizer):\n"
        "    return tokenizer(['a'], padding='max_length', max_length=prompt_len).input_ids\n\n"
        "def main(tok):\n    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('--prompt-len', type=int, default=512)\n"
        "    args = parser.parse_args()\n    return get_inputs(args.prompt_len, tok)\n",
        line=8,
    ),
    # a constructor's other value of a chunk size the class reads into a token splitter (set 58:
    # opencopilot's ``DocumentStore``); the class field is reported too
    Invalid(
        "class DocumentStore:\n    document_chunk_size = 2000\n\n    def __init__(self, embeddings):\n"
        "        if not isinstance(embeddings, str):\n            self.document_chunk_size = 500\n\n"
        "    def splitter(self):\n        return RecursiveCharacterTextSplitter.from_tiktoken_encoder(\n"
        "            chunk_size=self.document_chunk_size, model_name='text-embedding-ada-002')\n",
        line=2,
        count=2,
    ),
    # a numpy-style entry: "Target number of tokens to keep after compression" (set 58: kvpress)
    Invalid(
        "@dataclass\nclass DecodingPress:\n"
        '    """\n    Parameters\n    ----------\n    target_size : int, default=2048\n'
        "        Target number of tokens to keep after compression.\n"
        "    buffer_size : int, default=256\n        Maximum number of hidden states to keep.\n"
        '    """\n\n    target_size: int = 2048\n    buffer_size: int = 256\n',
        line=12,
    ),
    # the same said in a Google-style entry
    Invalid(
        "class Press(BaseModel):\n"
        '    """A press.\n\n    Args:\n        cache_size (int): Maximum number of tokens kept in the cache.\n    """\n\n'
        "    cache_size: int = 4096\n",
        line=8,
    ),
)
