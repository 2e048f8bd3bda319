"""Cross-module readings from sets 487 onward (issue 19)."""

from __future__ import annotations

from pathlib import Path

from lint_helpers import lint_package

PAYLOAD = (
    "import os\n\n\n"
    "def bounded(items, metadata, budget=None):\n"
    "    if budget is None:\n"
    '        budget = int(os.environ.get("APP_CONTEXT_BUDGET", "1500"))\n'
    "    if not isinstance(budget, int) or not 256 <= budget <= 16000:\n"
    '        raise ValueError("budget must be an integer from 256 to 16000 ({unit})")\n'
    "    return {{**metadata, 'items': items[:budget]}}\n"
)
RECALL = (
    "from .payload import bounded\n\n\n"
    "def recall(session, query='', *, limit=8, budget=None):\n"
    "    return bounded(session.find(query)[:limit], {'query': query}, budget)\n"
)
CALLERS = (
    "from . import recall as memory\nfrom .recall import recall\n\n\n"
    "def brief(session, query):\n"
    "    return memory.recall(session, query, limit=8, budget=16000)\n\n\n"
    "def stop(session):\n"
    "    return recall(session, budget=1200)\n"
)


def _lint(tmp_path: Path, files: dict[str, str], code: str = "PB101") -> list[tuple[str, int, object]]:
    return sorted((f.path, f.line, f.value) for f in lint_package(tmp_path, files) if f.code == code)


def test_a_number_given_under_a_keyword_to_a_parameter_holding_a_token_budget_is_reported(
    tmp_path: Path,
) -> None:
    """weftgate's ``recall(session, query, limit=8, budget=16000)`` (set 487): ``recall`` hands its ``budget=None`` on
    to ``bounded``, whose range check raises an error saying "estimated tokens"; the number given at the call is that
    budget. ``limit=8`` is no budget (``limit`` is handed to no parameter holding tokens)."""
    got = _lint(
        tmp_path,
        {
            "payload.py": PAYLOAD.format(unit="estimated tokens"),
            "recall.py": RECALL,
            "brief.py": CALLERS,
        },
    )
    assert [g for g in got if g[0] == "pkg/brief.py"] == [
        ("pkg/brief.py", 6, 16000),
        ("pkg/brief.py", 10, 1200),
    ]


def test_a_keyword_to_a_parameter_whose_check_says_no_tokens_is_not_reported(tmp_path: Path) -> None:
    """The same calls where ``bounded``'s error counts items: nothing says the budget is one of tokens."""
    got = _lint(
        tmp_path,
        {"payload.py": PAYLOAD.format(unit="items"), "recall.py": RECALL, "brief.py": CALLERS},
    )
    assert [g for g in got if g[0] == "pkg/brief.py"] == []


GRAPH = (
    "class LocalContextGraph:\n"
    "    def __init__(self, name):\n        self.name = name\n\n"
    "    def __enter__(self):\n        return self\n\n"
    "    def __exit__(self, *exc):\n        return None\n\n"
    "    def prompt_view(self, snapshot, max_tokens):\n"
    '        return self._call({"op": "prompt_view", "snapshot": snapshot, "max_tokens": max_tokens})\n'
)


def test_a_number_given_by_position_to_a_method_of_an_imported_class_is_reported(tmp_path: Path) -> None:
    """hol-cigar's ``with LocalContextGraph(...) as graph: ... graph.prompt_view(snapshot, 896)`` (set 487): the local
    holds an instance of a class the module imports, so its method of a name the project defines is that method,
    whose second parameter is ``max_tokens``. The same call on a local of unknown kind is not matched by a name of
    one underscore."""
    got = _lint(
        tmp_path,
        {
            "context.py": GRAPH,
            "workflow.py": (
                "from pkg.context import LocalContextGraph  # a file the lint reads: it names max_tokens\n\n\n"
                "def run(snapshot):\n"
                '    with LocalContextGraph("demo") as graph:\n'
                "        return graph.prompt_view(snapshot, 896)\n\n\n"
                "def typed(graph: LocalContextGraph, snapshot):\n"
                "    return graph.prompt_view(snapshot, 700)\n\n\n"
                "def unknown(graph, snapshot):\n"
                "    return graph.prompt_view(snapshot, 500)\n"
            ),
        },
    )
    assert [g for g in got if g[0] == "pkg/workflow.py"] == [
        ("pkg/workflow.py", 6, 896),
        ("pkg/workflow.py", 10, 700),
    ]


def test_an_options_default_given_by_position_to_a_budget_parameter_is_reported(tmp_path: Path) -> None:
    """nearlossless-context's ``build_needle_prompt(tokenizer, args.ctx_len, depth)`` after ``add_argument(
    "--ctx-len", type=int, default=4096)`` (set 491): the option's default is the number the function takes as
    ``target_tokens``. An option read given to a parameter of another name is not."""
    got = _lint(
        tmp_path,
        {
            "needle.py": (
                "def build_needle_prompt(tokenizer, target_tokens, depth):\n"
                "    return tokenizer.decode(tokenizer.encode('x ' * target_tokens)[:target_tokens])\n\n\n"
                "def shuffle(items, seed, depth):\n    return items\n"
            ),
            "bench.py": (
                "import argparse\n\nfrom pkg.needle import build_needle_prompt, shuffle\n\n\n"
                "def main(tokenizer):\n"
                "    p = argparse.ArgumentParser()\n"
                '    p.add_argument("--ctx-len", type=int, default=4096)\n'
                '    p.add_argument("--seed", type=int, default=1234)\n'
                "    args = p.parse_args()\n"
                "    shuffle([], args.seed, 0.5)\n"
                "    return build_needle_prompt(tokenizer, args.ctx_len, 0.5)\n"
            ),
        },
    )
    assert [g for g in got if g[0] == "pkg/bench.py"] == [("pkg/bench.py", 8, 4096)]


