"""The web app manifest and its icons, so the site can be installed and opened like an app.

The icons are drawn here (a white crosshair on the theme's indigo, in the spirit of the
dice icons of scripts/bench/draw_icons.py, whose PNG writer is reused), once per process: 192
pixels with two samples a side, 512 with one (0.3 s of CPU in all). Every address in the manifest is relative to the
manifest itself (beside the home page), so it is right at any address the site is served
from; the site's service worker (sw.js) keeps the pages read, so the installed site opens
offline on what was read before.
"""

from __future__ import annotations

import json
import struct
import zlib
from functools import cache

MANIFEST = "manifest.webmanifest"
ICON_SIZES = (192, 512)
INDIGO = (63, 81, 181)  # mkdocs-material's default primary colour
WHITE = (255, 255, 255)
SAMPLES = 2


def icon_name(size: int) -> str:
    return f"assets/app-icon-{size}.png"


def manifest(name: str, description: str) -> str:
    """The manifest's JSON."""
    short = name if len(name) <= 12 else name.split()[0][:12]
    return json.dumps({
        "name": name,
        "short_name": short,
        "description": description,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#3f51b5",
        "icons": [
            {"src": icon_name(size), "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any maskable"}
            for size in ICON_SIZES
        ],
    }, ensure_ascii=False, indent=1) + "\n"


def _colour(x: float, y: float) -> tuple[int, int, int] | None:
    """The icon at (x, y) in [-1, 1]: a full indigo square (maskable: the launcher crops
    it to its own shape, and the drawing stays inside the middle 80 %), a white ring, a
    dot and four ticks."""
    r2 = x * x + y * y
    if 0.36 * 0.36 <= r2 <= 0.46 * 0.46 or r2 <= 0.09 * 0.09:
        return WHITE
    if (abs(x) <= 0.04 and 0.2 <= abs(y) <= 0.62) or (abs(y) <= 0.04 and 0.2 <= abs(x) <= 0.62):
        return WHITE
    return INDIGO


@cache
def icon_png(size: int) -> bytes:
    """The icon, `size` pixels a side, as PNG bytes (RGB, no transparency: a maskable icon
    fills its square)."""
    rows = bytearray()
    samples = SAMPLES if size < 384 else 1  # a large icon is only ever drawn smaller
    step = 2 / size / samples
    n = samples * samples
    for py in range(size):
        rows.append(0)  # PNG filter: none
        for px in range(size):
            r = g = b = 0
            for sy in range(samples):
                y = -1 + (py * samples + sy + 0.5) * step
                for sx in range(samples):
                    colour = _colour(-1 + (px * samples + sx + 0.5) * step, y) or INDIGO
                    r, g, b = r + colour[0], g + colour[1], b + colour[2]
            rows += bytes((r // n, g // n, b // n))
    return _png(size, bytes(rows))


def _png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
