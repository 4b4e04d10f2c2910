"""The name a downloaded file gets, with the letters of what it is named after (a league, a custom ruleset).

A family names its league «Familia González»; its files are ``familia-gonzález-bgstats.json``, not
``familia-gonz-lez-…``. The ``Content-Disposition`` header says the name twice (RFC 6266): ``filename*`` in
UTF-8, percent-encoded as RFC 5987 writes it (every current browser reads it first), and a plain ASCII
``filename`` with the accents taken off for a client that knows only that one. The header itself stays ASCII, as
a WSGI server sends it.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

#: Anything but a letter or a digit (of any alphabet): joined into one hyphen in a file's stem.
_NOT_A_LETTER_OR_DIGIT = re.compile(r"[\W_]+")
#: Anything a plain (ASCII) file name does not keep.
_NOT_PLAIN = re.compile(r"[^A-Za-z0-9.]+")


def file_stem(name: str) -> str:
    """``name`` as the start of a file name: lower case, its letters (accented ones too) and digits kept, each run
    of anything else one hyphen, none at either end; ``""`` when nothing is left.

    >>> file_stem("Familia González")
    'familia-gonzález'
    """
    folded = unicodedata.normalize("NFC", name.casefold())
    return _NOT_A_LETTER_OR_DIGIT.sub("-", folded).strip("-")


def attachment(filename: str) -> str:
    """The ``Content-Disposition`` value that hands over a file called ``filename``.

    >>> attachment("family-bgstats.json")
    'attachment; filename="family-bgstats.json"'
    """
    if filename.isascii():
        return f'attachment; filename="{filename}"'
    plain = unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode("ascii")
    plain = _NOT_PLAIN.sub("-", plain).strip("-")
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"
