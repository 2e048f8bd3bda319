"""PB102's cases about the inference runtimes' own settings (set 24): llama.cpp's output cap
``n_predict`` and tokens per batch ``n_batch`` / ``n_ubatch``, MLX's prefill step and KV-quantization
start, a test model's small ``n_ctx``, a step size told by the token slices it cuts, a command-line
sequence length said or parsed to count tokens; and a RoPE scaling's pretrained window, which limits
nothing. Kept apart from the rule module to keep it short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

RUNTIME_VALID = (
    # the window a RoPE scaling formula was pretrained with: a coefficient, not a limit (set 24: torchtune)
    Valid(
        "class ScaledRoPE:\n    def __init__(self, dim, scale_factor=8, old_context_len: int = 8192):\n"
        "        self.wavelen = old_context_len / scale_factor\n"
    ),
    # the window a checkpoint was pretrained with, beside the rope settings that scale it (YaRN): in a
    # model config's fields or a rotary module's parameters, a coefficient (set 50: gpt-oss; set 48:
    # llmcompressor's DeepSeek config)
    Valid(
        "@dataclass\nclass ModelConfig:\n    sliding_window: int = 128\n    initial_context_length: int = 4096\n"
        "    rope_theta: float = 150000.0\n    rope_scaling_factor: float = 32.0\n"
    ),
    Valid(
        "class ModelArgs:\n    def __init__(self, qk_rope_head_dim=64, original_seq_len: int = 4096, rope_factor=40):\n"
        "        self.original_seq_len = original_seq_len\n"
    ),
    Valid(
        "class RotaryEmbedding(nn.Module):\n    def __init__(self, dim, base, initial_context_length: int = 4096, scaling_factor=1.0):\n"
        "        self.rope = build_rope(dim, base, initial_context_length)\n"
    ),
    Valid("class Config:\n    original_max_position_embeddings = 8192\n    rope_scaling = None\n"),
    # a step over the rows of a batch, and a step with no token sequence or cache: not tokens
    Valid(
        "def run(model, input_ids, batch_size=512):\n    for i in range(0, len(input_ids), batch_size):\n"
        "        model(input_ids[i : i + batch_size])\n"
    ),
    Valid(
        "def walk(items, step_size=64):\n    for i in range(0, len(items), step_size):\n        yield items[i : i + step_size]\n"
    ),
    # a command-line sequence length said to count words
    Valid(
        'def main():\n    p.add_argument("--sequence-length", type=int, default=512, help="Words per sample.")\n'
    ),
    # an ``except`` standing in for a conversion of something else, or of a local bound elsewhere
    Valid(
        "def serve(cfg):\n    try:\n        port = int(cfg.port)\n    except ValueError:\n        port = 8080\n"
        "    return port\n"
    ),
    Valid(
        "def wizard(profile, raw):\n    if raw:\n        value = profile.get('max_tokens')\n"
        "    value = raw\n    try:\n        n = int(value)\n    except ValueError:\n        n = 3000\n    return n\n"
    ),
)

RUNTIME_INVALID = (
    # an initial window with no rope setting beside it, or an initial budget named in tokens: limits
    Invalid(
        "@dataclass\nclass AgentConfig:\n    initial_context_length: int = 4096\n    temperature: float = 0.2\n"
    ),
    Invalid("class ModelConfig:\n    initial_max_tokens: int = 4096\n    rope_theta: float = 10000.0\n"),
    # llama.cpp's output cap and tokens per batch, on a dataclass, a server object and a CLI option
    Invalid("@dataclass\nclass Params:\n    n_predict: int = 128\n    n_batch: int = 512\n", count=2),
    Invalid("def test_small(server):\n    server.n_predict = 64\n    server.n_ubatch = 256\n", count=2),
    Invalid(
        'p.add_argument("--n_predict", type=int, default=128)\np.add_argument("--ubatch-size", type=int, default=1024)\n',
        count=2,
    ),
    # a runtime's window name counts tokens at any size (a test model's context)
    Invalid("def test_ctx(server, cparams):\n    server.n_ctx = 256\n    cparams.n_ctx = 16\n", count=2),
    # MLX's prefill step and the cache position where KV quantization starts
    Invalid("DEFAULT_PREFILL_STEP_SIZE = 2048\nDEFAULT_QUANTIZED_KV_START = 5000\n", count=2),
    # a generic step size, the width of the slices of the prompt fed to a cached model
    Invalid(
        "def prefill(model, prompt, cache, step_size: int = 2048):\n"
        "    for i in range(0, prompt.shape[1], step_size):\n"
        "        model(prompt[:, i : i + step_size], cache=cache)\n"
    ),
    # a command-line sequence length said to count a sequence, or parsed beside a tokenizer
    Invalid(
        'def main():\n    p.add_argument("--sequence-length", type=int, default=512, help="Sequence length for eval")\n'
    ),
    Invalid(
        'def main():\n    p.add_argument("--sequence-length", type=int, default=512)\n    args = p.parse_args()\n'
        "    model, tokenizer = load(args.model)\n    data = load_data(tokenizer, args.sequence_length)\n"
    ),
    # the number an ``except`` binds in place of a budget the ``try`` converts (set 62: mobilerun)
    Invalid(
        "def wizard(profile, ask):\n    current_value = profile.kwargs.get('max_tokens', 1024)\n"
        "    try:\n        current_default = int(current_value)\n    except (TypeError, ValueError):\n"
        "        current_default = 1024\n    return ask('Max tokens', default=current_default)\n",
        line=6,
    ),
    Invalid(
        "def window(cfg):\n    try:\n        n = int(cfg.context_window)\n    except ValueError:\n"
        "        n = 32768\n    return n\n",
        line=5,
    ),
)
