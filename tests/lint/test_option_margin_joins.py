"""Two project-wide joins of set 37: a parameter's default filled in when it is None, judged by the
same-named command-line option of another module whose help gives tokens (``option_fallbacks``, PB102;
petals), and a reserve added to a token count and passed by position to another module's margin
parameter (``margin_args``, PB106; phospho)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package, lint_tree

CLI = (
    "import argparse\n\n"
    "parser = argparse.ArgumentParser()\n"
    "parser.add_argument('--max_batch_size', type=int, default=None,\n"
    "                    help='The total number of tokens in the same batch will not exceed this value')\n"
    "parser.add_argument('--num_handlers', type=int, default=None, help='Handlers per server')\n"
)
# the module speaks of tokens (files that never do are not parsed: ``precheck``)
SERVER = (
    "class Server:\n"
    '    """Serves a model blocks and caches the attention of past tokens."""\n\n'
    "    def __init__(self, max_batch_size=None, num_handlers=None, mqa=False):\n"
    "        if max_batch_size is None:\n"
    "            max_batch_size = 8192 if mqa else 2048\n"
    "        if num_handlers is None:\n"
    "            num_handlers = 64 if mqa else 32\n"
    "        self.max_batch_size, self.num_handlers = max_batch_size, num_handlers\n"
)
UTILS = (
    "def count_tokens(text):\n    return len(ENC.encode(text))\n\n"
    "def shorten_text(prompt, max_length, margin=20):\n"
    "    tokens = ENC.encode(prompt)\n"
    "    return ENC.decode(tokens[: max_length - margin])\n\n"
    "def pad_text(prompt, width, margin=2):\n"
    "    return prompt.ljust(width + margin)\n"
)
JOBS = (
    "from pkg.utils import count_tokens, pad_text, shorten_text\n\n"
    "def run(prompt, context):\n"
    "    short = shorten_text(context, 128000, count_tokens(prompt) + 100)\n"
    "    wide = pad_text(context, 80, count_tokens(prompt) + 100)\n"
    "    return short, wide\n"
)


def _found(findings: list, code: str) -> list[tuple[str, int, object]]:
    return [(f.path, f.line, f.value) for f in findings if f.code == code]


def test_a_none_fill_is_judged_by_the_option_of_another_module(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "cli.py": CLI, "server.py": SERVER})
    assert _found(found, "PB102") == [("pkg/server.py", 6, 8192), ("pkg/server.py", 6, 2048)]


def test_a_none_fill_in_another_project_is_not(tmp_path: Path) -> None:
    found = lint_tree(
        tmp_path, {"a/__init__.py": "", "a/cli.py": CLI, "b/__init__.py": "", "b/server.py": SERVER}
    )
    assert _found(found, "PB102") == []


def test_a_count_plus_a_reserve_given_to_another_module_margin(tmp_path: Path) -> None:
    found = lint_package(tmp_path, {"__init__.py": "", "utils.py": UTILS, "jobs.py": JOBS})
    # ``pad_text``'s margin is added, not kept free: not a reserve
    assert _found(found, "PB106") == [("pkg/jobs.py", 4, 100)]