def test_a_field_whose_comment_gives_characters_is_not_a_window_read_elsewhere(tmp_path: Path) -> None:
    """ai-eval-scope's ``arith_context_window: int = 40`` under ``# 算术错误检测时的上下文窗口大小（字符数）`` (set 501):
    read into ``_ARITH_CONTEXT_WINDOW`` in another module, a window by its name, it is still characters. The same
    field without the comment is reported as that window."""

    def files(comment: str) -> dict[str, str]:
        return {
            "defaults.py": (
                "from dataclasses import dataclass\n\n\n@dataclass\nclass EvaluatorDefaults:\n"
                f"    {comment}\n    arith_context_window: int = 40\n\n\nDEFAULTS = EvaluatorDefaults()\n"
            ),
            "checks.py": (
                "from pkg.defaults import DEFAULTS  # max_tokens\n\n\nclass Checks:\n"
                "    _ARITH_CONTEXT_WINDOW = DEFAULTS.arith_context_window\n"
            ),
        }

    (tmp_path / "said").mkdir()
    (tmp_path / "unsaid").mkdir()
    said = _lint(tmp_path / "said", files("# 算术错误检测时的上下文窗口大小（字符数）"), "PB102")
    unsaid = _lint(tmp_path / "unsaid", files("# 算术错误检测时的上下文窗口大小"), "PB102")
    assert [g for g in said if g[0] == "pkg/defaults.py"] == []
    assert [g for g in unsaid if g[0] == "pkg/defaults.py"] == [("pkg/defaults.py", 7, 40)]


KERNEL = (
    "import triton\nimport triton.language as tl\n\n\n{decorator}\n"
    "def _fwd_kernel(K, KV_LEN, n_blocks, BLOCK_N: tl.constexpr):\n"
    "    offs_n = tl.arange(0, BLOCK_N)\n"
    "    for block_n in range(0, n_blocks):\n"
    "        kv_start = block_n * BLOCK_N\n"
    "        offs_kv = kv_start + offs_n\n"
    "        mask_n = offs_kv < KV_LEN\n"
    "        tl.load(K + offs_kv, mask=mask_n)\n\n\n"
    "def launch(k, KV_LEN):\n"
    "    if KV_LEN <= 64:\n        BLOCK_N = 32\n    elif KV_LEN <= 256:\n        BLOCK_N = 64\n"
    "    else:\n        BLOCK_N = 128\n"
    "    _fwd_kernel[(1,)](k, KV_LEN, 4, BLOCK_N=BLOCK_N)\n"
)


def test_a_kernels_tile_cutoff_is_no_length_learned_from_its_comparisons(tmp_path: Path) -> None:
    """coda-gqa-l's ``if KV_LEN <= 64: BLOCK_N = 32`` beside a Triton kernel ordering ``offs_kv < KV_LEN`` (set 513):
    the cutoff picks a tile, no budget. The same module without the kernel's decorator is read as before."""
    (tmp_path / "jit").mkdir()
    (tmp_path / "plain").mkdir()
    jit = _lint(tmp_path / "jit", {"kern.py": KERNEL.format(decorator="@triton.jit")}, "PB102")
    plain = _lint(tmp_path / "plain", {"kern.py": KERNEL.format(decorator="# no kernel")}, "PB102")
    assert jit == []
    assert plain == [("pkg/kern.py", 16, 64), ("pkg/kern.py", 18, 256)]


def test_a_library_objects_method_of_a_project_methods_name_is_not_matched(tmp_path: Path) -> None:
    """The review's narrowings: ``BytesIO(data).truncate(4096)`` (a standard library class, not the project's
    ``History.truncate(self, max_tokens)``) and ``tuner.run(objective, budget=500)`` of another library's object (not
    the project's ``Agent.run(self, task, budget)``, whose budget is compared with a token count) are no budgets."""
    got = _lint(
        tmp_path,
        {
            "history.py": (
                "class History:\n    def truncate(self, max_tokens):\n"
                '        return self._call({"op": "truncate", "max_tokens": max_tokens})\n'
            ),
            "upload.py": (
                '"""Upload the session\'s token log."""\nfrom io import BytesIO\n\n\n'
                "def upload(data):\n    buf = BytesIO(data)\n    buf.truncate(4096)\n    return buf.getvalue()\n"
            ),
            "agent.py": (
                "import tiktoken\n\n_enc = tiktoken.get_encoding('cl100k_base')\n\n\nclass Agent:\n"
                "    def run(self, task, budget):\n        if len(_enc.encode(task)) > budget:\n"
                "            raise ValueError('task too long')\n        return task\n"
            ),
            "tune.py": (
                "from hyperopt_lib import Tuner\n\n\ndef tune(objective):\n    tuner = Tuner(objective)\n"
                "    return tuner.run(objective, budget=500)\n"
            ),
        },
    )
    assert [g for g in got if g[0] in {"pkg/upload.py", "pkg/tune.py"}] == []
