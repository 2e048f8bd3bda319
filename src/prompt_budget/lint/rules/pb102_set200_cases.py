"""Cases from set 200 (issue 19: knowlyr-trainer's training lengths).

A maximum length is a context window when its scope handles tokenized text, and a setting naming the
tokenizer says so too (``tokenizer_name`` beside a training config's ``max_length``:
``window_lengths._names_tokenizer``); a click or typer option named for a bare maximum or sequence length
is a window when its help text says it counts a tokenized sequence, in English or Chinese ("Maximum
sequence length", "最大序列长度": ``window_lengths.help_says_sequence``; the option cases open on a
docstring naming tokens, as the pre-check asks of a module before it is read). PB102, ``LENGTH_VALID`` /
``LENGTH_INVALID``, spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_CONFIG = (
    "from pydantic import BaseModel\n\n\n"
    "class TrainConfig(BaseModel):\n"
    "    model_name_or_path: str = 'Qwen/Qwen2.5-Coder-7B'\n"
    "    {sibling}: str | None = None\n"
    "    max_length: int = {value}\n"
)
_OPTION = READ_BY_PRECHECK + (
    "import click\n\n\n"
    "@click.command()\n"
    '@click.option("--{flag}", type=int, default={value}, help="{help}")\n'
    "def evaluate(max_length):\n"
    "    return max_length\n"
)

LENGTH_VALID = (
    # no tokenizer named; a length too short for any window; a title's length
    Valid(_CONFIG.format(sibling="title", value=2048)),
    Valid(_CONFIG.format(sibling="tokenizer_name", value=64)),
    # options whose help says characters, or says nothing of a sequence; a prefixed length
    Valid(_OPTION.format(flag="max-length", value=2048, help="最大字符长度 (characters)")),
    Valid(_OPTION.format(flag="max-length", value=2048, help="最大长度")),
    Valid(_OPTION.format(flag="max-length", value=2048, help="Maximum title length")),
    Valid(_OPTION.format(flag="title-max-length", value=2048, help="Maximum sequence length")),
)
LENGTH_INVALID = (
    # set 200: knowlyr-trainer's TrainConfig.max_length beside its tokenizer_name, and its eval command's option
    Invalid(_CONFIG.format(sibling="tokenizer_name", value=2048), line=7),
    Invalid(_OPTION.format(flag="max-length", value=2048, help="最大序列长度"), line=6),
    Invalid(_OPTION.format(flag="max-length", value=4096, help="Maximum sequence length"), line=6),
    Invalid(_OPTION.format(flag="max-seq-len", value=2048, help="上下文长度"), line=6),
)
