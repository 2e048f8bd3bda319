"""PB101's cases from what sets 47 and 48 left (issue 19): a lookup's fallback under a key held in a
variable (``variable_keys``). Spliced into ``pb101_form_cases`` to keep the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET47_VALID = (
    # a key whose strings name no budget, whatever the target; a key from anywhere into a name that
    # says nothing (set 47)
    Valid(
        'def read(cfg, slow):\n    key = "timeout" if slow else "retries"\n'
        "    max_tokens = cfg.get(key, 4096)\n    return max_tokens\n"
    ),
    Valid("def read(cfg, key):\n    limit = cfg.get(key, 4096)\n    return limit\n"),
    Valid("def read(key):\n    n_ctx = os.environ.get(key, 4096)\n    return n_ctx\n"),
    # a helper's length that pads (``padding=`` without ``truncation=``) or cuts a string
    Valid(
        "def pad(text, max_length):\n    return tokenizer(text, padding='max_length', max_length=max_length)\n\n"
        "x = pad(t, 512)\n"
    ),
    Valid("def clip(text, max_length):\n    return text[:max_length]\n\nx = clip(t, 2030)\n"),
)

SET47_INVALID = (
    # a key chosen between two budget settings, its fallback the window (set 47: ra-aid's num_ctx)
    Invalid(
        'def llm(config_repo, is_expert):\n    num_ctx_key = "expert_num_ctx" if is_expert else "num_ctx"\n'
        "    num_ctx_value = config_repo.get(num_ctx_key, 262144)\n    return ChatOllama(num_ctx=num_ctx_value)\n",
        line=3,
    ),
    # a key from elsewhere, the value bound to a budget's name
    Invalid("def read(cfg, key):\n    max_tokens = int(cfg.get(key, 4096))\n    return max_tokens\n", line=2),
    # a number given by position to a nested helper that hands it to a tokenizer's encode as the
    # length it cuts to (set 48: rewardbench's betterpairrm ``truncate_texts(text, 2030, "left")``)
    Invalid(
        "def pair(tokenizer, texts):\n    def truncate_texts(text, max_length, side):\n"
        "        tokenizer.truncation_side = side\n"
        "        tokens = tokenizer.encode(text, add_special_tokens=False, max_length=max_length)\n"
        "        return tokenizer.decode(tokens)\n\n"
        '    return [truncate_texts(t, 2030, "left") for t in texts]\n',
        line=7,
    ),
)
