"""CODE OF JOKER ability text (Japanese) -> keywords, effects and the ability lines left unmodelled."""

from __future__ import annotations

import unicodedata

from sim.importers.fftcg_text import ParsedText


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def parse_coj_text(text: str, ctype: str) -> ParsedText:
    lines = [line.strip() for line in normalize(text).splitlines() if line.strip()]
    return ParsedText(unmodelled=tuple(lines), lines=len(lines))
