#!/usr/bin/env python3
"""Crops the empty bottom off a browser screenshot (PNG), in place.

Headless Chromium draws a page into a window of fixed height; `make screenshots` makes that window taller than any
page and calls this to cut it back: the trailing rows that are all the colour of the last row (the page's
background below its end) are dropped, keeping a margin of MARGIN rows. Only what Chromium writes is read:
8-bit RGB or RGBA, not interlaced. Standard library only.

Usage: screenshot-trim.py FILE.png [MARGIN]
"""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, header, idat = 8, None, b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        sys.exit(f"{path}: only 8-bit RGB/RGBA, non-interlaced PNGs are trimmed")
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    # Byte-wise addition mod 256 of whole rows as big integers (no carry between bytes): the None and Up filters,
    # by far the most common in a page's screenshot, in a few big-integer operations per row.
    low, high = int.from_bytes(b"\x7f" * stride, "big"), int.from_bytes(b"\x80" * stride, "big")

    def add(x, y):
        return ((x & low) + (y & low)) ^ ((x ^ y) & high)

    rows, previous = [], bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], raw[start + 1:start + 1 + stride]
        if kind == 2:
            line = add(int.from_bytes(line, "big"), int.from_bytes(previous, "big")).to_bytes(stride, "big")
        elif kind != 0:
            line = bytearray(line)
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = previous[x]
                c = previous[x - bpp] if x >= bpp else 0
                if kind == 1:
                    line[x] = (line[x] + a) & 0xFF
                elif kind == 3:
                    line[x] = (line[x] + (a + b) // 2) & 0xFF
                else:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
            line = bytes(line)
        rows.append(line)
        previous = line
    return width, colour, rows


def write_png(path, width, colour, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, len(rows), 8, colour, 0, 0, 0)
    body = zlib.compress(b"".join(b"\x00" + r for r in rows), 9)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def main():
    path = sys.argv[1]
    margin = int(sys.argv[2]) if len(sys.argv) > 2 else 24
    width, colour, rows = read_png(path)
    background = rows[-1]
    # The background row is one colour throughout: a row equal to it is empty.
    end = len(rows)
    while end > 1 and rows[end - 1] == background:
        end -= 1
    keep = min(len(rows), end + margin)
    if keep < len(rows):
        write_png(path, width, colour, rows[:keep])
    print(f"{path}: {width} x {keep}")


if __name__ == "__main__":
    main()
