"""PB102's cases from what sets 47 and 48 left (issue 19): a budget name whose every read feeds a rate
(``rate_flows``), a batch's size whose option help mentions tokens (``token_options``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET47_VALID = (
    # a budget name whose every read is a rate's keyword or a division by a span of time: tokens per
    # minute of a rate limiter, not a budget (set 47: l2mac's ChatRateLimiter)
    Valid(
        "class ChatRateLimiter(RateLimiter):\n    def __init__(self, request_limit=3500, token_limit=90000):\n"
        "        super().__init__(request_limit_per_minute=request_limit, token_limit_per_minute=token_limit)\n"
    ),
    Valid("def bucket(token_limit=90000):\n    return TokenBucket(token_limit / 60.0)\n"),
    Valid("def limiter(max_tokens=40000):\n    return Limiter(tpm=max_tokens)\n"),
    # a batch's size counts items, whatever tokens its help text mentions (set 48: rewardbench)
    Valid(
        'parser.add_argument("--batch_size", type=int, default=64, '
        'help="Batch size for inference (if above number of tokens).")'
    ),
    # an option's length read as a truncating call's length only in a string's cut; one given to a call
    # that does not truncate
    Valid(
        'def get_args():\n    p = argparse.ArgumentParser()\n    p.add_argument("--max_length", type=int, default=2048)\n'
        "    return p.parse_args()\n\ndef main():\n    args = get_args()\n    return text[: args.max_length]\n"
    ),
    Valid(
        'def get_args():\n    p = argparse.ArgumentParser()\n    p.add_argument("--max_length", type=int, default=2048)\n'
        "    return p.parse_args()\n\ndef main():\n    args = get_args()\n    return pad(texts, max_length=args.max_length)\n"
    ),
    # a row cut under a loop's keys naming no tokenizer output: a string's cut
    Valid(
        'class Dpo:\n    def __init__(self, tokenizer):\n        self.tokenizer = tokenizer\n        self.max_prompt_length = 128\n\n    def row(self, chosen_tokens, prompt_tokens):\n        for answer_tokens in [chosen_tokens, prompt_tokens]:\n            for k in ["prompt_title", "prompt_text"]:\n                answer_tokens[k] = answer_tokens[k][: self.max_prompt_length]\n'
    ),
)

SET47_INVALID = (
    # a budget name also read as a budget; one given to a rate and to a request's cap
    Invalid("def ask(prompt, token_limit=4000):\n    return client.create(prompt, max_tokens=token_limit)\n"),
    Invalid(
        "def run(max_tokens=4000):\n    limiter = Limiter(tokens_per_minute=max_tokens)\n"
        "    return client.create(max_tokens=max_tokens)\n"
    ),
    # a quota of tokens per minute by its own name stays one (set 29)
    Invalid("def limiter(max_tpm=5000000):\n    return Limiter(tpm=max_tpm)\n"),
    # a batch measured in tokens by its help text (llama.cpp's --batch-size; petals' max batch)
    Invalid('parser.add_argument("--batch-size", type=int, default=2048, help="Batch size in tokens")'),
    Invalid(
        'parser.add_argument("--max_batch_size", type=int, default=8192, '
        'help="The total number of tokens in the same batch will not exceed this value")'
    ),
    # an option's length handed, in another function, to a text pipeline's keywords that truncate
    # (set 48: rewardbench's run_rm.py), or to a tokenizer's call that truncates
    Invalid(
        'def get_args():\n    p = argparse.ArgumentParser()\n    p.add_argument("--max_length", type=int, default=2048)\n'
        "    return p.parse_args()\n\ndef main():\n    args = get_args()\n"
        '    kwargs = {"batch_size": 8, "truncation": True, "max_length": args.max_length}\n'
        "    return pipe(texts, **kwargs)\n",
        line=3,
    ),
    Invalid(
        'def get_args():\n    p = argparse.ArgumentParser()\n    p.add_argument("--max_len", type=int, default=1024)\n'
        "    return p.parse_args()\n\nclass Run:\n    def main(self):\n"
        "        return self.tok(texts, truncation=True, max_length=self.args.max_len)\n",
        line=3,
    ),
    # a prompt's token ids cut under a loop's keys naming a tokenizer's output (set 48: rewardbench's
    # DPO row, after TRL)
    Invalid(
        'class Dpo:\n    def __init__(self, tokenizer):\n        self.tokenizer = tokenizer\n        self.max_prompt_length = 128\n\n    def row(self, chosen_tokens, prompt_tokens):\n        for answer_tokens in [chosen_tokens, prompt_tokens]:\n            for k in ["prompt_input_ids", "prompt_attention_mask"]:\n                answer_tokens[k] = answer_tokens[k][: self.max_prompt_length]\n',
        line=4,
    ),
)
