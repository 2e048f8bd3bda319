"""PB102's cases from sets 73 and 74 (issue 19), kept apart from the rule to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb102_set75_cases import SET75_INVALID, SET75_VALID
from prompt_budget.lint.rules.pb102_set77_cases import SET77_INVALID, SET77_VALID
from prompt_budget.lint.rules.pb102_set77_flow_cases import SET77_FLOW_INVALID, SET77_FLOW_VALID
from prompt_budget.lint.rules.pb102_set81_cases import SET81_INVALID, SET81_VALID
from prompt_budget.lint.rules.pb102_set81_entry_cases import SET81_ENTRY_INVALID, SET81_ENTRY_VALID
from prompt_budget.lint.rules.pb102_set83_cases import SET83_INVALID, SET83_VALID
from prompt_budget.lint.rules.pb102_set85_cases import SET85_INVALID, SET85_VALID
from prompt_budget.lint.rules.pb102_set87_cases import SET87_INVALID, SET87_VALID
from prompt_budget.lint.rules.pb102_set91_cases import SET91_INVALID, SET91_VALID
from prompt_budget.lint.rules.pb102_set93_cases import SET93_INVALID, SET93_VALID
from prompt_budget.lint.rules.pb102_set95u_cases import SET95_INVALID, SET95_VALID
from prompt_budget.lint.rules.pb102_set97_cases import SET97_INVALID, SET97_VALID
from prompt_budget.lint.rules.pb102_set99_cases import SET99_INVALID, SET99_VALID
from prompt_budget.lint.rules.pb102_set101_cases import SET101_INVALID, SET101_VALID
from prompt_budget.lint.rules.pb102_set103_cases import SET103_INVALID, SET103_VALID
from prompt_budget.lint.rules.pb102_set103y_cases import SET103Y_INVALID, SET103Y_VALID
from prompt_budget.lint.rules.pb102_set105_cases import SET105_INVALID, SET105_VALID
from prompt_budget.lint.rules.pb102_set107_cases import SET107_INVALID, SET107_VALID
from prompt_budget.lint.rules.pb102_set117_cases import SET117_INVALID, SET117_VALID

SET73_VALID = (
    # an entry of an ``Args:`` list measuring characters, lines, bytes, seconds, memory or money
    Valid(
        "class Splitter:\n    def __init__(self, max_size: int = 512):\n"
        '        """Args:\n            max_size: Maximum chunk size in characters (4 characters make\n'
        '                about 1 token).\n        """\n        self.max_size = max_size\n'
    ),
    Valid(
        "class Splitter:\n    def __init__(self, max_size: int = 512):\n"
        '        """Args:\n            max_size: Maximum chunk size in lines.\n        """\n'
        "        self.max_size = max_size\n"
    ),
    Valid(
        "def read(path, max_size: int = 4096):\n"
        '    """Args:\n        max_size: Maximum size read, in bytes (1 token = ~4 chars of it).\n    """\n'
        "    return open(path).read(max_size)\n"
    ),
    Valid(
        "def wait(limit: int = 600):\n"
        '    """Args:\n        limit: Maximum wait in seconds.\n    """\n    return limit\n'
    ),
    Valid(
        "def spend(max_budget: int = 5000):\n"
        '    """Args:\n        max_budget: Maximum cost in cents, the price of about 1 token = 4 chars.\n    """\n'
        "    return max_budget\n"
    ),
    # a fallback returned as it is, then compared with lines or characters, or a fallback not returned
    Valid(
        "def _pick(value, *, fallback):\n    if value:\n        return value\n    return fallback\n\n"
        "class Trimmer:\n    spill_size: int = 1500\n\n    def run(self, parts, limit):\n"
        "        cap = _pick(limit, fallback=self.spill_size)\n"
        "        return [p for p in parts if len(p.splitlines()) > cap]\n"
    ),
    Valid(
        "def _pick(value, *, fallback):\n    if value:\n        return value\n    return fallback\n\n"
        "class Trimmer:\n    spill_size: int = 1500\n\n    def run(self, parts, limit):\n"
        "        cap = _pick(limit, fallback=self.spill_size)\n"
        "        return [p for p in parts if len(p) > cap]\n"
    ),
    Valid(
        "def _pick(value, *, fallback):\n    log(fallback)\n    return value\n\n"
        "class Trimmer:\n    spill_size: int = 1500\n\n    def run(self, parts, limit):\n"
        "        cap = _pick(limit, fallback=self.spill_size)\n"
        "        return [p for p in parts if count_tokens(p) > cap]\n"
    ),
    *SET75_VALID,  # sets 75 and 76 (the rule's module is at its length limit)
    *SET77_VALID,  # sets 77 to 80
    *SET81_VALID,  # sets 81 and 82
    *SET77_FLOW_VALID,
    *SET81_ENTRY_VALID,
    *SET83_VALID,  # sets 83 and 84
    *SET85_VALID,  # sets 85 and 86
    *SET87_VALID,  # sets 87 and 88
    *SET91_VALID,  # sets 91 and 92
    *SET93_VALID,  # sets 93 and 94
    *SET95_VALID,  # sets 95 and 96 (tuner U)
    *SET97_VALID,  # sets 97 and 98 (tuner P)
    *SET103Y_VALID,  # set 103 (tuner Y): the fallback of a search of a table
    *SET99_VALID,  # sets 99 and 100 (tuner U)
    *SET103_VALID,  # set 103: a number times a unit constant
    *SET107_VALID,  # set 108: an option's default written as a module constant
    *SET101_VALID,  # sets 101 and 102 (tuner P)
    *SET105_VALID,  # sets 105 and 106 (tuner C)
    *SET117_VALID,  # sets 117 and 118: the fallback of a room met by tokens
)

