"""English rules' handlers for having someone: a pet or a relative the user has ("I have a
dog named Pepper", "two kids, Mia and Leo", "a rescue pup, a beagle mix called Pickles"),
and a pet gone (died, put down, no longer had)."""

from __future__ import annotations

import re

from graphmem.extract.common import ME, Subject, cand, link
from graphmem.extract.lexicon import EN_BREEDS, EN_NOT_NAMES
from graphmem.extract.relations import entity_type, relation_of

_LISTED_RX = re.compile(r"(?:(?:baby|little|big) )?(?P<who>[A-Z][\w'-]+)(?: \((?P<age>\d{1,2})\))?")


def _breed(kind: str) -> str | None:
    """The animal a breed word names ("beagle mix" and "husky cross" are a dog too)."""
    kind = re.sub(r"\s+(?:mix|cross|mutt)$", "", kind)
    # "a husky puppy", "a ragdoll kitten": the breed and the young of its animal
    kind = re.sub(r"\s+(?:puppy|pup|kitten|kitty|baby)$", "", kind)
    return EN_BREEDS.get(kind) or EN_BREEDS.get(kind.rstrip("s"))


def _breed_said_again(kind2: str) -> tuple[str, str] | None:
    """The breed of an apposition ("a fluffy ragdoll"): its last words that name one."""
    words = kind2.lower().split()
    for i in range(len(words)):
        if found := _breed(" ".join(words[i:])):
            return " ".join(words[i:]), found
    return None


def have(m, ctx):
    """'I have a golden retriever named Max' / 'a daughter named Emma' / 'a cat' /
    'a rescue pup, a beagle mix called Pickles' (the kind said again as its breed). The one
    who has them is the clause's subject: "my sister has a cat" links the cat to her."""
    kind = re.sub(
        r"\s+(?:last|this|yesterday|today|recently|a few|two|three|over)(?=\s|$).*$",
        "",
        m["kind"].strip().lower(),
    )
    breed = _breed(kind)
    for last in (2, 1) if not breed else ():
        # "a retired racing greyhound", "a big fluffy golden retriever": the breed said last
        words = kind.split()
        if len(words) > last and (head := _breed(" ".join(words[-last:]))):
            kind, breed = " ".join(words[-last:]), head
            break
    if not breed and kind.endswith(" mix"):  # "a pit mix", "a tabby mix": a mixed breed of the kind
        breed = _breed(kind[:-4]) or _breed(kind[:-4] + "bull") or "dog"
    if m["kind2"] and (again := _breed_said_again(m["kind2"])) and (not breed or breed == again[1]):
        if not breed and (relation_of(kind) or ("",))[0] != "pet":
            return None  # "a roommate, a husky guy called Bo": the breed word names no pet
        kind, breed = again
    rel = ("pet", breed) if breed else relation_of(kind)
    if not rel:
        return None
    attribute, qual = rel
    who = m["name"] or m["name2"]
    if m["names"]:  # "two kids, Mia and Leo", "three kids: Leo (9), Mia (6) and baby Sam": one link each
        out = []
        for item in re.split(r",? and |, ", m["names"]):
            said = _LISTED_RX.fullmatch(item.strip())
            if said is None or said["who"].split()[0] in EN_NOT_NAMES:
                continue
            subj = ctx.state.add(said["who"], entity_type(attribute), qual or attribute)
            out.append(link(attribute, qual, said["who"], ctx.src, owner=ctx.subj))
            if said["age"] and entity_type(attribute) == "person":
                out.append(cand("age", said["age"], subj, ctx.src))
        return out or None
    if who and who.split()[0] not in EN_NOT_NAMES:
        subj = ctx.state.add(who, entity_type(attribute), qual or attribute)
        out = [link(attribute, qual, who, ctx.src, owner=ctx.subj)]
        return out + [cand("note", kind, subj, ctx.src)] if breed else out
    if (m["cnt"] or "").lower() not in ("a", "an", "one"):
        return [cand("note", ctx.src, ctx.subj, ctx.src)]
    ctx.state.mention(Subject(kind, entity_type(attribute), qual or attribute, named=False))
    return [link(attribute, qual, kind, ctx.src, owner=ctx.subj)]


def pet_gone(m, ctx):
    s = ctx.subj
    if s.type == "pet" and s.named:
        return [cand("pet", s.name, ME, ctx.src, retract=True, correction=True, qualifier=s.relation)]
    word = (m.groupdict().get("rel") or s.name).lower()
    qual = (relation_of(word) or ("pet", EN_BREEDS.get(word)))[1]
    names = [x.name for x in ctx.state.by_relation(qual)] or [word]
    return [cand("pet", n, ME, ctx.src, retract=True, correction=True, qualifier=qual) for n in names]


def pet_put_down(m, ctx):
    """ "We had to put Biscuit down", "buried Biscuit under the oak": a pet the user named is gone."""
    hit = ctx.state.entity_at(m["name"] or m["name2"], word_boundary=True)
    if hit is None or hit[0].type != "pet":
        return None
    pet = hit[0]
    gone = cand("pet", pet.name, ME, ctx.src, retract=True, correction=True, qualifier=pet.relation)
    return [gone, cand("event" if ctx.has_time else "note", ctx.src, ME, ctx.src)]  # when it happened stays
