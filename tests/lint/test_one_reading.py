"""A literal one rule reported is not reported again by PB105 as a share of the same budget (set 263:
pixelml-av's ``max_words = int(max_tokens * 0.75)``, a rate of words per token, not 75 % of the budget)."""

from __future__ import annotations

from lint_helpers import lint_snippet

CHUNKER = '''\
def chunk(artifacts, max_tokens: int = 500):
    """Chunks of about max_tokens words (1 token ~ 0.75 words)."""
    max_words = int(max_tokens * 0.75)
    return [a for a in artifacts if len(a.text.split()) <= max_words]
'''


def test_a_rate_pb104_reports_is_not_also_a_pb105_share() -> None:
    findings = [f for f in lint_snippet(CHUNKER) if f.line == 3]
    assert [(f.code, f.value) for f in findings] == [("PB104", 0.75)]
