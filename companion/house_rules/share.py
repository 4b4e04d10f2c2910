"""A ruleset object carried in a link: compact JSON, compressed, base64url (``?d=...``), size-bounded.

The link opens the builder prefilled on any server; nothing is stored until
the reader saves it there, and the object is judged in full like any other.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from flask_babel import gettext

#: The longest ``d`` a link may carry (a 20-deal ruleset needs well under a thousand characters).
MAX_LINK_TEXT = 4000
#: The most JSON one link may unpack to (a bomb of zeros stops here).
MAX_JSON_BYTES = 64 * 1024


class ShareLinkError(ValueError):
    """A link that does not carry a ruleset; the message is a sentence for the reader."""


def encode(definition: dict[str, Any]) -> str:
    data = json.dumps(definition, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")


def decode(text: str) -> Any:
    """The object in a link's ``d``; raises :class:`ShareLinkError` for anything else."""
    broken = ShareLinkError(gettext("This share link is broken (cut short or changed): ask for it again."))
    if len(text) > MAX_LINK_TEXT:
        raise ShareLinkError(gettext("This share link is too long to be a ruleset."))
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        unpacker = zlib.decompressobj()
        data = unpacker.decompress(packed, MAX_JSON_BYTES)
        if unpacker.unconsumed_tail:
            raise ShareLinkError(gettext("This share link unpacks to too much to be a ruleset."))
        if not unpacker.eof:
            raise broken
        return json.loads(data.decode())
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as error:
        if isinstance(error, ShareLinkError):
            raise
        raise broken from None
