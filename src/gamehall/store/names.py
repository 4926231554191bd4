"""Players' names: letters of every script, and the key that tells two names apart.

A name is kept in Unicode's composed form (NFC), so that "é" typed as one character or as "e"
and an accent is the same name. Two names are the same player's when their keys are equal: the
key is the name as it looks, lower case. It is made by (1) NFKC, which writes fullwidth,
mathematical and other compatibility letters as the plain ones ("ａｎｎ" is "ann"), (2) the
table below, which writes the Cyrillic and Greek letters that look like Latin ones as those
(Cyrillic "а" is "a": Unicode's confusables for these scripts, reduced to the single letters
that look the same in print) and (3) lower case. So "аnn" with a Cyrillic "а" cannot be
registered while "ann" is, nor the other way round. An ASCII name's key is its lower case, as
it always was.
"""

import unicodedata

LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic capitals and small letters drawn as Latin ones
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
        "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q",
        "Ԝ": "W", "Ү": "Y", "Һ": "H", "Ӏ": "I",
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s",
        "і": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ү": "y",
        # Greek capitals and small letters drawn as Latin ones
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
        "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        "ο": "o", "ν": "v", "α": "a", "ι": "i", "κ": "k", "ρ": "p", "υ": "u", "χ": "x",
    }
)  # fmt: skip
"""Letters of other scripts that look like Latin letters, and those Latin letters."""


def composed(name: str) -> str:
    """The name in Unicode's composed form (NFC), as it is kept."""
    return unicodedata.normalize("NFC", name)


def name_key(name: str) -> str:
    """The name as it looks, lower case: names with the same key are the same player's."""
    plain = unicodedata.normalize("NFKC", name).translate(LOOK_ALIKES)
    return plain.lower().translate(LOOK_ALIKES)  # a capital's small letter may be one too
