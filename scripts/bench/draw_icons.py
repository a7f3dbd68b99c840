"""Draws the vault's dice icons (our own simple shapes) as small PNG files.

The owner's notes embed HitIcon.png, CritIcon.png and so on; these are our drawings under
those names. Standard library only: shapes are point-in-shape tests, supersampled 4x4
for smooth edges, written as RGBA PNG with zlib. Run: python scripts/bench/draw_icons.py docs/Pics
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

SIZE = 64
SAMPLES = 4
Shape = Callable[[float, float], bool]  # coordinates in [-1, 1], y down


def circle(r: float, cx: float = 0, cy: float = 0) -> Shape:
    return lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def ring(r_out: float, r_in: float) -> Shape:
    return lambda x, y: r_in * r_in <= x * x + y * y <= r_out * r_out


def polygon(points: list[tuple[float, float]]) -> Shape:
    def inside(x: float, y: float) -> bool:
        hit = False
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
        return hit

    return inside


def star(spikes: int, r_out: float, r_in: float, turn: float = -math.pi / 2) -> Shape:
    pts = []
    for i in range(spikes * 2):
        r = r_out if i % 2 == 0 else r_in
        a = turn + i * math.pi / spikes
        pts.append((r * math.cos(a), r * math.sin(a)))
    return polygon(pts)


def union(*shapes: Shape) -> Shape:
    return lambda x, y: any(s(x, y) for s in shapes)


def minus(a: Shape, b: Shape) -> Shape:
    return lambda x, y: a(x, y) and not b(x, y)


def bar(x0: float, y0: float, x1: float, y1: float, width: float) -> Shape:
    """A thick line segment."""
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy

    def inside(x: float, y: float) -> bool:
        t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / length2))
        px, py = x0 + t * dx, y0 + t * dy
        return (x - px) ** 2 + (y - py) ** 2 <= (width / 2) ** 2

    return inside


RGB = tuple[int, int, int]
ICONS: dict[str, list[tuple[Shape, RGB]]] = {
    # A target: a ring with a cross of short ticks and a centre dot.
    "HitIcon.png": [
        (ring(0.9, 0.62), (190, 30, 45)),
        (union(bar(0, -1, 0, -0.45, 0.22), bar(0, 0.45, 0, 1, 0.22), bar(-1, 0, -0.45, 0, 0.22), bar(0.45, 0, 1, 0, 0.22)), (190, 30, 45)),
        (circle(0.22), (190, 30, 45)),
    ],
    # A burst: an eight-pointed star.
    "CritIcon.png": [(star(8, 0.98, 0.45), (190, 30, 45)), (circle(0.2), (255, 236, 200))],
    # A shield.
    "BlockIcon.png": [
        (polygon([(-0.8, -0.85), (0.8, -0.85), (0.8, 0.05), (0, 0.95), (-0.8, 0.05)]), (40, 90, 170)),
        (polygon([(-0.5, -0.6), (0, -0.6), (0, 0.6), (-0.5, 0.0)]), (140, 180, 235)),
    ],
    # A surge: a lightning bolt, red for attack, blue for defense.
    "AttackSurgeIcon.png": [(polygon([(0.15, -1), (-0.6, 0.12), (-0.05, 0.12), (-0.25, 1), (0.6, -0.2), (0.05, -0.2), (0.35, -1)]), (200, 110, 20))],
    "DefenseSurgeIcon.png": [(polygon([(0.15, -1), (-0.6, 0.12), (-0.05, 0.12), (-0.25, 1), (0.6, -0.2), (0.05, -0.2), (0.35, -1)]), (40, 90, 170))],
    # Range: a blue double-headed arrow over a measuring bar.
    "RangeIcon.png": [
        (union(bar(-0.6, -0.2, 0.6, -0.2, 0.2), polygon([(-0.98, -0.2), (-0.5, -0.55), (-0.5, 0.15)]), polygon([(0.98, -0.2), (0.5, -0.55), (0.5, 0.15)])), (30, 110, 200)),
        (union(bar(-0.9, 0.55, 0.9, 0.55, 0.14), bar(-0.9, 0.35, -0.9, 0.75, 0.14), bar(0, 0.4, 0, 0.7, 0.12), bar(0.9, 0.35, 0.9, 0.75, 0.14)), (30, 110, 200)),
    ],
    # Melee: two crossed red blades.
    "MeleeIcon.png": [
        (union(bar(-0.8, 0.8, 0.75, -0.75, 0.2), bar(0.8, 0.8, -0.75, -0.75, 0.2)), (190, 30, 45)),
        (union(bar(-0.85, 0.45, -0.45, 0.85, 0.18), bar(0.85, 0.45, 0.45, 0.85, 0.18)), (120, 80, 40)),
    ],
}


def render(layers: list[tuple[Shape, RGB]]) -> bytes:
    rows = bytearray()
    n = SAMPLES * SAMPLES
    for py in range(SIZE):
        rows.append(0)  # PNG filter type: none
        for px in range(SIZE):
            r = g = b = a = 0.0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES) / SIZE * 2 - 1
                    y = (py + (sy + 0.5) / SAMPLES) / SIZE * 2 - 1
                    for shape, colour in reversed(layers):  # the last layer is on top
                        if shape(x, y):
                            r, g, b, a = r + colour[0], g + colour[1], b + colour[2], a + 1
                            break
            rows += bytes((round(r / a) if a else 0, round(g / a) if a else 0, round(b / a) if a else 0, round(255 * a / n)))
    return png(bytes(rows))


def png(raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main(out: str) -> None:
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for name, layers in ICONS.items():
        (folder / name).write_bytes(render(layers))
        print(folder / name)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/Pics")
