"""Build graphmem/lang/en/words.txt: the common English words (and common names and places,
lower-cased) that the typo repair in graphmem.lang.normalise never touches.

The list is the most probable lower-case English word forms of the `en_lexeme_prob` table
in spaCy's `spacy-lookups-data` package (MIT licence), letters only, three letters or more,
one a line. A form one edit (a letter left out, added, changed or two swapped) from a
word at least five hundred times as probable is left out as that word's slip ("freind",
"teh"), so the typo repair may still mend it. `spacy-lookups-data` is needed only to run
this script (`pip install spacy-lookups-data`); graphmem reads the built file and keeps no
probabilities, only which words are common.

    python scripts/build_en_words.py [N]        # N: how many words (default 50000)
"""

from __future__ import annotations

import gzip
import json
import math
import string
import sys
from importlib import resources
from itertools import islice
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "graphmem" / "lang" / "en" / "words.txt"
#: How much more probable (natural log) a neighbour must be for a form to count as its slip.
SLIP_MARGIN = math.log(500)


def one_edit(word: str) -> set[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    swaps = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    changes = {a + c + b[1:] for a, b in splits if b for c in string.ascii_lowercase}
    inserts = {a + c + b for a, b in splits for c in string.ascii_lowercase}
    return (deletes | swaps | changes | inserts) - {word}


def is_slip(word: str, prob: dict[str, float]) -> bool:
    floor = prob[word] + SLIP_MARGIN
    return any(len(v) >= 3 and prob.get(v, -math.inf) >= floor for v in one_edit(word))


def main(n: int = 50000) -> None:
    table = resources.files("spacy_lookups_data") / "data" / "en_lexeme_prob.json.gz"
    with table.open("rb") as raw, gzip.open(raw) as f:
        prob: dict[str, float] = json.load(f)
    ranked = sorted(prob, key=lambda w: -prob[w])
    plain = (w for w in ranked if w.isascii() and w.isalpha() and w.islower() and len(w) >= 3)
    words = list(islice((w for w in plain if not is_slip(w, prob)), n))
    header = (
        "# built by scripts/build_en_words.py from spacy-lookups-data's en_lexeme_prob (MIT); one a line\n"
    )
    OUT.write_text(header + "\n".join(sorted(words)) + "\n", encoding="utf-8")
    print(f"{len(words)} words -> {OUT}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50000)
