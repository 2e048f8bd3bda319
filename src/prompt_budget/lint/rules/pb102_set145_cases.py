"""PB102's cases from sets 145 and 146 (issue 19): a budget named only by tokens in a module of a lexer (set 145:
just-bash's shell parser, ``from .lexer import Lexer, Token, TokenType`` ... ``MAX_TOKENS = 100_000`` bounding
``len(self.tokens)``: ``lexer_tokens.lexer_module``) counts a parser's tokens. Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PARSER = (
    "{imports}\n\nMAX_TOKENS = 100_000\n\n"
    "class Parser:\n    def parse(self, text):\n        self.tokens = {tokens}\n"
    "        if len(self.tokens) > MAX_TOKENS:\n            raise ValueError('too many')\n"
)

SET145_VALID = (
    Valid(
        _PARSER.format(imports="from .lexer import Lexer, Token, TokenType", tokens="Lexer(text).tokenize()")
    ),
    Valid(_PARSER.format(imports="import tokenize", tokens="list(tokenize.generate_tokens(text))")),
    Valid(_PARSER.format(imports="from pygments.token import TokenType", tokens="lex(text)")),
)

SET145_INVALID = (
    # no lexer; a lexer's module that also speaks of a prompt sent to a model
    Invalid(_PARSER.format(imports="import json", tokens="encoder.encode(text)"), line=3),
    Invalid(
        _PARSER.format(imports="from .lexer import Lexer", tokens="Lexer(text).tokenize()")
        + "\ndef ask(llm, text):\n    return llm.complete(prompt=text)\n",
        line=3,
    ),
)
