#!/usr/bin/env bash
# Makes assets/fonts/tengen-sc.otf and tengen-serif-sc.otf: Noto Sans CJK SC and Noto Serif CJK
# SC Bold (SIL OFL 1.1, Debian's fonts-noto-cjk) cut down to printable ASCII plus every non-ASCII
# character in the game's sources (src/; the rules and AI crates show no words), so Chinese text
# renders in egui without shipping 40 MB of fonts. Run it after adding new wording.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
ensure_packages fonts-noto-cjk python3-pip
python3 -c 'import fontTools' 2>/dev/null || pip install -q fonttools
python3 - <<'PY'
import pathlib, string
chars = set(string.printable) - set("\t\n\r\x0b\x0c")
for f in pathlib.Path("src").rglob("*.rs"):
    chars |= {c for c in f.read_text(encoding="utf-8") if ord(c) > 127}
pathlib.Path("target-font-chars.txt").write_text("".join(sorted(chars)), encoding="utf-8")
print(f"{len(chars)} characters")
PY
# Noto Sans CJK SC for every text; Noto Serif CJK SC Bold for titles and results. Only the
# layout features a shaper applies to horizontal Chinese and Latin text by default: the others
# (locl's Japanese, Korean and traditional forms, vert, the width and alternate sets) brought in
# 670 glyphs beside the 478 characters' own, half of each font and 0.15 MB of the browser's
# gzip download.
features=ccmp,liga,clig,calt,rlig,kern,mark,mkmk
python3 -m fontTools.subset /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc --font-number=2 \
    --text-file=target-font-chars.txt --output-file=assets/fonts/tengen-sc.otf \
    --layout-features=$features --no-hinting --desubroutinize
python3 -m fontTools.subset /usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc --font-number=2 \
    --text-file=target-font-chars.txt --output-file=assets/fonts/tengen-serif-sc.otf \
    --layout-features=$features --no-hinting --desubroutinize
rm target-font-chars.txt
cp /usr/share/doc/fonts-noto-cjk/copyright assets/fonts/LICENSE-NotoSansCJK.txt
ls -l assets/fonts/tengen-sc.otf assets/fonts/tengen-serif-sc.otf
