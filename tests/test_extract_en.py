"""The offline rule extractor on English: behaviour over sentences written for these tests
(not the public scenario wording), then every public en scenario line and distractor.
Helpers (E, A, run, check, fact, check_probes) are shared with the Chinese tests.
"""

from __future__ import annotations

import json

import pytest

from graphmem.extract import (
    KnownEntity,
    detect_language,
    relation_of,
    relation_words,
)
from graphmem.extract.relations import RELATION_WORDS
from tests.eval_dir import PUBLIC
from tests.test_extract_zh import A, E, _show, check, check_probes, fact, run

DISTRACTORS = [
    "I enjoy documentaries.",
    "I usually wake up at 7am.",
    "I speak a little Japanese.",
    "I often visit the library on weekends.",
    "I own a white bicycle.",
    "My favorite color is green.",
    "I studied mechanical engineering.",
    "I play badminton twice a week.",
]

CASES = [
    # name, age, birthday, gender
    ("My name is Jordan Lee.", [E("name", "Jordan Lee")], []),
    ("Hi, I'm Priya.", [E("name", "Priya")], []),
    ("I'm Canadian.", [], [A("name")]),
    ("I'm Sarah and I work for Initech.", [E("name", "Sarah"), E("employer", "Initech")], []),
    ("You can call me Liz.", [E("preferred_name", "Liz")], [A("name")]),
    ("People usually call me Sunny.", [E("preferred_name", "Sunny")], []),
    ("I go by Max.", [E("preferred_name", "Max")], []),
    ("I'm 34.", [E("age", "34")], []),
    ("I'm 62 years old.", [E("age", "62")], []),
    ("I turned 40 last month.", [E("age", "40")], [A("event")]),
    ("My birthday is July 4th.", [E("birthday", "July 4")], []),
    ("I was born on 12 March 1988.", [E("birthday", "March 12, 1988")], []),
    ("I'm a guy.", [E("gender", "male")], []),
    # hometown and city
    ("I'm from Kansas.", [E("hometown", "Kansas")], []),
    ("I grew up in Manchester.", [E("hometown", "Manchester")], []),
    ("I was born and raised in Lagos.", [E("hometown", "Lagos")], []),
    ("I live in Brooklyn.", [E("city", "Brooklyn")], []),
    ("We recently moved to Lisbon.", [E("city", "Lisbon")], []),
    ("I'm based out of Berlin these days.", [E("city", "Berlin")], []),
    ("I relocated to Toronto last year.", [E("city", "Toronto")], [A("event")]),
    ("I live in Austin, Texas now.", [E("city", "Austin, Texas")], []),
    ("I moved from Austin to Denver.", [E("city", "Denver", replaces="Austin")], []),
    ("I live with my parents.", [], [A("city")]),
    ("Vermont is where I grew up.", [E("hometown", "Vermont")], []),
    ("I'm moving to Denver next month.", [E("city", "Denver")], []),
    # work
    ("I work at Deloitte.", [E("employer", "Deloitte")], []),
    ("I'm a dentist.", [E("job_title", "dentist")], []),
    (
        "I'm a senior data analyst at Spotify.",
        [E("employer", "Spotify"), E("job_title", "senior data analyst")],
        [],
    ),
    ("I work as a barista at Blue Bottle.", [E("employer", "Blue Bottle"), E("job_title", "barista")], []),
    (
        "I just started at Netflix as a product designer.",
        [E("employer", "Netflix"), E("job_title", "product designer")],
        [],
    ),
    ("I got hired by Amazon last week.", [E("employer", "Amazon")], []),
    ("I work in Denver.", [E("city", "Denver")], [A("employer")]),
    ("I work night shifts.", [A("note")], [A("employer")]),
    ("I'm a big fan of jazz.", [E("likes", "jazz")], [A("job_title")]),
    ("I'm a big believer in therapy.", [], [A("job_title")]),
    ("I'm retired.", [E("job_title", "retired")], []),
    ("I used to work at Amazon.", [A("note")], [A("employer")]),
    # retractions and corrections
    (
        "I no longer work for Shopify.",
        [E("employer", "Shopify", retract=True)],
        [E("employer", "Shopify", retract=False)],
    ),
    ("I left Twitter last year.", [E("employer", "Twitter", retract=True)], []),
    ("I don't live in Chicago anymore.", [E("city", "Chicago", retract=True)], []),
    (
        "Actually, I'm from Georgia, not Alabama.",
        [E("hometown", "Georgia", correction=True, replaces="Alabama")],
        [],
    ),
    (
        "I'm not from Texas, I'm from Oklahoma.",
        [E("hometown", "Texas", retract=True), E("hometown", "Oklahoma", replaces="Texas")],
        [],
    ),
    ("Please don't mention Oracle again.", [E("*", "Oracle", retract=True)], []),
    ("Forget that I like sushi.", [E("likes", "sushi", retract=True)], [E("likes", "sushi", retract=False)]),
    ("I broke up with Chris.", [E("partner", "Chris", retract=True)], []),
    # a relative married to someone: the relative's spouse, not the user's
    (
        "My sister Nadia is married to Joel.",
        [E("spouse", "Joel", subject="Nadia")],
        [E("spouse", "Joel", subject="self")],
    ),
    (
        "my uncle is engaged to Petra",
        [E("partner", "Petra", subject="uncle")],
        [E("partner", "Petra", subject="self")],
    ),
    (
        "I quit Globex and now work at Initech.",
        [E("employer", "Globex", retract=True), E("employer", "Initech", replaces="Globex")],
        [],
    ),
    # preferences, polarity and normalised values
    ("I love sushi.", [E("likes", "sushi")], []),
    ("I really enjoy hiking in the mountains.", [E("likes", "hiking in the mountains")], []),
    ("I like playing chess.", [E("likes", "chess")], []),
    ("I'm obsessed with K-pop.", [E("likes", "K-pop")], []),
    ("I hate mornings.", [E("dislikes", "mornings")], [A("likes")]),
    ("I don't really like seafood.", [E("dislikes", "seafood")], [A("likes")]),
    ("I'm not into reality TV anymore.", [E("dislikes", "reality TV")], [A("likes")]),
    ("Please stop recommending thrillers.", [E("dislikes", "thrillers")], []),
    ("My favorite movie is Inception.", [E("likes", "Inception", qualifier="movie")], []),
    ("Sushi is my favorite food.", [E("likes", "Sushi")], []),
    ("My hobbies are hiking and photography.", [E("likes", "hiking"), E("likes", "photography")], []),
    ("I'd like to book a table.", [], [A("likes")]),
    ("I've gotten really into pottery.", [E("likes", "pottery")], []),
    ("Knitting is a hobby of mine.", [E("likes", "Knitting")], []),
    ("I stopped eating red meat.", [E("dislikes", "red meat")], []),
    # diet and allergy
    ("I'm vegetarian.", [E("diet", "vegetarian")], []),
    ("I went vegan last year.", [E("diet", "vegan")], []),
    ("I'm on a keto diet.", [E("diet", "keto")], []),
    ("I'm lactose intolerant.", [E("diet", "lactose-free")], []),
    ("I'm allergic to bees.", [E("allergy", "bees")], []),
    ("I'm allergic to peanuts and shellfish.", [E("allergy", "peanuts"), E("allergy", "shellfish")], []),
    ("I have a peanut allergy.", [E("allergy", "peanut")], []),
    # language and skill
    ("I speak French and Italian.", [E("language", "French"), E("language", "Italian")], []),
    ("My native language is Portuguese.", [E("language", "Portuguese")], []),
    ("I can ride a unicycle.", [E("skill", "ride a unicycle")], []),
    ("I'm pretty good at Photoshop.", [E("skill", "Photoshop")], []),
    ("I play the cello.", [E("skill", "play the cello")], []),
    # family, friends and pets
    (
        "My son Ethan is 7.",
        [E("child", "Ethan", qualifier="son"), E("age", "7", subject="Ethan", subject_relation="son")],
        [E("age", "7", subject="self")],
    ),
    (
        "My husband, Ray, is a pilot.",
        [E("spouse", "Ray", qualifier="husband"), E("job_title", "pilot", subject="Ray")],
        [],
    ),
    (
        "My sister Anna lives in Paris and works at a bakery.",
        [
            E("sibling", "Anna", qualifier="sister"),
            E("city", "Paris", subject="Anna"),
            E("employer", "bakery", subject="Anna"),
        ],
        [E("city", "Paris", subject="self")],
    ),
    (
        "My mom is allergic to cats.",
        [
            E("parent", "mom", qualifier="mother"),
            E("allergy", "cats", subject="mom", subject_relation="mother"),
        ],
        [],
    ),
    ("I have a dog named Pepper.", [E("pet", "Pepper", qualifier="dog", object_type="pet")], []),
    ("We adopted a kitten called Mochi.", [E("pet", "Mochi", qualifier="cat")], []),
    (
        "My dog Biscuit is a beagle.",
        [E("pet", "Biscuit", qualifier="dog"), E("note", "beagle", subject="Biscuit", subject_type="pet")],
        [A("job_title")],
    ),
    ("My wife is Elena.", [E("spouse", "Elena", qualifier="wife")], []),
    ("Tom is my brother.", [E("sibling", "Tom", qualifier="brother")], []),
    (
        "Raj, my cousin, works at Intel.",
        [E("relative", "Raj", qualifier="cousin"), E("employer", "Intel", subject="Raj")],
        [],
    ),
    ("Most people know me as Dee.", [E("preferred_name", "Dee")], []),
    ("I'm married to Jane.", [E("spouse", "Jane")], []),
    # events, schedules, habits
    (
        "My flight to London leaves tomorrow at 9am.",
        [E("event", "My flight to London leaves tomorrow at 9am")],
        [],
    ),
    (
        "I have a job interview next Tuesday.",
        [E("event", "I have a job interview next Tuesday", kind=None)],
        [],
    ),
    ("Last weekend we went hiking in Yosemite.", [E("event", "Last weekend we went hiking in Yosemite")], []),
    ("Tomorrow evening I fly to Boston.", [E("event", "Tomorrow evening I fly to Boston")], []),
    (
        "I take yoga classes every Thursday.",
        [E("event", "I take yoga classes every Thursday", kind="fact")],
        [],
    ),
    ("I usually go running before work.", [E("note", "I usually go running before work")], [A("event")]),
    # notes and explicit "remember"
    ("Remember that my locker code changes monthly.", [E("note", "my locker code changes monthly")], []),
    ("Don't forget that I parked on level 3.", [E("note", "I parked on level 3")], []),
    ("I own two bikes.", [E("note", "I own two bikes")], []),
    # reply style
    ("Please keep your answers brief.", [E("reply_style", "Please keep your answers brief")], []),
    ("Can you reply in Spanish from now on?", [A("reply_style")], []),
    ("Always use tables when comparing things.", [A("reply_style")], []),
    ("I prefer short flights.", [E("likes", "short flights")], [A("reply_style")]),
    # where one lives, said through how long or through a home bought
    ("We've been living in Leeds for ten years.", [E("city", "Leeds")], [A("note")]),
    ("My mum has lived in Cork since the eighties.", [E("city", "Cork", subject="mum")], []),
    ("Just bought a little flat in Glasgow!", [E("city", "Glasgow")], []),
    # a person from work named after "a woman named"; whom one reports to
    ("My boss is a woman named Greta.", [E("friend", "Greta", qualifier="boss")], [E("friend", "boss")]),
    ("She retired so now I report to Omar.", [E("friend", "Omar", qualifier="boss")], []),
    # who is writing, said as "X here"; not a relation or a word that is no name
    ("Hiya, Tomasz here.", [E("name", "Tomasz")], []),
    ("Dad here.", [], [A("name")]),
    ("Everybody here loves the new office.", [], [A("name")]),
    # a workplace introduced by what it is, worked at in some way
    (
        "I work part-time for a studio called Driftwood as an illustrator.",
        [E("employer", "Driftwood"), E("job_title", "illustrator")],
        [],
    ),
    # pets beyond cats and dogs
    ("We have a gecko called Ziggy.", [E("pet", "Ziggy", qualifier="lizard")], []),
    # "a X person": a taste, unless X names a trait
    ("I'm a coffee person, always have been", [E("likes", "coffee")], []),
    ("honestly not a mountains person", [E("dislikes", "mountains")], []),
    ("I skip dessert, cheese person at heart", [E("likes", "cheese")], []),
    ("I'm a night person", [], [A("likes"), A("dislikes")]),
    ("I'm not a people person", [], [A("likes"), A("dislikes")]),
    ("My aunt is a really sweet person.", [], [A("likes")]),
    ("my neighbour is a generous person", [], [A("likes")]),
    # how long one has been somewhere: where one lives
    ("Born in Lagos, but been in Nairobi since 2015.", [E("city", "Nairobi"), E("hometown", "Lagos")], []),
    ("I've been in Madrid for a couple of months", [E("city", "Madrid")], []),
    ("I've been in a bad mood for days", [], [A("city")]),
    # what a doctor or a test found, said as the user's own statement
    ("The dermatologist said I'm allergic to nickel.", [E("allergy", "nickel")], [A("friend")]),
    ("my blood test showed I am gluten intolerant", [E("diet", "gluten-free")], []),
    ("not really into country music anymore", [E("dislikes", "country music")], []),
    ("No longer into pilates tbh", [E("dislikes", "pilates")], []),
    ("I'm off today, WFH", [], [A("name")]),
    ("officially a Londoner now, finally unpacked", [E("city", "London")], []),
    # the speaker's own said without "my": "hubby", "the wife"; kiddo, bestie
    (
        "hubby's a firefighter",
        [E("job_title", "firefighter", subject="hubby")],
        [A("job_title", subject="self")],
    ),
    ("the wife is from Leeds originally", [A("hometown", subject="wife")], [A("hometown", subject="self")]),
    ("my kiddo Theo hates broccoli", [E("child", "Theo"), E("dislikes", "broccoli", subject="Theo")], []),
    (
        "my bestie Rana works at Deloitte",
        [E("friend", "Rana"), E("employer", "Deloitte", subject="Rana")],
        [],
    ),
    # a reaction told instead of the word allergic
    ("Cashews give me hives, every single time", [E("allergy", "Cashews")], []),
    ("I broke out in a rash after eating kiwi", [E("allergy", "kiwi")], [A("allergy", value="eating kiwi")]),
    ("I always carry an EpiPen for wasp stings", [E("allergy", "wasp stings")], []),
    ("onions make me cry lol", [], [A("allergy")]),
    # contractions typed without the apostrophe
    ("im 41, work as a dentist", [E("age", "41")], []),
    ("ive got a parrot named Kiwi", [E("pet", "Kiwi")], []),
    ("i dont like mushrooms", [E("dislikes", "mushrooms")], [E("likes", "mushrooms")]),
    ("plot twist: I actually like jazz now", [E("likes", "jazz")], []),
    # chat shorthand in front of a statement
    ("tbh I'm pescatarian these days", [E("diet", "pescatarian")], []),
    ("ngl I really dislike mayo", [E("dislikes", "mayo")], []),
    ("afaik I'm allergic to penicillin", [E("allergy", "penicillin")], []),
    # a trailing "actually" / "tho" is a filler, not part of the value
    ("Whoops, I'm 34 actually.", [E("age", "34")], []),
    ("I work at Cisco tho", [E("employer", "Cisco")], []),
    # the kind said again as its breed before the name
    ("Just got a puppy, a lab mix named Otis!", [E("pet", "Otis", qualifier="dog")], [E("pet", "puppy")]),
    (
        "We have a cat, a fluffy ragdoll called Juno.",
        [E("pet", "Juno", qualifier="cat"), E("note", "ragdoll")],
        [E("pet", "cat")],
    ),
    ("I got a kitten, a tiny tabby named Bean.", [E("pet", "Bean", qualifier="cat")], [E("pet", "kitten")]),
    # a list of children with their ages
    (
        "We've got two girls: Nora (11) and little Bea.",
        [E("child", "Nora"), E("age", "11", subject="Nora"), E("child", "Bea")],
        [E("child", "little Bea")],
    ),
    # languages listed with how well, before or after each
    ("I speak Hindi well, and a little Tamil.", [E("language", "Hindi"), E("language", "Tamil")], []),
]


