"""Reading of the thirtieth round. English: a word to the listener after a home ("if location
matters", "if you know any..."), "my fella", "home base is", a flat shared, living with a
relative in a town, a doctor's word on the speaker, a car bought second hand by its model, a
"we're in" home before "so" or "if", a title one quotes or capitalises, a trade one loves being,
compound trades (schoolteacher), a language "thing" dropped, a relative's town gone to see them,
a relative who rings from a town, a bare relation before "is in". Chinese: Cantonese 喺 before a
Latin name, two relatives said to be in one place, going back to work at a company, a Latin
title before a new clause, the other party (对方) is nobody the speaker knows, 本地的, a family's
land or trade in a town, 公司叫X, a place of care before a check-up, 退休前, a birthday next
month with the age turned, a flat rented with one's partner, a class stopped ends its learning,
"our" town, a commute from a town."""

from __future__ import annotations

from pathlib import Path

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.rules_text import is_job
from vaultweave.weaver.extract.shapes_zh import kin_each, spaces_as_commas

from tests.reading import ended as _ended
from tests.reading import own as _own
from tests.reading import woven as _woven


def _theirs(text: str) -> dict[tuple[str, str], str]:
    return {(f.about or f.name, f.attribute): f.value for f in facts_in(text)
            if (f.about or f.name) and f.op is Op.ASSERT}


# -- English: homes ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["I live in Stockport if location matters for the quote",
                                  "we're in Derby if you know any decent plumbers"])
def test_a_word_to_the_listener_after_a_home_leaves_the_home(text: str) -> None:
    assert _own(text).get("lives_in") in ("Stockport", "Derby")


def test_a_condition_on_the_home_itself_is_still_no_home() -> None:
    assert "lives_in" not in _own("if you know any cheap flats I'd move to Derby")


def test_home_base_names_the_town() -> None:
    assert _own("rotation is two weeks on site, home base is Adelaide").get("lives_in") == "Adelaide"


def test_a_flat_shared_in_a_town_is_home() -> None:
    assert _own("we share a poky flat in Brixton, the three of us").get("lives_in") == "Brixton"


def test_living_with_a_relative_in_a_town_is_home() -> None:
    own = _own("these days I am living with my son Tomasz in Reading, in his box room")
    assert own.get("lives_in") == "Reading"


def test_a_home_said_before_the_flight_out_of_it() -> None:
    assert _own("we're in Calgary so flying out of YYC is easiest").get("lives_in") == "Calgary"


def test_a_stay_is_still_no_home() -> None:
    assert "lives_in" not in _own("we're in Lisbon for a week, flying home sunday")


# -- English: people ------------------------------------------------------------------------------


def test_my_fella_is_a_boyfriend() -> None:
    assert _own("me and my fella Ruairi are doing dry january").get("boyfriend") == "Ruairi"


def test_our_young_fella_is_a_son() -> None:
    assert _own("our young fella Darragh starts school in september").get("son") == "Darragh"


def test_the_town_gone_to_to_see_a_relative_is_theirs() -> None:
    theirs = _theirs("once a month I drive to Inverness to see my gran")
    assert theirs.get(("grandma", "lives_in")) == "Inverness"


def test_a_relative_who_rings_from_a_town_lives_there(tmp_path: Path) -> None:
    items = _woven(tmp_path, "Niamh", "my brother Cathal rang from Toronto last night, he sounds grand")
    assert ("Cathal", "lives_in", "Toronto", "current") in items


def test_a_bare_relation_before_is_in_is_the_speakers_relative(tmp_path: Path) -> None:
    items = _woven(tmp_path, "Reena", "Husband is in Doha, working on a stadium job")
    assert ("Reena's husband", "lives_in", "Doha", "current") in items
    assert not [i for i in items if i[0] == "Husband"]


# -- English: work, health, cars, learning ---------------------------------------------------------


