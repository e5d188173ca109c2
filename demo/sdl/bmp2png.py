#!/usr/bin/env python3
"""Convert a gjk-sdl-demo BMP screenshot to PNG (python3 standard library only; used to make docs/sdl-demo.png).

    bmp2png.py IN.bmp OUT.png [SCALE_DOWN]

The demo draws flat colours, so the PNG is palette-based (colour type 3) when the picture has at most 256 colours,
else 8-bit RGB. SCALE_DOWN (default 1) keeps every n-th pixel of every n-th row.
"""
import os
import struct
import sys
import zlib

sys.dont_write_bytecode = True  # (no __pycache__ in the source tree)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_pixels import read_bmp  # noqa: E402


def chunk(kind, payload):
    body = kind + payload
    return struct.pack('>I', len(payload)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)


def encode_png(width, height, rows):
    colours = sorted({c for row in rows for c in row})
    if len(colours) <= 256:
        index = {c: i for i, c in enumerate(colours)}
        raw = b''.join(b'\x00' + bytes(index[c] for c in row) for row in rows)
        header = struct.pack('>IIBBBBB', width, height, 8, 3, 0, 0, 0)
        extra = chunk(b'PLTE', b''.join(bytes(c) for c in colours))
    else:
        raw = b''.join(b'\x00' + b''.join(bytes(c) for c in row) for row in rows)
        header = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
        extra = b''
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + extra + chunk(b'IDAT', zlib.compress(raw, 9)) +
            chunk(b'IEND', b''))


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    width, height, rows = read_bmp(argv[1])
    step = int(argv[3]) if len(argv) == 4 else 1
    rows = [row[::step] for row in rows[::step]]
    with open(argv[2], 'wb') as f:
        f.write(encode_png(len(rows[0]), len(rows), rows))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
