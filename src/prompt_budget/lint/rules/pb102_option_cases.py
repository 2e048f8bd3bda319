"""PB102's cases about command-line options: argparse's ``add_argument``, click's ``option`` and
typer's ``Option`` whose defaults are token budgets, by their names or by a help text giving tokens
(``token_options``). Kept apart from the rule module, which holds the other cases.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb102_set55_cases import SET55_INVALID, SET55_VALID
from prompt_budget.lint.rules.pb102_set57_cases import SET57_INVALID, SET57_VALID
from prompt_budget.lint.rules.pb102_set59_cases import SET59_INVALID, SET59_VALID
from prompt_budget.lint.rules.pb102_set63_cases import SET63_INVALID, SET63_VALID

_BATCH_HELP = "The total number of tokens in the same batch will not exceed this value"
_FILL = (
    "def serve(max_batch_size=None, mqa=False):\n"
    "    if max_batch_size is None:\n"
    "        max_batch_size = 8192 if mqa else 2048\n"
    "    return max_batch_size\n"
)

OPTION_VALID = (
    *SET55_VALID,
    *SET57_VALID,
    *SET59_VALID,
    *SET63_VALID,
    # argparse options that are not token budgets
    Valid('parser.add_argument("--port", type=int, default=21001)'),
    Valid('parser.add_argument("--limit-worker-concurrency", type=int, default=1024)'),
    Valid(
        'parser.add_argument("--max-length", type=int, default=1024, help="Longest sample, in characters")'
    ),
    Valid('parser.add_argument("--max-tokens", type=int, default=None)'),
    Valid('parser.add_argument("--max-tokens-per-minute", type=int, default=90000)'),
    # a size whose help text speaks of characters or a rate; a click option about no tokens
    Valid(
        '@click.option("--chunk-size", default=1000, help="Chunk size in characters")\ndef run(chunk_size): ...\n'
    ),
    Valid('@click.option("--port", default=8080)\ndef run(port): ...\n'),
    # a config reader's fallback for keys that are not budgets; one read from the environment
    Valid('self.hidden = read(cfg, int, ["hidden_size", "n_embd"], 4096)\n'),
    Valid('limit = os.environ.get("MAX_TOKENS", 4096)\n'),
    Valid('def run(length: int = typer.Option(600, "--length", help="Timeout of the token refresh")): ...\n'),
    # a KV cache's block of tokens: memory layout, not a prompt's, an output's or a context's size
    Valid(
        'parser.add_argument("--cache-block-seq-len", type=int, default=64, '
        'help="The number of tokens in a cache block")'
    ),
    # a memory cap per GPU; a rate of tokens per minute stays a quota
    Valid('parser.add_argument("--max-memory-per-gpu", type=int, default=16384)'),
    # a default filled in for None whose option's help gives no tokens, or for a parameter whose own
    # default is a number (not left None by the option) (set 37: petals)
    Valid(
        'parser.add_argument("--max_batch_size", type=int, default=None, help="Requests in one batch")\n\n'
        + _FILL
    ),
    Valid(
        f'parser.add_argument("--max_batch_size", type=int, default=None, help="{_BATCH_HELP}")\n\n'
        + _FILL.replace("max_batch_size=None", "max_batch_size=64")
    ),
)

OPTION_INVALID = (
    *SET55_INVALID,
    *SET57_INVALID,
    *SET59_INVALID,
    *SET63_INVALID,
    Invalid("def run(max_tokens: int = typer.Option(1000, help='Maximum tokens per request')): ..."),
    Invalid('parser.add_argument("--max-new-tokens", type=int, default=512)', key="max_new_tokens"),
    Invalid(
        'def main():\n    p = argparse.ArgumentParser()\n    p.add_argument("--xft-max-seq-len", default=4096, help="sequence length in tokens")\n',
        line=3,
        key="main_xft_max_seq_len",
    ),
    Invalid('parser.add_argument("-m", "--max-new-token", type=int, default=1024)'),
    Invalid('parser.add_argument("--n", dest="max_tokens", type=int, default=2048)'),
    Invalid(
        'parser.add_argument("--max-length", type=int, default=2048, help="Maximum length in tokens")',
        key="max_length",
    ),
    # click and typer options named as budgets or sized in tokens by their help text (set 25:
    # llama-stack-client, praisonai); argparse sizes whose help gives tokens (set 25: exllamav2)
    Invalid('@click.option("--max-tokens", default=4096, help="Sampling cap")\ndef run(max_tokens): ...\n'),
    Invalid(
        'def rag(chunk_size: int = typer.Option(512, "--chunk-size", help="Chunk size in tokens")): ...\n'
    ),
    Invalid(
        'parser.add_argument("-l", "--length", type=int, default=2048, help="Max no. tokens per sample")'
    ),
    # a config reader's fallback after keys naming the window (set 25: exllamav2)
    Invalid('self.max_seq_len = read(cfg, int, ["max_sequence_length", "n_positions"], 2048)\n'),
    # a micro-batch's cap of tokens on each GPU (set 36: openrlhf)
    Invalid('parser.add_argument("--train.max_tokens_per_gpu", type=int, default=16192)'),
    # the default a function fills in when a parameter is None, judged by the same-named option whose
    # help gives tokens, each side of a conditional (set 37: petals; across modules: option_fallbacks)
    Invalid(
        f'parser.add_argument("--max_batch_size", type=int, default=None, help="{_BATCH_HELP}")\n\n' + _FILL,
        line=5,
        count=2,
    ),
)
