"""A second, measuring-only corpus: text the calibrations were never fitted on, from other pinned packages.

Usage: python benchmarks/heldout_corpus.py [--out PATH]

Chinese and Japanese prose (the Debian Reference 2.100 in Simplified Chinese and Japanese, HTML turned
to text), Japanese and Russian manual pages for developers (manpages-ja-dev, manpages-ru-dev) and the
Ukrainian manual pages (manpages-uk), Korean and Arabic translation catalogues (django-allauth 65.21.1,
django-cms 5.1.3 and django-oscar 4.2.1 in Korean, whose Arabic only the fitting corpus uses;
django-import-export 4.3.7, django-filer 3.3.1, djangorestframework 3.15.2 and django-countries 7.6.1
in Korean and Arabic), Python and JavaScript from django-import-export and django-filer, JSON from
jsonschema-specifications 2024.10.1 and YAML, JSON and JavaScript from mkdocs-material 9.5.49. Cut into
documents the way ``corpus.py`` cuts them, with a seed of its own. Written to
``benchmarks/.cache/heldout-v1.jsonl``; ``fit_calibrations.py --measure PATH`` reports the shipped
calibrations' error on it. Nothing from here is used to fit.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402

OUT = corpus.CACHE / "heldout-v1.jsonl"
SEED = 20261125
CAP = 200
corpus.DEBIAN.update(
    {
        "debian-reference-zh-cn": "2.100",
        "debian-reference-ja": "2.100",
        "manpages-ja-dev": "0.5.0.0.20221215+dfsg-1",
        "manpages-ru-dev": "4.18.1-1",
        "manpages-uk": "4.18.1-1",
    }
)
corpus.PYPI.update(
    {
        "django-import-export": ("4.3.7", False),
        "django-filer": ("3.3.1", False),
        "djangorestframework": ("3.15.2", False),
        "django-countries": ("7.6.1", False),
        "jsonschema-specifications": ("2024.10.1", False),
        "mkdocs-material": ("9.5.49", False),
    }
)


def build() -> list[dict[str, str]]:
    rng = random.Random(SEED)
    docs: dict[str, list[tuple[str, str]]] = {}
    add = corpus.adder(docs)

    for category, pkg, pattern, is_html in (
        ("chinese", "debian-reference-zh-cn", r"\.zh-cn\.html$|/html/.*\.html$", True),
        ("japanese", "debian-reference-ja", r"\.ja\.html$|/html/.*\.html$", True),
        ("japanese", "manpages-ja-dev", r"man/ja/man\d/", False),
        ("cyrillic", "manpages-ru-dev", r"man/ru/man\d/", False),
        ("cyrillic", "manpages-uk", r"man/uk/man\d/", False),
    ):
        for name, data in corpus._deb_files(pkg, pattern):
            text = corpus._decode(data)
            if text is not None:
                add(category, f"{pkg}:{name}", corpus._cut(corpus.html_text(text) if is_html else text, rng))

    po: dict[str, list[tuple[str, str]]] = {}
    for pkg, langs in (
        ("django-allauth", ("ko",)),
        ("django-cms", ("ko",)),
        ("django-oscar", ("ko",)),
        ("django-import-export", ("ko", "ar")),
        ("django-filer", ("ko", "ar")),
        ("djangorestframework", ("ko", "ar")),
        ("django-countries", ("ko", "ar")),
        ("jsonschema-specifications", ()),
        ("mkdocs-material", ()),
    ):
        for name, data in corpus._archive_files(corpus._pypi(pkg)):
            text = corpus._decode(data)
            if text is None:
                continue
            m = re.search(r"/locale/(ko|ar)[^/]*/LC_MESSAGES/[^/]+\.po$", name)
            if m and m.group(1) in langs:
                po.setdefault(m.group(1), []).extend(corpus._po_pairs(text))
            elif pkg in (
                "django-import-export",
                "django-filer",
                "jsonschema-specifications",
                "mkdocs-material",
            ):
                if name.endswith(".py") and "/migrations/" not in name:
                    add("python", f"{pkg}:{name}", corpus._cut(text, rng))
                elif name.endswith(".md"):
                    add("markdown", f"{pkg}:{name}", corpus._cut(text, rng))
                elif name.endswith(".json"):
                    add("json", f"{pkg}:{name}", corpus._cut(text, rng))
                elif name.endswith((".yml", ".yaml")):
                    add("yaml", f"{pkg}:{name}", corpus._cut(text, rng))
                elif (
                    name.endswith(".js")
                    and ".min." not in name
                    and "/vendor" not in name
                    and len(text) < 200_000
                ):
                    add("js", f"{pkg}:{name}", corpus._cut(text, rng))
    add("korean", "po-ko", corpus._group((dst for _, dst in po.get("ko", [])), rng))
    add("arabic", "po-ar", corpus._group((dst for _, dst in po.get("ar", [])), rng))

    return corpus.pick(docs, rng, CAP)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    docs = build()
    buf = io.StringIO()
    for d in docs:
        buf.write(json.dumps(d, ensure_ascii=False, sort_keys=True) + "\n")
    blob = buf.getvalue().encode("utf-8")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(blob)
    counts: dict[str, int] = {}
    for d in docs:
        counts[d["category"]] = counts.get(d["category"], 0) + 1
    for category, n in sorted(counts.items()):
        print(f"{category:16} {n}")
    print(f"total {len(docs)}; sha256 {hashlib.sha256(blob).hexdigest()}  {args.out}")


if __name__ == "__main__":
    main()