SET73_INVALID = (
    # an entry in tokens whose characters only convert them (set 73: lexichunk's ``max_chunk_size``)
    Invalid(
        "class Chunker:\n    def __init__(self, max_size: int = 512):\n"
        '        """Args:\n            max_size: Maximum chunk size in approximate tokens (1 token ≈ 4\n'
        '                characters).  Enforced as a hard cap.\n        """\n        self.max_size = max_size\n',
        line=2,
    ),
    Invalid(
        "def split(text, max_size: int = 512):\n"
        '    """Args:\n        max_size: Maximum size in tokens (one token is about 4 chars).\n    """\n'
        "    return text\n",
        line=1,
    ),
    # a field given to a function returning it as its fallback, whose result is compared with a
    # token count (set 73: firstcoder's ``CompactionPipeline.large_tool_result_tokens``)
    Invalid(
        "def _pick(value, *, fallback):\n    if value:\n        return value\n    return fallback\n\n"
        "class Trimmer:\n    spill_size: int = 1500\n\n    def run(self, parts, limit):\n"
        "        cap = _pick(limit, fallback=self.spill_size)\n"
        "        return [p for p in parts if count_tokens(p) > cap]\n",
        line=7,
    ),
    *SET75_INVALID,
    *SET77_INVALID,
    *SET77_FLOW_INVALID,
    *SET81_INVALID,
    *SET81_ENTRY_INVALID,
    *SET83_INVALID,  # sets 83 and 84
    *SET85_INVALID,  # sets 85 and 86
    *SET87_INVALID,  # sets 87 and 88
    *SET91_INVALID,  # sets 91 and 92
    *SET93_INVALID,  # sets 93 and 94
    *SET95_INVALID,  # sets 95 and 96 (tuner U)
    *SET97_INVALID,  # sets 97 and 98 (tuner P)
    *SET103Y_INVALID,  # set 103 (tuner Y): the fallback of a search of a table
    *SET99_INVALID,  # sets 99 and 100 (tuner U)
    *SET103_INVALID,  # set 103: a number times a unit constant
    *SET107_INVALID,  # set 108: an option's default written as a module constant
    *SET101_INVALID,  # sets 101 and 102 (tuner P)
    *SET105_INVALID,  # sets 105 and 106 (tuner C)
    *SET117_INVALID,  # sets 117 and 118: the fallback of a room met by tokens
)
