"""QR codes of the private match links as SVG for the pages (the PDFs draw reportlab's own QR widget).

The matrix comes from reportlab's QR encoder (already a dependency, no new library): error correction level
M, the smallest version that holds the link.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.html import escape
from reportlab.graphics.barcode import qrencoder

QUIET = 4  # modules of white border the standard asks for


def matrix(text: str) -> list[list[bool]]:
    qr = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    qr.addData(text)
    qr.make()
    n = qr.getModuleCount()
    return [[bool(qr.isDark(r, c)) for c in range(n)] for r in range(n)]


def svg(text: str, size_px: int = 160, label: str = "") -> str:
    """An inline SVG of the QR code of ``text`` (black modules as one path), ``size_px`` wide."""
    cells = matrix(text)
    n = len(cells) + 2 * QUIET
    path = "".join(
        f"M{c + QUIET} {r + QUIET}h1v1h-1z"
        for r, row in enumerate(cells)
        for c, dark in enumerate(row)
        if dark
    )
    title = f"<title>{escape(label)}</title>" if label else ""
    return (
        f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" width="{size_px}" '
        f'height="{size_px}" shape-rendering="crispEdges" role="img" data-text="{escape(text)}">{title}'
        f'<rect width="{n}" height="{n}" fill="#fff"/><path d="{path}" fill="#000"/></svg>'
    )


def absolute(request, path: str) -> str:
    """The address a player's phone opens for ``path``: the site's address (``SITE_URL``: production's
    domain, or the venue mode's LAN address, issue 28 §2) when set, else the one the page was asked by. A
    secretary on the venue laptop browses at 127.0.0.1, which no phone reaches: every QR link and slip
    takes ``SITE_URL``."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    return request.build_absolute_uri(path)


def terminal(text: str) -> str:
    """The QR code of ``text`` for a terminal, two modules a character (▀ ▄ █): light modules drawn, dark
    ones left blank, for the usual light-on-dark terminal (a phone's camera reads it as dark on light)."""
    cells = matrix(text)
    n = len(cells)
    grid = [[False] * (n + 2 * QUIET) for _ in range(QUIET)]
    grid += [[False] * QUIET + row + [False] * QUIET for row in cells]
    grid += [[False] * (n + 2 * QUIET) for _ in range(QUIET)]
    if len(grid) % 2:
        grid.append([False] * (n + 2 * QUIET))
    chars = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
    return "\n".join(
        "".join(chars[(top, bottom)] for top, bottom in zip(grid[r], grid[r + 1], strict=True))
        for r in range(0, len(grid), 2)
    )
