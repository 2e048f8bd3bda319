"""PB101's cases from set 81 (issue 19): a dict written only to be shown, an example configuration
formatted into a message (``shown_examples``; set 81: oats-coder). Spliced into ``pb101_form_cases``."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LOAD = (
    "def load(path):\n    if not path:\n"
    '        example = {{"models": [{{"name": "chat", "maxTokens": 262100}}], "api_key": "CHANGE"}}\n'
    "        {use}\n        raise SystemExit(1)\n    return read(path)\n"
)

SET81_SHOWN_VALID = (
    # an example configuration only formatted into an error message or a printed text
    Valid(_LOAD.format(use='log.error(f"Set CODER_CONFIG; an example:\\n{pp(example)}")')),
    Valid(
        _LOAD.format(use='print(f"example: {example}")\n        print(f"{json.dumps(example, indent=2)}")')
    ),
)

SET81_SHOWN_INVALID = (
    # the same dict used: given to a call, returned, or shown and used
    Invalid(_LOAD.format(use="client.configure(example)"), line=3),
    Invalid(_LOAD.format(use='print(f"using {example}")\n        return example'), line=3),
    Invalid(
        "def request(prompt):\n"
        '    body = {"model": "m", "max_tokens": 4096}\n'
        '    log.debug(f"sending {body}")\n'
        "    return post(body)\n",
        line=2,
    ),
)
