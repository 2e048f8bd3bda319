"""PB101's cases from sets 151 and 152 (issue 19): an attention band's width in positions before and after each
query (set 152: yunchang's ``torch_npu.npu_fusion_attention(..., pre_tokens=65535, next_tokens=65535)``:
``amount_words.BAND_NAMES``) is a kernel's mask, no budget. A budget setting named by a string and given its
range as a pair (set 152: adapt-agent's ``bind_attr(config, "max_output_tokens", ..., bounds=(1, 32000))``:
``search_bounds.range_budgets``). Spliced into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_BIND = 'bind_attr(config, "{name}", "agent.{name}", kind=HYPERPARAM, {kw}=(1, 32000))\n'

SET151_VALID = (
    Valid(_BIND.format(name="max_retries", kw="bounds")),
    Valid(_BIND.format(name="max_tokens", kw="weights")),
    Valid(_BIND.format(name="MAX_TOKENS", kw="bounds")),
    Valid("out = torch_npu.npu_fusion_attention(q, k, v, heads, pre_tokens=65535, next_tokens=65535)\n"),
    Valid(
        "def attn(q, k, v, pre_tokens=65535, next_tokens=65535):\n    return fused(q, k, v, pre_tokens, next_tokens)\n"
    ),
)

SET151_INVALID = (
    Invalid(_BIND.format(name="max_output_tokens", kw="bounds"), line=1),
    Invalid(_BIND.format(name="max_tokens", kw="range"), line=1),
    # a budget beside them is still one
    Invalid("out = generate(q, pre_tokens=65535, max_new_tokens=4096)\n", line=1),
)
