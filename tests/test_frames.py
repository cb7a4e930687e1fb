"""Frames: idioms that state an ordinary fact in other words, both languages (lang/*/frames.toml,
graphmem/extract/frames.py). Where one lives said as a demonym or as settling down, a job said
as a shift or "as a <title> at <ORG>" (a Chinese company's nickname kept as said, its own name
with it), a pet called only by its breed, a liking said as identity or need, the user's own
wedding or engagement, and something done with someone the user told us of, kept on them.

The sentences here are not the rules' own examples (those run in test_rule_examples.py)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from graphmem import Memory
from graphmem.extract import ExtractContext, RuleExtractor
from graphmem.model import SELF, Fact

T0 = "2026-02-02T09:00:00Z"
T1 = "2026-02-03T09:00:00Z"
T2 = "2026-02-04T09:00:00Z"
AT = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)


def read(*texts: str, context: ExtractContext | None = None) -> set[tuple[str, str, str]]:
    out = RuleExtractor().extract(list(texts), context)
    return {(c.subject, c.attribute, c.value) for c in out.candidates}


def active(mem: Memory, user: str) -> set[tuple[str, str, str]]:
    return {(f.subject_name, f.attribute, str(f.value)) for f in mem.facts(user)}


def recalled(mem: Memory, user: str, query: str, k: int = 4) -> list[str]:
    return [
        i.fact.text if i.fact else (i.episode.text if i.episode else "") for i in mem.recall(user, query, k)
    ]


# --- residence ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("Honestly I'm a Bostonian for real now", "Boston"),
        ("we signed a two-year lease in Tacoma", "Tacoma"),
        ("I finally got permanent residency in Vienna", "Vienna"),
        ("我俩去年在无锡买了房", "无锡"),
        ("终于拿到了杭州的户口", "杭州"),
    ],
)
def test_settling_somewhere_is_where_one_lives(text: str, city: str) -> None:
    assert (SELF, "city", city) in read(text)


def test_a_nation_demonym_is_no_city() -> None:
    assert not [x for x in read("we're Canadians for good now") if x[1] == "city"]


@pytest.mark.both_stores
def test_a_lease_supersedes_the_old_city(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    mem, u = open_memory(), uid("lease")
    mem.remember(u, "I live in Fresno.", at=T0)
    mem.remember(u, "big week: we signed a lease in Tacoma", at=T1)
    mem.remember(u, "我们在南京租了套公寓", at=T2)
    cities = [str(f.value) for f in mem.get(u, "city")]
    assert cities == ["南京"]


# --- work ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "covering double shifts as a line cook at Denny's",
            {("employer", "Denny's"), ("job_title", "line cook")},
        ),
        ("picking up weekend shifts at Home Depot", {("employer", "Home Depot")}),
        ("working at 网易 as a game designer", {("employer", "网易"), ("job_title", "game designer")}),
        ("还在狗厂搬砖呢", {("employer", "狗厂")}),
        ("我现在是宇宙厂的", {("employer", "宇宙厂")}),
    ],
)
def test_job_frames(text: str, want: set[tuple[str, str]]) -> None:
    got = {(a, v) for s, a, v in read(text) if s == SELF}
    assert want <= got


def test_a_company_nickname_keeps_its_name_with_the_company() -> None:
    out = RuleExtractor().extract(["我在猪厂做策划"])
    employer = next(c for c in out.candidates if c.attribute == "employer")
    assert employer.value == "猪厂" and "网易" in (employer.text or "")


@pytest.mark.both_stores
def test_a_nickname_is_found_by_the_company_name(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    mem, u = open_memory(), uid("nick")
    mem.remember(u, "我现在在菊厂搬砖", at=T0)
    mem.remember(u, "my brother is a nurse.", at=T1)
    [fact] = mem.get(u, "employer")
    assert fact.value == "菊厂" and "华为" in fact.text
    assert "华为" in recalled(mem, u, "我在华为工作吗", k=2)[0]
    mem.remember(u, "pulling night shifts as a paramedic at Riverside Health", at=T2)
    assert [f.value for f in mem.get(u, "employer")] == ["Riverside Health"]


# --- pets called by their breed ------------------------------------------------------------


def test_a_pet_called_by_its_breed_is_a_pet_of_that_kind() -> None:
    out = RuleExtractor().extract(["our old dachshund refuses to climb the stairs"])
    pet = next(c for c in out.candidates if c.attribute == "pet")
    assert (pet.value, pet.qualifier) == ("dachshund", "dog")
    assert any(c.subject == "dachshund" and "stairs" in c.value for c in out.candidates)


def test_a_breed_names_the_pet_already_known() -> None:
    known = Fact(
        id="f1", user_id="u", subject_id="self", subject_name=SELF, attribute="pet", value="Noodle",
        kind="profile", source="user_declared", confidence=1.0, status="active", text="My pet is Noodle",
        source_text="", qualifier="cat", recorded_at=AT, valid_from=AT, last_accessed_at=AT,
        half_life_days=365.0,
    )  # fmt: skip
    got = read("我家那只布偶今天把花瓶打碎了", context=ExtractContext(active_facts=[known]))
    assert (SELF, "pet", "Noodle") in got
    assert any(s == "Noodle" and "花瓶" in v for s, _, v in got)


@pytest.mark.both_stores
def test_my_dog_finds_the_pet_called_by_its_breed(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    mem, u = open_memory(), uid("breed")
    mem.remember(u, "my husky escaped through the fence again", at=T0)
    mem.remember(u, "我家那只橘猫最近特别能吃", at=T1)
    facts = mem.facts(u)
    pets = {(str(f.value), f.qualifier) for f in facts if f.attribute == "pet"}
    assert pets == {("husky", "dog"), ("橘猫", "cat")}
    assert any("fence" in t for t in recalled(mem, u, "what did my dog do?"))
    assert any("能吃" in t for t in recalled(mem, u, "我家猫最近怎么样"))


# --- affinity idioms -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("matcha is pretty much my whole identity", "matcha"),
        ("I literally cannot get through the day without podcasts", "podcasts"),
        ("I'm a total sneaker addict", "sneaker"),
        ("麻辣烫真的是我的命", "麻辣烫"),
        ("一天不喝可乐我就浑身难受", "可乐"),
        ("我完全离不开羽毛球了", "羽毛球"),
    ],
)
def test_affinity_idioms_are_likings(text: str, liked: str) -> None:
    assert (SELF, "likes", liked) in read(text)


def test_a_person_who_is_my_life_is_no_taste() -> None:
    assert not [x for x in read("my daughter is my whole life") if x[1] == "likes"]


@pytest.mark.both_stores
def test_affinity_is_found_as_a_liking(open_memory: Callable[..., Memory], uid: Callable[[str], str]) -> None:
    mem, u = open_memory(), uid("aff")
    mem.remember(u, "climbing is basically my whole personality lol", at=T0)
    mem.remember(u, "奶茶是我的续命水", at=T1)
    assert {str(f.value) for f in mem.get(u, "likes")} == {"climbing", "奶茶"}


# --- marriage and engagement -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "attribute", "name"),
    [
        ("Omar and I got hitched at city hall", "spouse", "Omar"),
        ("I secretly eloped with Bea", "spouse", "Bea"),
        ("我跟思远国庆去领了证", "spouse", "思远"),
        ("我和嘉欣在老家摆了酒", "spouse", "嘉欣"),
        ("I got engaged to Wren over the holidays", "partner", "Wren"),
        ("我和俊杰上个月订了婚", "partner", "俊杰"),
    ],
)
def test_the_users_wedding_names_the_spouse(text: str, attribute: str, name: str) -> None:
    assert (SELF, attribute, name) in read(text)


def test_a_relatives_wedding_stays_on_the_relative() -> None:
    got = read("我表姐和大伟领证了")
    assert not [x for x in got if x[0] == SELF and x[1] == "spouse"]


@pytest.mark.both_stores
def test_a_wedding_turns_the_partner_into_the_spouse(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    mem, u = open_memory(), uid("wed")
    mem.remember(u, "I'm dating Omar.", at=T0)
    mem.remember(u, "Omar and I got hitched at city hall!", at=T1)
    assert [str(f.value) for f in mem.get(u, "spouse")] == ["Omar"]
    assert not mem.get(u, "partner")
    mem.remember(u, "我和嘉欣在老家摆了酒", at=T2)
    assert "嘉欣" in {str(f.value) for f in mem.get(u, "spouse")}


# --- the user's people -----------------------------------------------------------------------


@pytest.mark.both_stores
def test_what_is_done_with_the_users_people_is_kept_on_them(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    mem, u = open_memory(), uid("ppl")
    mem.remember(u, "We have a cat named Juniper.", at=T0)
    mem.remember(u, "dropped Juniper at Dr. Okafor's clinic on Birch Street for her shots", at=T1)
    mem.remember(u, "我儿子叫乐乐", at=T0)
    mem.remember(u, "昨天送乐乐去育才小学报到了", at=T2)
    on = active(mem, u)
    assert any(s == "Juniper" and "Okafor" in v for s, _, v in on)
    assert any(s == "乐乐" and "育才小学" in v for s, _, v in on)
    assert any("Okafor" in t for t in recalled(mem, u, "who is my cat's vet?"))
    assert any("育才小学" in t for t in recalled(mem, u, "我儿子在哪上学"))