@pytest.mark.parametrize("text,want,absent", CASES, ids=[c[0] for c in CASES])
def test_sentence(text, want, absent):
    out = run(text)
    check(out, want, absent)
    for c in out.candidates:
        assert c.source_text and c.source_text.strip(" .") in text, "source_text must be the clause as said"


@pytest.mark.parametrize(
    "text",
    [
        "The sky is blue.",
        "Thanks, that helps a lot.",
        "I think you're right.",
        "I'm so tired today.",
        "Paris is beautiful in the spring.",
        "The weather in Paris is nice in spring.",
        "ok cool, thx",
        "I'd love a cup of tea.",
        "I'm looking for a good restaurant nearby.",
        "I'm in a good mood today.",
        "I'm having a rough day.",
        "I'm at home right now.",
        "I just finished lunch.",
    ],
)
def test_nothing_memorable_is_ignored(text):
    out = run(text)
    assert out.candidates == [], _show(out)
    assert [(i.text, i.reason) for i in out.ignored] == [(text, "nothing_memorable")]


def test_sentences_split_but_not_after_abbreviations():
    out = run("I quit my job at St. Mary's. Dr. Lee hired me at Acme Labs as a lab technician.")
    check(out, [E("employer", "St. Mary's", retract=True)])
    # The second sentence stays whole (kept as a note about the user, or ignored), never cut at "Dr."
    pieces = [i.text for i in out.ignored] + [c.source_text for c in out.candidates if c.attribute == "note"]
    assert [p.rstrip(".") for p in pieces] == ["Dr. Lee hired me at Acme Labs as a lab technician"]


