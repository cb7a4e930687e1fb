"""Build graphmem/lang/en/words.txt: the common English words (and common names and places,
lower-cased) that the typo repair in graphmem.lang.normalise never touches.

The list is the most probable lower-case English word forms of the `en_lexeme_prob` table
in spaCy's `spacy-lookups-data` package (MIT licence), letters only, three letters or more,
one a line. No form is left out for looking like a slip of a more common word: "mould" is
one letter from "could" and "jake" from "make", and real words are worth more than the slips
the list would let the repair mend (a rare slip falls below the list's cut and is mended).
`spacy-lookups-data` is needed only to run this script (`pip install spacy-lookups-data`);
graphmem reads the built file and keeps no probabilities, only which words are common.

    python scripts/build_en_words.py [N]        # N: how many words (default 50000)
"""

from __future__ import annotations

import gzip
import json
import sys
from importlib import resources
from itertools import islice
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "graphmem" / "lang" / "en" / "words.txt"


def main(n: int = 50000) -> None:
    table = resources.files("spacy_lookups_data") / "data" / "en_lexeme_prob.json.gz"
    with table.open("rb") as raw, gzip.open(raw) as f:
        prob: dict[str, float] = json.load(f)
    ranked = sorted(prob, key=lambda w: -prob[w])
    plain = (w for w in ranked if w.isascii() and w.isalpha() and w.islower() and len(w) >= 3)
    words = list(islice(plain, n))
    header = (
        "# built by scripts/build_en_words.py from spacy-lookups-data's en_lexeme_prob (MIT); one a line\n"
    )
    OUT.write_text(header + "\n".join(sorted(words)) + "\n", encoding="utf-8")
    print(f"{len(words)} words -> {OUT}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50000)
