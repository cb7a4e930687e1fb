"""English value cleaners: how the words a predicate pattern captured become a stored
value ("Seattle last week" → Seattle, "the Daily Grind" → Daily Grind, "watching horror
movies" → horror movies), and the tests of what counts as a place, an employer or a job.
The patterns (`patterns_en`) decide which attribute a clause names; these decide its value.
"""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract import nlp
from graphmem.extract.lexicon import EN_JOBS, EN_NOT_JOBS, ZH_OCCUPATIONS, en_demonym_place
from graphmem.lang.lexicons import lexicon, word_list
from graphmem.lang.typos import cue_vocabulary

I = re.I  # noqa: E741
_NOT_JOB_FIRST = frozenset(
    {"big", "huge", "total", "massive", "die-hard", "diehard", "true", "real", "avid", "lifelong", "proud",
     # a comparative is no job ("way chiller", "so much happier", "the gorier the better")
     "way", "much", "even", "far", "slightly", "somewhat", "lot", "bit", "little", "so",
     # a stance word before a name: "actually Boulder" corrects a place, it names no trade
     "actually", "technically", "basically", "literally", "honestly", "really",
     # a state said of oneself ("still hungover", "too buzzed", "never sober"), no trade
     "still", "very", "too", "kinda", "sorta", "totally", "barely", "always", "never", "not"}
)  # fmt: skip
NOT_LIKES = frozenset({"it", "that", "this", "you", "them", "him", "her", "those", "these", "to"})
NOT_WORKPLACE = frozenset(
    {
        "home",
        "night",
        "nights",
        "night shifts",
        "the moment",
        "work",
        "a desk",
        "the firm",
        "firm",
        "the company",
        "the office",
        "the job",
        "my job",
        "my company",
        "my firm",
        "the place",
        "the same place",
        "the same company",
    }
)
#: Chat fillers a value never ends with ("allergic to peanuts btw", "in Leeds lol").
_CHAT = (
    r"btw|lol+|lmao|haha\w*|tbh|fyi|by the way|just so you know|if that matters|actually|anyway|anyways"
    # a voice-typed aside after the value ("penicillin i think no wait i KNOW")
    r"|i think|i guess|i believe|i mean|no wait|wait no|not that it matters|or something|or whatever|idk"
)
PLACE_STOP = re.compile(
    r"\s+(?:"
    + _CHAT
    + r"|last|this|next|a few|few|several|\d+|two|three|recently|originally|now|since|for|because|with|and|but|so|to|in \d{4}|like|"
    r"a while|ago|yesterday|today|earlier|back in|when|where|after|before|right now|these days|at the moment|"
    r"currently|permanently|for good|anymore|any more|though|(?:in|over|during) (?:the )?(?:early |late )?(?:fall|spring|summer|winter|autumn|new year))\b.*$",
    I,
)
ORG_STOP = re.compile(
    r"\s+(?:"
    + _CHAT
    + r"|as|since|for|in|where|because|and|but|now|these days|anymore|any more|at the moment|currently|full[- ]time|"
    r"part[- ]time|last|this|next|\d+|a few|recently|so|which|who|until|starting|remotely|though|while|whilst|till|bc|cuz|(?:out|over|up|down|back) (?:in|at|on|near|by)|mostly|mainly|doing)\b.*$|,.*$",
    I,
)
LIKE_STOP = re.compile(
    r"\s+(?:"
    + _CHAT
    + r"|a lot|so much|very much|too|as well|anymore|any more|at all|these days|lately|now|nowadays|in general|"
    r"with a passion|with all my heart|big time|"
    r"more than anything|on weekends|in my (?:free|spare) time|that much|really|though|either|especially|more and more|"
    r"every \w+|whenever|over|rather than|instead of|for me|since|ever since|after|because)\b.*$|,.*$",
    I,
)
# "watching horror movies" and "horror movies" are the same preference.
_GERUND = re.compile(
    r"^(?:to\s+)?(?:watching|eating|drinking|listening to|reading|playing|having|going to|doing|watch|eat|drink|"
    r"listen to|read|play|go to|do)\s+(?=\S)",
    I,
)


