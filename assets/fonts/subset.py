#!/usr/bin/env python3
"""Writes the game's two fonts, cut down to the characters it can show (README.md here).

Run from the repository root after adding text with a character the fonts lack (the test
`tests/fonts.rs` names it): python3 assets/fonts/subset.py. Needs fontTools (`pip install
fonttools`, or Debian's `fonttools`) and egui's fonts from the cargo registry.
"""
import glob
import os
import re

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# What any text may hold besides the game's own: Latin letters for names (Latin-1 and
# Latin Extended-A), common punctuation, the euro, arrows, the minus sign, and what egui draws
# itself (the ellipsis of cut text, bullets, the replacement box).
RANGES = [(0x20, 0x7E), (0xA0, 0x17F), (0x2010, 0x2027), (0x2030, 0x203A), (0x20AC, 0x20AC),
          (0x2190, 0x2199), (0x2212, 0x2212), (0x25FB, 0x25FB), (0xFFFD, 0xFFFD)]


def game_text_chars():
    """Every character of the game's code and data outside comments: the text it shows. The
    terminal front end (src/bin) is left out: the terminal draws it, not egui."""
    chars = set()
    files = glob.glob(os.path.join(ROOT, "src/**/*.rs"), recursive=True)
    files += glob.glob(os.path.join(ROOT, "levels/**/*.ron"), recursive=True)
    for path in files:
        if os.sep + "bin" + os.sep in path:
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.lstrip().startswith("//"):
                    continue
                chars.update(re.sub(r"(^|\s)//.*", "", line))
    return {ord(c) for c in chars if c >= " "}


def cut(source, target, wanted):
    """Keeps the `wanted` characters of `source` (and egui's hinting), drops the device metrics
    tables egui never reads, and renames the font as its licence asks of a modified version."""
    font = TTFont(source, recalcTimestamp=False)  # the same output on every run
    keep = sorted(wanted & set(font.getBestCmap()))
    options = subset.Options()
    options.drop_tables += ["hdmx", "VDMX", "FFTM"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=keep)
    subsetter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 3, 4, 16):
            record.string = f"{record.toUnicode()} derivative Khalif"
        elif record.nameID == 6:
            record.string = f"{record.toUnicode()}-derivative-Khalif"
    font.save(target)
    print(f"{os.path.basename(target)}: {len(keep)} characters, {os.path.getsize(target)} bytes")
    return set(keep)


def main():
    fonts = glob.glob(os.path.expanduser("~/.cargo/registry/src/*/epaint_default_fonts-0.36.*/fonts"))
    if not fonts:
        raise SystemExit("egui's fonts (epaint_default_fonts 0.36) are not in the cargo registry")
    wanted = game_text_chars() | {c for lo, hi in RANGES for c in range(lo, hi + 1)}
    text = cut(os.path.join(fonts[0], "Ubuntu-Light.ttf"), os.path.join(HERE, "Ubuntu-Light-derivative-Khalif.ttf"), wanted)
    cut(os.path.join(fonts[0], "emoji-icon-font.ttf"), os.path.join(HERE, "emoji-icon-font-derivative-Khalif.ttf"), wanted - text)


if __name__ == "__main__":
    main()