def test_a_title_one_quotes_is_the_job_title() -> None:
    own = _own("my title is technically 'Growth Alchemist' at this startup, which, yikes")
    assert own.get("job_title") == "growth alchemist"


def test_a_title_one_capitalises_is_the_job_title() -> None:
    assert _own("my title is Head Gardener now").get("job_title") == "head gardener"


def test_a_title_in_lower_case_must_be_a_trade() -> None:
    assert "job_title" not in _own("my title is whatever they feel like lol")


def test_a_trade_one_loves_being_is_the_job_not_a_liking() -> None:
    own = _own("honestly I love being a paramedic, even on nights")
    assert own.get("job_title") == "paramedic" and "likes" not in own


def test_loving_to_be_outdoors_is_still_a_liking() -> None:
    assert _own("I love being outdoors").get("likes") == "being outdoors"


@pytest.mark.parametrize("title", ["schoolteacher", "retired schoolteacher", "shopkeeper", "firefighter"])
def test_compound_trades_are_jobs(title: str) -> None:
    assert is_job(title)


def test_a_doctors_word_on_the_speaker_is_theirs() -> None:
    assert _own("the GP said I'm gluten intolerant, great").get("allergy") == "gluten"


def test_a_car_bought_second_hand_by_its_model() -> None:
    assert _own("last week I picked up a secondhand Corolla").get("car") == "Corolla"


def test_a_model_alone_without_its_age_is_no_car() -> None:
    assert "car" not in _own("I bought a polo for the wedding")


def test_a_language_thing_dropped_ends_the_learning() -> None:
    assert ("learning", "Italian") in _ended("real talk i dropped the italian thing, no time")


# -- Chinese: work ------------------------------------------------------------------------------


def test_cantonese_at_before_a_latin_company() -> None:
    own = _own("我喺KPMG做tax 返工返到好攰")
    assert own.get("employer") == "KPMG"


def test_going_back_to_work_at_a_company_is_the_employer() -> None:
    assert _own("我回京东上班了").get("employer") == "京东"


@pytest.mark.parametrize("text", ["我回老家上班了", "我回家上班了"])
def test_going_home_to_work_names_no_company(text: str) -> None:
    assert "employer" not in _own(text)


def test_a_start_next_monday_back_at_a_company() -> None:
    facts = [f for f in facts_in("下周一开始我要回网易上班了") if f.attribute == "employer"]
    assert facts and facts[0].value == "网易" and facts[0].starts == "下周一"


def test_a_latin_title_ends_its_clause_before_the_next() -> None:
    assert spaces_as_commas("我在EY做audit 年终奖还没发") == "我在EY做audit，年终奖还没发"


@pytest.mark.parametrize("text", ["我在EY做hr 主要负责招聘", "拿了X的offer 上周去杭州报到了",
                                  "在book 店上班"])
def test_a_space_that_goes_on_about_the_same_thing_stays(text: str) -> None:
    assert spaces_as_commas(text) == text


def test_the_company_called_by_name() -> None:
    assert _own("公司叫Zeabur 做云服务的").get("employer") == "Zeabur"


def test_retired_from_a_job_is_no_current_job() -> None:
    assert ("job_title", "出纳") in _ended("我退休前在南京电力局当出纳")


# -- Chinese: people ------------------------------------------------------------------------------


def test_two_relatives_in_one_place_each_live_there() -> None:
    assert kin_each("老婆孩子都在信阳") == "我老婆在信阳，我孩子在信阳"
    theirs = _theirs("老婆孩子都在信阳 我一个人在外面跑车")
    assert theirs.get(("wife", "lives_in")) == "信阳" and theirs.get(("child", "lives_in")) == "信阳"


def test_a_kin_word_is_no_name() -> None:
    assert "孩子都" not in {f.value for f in facts_in("老婆孩子都在信阳")}


def test_the_other_party_is_not_the_speaker() -> None:
    own = _own("听说对方是牙医 叫林晓 我妈已经加了人家微信")
    assert "job_title" not in own and "name" not in own