def test_known_entity_and_pronoun():
    out = run(
        ["Tom just moved to Berlin.", "He works at Siemens now."],
        known=[KnownEntity("Tom", "person", "brother")],
    )
    check(
        out,
        [
            E("city", "Berlin", subject="Tom", subject_relation="brother"),
            E("employer", "Siemens", subject="Tom"),
        ],
    )
    assert not [c for c in out.candidates if c.subject == "self"], _show(out)


def test_pronoun_refers_to_someone_named_earlier_in_the_call():
    out = run(["My daughter's name is Lily.", "She is allergic to eggs."])
    check(out, [E("child", "Lily", qualifier="daughter"), E("allergy", "eggs", subject="Lily")])


def test_unnamed_relative_is_a_placeholder_entity():
    out = run("My daughter is allergic to peanuts.")
    check(
        out,
        [
            E("child", "daughter", qualifier="daughter"),
            E("allergy", "peanuts", subject="daughter", subject_relation="daughter"),
        ],
    )


def test_pet_retraction_resolves_known_pets():
    out = run("I don't have a cat anymore.", known=[KnownEntity("Miso", "pet", "cat")])
    check(out, [E("pet", "Miso", retract=True)], [E("pet", "cat")])


def test_retraction_uses_the_stored_spelling():
    out = run("I no longer work at St. Mary's.", facts=[fact("employer", "St. Mary's Hospital")])
    check(out, [E("employer", "St. Mary's Hospital", retract=True)])


