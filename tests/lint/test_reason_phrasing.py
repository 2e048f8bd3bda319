"""A finding's reason reads as a sentence when it is built from another reason: a share that "scales an
amount" followed by a reason written as a verb ("clamps the token count ...") gets a "that"."""

from __future__ import annotations

from lint_helpers import lint_snippet

SHARE_OF_A_CLAMP = """\
WINDOW_SAFETY_FACTOR = 0.85


class Fields:
    number_of_input_tokens: int = 128_000

    def input_budget(self) -> int:
        budget = self.number_of_input_tokens - self.reserve()
        return min(self.number_of_input_tokens, int(budget * WINDOW_SAFETY_FACTOR))
"""


def test_a_share_scaling_a_clamped_amount_reads_as_a_sentence() -> None:
    [share] = [f for f in lint_snippet(SHARE_OF_A_CLAMP) if f.code == "PB105"]
    assert (
        "scales an amount that clamps the token count `self.number_of_input_tokens` with min()"
        in share.message
    )
