"""QR codes as inline SVG for pages, or block characters for the terminal (segno: a small, well-kept
pure-Python QR library)."""

from __future__ import annotations

import io

import segno
from markupsafe import Markup


def qr_svg(data: str, *, title: str) -> Markup:
    """An SVG QR code of ``data`` that scales with its box; ``title`` names it for screen readers."""
    code = segno.make(data, error="m")
    svg = code.svg_inline(scale=4, border=2, dark="#1b1b1f", light="#ffffff", title=title, svgclass="qr-code", omitsize=True)
    return Markup(svg)


def terminal_qr(text: str) -> str:
    """A QR code of ``text`` drawn with block characters, for a phone's camera pointed at the terminal."""
    out = io.StringIO()
    segno.make(text, error="l").terminal(out=out, compact=True)
    return out.getvalue()
