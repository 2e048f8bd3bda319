"""Modules about a blockchain's tokens, not a model's (set 587: orblivion's wallet client, whose
``search_tokens(limit=20)`` pages a token registry and whose ``len(toks) > 32`` caps the tokens a session lists):
a module naming three or more things of a chain (a wallet, ERC-20, slippage, Uniswap...) and none of a model's token
settings or counters (``max_tokens``, a tokenizer, a context window, a usage's ``prompt_tokens``) is not read by the
literal rules. A module of an agent that trades and also calls a model names the model's settings, and is read.
"""

from __future__ import annotations

#: Words of a chain's tokens, looked for in the lower-cased text.
_CHAIN_WORDS = (
    "wallet",
    "erc20",
    "erc-20",
    "erc721",
    "slippage",
    "web3",
    "solana",
    "lamports",
    "blockchain",
    "on-chain",
    "uniswap",
    "ethereum",
    "usdc",
)
#: Words of a model's token settings and counters.
_MODEL_WORDS = (
    "max_tokens",
    "max_new_tokens",
    "max_output_tokens",
    "maxtokens",
    "tokenizer",
    "tiktoken",
    "context_window",
    "context window",
    "num_ctx",
    "prompt_tokens",
    "completion_tokens",
    "input_tokens",
    "output_tokens",
    "chars_per_token",
)


def chain_tokens_only(lowered: str) -> bool:
    """The lower-cased text names three or more things of a chain, a wallet or an ERC standard among them, and nothing
    of a model's tokens (two scans of most texts: the pre-check runs on every file)."""
    if "wallet" not in lowered and "erc" not in lowered:
        return False
    named = 0
    for word in _CHAIN_WORDS:
        if word in lowered:
            named += 1
            if named == 3:
                return not any(word in lowered for word in _MODEL_WORDS)
    return False
