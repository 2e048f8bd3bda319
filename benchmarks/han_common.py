"""Write ``src/prompt_budget/tokenizers/_han_common.py``: the Han characters that are one token of
their own in ``cl100k_base``.

Usage: python benchmarks/han_common.py [--check]

Read from the encoding's own vocabulary (``cl100k_base.tiktoken.gz`` in the ``bpe-openai`` package, the
``fast`` extra): every token that is one CJK unified ideograph (U+4E00-U+9FFF), with or without a
leading space. They are the most common Han characters of the text the encoding was trained on; the
estimate counts them apart from the other Han characters (the ``han_common`` feature), which cost two
or three tokens in ``cl100k_base``. Every one of them is also a token of ``o200k_base``. ``--check``
fails when the written module differs from the vocabulary.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import sys
from importlib import resources
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "prompt_budget" / "tokenizers" / "_han_common.py"


def single_han(encoding: str) -> str:
    data = resources.files("bpe_openai").joinpath(f"data/{encoding}.tiktoken.gz").read_bytes()
    found = set()
    for line in gzip.decompress(data).splitlines():
        token = base64.b64decode(line.split()[0])
        if token[:1] == b" ":
            token = token[1:]
        try:
            text = token.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if len(text) == 1 and 0x4E00 <= ord(text) <= 0x9FFF:
            found.add(text)
    return "".join(sorted(found))


def render(chars: str) -> str:
    lines = [chars[k : k + 60] for k in range(0, len(chars), 60)]
    body = "\n".join(f'    "{line}"' for line in lines)
    return (
        '"""The Han characters that are one token of their own in cl100k_base (written by\n'
        'benchmarks/han_common.py from the encoding\'s vocabulary; do not edit)."""\n\n'
        "from typing import Final\n\n"
        f"#: {len(chars)} characters, in code point order.\n"
        f"HAN_COMMON: Final = (\n{body}\n)\n"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    text = render(single_han("cl100k_base"))
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            sys.exit(f"{OUT} differs from the vocabulary")
        print("ok")
        return
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
