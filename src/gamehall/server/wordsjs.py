"""The pages' words, generated from the catalog (``gamehall.words``) so that the terminal and
the pages say the same things.

``python -m gamehall.server.wordsjs`` writes ``static/js/words.js`` (the default language's texts
by key, read by ``static/js/say.js``); ``--check`` (run by ``make lint`` and a test) fails when
it is not what the catalog gives.
"""

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from gamehall.words import words

OUTPUT = Path(__file__).with_name("static") / "js" / "words.js"
HEADER = """\
// @ts-check
// The words of the pages, generated from the catalog (src/gamehall/words/) by
// `python -m gamehall.server.wordsjs`: do not edit (`make lint` fails when it is stale).
"""


def current() -> str:
    """The text ``words.js`` should have."""
    texts = json.dumps(dict(words().texts), indent=2, ensure_ascii=False, sort_keys=True)
    kind = "/** @type {Readonly<Record<string, string>>} */"
    return f"{HEADER}\n{kind}\nexport const WORDS = {texts};\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write ``words.js``, or with ``--check`` say whether it is current (exit 1 if not)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="fail when the file is stale")
    args = parser.parse_args(argv)
    text = current()
    if args.check:
        if not OUTPUT.exists() or OUTPUT.read_text(encoding="utf-8") != text:
            print(
                f"{OUTPUT} is stale: run `python -m gamehall.server.wordsjs` and commit it",
                file=sys.stderr,
            )
            return 1
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
