#!/usr/bin/env python3
"""Writes tony_mc_mapface.lut from Bevy's tony_mc_mapface.ktx2 (README.md here).

The KTX2 file holds the 48×48×48 table as zstd-compressed RGB9E5 floats: 354 KB that no
download compression shrinks further. Every value in it lies in [0, 1] (it maps to display
colours), so the game keeps it as 8-bit sRGB, the precision of the screen it ends on, each
channel a plane of 48³ bytes, each byte the difference from a prediction made from the three
neighbours before it (x, y, z) and the three corners between them. The table is smooth, so the
differences are small numbers that gzip and brotli pack tightly. `src/app/tonemapping.rs`
undoes the prediction. Run from the repository root: python3 assets/luts/convert.py (needs
the `zstd` command).
"""
import os
import struct
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
N = 48


def decode_ktx2(data):
    (vk_format, _type_size, width, height, depth, _layers, _faces, levels, scheme) = struct.unpack_from("<9I", data, 12)
    if (vk_format, width, height, depth, levels, scheme) != (123, N, N, N, 1, 2):
        raise SystemExit("expected one level of 48x48x48 E5B9G9R9_UFLOAT, zstd-compressed")
    offset, length, _full = struct.unpack_from("<3Q", data, 80)
    raw = subprocess.run(["zstd", "-d", "-c"], input=data[offset : offset + length], capture_output=True, check=True).stdout
    texels = []
    for (v,) in struct.iter_unpack("<I", raw):
        scale = 2.0 ** ((v >> 27) - 15 - 9)
        texels.append(tuple(((v >> shift) & 0x1FF) * scale for shift in (0, 9, 18)))
    return texels


def to_srgb8(linear):
    if not 0.0 <= linear <= 1.0:
        raise SystemExit(f"a table value {linear} lies outside [0, 1]")
    encoded = 12.92 * linear if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055
    return min(255, max(0, round(encoded * 255)))


def predicted(plane, x, y, z):
    """The Lorenzo prediction from the neighbours already written (0 beyond the edges)."""
    def at(dx, dy, dz):
        i, j, k = x - dx, y - dy, z - dz
        return plane[(k * N + j) * N + i] if min(i, j, k) >= 0 else 0
    return at(1, 0, 0) + at(0, 1, 0) + at(0, 0, 1) - at(1, 1, 0) - at(1, 0, 1) - at(0, 1, 1) + at(1, 1, 1)


def main():
    with open(os.path.join(HERE, "tony_mc_mapface.ktx2"), "rb") as f:
        texels = decode_ktx2(f.read())
    out = bytearray()
    for channel in range(3):
        plane = [to_srgb8(t[channel]) for t in texels]
        for z in range(N):
            for y in range(N):
                for x in range(N):
                    out.append((plane[(z * N + y) * N + x] - predicted(plane, x, y, z)) % 256)
    with open(os.path.join(HERE, "tony_mc_mapface.lut"), "wb") as f:
        f.write(out)
    print(f"tony_mc_mapface.lut: {len(out)} bytes")


if __name__ == "__main__":
    main()
