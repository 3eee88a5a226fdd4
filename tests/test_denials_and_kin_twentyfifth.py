"""A guess the speaker denies is no fact of theirs ("我在深圳？你哪看出来的", "I never said I
lived in Leeds"), while what they say besides stands; and the people of a speaker's days
named by the words Chinese has for them (婆婆, 发小, 嫂子, 外甥, 那口子, 房东...) keep their
own facts, never given to the speaker."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.span_reader import readable_parts


def _own(text: str, attribute: str) -> set[str]:
    return {f.value for f in facts_in(text)
            if f.attribute == attribute and f.op is Op.ASSERT and not f.about and not f.name}


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("我在深圳？你哪看出来的", "深圳"),
        ("你刚才说我在岳阳？没有 我只是去岳阳出差两天", "岳阳"),
        ("我啥时候说过在广州上班了 你别瞎编", "广州"),
        ("谁说我在苏州了 别乱猜", "苏州"),
        ("I never said I lived in Leeds lol", "Leeds"),
    ],
)
def test_a_denied_guess_is_no_fact(text: str, denied: str) -> None:
    assert denied not in _own(text, "lives_in")


def test_what_is_said_beside_a_denial_stands() -> None:
    assert _own("你记错了吧 我没说过我在唐山 我在秦皇岛", "lives_in") == {"秦皇岛"}
    assert _own("I never said I lived in Leeds, I live in York", "lives_in") == {"York"}


def test_an_echo_the_next_sentence_confirms_is_read_as_before() -> None:
    # the same echo as a denied one, but said yes to: left to what the rules make of it
    assert "深圳" in _own("我在深圳？对啊 在南山上班", "lives_in")
    assert "Leeds" in _own("I live in Leeds now. any good gyms?", "lives_in")


@pytest.mark.parametrize(
    ("text", "relation", "attribute", "value"),
    [
        ("我婆婆住在营口 每年冬天来三亚过冬", "mother_in_law", "lives_in", "营口"),
        ("我发小在阿里当P7 一年几十万 我在干嘛", "friend", "employer", "阿里"),
        ("我嫂子在株洲中车上班 福利好不好啊", "sister_in_law", "employer", "株洲中车"),
        ("我外甥在南京读东南大学 学建筑", "nephew", "studies_at", "东南大学"),
        ("我们家那口子在交警大队当协警 天天站马路", "spouse", "job_title", "协警"),
    ],
)
def test_the_people_of_ones_days_keep_their_own_facts(
        text: str, relation: str, attribute: str, value: str) -> None:
    facts = facts_in(text)
    assert any(f.about == relation and f.attribute == attribute and f.value == value for f in facts)
    assert not _own(text, attribute) and not _own(text, "lives_in")


@pytest.mark.parametrize(
    ("text", "relation", "attribute", "value"),
    [
        ("my sister-in-law works at Aga Khan Hospital Karachi as a physio", "sister-in-law", "job_title",
         "physio"),
        ("my pal's a joiner in Falkirk, can ye make him a business card", "friend", "job_title", "joiner"),
        ("my housemate Jo is a nurse at the Royal", "roommate", "job_title", "nurse"),
    ],
)
def test_in_laws_pals_and_housemates_keep_their_own_facts(
        text: str, relation: str, attribute: str, value: str) -> None:
    assert any(f.about == relation and f.attribute == attribute and f.value == value for f in facts_in(text))
    assert not _own(text, attribute) and not _own(text, "lives_in")


def test_a_relative_by_a_word_of_their_language_is_not_the_speaker() -> None:
    assert not _own("my tita is a caregiver in Israel, pwede mo ba siyang tulungan sa resume", "lives_in")
    assert _own("my sister and I live in Leeds", "lives_in") == {"Leeds"}


@pytest.mark.parametrize(
    ("text", "attribute"),
    [
        ("planning to relocate to Accra, which areas are safe for a single lady", "lives_in"),
        ("I almost took the job at MTN Ghana but I said no", "employer"),
        ("I applied for a teller job at Capitec in Mthatha, what do they ask", "lives_in"),
        ("打算明年搬去大理 开个小客栈 需要准备多少钱", "lives_in"),
        ("以前会一点西班牙语 现在全忘了", "speaks"),
    ],
)
def test_the_reader_reads_nothing_weighed_planned_or_past(text: str, attribute: str) -> None:
    assert not _own(text, attribute)


def test_what_comes_before_a_weighing_is_still_read() -> None:
    text = ("honestly my life is the night shift at Kisumu County Hospital as a clinical officer "
            "and I might quit")
    assert _own(text, "job_title") == {"clinical officer"}


def test_a_negation_later_in_the_clause_leaves_what_comes_before_it() -> None:
    assert readable_parts("welder at Irving Shipbuilding 22 years, not a paperwork guy") == [
        "welder at Irving Shipbuilding 22 years"]
    assert readable_parts("no I am from Sherbrooke originally") == ["I am from Sherbrooke originally"]
    assert readable_parts("I don't live in Nairobi anymore") == []
    assert readable_parts("我跟不跟还没想好，反正现在还在长沙")[-1] == "反正现在还在长沙"
    assert not _own("I don't live in Nairobi anymore", "lives_in")
    assert not _own("not a nurse at St Mary's, never was", "employer")


@pytest.mark.parametrize(
    "text",
    ["I'm a nurse at Mercy and thinking of moving to Canada",
     "I'm a nurse at Mercy and might move to Canada"],
)
def test_a_statement_before_a_weighing_stands_for_the_rules_too(text: str) -> None:
    assert _own(text, "employer") == {"Mercy"} and _own(text, "job_title") == {"nurse"}
    assert not _own(text, "lives_in")
