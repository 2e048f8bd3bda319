"""PB101's cases from what sets 57 and 58 left (issue 19): a cap given as a conditional expression
(``inline_branches``), a tokenizer told to pad to a length (``padded_inputs``). Spliced into
``pb101_form_cases`` to keep the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET57_VALID = (
    # a conditional under an overlap, a count of completions, a keyword no budget's; assigned: PB102's
    Valid(
        "def run(llm, big):\n    s = TokenTextSplitter(chunk_overlap=200 if big else 100)\n"
        "    out = llm.create(n=20 if big else 40, timeout=300 if big else 600, max_tokens=t)\n"
        "    limit = 300 if big else 350\n    return s, out, limit\n"
    ),
    # padding to the batch's longest, a processor's padding to samples, a length not padded to
    Valid(
        "def enc(tokenizer, processor, texts, audio):\n"
        "    a = tokenizer(texts, padding=True, max_length=None)\n"
        '    b = processor(audio, padding="max_length", max_length=16000)\n'
        '    c = collate(texts, padding="max_length", max_length=128)\n    return a, b, c\n'
    ),
)

SET57_INVALID = (
    # both numbers of a conditional cap given to a call (set 57: xturing; set 58: sentient)
    Invalid(
        "def gen(engine, batch):\n    return engine.generate_text(\n        prompts,\n"
        "        max_tokens=300\n        if any(t.clf for t in batch)\n        else 350,\n    )\n",
        line=4,
        count=2,
    ),
    Invalid(
        "def ask(self):\n    return self.client.chat.completions.create(\n        model=self.model_name,\n"
        '        max_tokens=1000 if self.provider_name == "anthropic" else None,\n    )\n',
        line=4,
    ),
    Invalid("out = model.generate(ids, max_new_tokens=64 if short else (256 if mid else 1024))", count=3),
    # a tokenizer told to pad every input to a length: the prompt length in tokens (set 58: flexgen)
    Invalid('inputs = tokenizer(prompts, padding="max_length", max_length=128)'),
    Invalid('ids = self.tokenizer.batch_encode_plus(texts, padding="max_length", max_length=512)'),
)
