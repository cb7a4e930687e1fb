"""Build graphmem/lang/en/words.txt: the common English words (and common first names and
places, lower-cased) that the typo repair in graphmem.lang.normalise never touches.

The list is the `wordfreq` package's top English words, letters only, three letters or
more, one a line. `wordfreq` is needed only to run this script (`pip install wordfreq`);
graphmem reads the built file. Its word frequencies are derived from sources under
CC BY-SA 4.0 (see the wordfreq project); the list keeps no frequencies, only which words
are common.

    python scripts/build_en_words.py [N]        # N: how many top words (default 50000)
"""

from __future__ import annotations

import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "graphmem" / "lang" / "en" / "words.txt"


def main(n: int = 50000) -> None:
    from wordfreq import top_n_list

    words = sorted({w for w in top_n_list("en", n) if w.isascii() and w.isalpha() and len(w) >= 3})
    header = "# built by scripts/build_en_words.py from wordfreq's top English words; one a line\n"
    OUT.write_text(header + "\n".join(words) + "\n", encoding="utf-8")
    print(f"{len(words)} words -> {OUT}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50000)
