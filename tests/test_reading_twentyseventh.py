"""Reading of the twenty-seventh round. Someone else's clause gives the speaker nothing ("他出去
跑滴滴了", "everyone from uni is in Leeds", a bare piece after someone else's sentence); a partner
told without "my" is the speaker's and a sentence opening with "My cousin" carries her into
"she's"; values that are no value of their attribute are not stored (a kind of home, a time or
"the family" as an employer, 厂里, a comparison, a plan, a title's trailing talk, "系"); homes
told as "home is X", 安顿/落脚, 我们 with a day between; endings (sacked, caught in the layoffs,
taken back to the shelter, 生酮停了, 厂里也辞了); and two weekdays told without 每 as a routine."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.fragments_en import clauses
from vaultweave.weaver.extract.grammar_zh import zh_sentence
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.rules_text import clean_title
from vaultweave.weaver.extract.rules_zh_values import org_of, place_of, title_of
from vaultweave.weaver.value_match import names_value


def _own(text: str) -> dict[str, str]:
    return {f.attribute: f.value for f in facts_in(text)
            if not f.about and not f.name and f.op is Op.ASSERT}


def _theirs(text: str, relation: str) -> dict[str, str]:
    return {f.attribute: f.value for f in facts_in(text) if f.about == relation and f.op is Op.ASSERT}


@pytest.mark.parametrize("text", ["他出去跑滴滴了 一天能挣两百", "她现在跑外卖了"])
def test_work_for_an_app_said_of_him_or_her_is_not_the_speakers(text: str) -> None:
    own = _own(text)
    assert "employer" not in own and "job_title" not in own


def test_work_for_an_app_said_of_a_named_relative_is_theirs() -> None:
    assert _theirs("我老公被厂里裁了，他现在跑滴滴", "husband").get("employer") == "滴滴"
    assert _own("我下班以后跑滴滴").get("employer") == "滴滴"


@pytest.mark.parametrize("text", ["honestly everyone from uni is in leeds now",
                                  "all my mates are in Glasgow tbh",
                                  "my friends are in Cork and i miss them"])
def test_a_group_of_others_somewhere_is_no_home_of_the_speakers(text: str) -> None:
    assert "lives_in" not in _own(text)


def test_the_speaker_with_others_still_lives_there() -> None:
    assert _own("my friends and I live in Galway now").get("lives_in") == "Galway"


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("husband Tomas cooks most nights so I do the dishes", "husband", "Tomas"),
        ("the missus Orla says I snore", "wife", "Orla"),
        ("we rent in Swindon with boyfriend Callum", "boyfriend", "Callum"),
        ("ok. fiancée Ines picked the venue", "fiance", "Ines"),
    ],
)
def test_a_partner_told_without_my_is_the_speakers(text: str, attribute: str, value: str) -> None:
    assert _own(text).get(attribute) == value


def test_a_partner_after_someone_elses_is_theirs() -> None:
    assert "husband" not in _own("my aunt moved to Perth with husband Dermot")
    assert "husband" not in _own("she moved to Perth with husband Dermot")


def test_a_word_with_s_names_nobody_before_a_partner_or_a_home() -> None:
    assert _own("ok that's sorted, husband Tomas cooks tonight").get("husband") == "Tomas"
    assert "lives_in" not in _own("Ana's home is in Leeds")


@pytest.mark.parametrize(("text", "town"), [("I live in apartment in Halifax, third floor", "Halifax"),
                                             ("we live in a flat in Cork near the river", "Cork")])
def test_a_kind_of_home_is_no_town(text: str, town: str) -> None:
    assert _own(text).get("lives_in") == town


@pytest.mark.parametrize(("text", "town"), [("home is Dunedin these days", "Dunedin"),
                                             ("my home's in Geelong now", "Geelong")])
def test_home_is_a_town(text: str, town: str) -> None:
    assert _own(text).get("lives_in") == town


@pytest.mark.parametrize("text", ["her home is in Leeds", "home is where the dog is"])
def test_home_of_someone_else_or_of_a_saying_is_no_town(text: str) -> None:
    assert "lives_in" not in _own(text)


@pytest.mark.parametrize("text", ["My cousin Efe is teasing me, she's in Ibadan now",
                                  "My cousin Efe is teasing me. She's in Ibadan"])
def test_a_relative_named_at_a_capital_my_is_who_she_means(text: str) -> None:
    facts = facts_in(text)
    assert any(f.about == "cousin" and f.name == "Efe" and f.attribute == "lives_in" and f.value == "Ibadan"
               for f in facts)
    assert "lives_in" not in _own(text)


def test_a_chinese_title_is_cut_before_the_talk_after_it() -> None:
    own = _own("在蜜雪冰城当店员的第一个月 手都洗脱皮了")
    assert own.get("job_title") == "店员" and own.get("employer") == "蜜雪冰城"


@pytest.mark.parametrize(("text", "title"), [("我开的士的 开了二十年", "的士司机"),
                                              ("我在高雄开计程车", "计程车司机")])
def test_a_taxi_driven_is_a_trade_and_no_hometown(text: str, title: str) -> None:
    own = _own(text)
    assert own.get("job_title") == title and "hometown" not in own


def test_a_town_beginning_with_a_verb_word_is_still_a_town() -> None:
    assert _own("我是开封的").get("hometown") == "开封"


@pytest.mark.parametrize(("text", "relation", "attribute", "value"),
                         [("我儿在广州读大学", "son", "lives_in", "广州"),
                          ("我家那位在丽江开客栈", "spouse", "lives_in", "丽江")])
def test_older_words_for_family_are_the_family(text: str, relation: str, attribute: str, value: str) -> None:
    assert _theirs(text, relation).get(attribute) == value
    assert attribute not in _own(text)


def test_childhood_is_no_son() -> None:
    assert not _theirs("我儿时的梦想是开飞机", "son")


def test_a_plan_after_a_start_is_no_employer() -> None:
    own = _own("还是做嵌入式 6月2号入职 要搬去柏林")
    assert "employer" not in own and own.get("job_title") == "嵌入式"


def test_what_is_said_of_a_place_is_no_home() -> None:
    own = _own("在联发科当工程师 高雄最方便")
    assert own.get("employer") == "联发科" and "lives_in" not in own
    assert place_of("高雄最方便") == "高雄" and place_of("山西太原") == "太原"


@pytest.mark.parametrize(("sentence", "town", "day"), [("我们上周五终于搬来厦门了", "厦门", "上周五"),
                                                        ("我们4月3号搬到无锡了", "无锡", "4月3号")])
def test_we_moved_with_the_day_between(sentence: str, town: str, day: str) -> None:
    facts = [f for f in zh_sentence(sentence)[0] if f.attribute == "lives_in"]
    assert [(f.value, f.when) for f in facts] == [(town, day)]


def test_our_company_moving_is_no_home() -> None:
    assert not [f for f in zh_sentence("我们公司搬到昆山了")[0] if f.attribute == "lives_in"]


def test_a_pet_taken_back_to_the_shelter_is_ended() -> None:
    facts = facts_in("we took Biscuit back to the rescue on monday")
    assert [(f.attribute, f.value, f.op) for f in facts] == [("pet", "Biscuit", Op.RETRACT)]


def test_sacked_from_an_employer_ends_it() -> None:
    facts = facts_in("got sacked from Primark on friday lol")
    assert ("employer", "Primark", Op.RETRACT) in [(f.attribute, f.value, f.op) for f in facts]


@pytest.mark.parametrize("text", ["rang my gran yesterday", "facetimed my sister tonight"])
def test_a_day_word_after_a_relative_is_no_name(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute in ("grandmother", "sister")]


@pytest.mark.parametrize(("text", "town"), [("现在在潍坊安顿下来了 离海近", "潍坊"),
                                             ("终于在昆明落脚了", "昆明")])
def test_settled_in_a_town_is_living_there(text: str, town: str) -> None:
    assert _own(text).get("lives_in") == town


def test_settling_a_thing_is_no_home() -> None:
    assert "lives_in" not in _own("行李都安顿好了")


def test_a_diet_stopped_is_the_diet_ended() -> None:
    facts = facts_in("低碳停了 这个月开始正常吃")
    assert [(f.attribute, f.value, f.op) for f in facts] == [("diet", "低碳", Op.RETRACT)]


def test_a_diet_in_chinese_names_the_one_stored_in_english() -> None:
    assert names_value("keto", "生酮") and names_value("素食", "vegetarian")
    assert not names_value("keto", "纯素")


def test_doing_something_together_with_a_relative_names_nobody() -> None:
    assert "brother" not in _own("跟我哥合伙开了个面馆")


@pytest.mark.parametrize(("raw", "org"), [("厂里", None), ("局里", None), ("阿里", "阿里"),
                                          ("我们公司", None),
                                          ("远程办公", None), ("fine", None), ("美团食堂比腾讯强多了", None),
                                          ("Lazada 做运营的", "Lazada"), ("Jurong的美光", "美光"),
                                          ("Tanjong Pagar的Google", "Google"),
                                          ("三里屯的Apple Store", "Apple Store"),
                                          ("三星", "三星"), ("两周 OCBC这边还行", None)])
def test_a_workplace_said_loosely_is_no_company(raw: str, org: str | None) -> None:
    assert org_of(raw) == org


@pytest.mark.parametrize(("raw", "title"), [("PM的日子一天不喝咖啡活不下去", "PM"), ("系", None),
                                            ("年也学会计", None), ("accountant㗎", "accountant")])
def test_a_title_said_loosely_is_cut_or_dropped(raw: str, title: str | None) -> None:
    assert title_of(raw) == title


@pytest.mark.parametrize("text", ["the party got moved, it's at 3pm now",
                                  "physio on the 9th at 4.45 in the arvo",
                                  "my sister's the baker in the family"])
def test_a_time_or_the_family_is_no_employer(text: str) -> None:
    assert "employer" not in _own(text)


def test_a_stay_at_home_parent_cut_at_at_is_no_title() -> None:
    assert clean_title("stay") is None and clean_title("the meeting is") is None
    assert clean_title("stay at home dad") == "stay at home dad"


def test_where_an_interview_is_held_is_no_home() -> None:
    assert "lives_in" not in _own("the interview is with Sunnybrook in Toronto next week")


def test_a_bare_piece_after_someone_elses_sentence_is_nobodys() -> None:
    _, carried = clauses("she starts on monday")
    assert carried.who == "?"
    assert clauses("still in mbale", carried)[0] == []
    assert clauses("still in mbale")[0] != []  # said first, the speaker's
    assert clauses("I'm a welder, still in mbale", carried)[1].who == ""  # the speaker speaks again


@pytest.mark.parametrize(("text", "value"), [("周二和周五晚上去打乒乓球", "乒乓球 每周二和周五"),
                                              ("只能周六周日去学车", "学车 每周六周日")])
def test_two_weekdays_without_every_are_a_routine(text: str, value: str) -> None:
    facts = [f for f in facts_in(text) if f.attribute in ("routine", "appointment")]
    assert [(f.attribute, f.value) for f in facts] == [("routine", value)]


@pytest.mark.parametrize("text", ["下周二和周四去复查", "这周六周日去露营"])
def test_two_days_of_a_week_named_are_no_routine(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "routine"]


@pytest.mark.parametrize(("text", "value"), [
    ("fridays early i swim at the lido", "swimming on Fridays"),
    ("thursdays we climb at the wall in town", "climbing on Thursdays"),
])
def test_the_days_first_then_a_sport_is_a_routine(text: str, value: str) -> None:
    assert _own(text).get("routine") == value


def test_caught_in_the_layoffs_ends_the_job_and_books_nothing() -> None:
    facts = facts_in("I got caught in the layoffs last week")
    assert ("employer", "", Op.RETRACT) in [(f.attribute, f.value, f.op) for f in facts]
    assert not [f for f in facts if f.attribute == "appointment"]


@pytest.mark.parametrize("text", ["I'm a stay at home dad in Ballarat", "i'm a stay at home mum in ballarat"])
def test_a_stay_at_home_parent_is_one_title(text: str) -> None:
    own = _own(text)
    assert own.get("job_title") in ("stay-at-home dad", "stay-at-home mum")
    assert own.get("lives_in") == "Ballarat"


def test_a_partner_told_without_my_keeps_the_whole_name() -> None:
    assert _own("hubby Dominik is a welder so he eats a lot").get("husband") == "Dominik"


@pytest.mark.parametrize("text", ["周二周四白天", "礼拜二礼拜四早浪要我送", "星期一三五夜晚仲俾人包咗"])
def test_days_with_no_activity_of_ones_own_are_no_routine(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "routine" and f.op is Op.ASSERT]


@pytest.mark.parametrize("text", ["she starts on monday. still in Kampala", "he got the job. now in Lagos"])
def test_a_bare_sentence_after_someone_elses_is_no_home_of_the_speakers(text: str) -> None:
    assert "lives_in" not in _own(text)


@pytest.mark.parametrize(("text", "town"), [("still in Kampala", "Kampala"),
                                             ("she starts on monday. I'm still in Kampala", "Kampala")])
def test_the_speakers_own_sentence_still_tells_their_home(text: str, town: str) -> None:
    assert _own(text).get("lives_in") == town