def test_bare_correction_uses_active_facts():
    out = run("Sorry, I meant Portland, not Seattle.", facts=[fact("city", "Seattle")])
    check(out, [E("city", "Portland", correction=True, replaces="Seattle")])


def test_someone_elses_relative_is_linked_from_them():
    out = run("Nora's husband Felix is a pilot in Lisbon.")
    check(out, [E("spouse", "Felix", subject="Nora", qualifier="husband"), E("city", "Lisbon", subject="Felix"),
                E("job_title", "pilot", subject="Felix")], [E("employer", "Lisbon")])  # fmt: skip


def test_a_job_in_a_proper_name_is_a_place_unless_it_reads_as_an_organisation():
    check(run("I'm a pharmacist in Bruges."), [E("city", "Bruges"), E("job_title", "pharmacist")])
    check(
        run("I'm a porter in Riverside Hotel."),
        [E("employer", "Riverside Hotel")],
        [E("city", "Riverside Hotel")],
    )


def test_a_name_said_with_actually_spelled_is_the_name():
    check(run("My wife's name is actually spelled Ilse, not Ilsa."), [E("spouse", "Ilse", replaces="Ilsa")])
    check(run("My name is really spelled Katrin"), [E("name", "Katrin")])


def test_bare_correction_with_a_run_of_correction_words_and_no_comma():
    out = run("oops, scratch that: it's Initech not Globex haha", facts=[fact("employer", "Globex")])
    check(out, [E("employer", "Initech", correction=True, replaces="Globex")])


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("My son Theo is allergic to cashews lol, really bad.", ["cashews"]),
        ("I'm allergic to shellfish and kiwi btw, kind of severe", ["shellfish", "kiwi"]),
        ("I have an allergy to latex tbh, super serious", ["latex"]),
    ],
)
def test_allergy_lists_keep_allergens_not_fillers_or_severity(text, want):
    got = [x.value for x in run(text).candidates if x.attribute == "allergy"]
    assert got == want


