"""PB102's tokenizer calls that pad every input to a fixed number of tokens (set 58: flexgen's
``get_test_inputs``, ``tokenizer(prompts, padding="max_length", max_length=prompt_len)``, whose
``--prompt-len`` option sets the length of the benchmark's prompts in tokens): Hugging Face pads to
``max_length`` tokens, so the name given there is a length in tokens, as one given to a call that
truncates is (``learned_lengths``). Only a call of a tokenizer (its callee, or the object whose method
it is, named one), not an audio feature extractor's.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, string_value
from prompt_budget.lint.token_cuts import cuts_tokens


def pads_to_max_length(call: ast.Call) -> bool:
    """``tokenizer(texts, padding="max_length", ...)``, ``self.tokenizer.batch_encode_plus(...,
    padding="max_length", ...)``: a call of something named a tokenizer (its callee, or the object whose
    method it is) told to pad every input to its ``max_length``."""
    if not any(kw.arg == "padding" and string_value(kw.value) == "max_length" for kw in call.keywords):
        return False
    names = [callee_name(call) or ""]
    if isinstance(call.func, ast.Attribute):
        names.append(attr_name(call.func.value) or "")
    return any("tokenizer" in words(name) for name in names)


def pads_tokens(call: ast.Call) -> bool:
    """A tokenizer's call padding every input to its ``max_length`` (``pads_to_max_length``) that would
    cut tokens if told to truncate."""
    if not pads_to_max_length(call):
        return False
    # judged as a truncating call would be (an audio processor's is not a tokenizer's)
    plain = ast.Call(func=call.func, args=call.args, keywords=[ast.keyword("truncation", ast.Constant(True))])
    return cuts_tokens(plain)