def span(v: str, stop: re.Pattern = ORG_STOP) -> str:
    # "scuba diver (PADI open water, …)": an aside in brackets is no part of the value
    v = re.sub(r"\s*[(（][^()（）]*(?:[)）]|$)", "", v.strip()) or v
    return stop.sub("", v.strip()).strip(" .,!?\"'")


#: A head that is a pronoun, said with its capital ("I'm", "It's", "We"): no place's name.
_PRONOUN_HEAD = re.compile(
    r"^(?:I|I'm|I've|I'd|I'll|Im|It|It's|Its|We|We're|He|He's|She|She's|They|They're|You|My|Our|This|That)(?:\s|$)"
)


def place(v: str) -> str | None:
    """A place phrase: capitalised, in the gazetteer, or 'a small town in Ohio'; 'Austin, Texas' kept whole."""
    head, _, rest = v.partition(",")
    head = untimed(span(untimed(head), PLACE_STOP))  # "Chicago in two weeks", "Portland on Monday"
    if city := city_by_nickname(head):
        return city  # "the big apple", "chi-town": the city by its nickname
    if zh := re.match(r"\s*([\u4e00-\u9fff]{2,8})", head):  # "I'm from 台中 originally": written in Chinese
        return zh[1] if c.is_place_zh(zh[1]) else None
    nxt = span(rest, PLACE_STOP) if rest else ""
    if nxt and c.is_place_en(nxt):
        head = f"{head}, {nxt}"
    if _PRONOUN_HEAD.match(head):
        return None  # "technically I'm …": a capital that starts the speaker, no place
    ok = head and (head[0].isupper() or c.is_place_en(head) or head.lower().startswith("the "))
    if not ok and lone_place_word(head):
        return head.capitalize()
    if not ok and (both := _city_and_region(head)):
        return both
    if not ok and not re.search(r"\b(?:in|near|outside|of) [A-Z]", head):
        return None
    if head.islower() and c.is_place_en(head):  # typed in lower case: "denver" is Denver
        head = titled(head)
    return head if len(head.split()) <= 6 else None


def titled(place_name: str) -> str:
    """A place typed in lower case as it is written ("salt lake city" → Salt Lake City);
    one typed with capitals as typed."""
    if not place_name.islower():
        return place_name
    return " ".join(w if w in ("of", "on", "upon", "the") else w.capitalize() for w in place_name.split())


#: Cities whose names are common words ("cork", "savannah"), read as places only here, after
#: a residence lead (graphmem/lang/en/places_common.txt).
COMMON_WORD_CITIES = word_list("en", "places_common")
#: Cities and companies by their nicknames, cities by a district of theirs
#: (lang/en/frames_lexicon.toml), keys in lower case.
_EN_CITY_NICKNAMES: dict[str, str] = {
    k.lower(): str(v) for k, v in lexicon("en", "frames_lexicon")["city_nicknames"].items()
}
_EN_CITY_DISTRICTS: dict[str, str] = {
    k.lower(): str(v) for k, v in lexicon("en", "frames_lexicon")["district_city"].items()
}
_EN_ORG_NICKNAMES: dict[str, str] = {
    k.lower(): str(v) for k, v in lexicon("en", "frames_lexicon")["org_nicknames"].items()
}
_COMMON_WORDS = word_list("en", "words")


def city_by_nickname(phrase: str) -> str | None:
    """The city a nickname names ("the Goldie" → Gold Coast), else None."""
    return _EN_CITY_NICKNAMES.get(re.sub(r"^the\s+", "", phrase.strip().lower()))


def city_of_district(phrase: str) -> str | None:
    """The city a district of it names, where a home is told by the way ("a shoebox in
    Astoria" → New York), else None; said as where one lives, the district stays as said."""
    return _EN_CITY_DISTRICTS.get(phrase.strip().lower())