def test_same_object_across_polarity():
    liked = run("I love watching horror movies.").candidates
    disliked = run("I can't stand horror movies anymore.").candidates
    assert [c.value for c in liked if c.attribute == "likes"] == ["horror movies"]
    assert [c.value for c in disliked if c.attribute == "dislikes"] == ["horror movies"]


def test_distractors_are_remembered_with_their_keys():
    got = {}
    for text in DISTRACTORS:
        out = run(text)
        assert out.candidates, f"{text} was dropped"
        got[text] = {(c.attribute, c.value) for c in out.candidates}
    assert ("likes", "documentaries") in got["I enjoy documentaries."]
    assert ("language", "Japanese") in got["I speak a little Japanese."]
    assert ("likes", "green") in got["My favorite color is green."]
    assert all(a == "note" for a, _ in got["I usually wake up at 7am."])
    assert all(a != "event" for a, _ in got["I often visit the library on weekends."])


def _en_scenarios() -> list[dict]:
    path = PUBLIC
    if not path.exists():
        return []
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if all(detect_language(s["say"]) == "en" for s in r["steps"] if "say" in s)]


@pytest.mark.parametrize("scenario", _en_scenarios(), ids=lambda s: s["id"])
def test_public_scenario_lines(scenario):
    if scenario["cat"] == "security":
        pytest.skip("secrets are refused by the gate before extraction")
    check_probes(scenario)


