"""PB101's cases from what sets 59 and 60 left (issue 19): a lookup's fallback given whole as a
budget's keyword, whatever its key is named (``keyword_lookups``). Spliced into ``pb101_form_cases`` to
keep the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET59_VALID = (
    # a key naming another unit, time or a credential; a key held in a variable (the table decides);
    # a keyword no budget's; a lookup inside an expression given to the keyword
    Valid(
        "def build(cfg, model):\n"
        '    a = Model(max_tokens=cfg.get("max_chars", 2000), timeout=cfg.get("timeout", 600))\n'
        '    b = Model(max_tokens=cfg.get("request_timeout", 600))\n'
        "    c = Model(max_tokens=TABLE.get(model, 4096))\n"
        '    d = Model(hidden_size=cfg.get("encoder_hidden", 4096))\n'
        '    e = Model(max_tokens=cfg.get("encoder_seq_length", 4096) // 2)\n'
        "    return a, b, c, d, e\n"
    ),
)

SET59_INVALID = (
    # a config's fallback given as a model's window (set 60: nemo-aligner's reward model)
    Invalid(
        "class M:\n    def build(self):\n        return GPTRewardModel(\n"
        "            config=self.transformer_config,\n"
        '            max_sequence_length=self.cfg.get("encoder_seq_length", 512),\n        )\n',
        line=5,
    ),
    Invalid('out = model.generate(ids, max_new_tokens=getattr(args, "gen_len", 256))'),
)