def smaller_place(word: str) -> bool:
    """A town of 15,000 to 100,000 people (graphmem/lang/en/places_small.txt), read where a
    place is expected ("a dev at Tidewave in galway"), never as a place anywhere."""
    return word in word_list("en", "places_small")


def lone_place_word(head: str) -> bool:
    """One lower-case word after a residence lead ("living in duluth", "grew up in cork"): a
    place when it is a city named by a common word, or no common word at all (a rarer town's
    name); "living in fear", "moved to tears" stay unread."""
    return (
        head.isalpha()
        and head.islower()
        and len(head) >= 4
        and (head in COMMON_WORD_CITIES or (head not in _COMMON_WORDS and head not in cue_vocabulary("en")))
    )


_STATE_CODES = frozenset(
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR "
    "PA RI SC SD TN TX UT VT VA WA WV WI WY DC".split()
)


#: State codes that are also English words: typed in lower case they are the word.
_CODES_ALSO_WORDS = frozenset(
    {"or", "in", "me", "hi", "ok", "oh", "id", "de", "la", "pa", "ma", "co", "al", "ga", "mo"}
)


def _city_and_region(head: str) -> str | None:
    """ "akron ohio", "savannah GA", "galway ireland": a city typed in lower case, then its
    state or country, as "Akron, Ohio"."""
    words = head.split()
    for k in (1, 2):
        if len(words) <= k or len(words) - k > 2:
            continue
        city, region = " ".join(words[:-k]), " ".join(words[-k:])
        # "austin tx": a state's code typed in lower case, unless the code is also a word ("or", "me")
        code = region.upper() if region.islower() and region not in _CODES_ALSO_WORDS else region
        known_region = code in _STATE_CODES or (region.islower() and c.is_place_en(region))
        region = code if code in _STATE_CODES else region
        if (
            known_region
            and city.islower()
            and (c.is_place_en(city) or lone_place_word(city) or city in COMMON_WORD_CITIES)
        ):
            title = lambda t: " ".join(w.capitalize() for w in t.split())  # noqa: E731
            return f"{title(city)}, {region if region.isupper() else title(region)}"
    return None


def untimed(v: str) -> str:
    """`v` without a trailing time expression (spaCy matcher): "Seattle last week" → "Seattle"."""
    return nlp.strip_trailing_time(v, "en")


def org_name(v: str) -> str | None:
    x = untimed(span(untimed(v.split(",")[0])))  # the time first: "H&P end of last month" → "H&P"
    # "work at Lumos is crazy rn": what is said of the workplace is no part of its name
    x = re.split(r"\s+(?:is|are|was|were|has been|keeps|gets|got)\s", x, maxsplit=1)[0]
    x = re.sub(r"\s+(?:here|there)$", "", x, flags=I)  # "a code monkey at big blue here"
    if nickname := _EN_ORG_NICKNAMES.get(re.sub(r"^the\s+", "", x.lower())) or _EN_ORG_NICKNAMES.get(
        x.lower()
    ):
        return nickname
    if not x or x.lower() in NOT_WORKPLACE:
        return None
    if re.match(r"^(?:a|an|some)\s", x, I):  # "a Boston-based startup": a kind of workplace, no name
        return None
    # a Chinese name in an English sentence ("work at 阿里") is a name as much as a capitalised one
    if re.search(r"[A-Z\u4e00-\u9fff]", x) or c.is_org_en(x):
        return re.sub(
            r"^(?:the|a|an)\s+(?=[a-z])|^the\s+(?=[A-Z])", "", x
        )  # "the Daily Grind" → "Daily Grind"
    return None