def test_public_key_lines():
    check(
        run("I no longer work at St. Mary's. I joined Riverside Clinic as a nurse practitioner."),
        [
            E("employer", "St. Mary's", retract=True),
            E("employer", "Riverside Clinic"),
            E("job_title", "nurse practitioner"),
        ],
    )
    check(
        run("Correction: I'm from Iowa, not Ohio."), [E("hometown", "Iowa", correction=True, replaces="Ohio")]
    )
    check(
        run("My brother Tom works at Google."),
        [
            E("sibling", "Tom", qualifier="brother"),
            E("employer", "Google", subject="Tom", subject_relation="brother"),
        ],
    )
    check(
        run("My husband is called Mark and I work night shifts."),
        [E("spouse", "Mark", qualifier="husband"), A("note", subject="self")],
    )


def test_relations_table():
    assert relation_of("daughter") == ("child", "daughter")
    assert relation_of("Brothers") == ("sibling", "brother")
    assert relation_of("children") == ("child", None)
    assert relation_of("best friend") == ("friend", "best friend")
    assert relation_of("kitten") == ("pet", "cat")
    assert relation_of("table") is None
    assert "mom" in relation_words("en") and "妈妈" not in relation_words("en")
    # Canonical qualifiers are relation words themselves, so recall can map them back.
    for attribute, qualifier in RELATION_WORDS.values():
        assert qualifier is None or relation_of(qualifier) == (attribute, qualifier), qualifier


