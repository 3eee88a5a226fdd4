"""Homes, jobs and partners told in the words of the speaker's own English or Chinese: a
dropped g ("livin in chaguanas now"), a title in Pidgin or Taglish ("i be banker", "nurse
ako sa st lukes"), "i'm a nurse myself", the partner the speaker is with and what "she"
does next ("跟我女朋友周琪在一起三年了 她在上海当护士"), and where one rents ("租在西溪那边").
None is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.said_plainly_en import said_plainly


def told(text: str) -> set[tuple[str, str, str, str]]:
    return {(f.about, f.name, f.attribute, f.value) for f in facts_in(text) if f.op is Op.ASSERT}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("from galway but livin in limerick now", ("", "", "lives_in", "Limerick")),
        ("ok so i be mechanic, my shop dey for Aba", ("", "", "job_title", "mechanic")),
        ("cashier ako sa SM north edsa, night shift", ("", "", "job_title", "cashier")),
        ("i'm a plumber myself so i fixed it", ("", "", "job_title", "plumber")),
        ("跟我男朋友陈宇在一起两年了 他在广州做设计", ("boyfriend", "陈宇", "lives_in", "广州")),
        ("跟我男朋友陈宇在一起两年了 他在广州做设计", ("", "", "partner", "陈宇")),
        ("现在租在成都高新那边 通勤半小时", ("", "", "lives_in", "成都高新")),
        ("my kakak Siti works at maybank kl", ("sister", "Siti", "employer", "Maybank Kl")),
        ("my lola lives in Cebu pa rin", ("grandmother", "", "lives_in", "Cebu")),
        ("husband Tomasz started at Allegro on monday", ("husband", "Tomasz", "employer", "Allegro")),
        ("i work in logistics in a company called raben", ("", "", "employer", "raben")),
        ("heading up tae see ma gran, she lives in Oban noo", ("grandma", "", "lives_in", "Oban")),
        ("pls remind me optician appt on the 14th at 11am", ("", "", "appointment", "optician")),
        ("下周二上午十点跟老板汇报 慌", ("", "", "appointment", "跟老板汇报")),
        ("i'm from tralee but i live in Cork now", ("", "", "hometown", "Tralee")),
        ("hiya, orig from dos hermanas, in madrid for work", ("", "", "hometown", "Dos Hermanas")),
        ("我是绵阳的 来成都读书", ("", "", "hometown", "绵阳")),
        ("honestly i'm a die hard munster fan", ("", "", "likes", "munster")),
        ("my dad is a lifelong Everton supporter", ("father", "", "likes", "Everton")),
        ("hey, Wanjiku here, 29, pharmacist in Nakuru, i need a budget", ("", "", "job_title", "pharmacist")),
        ("hey, Wanjiku here, 29, pharmacist in Nakuru, i need a budget", ("", "", "lives_in", "Nakuru")),
        ("daughter Aoife's a teacher in Sligo", ("daughter", "Aoife", "job_title", "teacher")),
        ("bongani, 44, site foreman with Murray Build, in Pinetown", ("", "", "job_title", "site foreman")),
        ("bongani, 44, site foreman with Murray Build, in Pinetown", ("", "", "employer", "Murray Build")),
    ],
)
def test_a_fact_said_in_ones_own_words_is_read(text: str, fact: tuple[str, str, str, str]) -> None:
    assert fact in told(text)


@pytest.mark.parametrize(
    "text",
    [
        "i be going home now",  # Pidgin "be" before what is no title
        "i'm a fan myself",
        "we go see for the evening, calm ako",  # ako after no title
        "跟我妈说了 她不同意",  # 跟我妈 is no partner
        "there's a cafe called Beans near me",  # a workplace only after one's own work
        "i'm from work, knackered",  # no place
        "我是认真的",
        "bought a big ceiling fan for the heat",
        "loves basketball, die hard ginebra fan",  # maybe of whoever was told of before
        "stuck in traffic, fan in the car broke",  # no title, no town
        "went to the clinic, the nurse, lovely woman",  # a title named, no introduction of one's own
    ],
)
def test_the_same_words_without_a_title_or_partner_state_none(text: str) -> None:
    stated = ("job_title", "partner", "mother", "employer", "hometown", "likes")
    assert not {f for f in told(text) if f[2] in stated}


def test_a_dropped_g_is_said_in_full_only_on_the_verbs_of_a_life() -> None:
    assert said_plainly("been workin at the port, stayin with my aunt") == (
        "been working at the port, staying with my aunt")
    assert said_plainly("the cabin in the mountains") == "the cabin in the mountains"


def test_scots_words_are_said_plainly_only_as_words_of_their_own() -> None:
    assert said_plainly("moved tae Perth wi ma wife") == "moved to Perth with my wife"
    unchanged = "my ma and the tattie scones, a fur coat"
    assert said_plainly(unchanged) == unchanged


def test_a_kin_word_is_kin_only_as_typed_in_lower_case() -> None:
    assert said_plainly("my lola lives in Cebu") == "my grandmother lives in Cebu"
    assert said_plainly("My Lola is the best dog") == "My Lola is the best dog"
    assert said_plainly("my anna moved to Pune") == "my anna moved to Pune"  # a name as often as a brother