def is_job(np: str) -> bool:
    """An occupation noun phrase: a known job word last, or an -er/-ist/-ian word that is not a fan or a vegan."""
    words = np.lower().replace(",", "").split()
    if not words or len(words) > 6 or words[0] in _NOT_JOB_FIRST or words[-1] in EN_NOT_JOBS:
        return False
    if _TWO_NAMES.fullmatch(np.strip()):  # "Biscuit and Pepper": two names, however they end
        return False
    if len(words) == 1 and np[:1].isupper() and en_demonym_place(words[0]):  # "a Bostonian now"
        return False
    if np.split()[-1][:1].isupper() and c.is_place_en(np.split()[-1]):  # "Boulder" is a town, not a trade
        return False
    if words[-1] in EN_JOBS or " ".join(words[-2:]) in EN_JOBS:
        return True
    if _TITLE_OF.fullmatch(" ".join(words)):  # "head of rehab", "director of ops": a title by its form
        return True
    if _CJK_WORD.fullmatch(words[-1]):  # "an ICU 护士 at Mercy": a Chinese job word in English
        return words[-1] in ZH_OCCUPATIONS or words[-1].endswith(_ZH_JOB_ENDINGS)
    return (
        bool(_AGENT_NOUN.search(words[-1]))
        and len(words[-1]) > 4
        and words[-1] not in _NOT_AGENTS
        and not words[-1].endswith("over")  # hungover, leftover, sleepover: what is over, no doer
    )


_CJK_WORD = re.compile(r"[\u4e00-\u9fff]{1,8}")
#: A title said by its form: who heads, directs or leads a field of work.
_TITLE_OF = re.compile(
    r"(?:(?:assistant|associate|deputy|senior|acting|interim|global|regional) )?"
    r"(?:head|director|vp|vice president|chief|manager|lead|dean|chair|chairman|chairwoman) of "
    r"(?:the )?[a-z&/-]{2,}(?: (?:and |& )?[a-z&/-]{2,}){0,2}"
)
_TWO_NAMES = re.compile(r"[A-Z][a-z]+,? (?:and|&) [A-Z][a-z]+")
#: How a Chinese job word ends (工程师, 设计师, 医生, 护士, 会计员).
_ZH_JOB_ENDINGS = ("师", "员", "医生", "护士", "经理", "主管", "老师", "教授", "律师", "司机", "记者")


#: How English names a trade: a doer (-er, -or, -ist, -ian), a hand or a man at a thing
#: (deckhand, lineman), a maker (locksmith, wheelwright, fishmonger).
_AGENT_NOUN = re.compile(r"(?:er|or|ist|ian|eer|ician|[a-z]{3}(?:man|woman|hand|smith|wright|monger))$")
#: Words that end like a doer and name none.
_NOT_AGENTS = frozenset(
    "human woman german roman superman shaman freshman firsthand offhand shorthand"
    # where one is from or lives, and what one is among others: no trade
    " southerner northerner westerner easterner midwesterner islander villager foreigner outsider stranger"
    " newcomer beginner loser winner sucker lover believer survivor".split()
)


#: Where and how long, said after a title ("a nurse there 4 yrs now", "a barista here since May"):
#: no part of it.
_TITLE_WHERE_HOW_LONG = re.compile(
    r"\s+(?:there|here)(?:\s+.*)?$|\s+(?:for\s+)?(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|a few|"
    r"a couple of)\s+(?:yrs?|years?|months?|mos?|weeks?)\b.*$",
    I,
)


def job_title_of(v: str | None) -> str | None:
    if not v:
        return None
    y = untimed(span(re.sub(r"^(?:a|an|the)\s+", "", v.strip(), flags=I)))
    y = _TITLE_WHERE_HOW_LONG.sub("", y) or y
    return y if is_job(y) else None


def like_value(v: str) -> str | None:
    # "really into my PS5": what is liked, not whose it is
    x = re.sub(r"^(?:my|our)\s+(?=\S)", "", _GERUND.sub("", span(v, LIKE_STOP)), flags=I)
    low = x.lower()
    if not x or low in NOT_LIKES or low.startswith(("it ", "that ", "when ", "how ", "you ")) or len(x) > 60:
        return None
    return x
