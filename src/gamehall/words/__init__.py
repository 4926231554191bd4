"""The words shown to people, in one catalog per language: why a game ended, the notices.

The terminal and the server's pages say the same things in the same words because both read
them here (the pages through ``/api/words``, which answers the reader's language). Texts are
keyed, and ``{name}`` marks a value filled in when the text is said. English (``en/*.json``, a
file for each part of the hall) is the source; the other languages are gettext catalogs managed
with Babel (``locale/``, see ``docs/translations.md``).
"""

from gamehall.words.catalog import LANGUAGES, Words, WordsError, words

__all__ = ["LANGUAGES", "Words", "WordsError", "words"]
