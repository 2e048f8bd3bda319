"""A toy agent's context code: a history reducer and a prompt assembler."""