# -- Chinese: homes ------------------------------------------------------------------------------


def test_local_to_a_town_is_from_there_and_living_there() -> None:
    own = _own("我株洲本地的 没出过远门")
    assert own.get("hometown") == "株洲" and own.get("lives_in") == "株洲"


def test_a_familys_land_in_a_town_is_its_home() -> None:
    assert _own("我们家在赣州有二十亩脐橙").get("lives_in") == "赣州"


def test_a_flat_rented_with_ones_partner() -> None:
    assert _own("跟女朋友在中山路租了个一居").get("lives_in") == "中山路"


def test_our_town_is_home() -> None:
    assert _own("我们厦门冬天倒是不冷").get("lives_in") == "厦门"


def test_our_town_on_a_trip_is_no_home() -> None:
    assert "lives_in" not in _own("我们成都旅游第三天")


def test_where_the_commute_starts_is_home() -> None:
    assert _own("每天从宝山到陆家嘴单程一个多小时").get("lives_in") == "宝山"


# -- Chinese: days and classes -----------------------------------------------------------------


def test_a_place_of_care_before_the_check_up_is_no_part_of_it() -> None:
    booked = [f for f in facts_in("下周三上午十点去市二院做胃镜") if f.attribute == "appointment"]
    assert booked and booked[0].value == "胃镜"


def test_a_birthday_next_month_with_the_age_turned() -> None:
    told = [f for f in facts_in("下个月9号我二十岁生日") if f.attribute == "birthday"]
    assert told and told[0].starts == "下个月9号"
    assert "age" not in _own("下个月9号我二十岁生日")


def test_a_class_stopped_ends_its_learning() -> None:
    ended = _ended("钢琴课停了 要准备中考")
    assert ("routine", "钢琴课") in ended and ("learning", "钢琴") in ended


# -- Found when the reader was retrained ----------------------------------------------------------


def test_a_title_said_without_is_is_theirs() -> None:
    theirs = _theirs("my cousin Orla lives in galway, she a physio out there")
    assert theirs.get(("cousin", "job_title")) == "physio" or theirs.get(("Orla", "job_title")) == "physio"


def test_someone_who_asks_the_speaker_to_go_is_not_the_other_party() -> None:
    booked = [f for f in facts_in("人家让我周四下午两点去税务局补材料") if f.attribute == "appointment"]
    assert booked and booked[0].value == "税务局补材料"


def test_a_town_weighed_for_convenience_is_no_home() -> None:
    assert "lives_in" not in _own("在台积电做设备 新竹最方便")


def test_a_workplace_after_an_abbreviated_title_is_still_read() -> None:
    assert _own("im an account exec at Ogilvy, send help").get("employer") == "Ogilvy"


# -- Chinese doubts ---------------------------------------------------------------------------------


def _doubted(text: str) -> set[str]:
    return {f.attribute for f in facts_in(text) if f.op is Op.DOUBT and not f.value}


@pytest.mark.parametrize("text", ["房租合同八月到期 还不知道", "还不知道续不续租", "搞不好年底又得挪窝",
                                  "我们在考虑移民悉尼"])
def test_a_home_that_may_change_is_doubted(text: str) -> None:
    assert "lives_in" in _doubted(text)


def test_interviewing_elsewhere_doubts_the_employer() -> None:
    assert _doubted("前天面了个字节 三面挂了") == {"employer"}


@pytest.mark.parametrize("text", ["健身卡下月到期 还在想续不续", "合同明年到期 续不续约不好说"])
def test_renewing_a_card_or_a_contract_is_no_doubt_of_the_home(text: str) -> None:
    assert "lives_in" not in _doubted(text)


def test_being_interviewed_is_no_doubt_of_ones_own_job() -> None:
    assert "employer" not in _doubted("今天给新人面了一个小时")