def test_pieces_are_the_shared_sentences():
    from graphmem.extract import rules_en
    from graphmem.gate import split_sentences

    text = "Dr. Okafor moved to Leeds. She likes chess; her son plays too."
    assert rules_en.pieces(text) == split_sentences(text)
    assert rules_en.pieces("I adopted a puppy 🐶 his name is Biscuit") == [
        "I adopted a puppy.",
        "his name is Biscuit",
    ]
    assert rules_en.pieces("Wow!!! ... I start at Stripe on Monday.") == [
        "Wow!!!",
        "I start at Stripe on Monday.",
    ]


@pytest.mark.parametrize(
    "text,want",
    [
        ("honestly I'm pescatarian and allergic to kiwi", [E("diet", "pescatarian"), E("allergy", "kiwi")]),
        (
            "My husband Omar is vegan and lactose intolerant.",
            [E("diet", "vegan", subject="Omar"), A("diet", subject="Omar")],
        ),
        (
            "My aunt is a pharmacist and allergic to bee stings",
            [E("job_title", "pharmacist"), E("allergy", "bee stings")],
        ),
    ],
)
def test_a_state_after_and_keeps_the_clause_subject(text, want):
    check(run(text), want)


def test_and_before_a_modifier_does_not_split():
    check(
        run("I adore dumplings and vegetarian ramen"),
        [E("likes", "dumplings and vegetarian ramen")],
        [A("diet")],
    )


@pytest.mark.parametrize("text", ["Name's Rafael, nice to meet you", "name: Rafael"])
def test_a_name_said_without_my_is_the_users_name(text):
    check(run(text), [E("name", "Rafael", subject="self")])


@pytest.mark.parametrize(
    "text,want",
    [
        ("I work at a pottery studio in Ghent", [E("employer", "pottery studio"), E("city", "Ghent")]),
        ("I teach piano at a music school in Porto", [E("job_title", "piano teacher"), E("city", "Porto")]),
        ("I'm a barista at Bluebird Cafe in Tacoma", [E("employer", "Bluebird Cafe"), E("city", "Tacoma")]),
    ],
)
def test_a_workplace_in_a_city_gives_both(text, want):
    check(run(text), want)


@pytest.mark.parametrize(
    "text",
    ["ugh, I got fired yesterday", "I finally quit my job", "I'm between jobs right now", "I was let go"],
)
def test_a_job_ended_without_an_employer_ends_the_one_on_record(text):
    check(run(text, facts=[fact("employer", "Vandelay")]), [E("employer", "Vandelay", retract=True)])


def test_leaving_a_named_job_ends_only_that_one():
    out = run("I left my job at Kramerica", facts=[fact("employer", "Vandelay")])
    check(out, [], [E("employer", "Vandelay", retract=True)])


def test_a_typo_named_as_such_corrects_the_name():
    out = run("whoops, typo: it's Ines not Inez", facts=[fact("child", "Inez")])
    assert any(c.attribute == "child" and c.value == "Ines" and c.correction for c in out.candidates), _show(
        out
    )
