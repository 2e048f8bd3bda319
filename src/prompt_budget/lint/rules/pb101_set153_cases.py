"""PB101's cases from sets 153 and 154 (issue 19): a LangChain splitter told to measure its chunks with a function
counting tokens (set 154: autochunks' bridges, ``RecursiveCharacterTextSplitter(chunk_size=...,
length_function=count_tokens)``: ``token_splitters.token_length_function``) takes its sizes in tokens; with ``len`` (the default) they
are characters. A runtime's setting in sample code a program shows (``llama_cpp_code = f'... n_ctx=4096 ...'``,
printed by a ``snippet`` command: ``runtime_strings``) is not one it runs. An overlap beside a chunk size in tokens
in one dict (``{"base_token_size": 512, "overlap": 64}``: ``overlap_siblings.overlap_beside``) is tokens too.
Spliced into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SPLIT = "s = RecursiveCharacterTextSplitter(chunk_size=400, length_function={length})\n"

SET153_VALID = (
    Valid(_SPLIT.format(length="len")),
    Valid(_SPLIT.format(length="lambda t: len(t.split())")),
    Valid("s = RecursiveCharacterTextSplitter(chunk_size=400, chunk_overlap=40)\n"),
    # sample code a command prints for the user to copy (set 154: modelscout-llm's ``snippet``)
    Valid(
        'def snippet(repo):\n    llama_cpp_code = f"""from llama_cpp import Llama\n'
        'llm = Llama.from_pretrained(repo_id=\'{repo}\', n_ctx=4096)\n"""\n'
        "    console.print(Syntax(llama_cpp_code, 'python'))\n"
    ),
    Valid('usage_example = "llama-server -m model.gguf --ctx-size 8192"\n'),
    # a splitter's sizes in characters, the overlap with them
    Valid('GRID = [("recursive", {"chunk_size": 1000, "chunk_overlap": 200})]\n'),
)

SET153_INVALID = (
    # an overlap beside an output cap, of a size in characters (synthetic-data-kit's settings): the cap alone
    Invalid(
        'def settings(config):\n    return config.get("generation", {"chunk_size": 4000, "overlap": 200, "max_tokens": 4096})\n',
        line=2,
    ),
    # an overlap beside a chunk size in tokens, in a grid of candidate settings (set 154: autochunks)
    Invalid('GRID = [("fixed_length", {"base_token_size": 512, "overlap": 64})]\n', line=1, count=2),
    # an overlap naming its own unit keeps it
    Invalid('GRID = [("fixed_length", {"chunk_tokens": 512, "overlap_chars": 100})]\n', line=1),
    # a command line a program renders and runs is a setting
    Invalid(
        'def serve(model):\n    command = f"llama-server -m {model} --ctx-size 8192"\n    return run(command)\n',
        line=2,
    ),
    Invalid(_SPLIT.format(length="count_tokens"), line=1),
    Invalid(_SPLIT.format(length="tiktoken_len"), line=1),
    Invalid(_SPLIT.format(length="self._token_len"), line=1),
    Invalid(
        'import tiktoken\n\nenc = tiktoken.get_encoding("cl100k_base")\n'
        + _SPLIT.format(length="lambda t: len(enc.encode(t))"),
        line=4,
    ),
)
