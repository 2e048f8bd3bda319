"""PB102's cases from what sets 55 and 56 left (issue 19): a bare command-line option named a length in
tokens (``token_options.says_token_length``), a window written into a model's config
(``config_windows``). Spliced into ``pb102_option_cases`` to keep the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET55_VALID = (
    # a token's own length (a tokenizer trainer's), short; a help text that says what the token is
    Valid('parser.add_argument("--max-token-length", type=int, default=16)'),
    Valid('parser.add_argument("--token-length", type=int, default=1024, help="API key length")'),
    # an architecture's own config, in its class or being built; a check of the model's window; a test's
    # tiny model
    Valid(
        "class Model(PreTrainedModel):\n    def __init__(self, config, max_tokens):\n"
        "        self.config.max_position_embeddings = 4096\n"
    ),
    Valid("config = GPT2Config()\nconfig.n_positions = 1024\nmax_tokens = None\n"),
    Valid(
        "assert model.config.max_position_embeddings == 32768\nmodel.config.n_positions = 64\nmax_tokens = None\n"
    ),
)

SET55_INVALID = (
    # a bare option (no help text) named a length in tokens, as long as a window (set 55: atroposlib)
    Invalid('parser.add_argument("--max-token-len", type=int, default=2048)'),
    # a window written into a loaded model's config (set 55: ochat's hf_add_tokens)
    Invalid(
        "def convert(model_path):\n"
        "    model = AutoModelForCausalLM.from_pretrained(model_path)\n"
        "    model.config.vocab_size += len(added_special_tokens)\n"
        "    if 'mistral' in model_path.lower():\n"
        "        model.config.max_position_embeddings = 8192\n"
        "    model.save_pretrained(model_path)\n",
        line=5,
        key="convert_max_position_embeddings",
    ),
)
