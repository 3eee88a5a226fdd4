"""Reading of the twenty-eighth round. A relative named anywhere in a turn ("gift ideas for the
wife, Rosa") is who a later "she" or "her birthday's" means, when only one named fits; a past
verb after a relative is no name ("my mum rang."); a new job named ("new job at Wise") is the
employer, not a doubt; "like every tues" takes the activity before it; "I'm X mad"; a second
thing one is after "and"; learning what one picks up or switches to; a workplace quit by its
kind; a spouse's death; news is no habit; chat's words after a value ("fave band tho", "dogs
anyway"), a subjectless "been", Scots "wis" and "wi". Chinese: a teammate named by the team
(我们组老周), 搁 and 咯 of regional speech, Hong Kong's districts (places, never employers, no home
for working there), a move ahead told by 搬家 and 由, clauses run on without a pause, a school by
its letters (在UBC读CS), languages typed in a row with spaces, a named person said to be one's kin,
a new home moved into, a workplace worked at until a day, values that are no company or title."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.dialects_zh import as_mandarin
from vaultweave.weaver.extract.homes_zh import placeish
from vaultweave.weaver.extract.normalise_en import names_capitalised
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.rules_text import clean_title, habit_phrase
from vaultweave.weaver.extract.rules_zh_values import is_place, org_of, own_title, title_of
from vaultweave.weaver.extract.shapes_zh import run_on_pauses, spaces_as_commas
from vaultweave.weaver.extract.trips import costs_of


def _own(text: str) -> dict[str, str]:
    return {f.attribute: f.value for f in facts_in(text)
            if not f.about and not f.name and f.op is Op.ASSERT}


def _own_all(text: str, attribute: str) -> list[str]:
    return [f.value for f in facts_in(text)
            if f.attribute == attribute and not f.about and not f.name and f.op is Op.ASSERT]


def _ended(text: str) -> set[tuple[str, str]]:
    return {(f.attribute, f.value) for f in facts_in(text) if f.op is Op.RETRACT and not f.about}


def _theirs(text: str, relation: str) -> dict[str, str]:
    return {f.attribute: f.value for f in facts_in(text) if f.about == relation and f.op is Op.ASSERT}


# -- who "she" and "her" mean ------------------------------------------------------------------


def test_a_partner_named_in_a_request_is_who_she_is_in_the_sentences_after() -> None:
    text = "any ideas for a present for the wife, Rosa? her birthday's 2 june. she's obsessed with orchids"
    theirs = _theirs(text, "wife")
    assert _own(text).get("wife") == "Rosa"
    assert theirs.get("birthday") == "06-02" and theirs.get("likes") == "orchids"


def test_a_gendered_relative_wins_over_one_who_may_be_either() -> None:
    text = "I told my manager about my brother Idris. he's a paramedic."
    assert _theirs(text, "brother").get("job_title") == "paramedic"


def test_she_means_no_one_when_the_only_relative_named_is_a_he() -> None:
    text = "need a gift for my uncle Bram. she's a florist."
    assert not _theirs(text, "uncle").get("job_title")
    assert "job_title" not in _own(text)


@pytest.mark.parametrize("text", ["my mum rang. she's fine", "my dad visited. he is grand",
                                  "my sister texted. she's on her way"])
def test_a_past_verb_after_a_relative_is_no_name(text: str) -> None:
    assert names_capitalised(text) == text
    assert not {f.value for f in facts_in(text) if f.attribute in ("mother", "father", "sister")}


def test_a_name_that_ends_like_a_past_verb_is_still_a_name() -> None:
    assert "Ahmed" in names_capitalised("my cousin ahmed, he drives for uber")


# -- work ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["new job at Wise. loving it so far", "my new job at Wise is mad busy",
                                  "new gig at wise, backend"])
def test_a_new_job_named_is_the_employer(text: str) -> None:
    assert _own(text).get("employer") == "Wise"


@pytest.mark.parametrize("text", ["new job at a bank, can't say which", "the new job's at the council"])
def test_a_new_job_at_no_name_is_still_only_a_doubt(text: str) -> None:
    facts = facts_in(text)
    assert any(f.attribute == "employer" and f.op is Op.DOUBT for f in facts)


@pytest.mark.parametrize("text", ["would love a new job at Wise", "applying for a new job at Wise"])
def test_a_new_job_wished_for_is_no_employer(text: str) -> None:
    assert "employer" not in _own(text)


def test_how_a_job_is_is_no_title() -> None:
    for word in ("new", "better", "dream", "part-time"):
        assert clean_title(word) is None
    assert _own("landed a new job at Ocado").get("job_title") is None
    assert clean_title("new business manager") == "new business manager"


def test_resumed_at_a_workplace_is_a_start_there() -> None:
    assert _own("resumed at paystack last week, still settling in").get("employer") == "Paystack"


@pytest.mark.parametrize("text", ["quit the pub on friday", "left the call center last month"])
def test_a_workplace_quit_by_its_kind_ends_the_job(text: str) -> None:
    ended = _ended(text)
    assert ("employer", "") in ended and not any(v in ("pub", "call center") for _, v in ended)


def test_news_of_a_start_is_no_habit() -> None:
    assert habit_phrase("labouring yesterday for my cousin's crowd, Byrne Civil", from_gerund=True) is None
    assert habit_phrase("cycling to work", from_gerund=True) == "cycles to work"


def test_a_lone_w_before_a_name_is_with() -> None:
    assert _own("long haul driver w Maersk, based in Felixstowe").get("employer") == "Maersk"


# -- routines, likes, learning ------------------------------------------------------------------


def test_like_every_weekday_takes_the_activity_before_it() -> None:
    text = "treated myself to ramen then bouldering at the depot, like every mon and wed"
    assert _own_all(text, "routine") == ["bouldering on Mondays and Wednesdays"]


def test_a_routine_begun_with_ive_started_is_read_past_the_place() -> None:
    text = "I've started open water swimming at Sandycove every saturday with the lads from work"
    assert _own_all(text, "routine") == ["open water swimming on Saturdays"]


@pytest.mark.parametrize(("text", "value"), [("I'm rugby mad", "rugby"), ("I'm Leinster mad", "Leinster")])
def test_a_thing_and_mad_is_a_liking(text: str, value: str) -> None:
    assert _own(text).get("likes") == value


@pytest.mark.parametrize("text", ["I'm hopping mad", "I'm going mad", "I'm bloody mad", "I'm so mad"])
def test_being_angry_is_no_liking(text: str) -> None:
    assert "likes" not in _own(text)


def test_a_second_thing_one_is_after_and_is_read_too() -> None:
    own = _own("I'm a plumber and into vintage motorbikes")
    assert own.get("job_title") == "plumber" and own.get("likes") == "vintage motorbikes"


@pytest.mark.parametrize(("text", "value"), [("I'm picking up Greek", "Greek"),
                                             ("picking up the banjo again", "banjo"),
                                             ("trying to learn Turkish for the in-laws", "Turkish")])
def test_what_one_picks_up_or_tries_to_learn_is_learned(text: str, value: str) -> None:
    assert _own(text).get("learning") == value


@pytest.mark.parametrize("text", ["picking up a used Corolla tomorrow", "I'm picking up the twins at 3",
                                  "picking up extra shifts this month"])
def test_what_one_collects_is_not_learned(text: str) -> None:
    assert "learning" not in _own(text)


@pytest.mark.parametrize(("text", "attribute", "value"),
                         [("officially switched to economics as of this week", "studies", "economics"),
                          ("dropped french, switched to italian", "learning", "Italian"),
                          ("switched to soy milk", "likes", "soy milk")])
def test_what_one_switched_to_is_read_by_its_kind(text: str, attribute: str, value: str) -> None:
    assert _own(text).get(attribute) == value


def test_studying_business_is_a_field() -> None:
    assert _own("I'm studying business at Dalhousie").get("studies") == "business"


# -- people -------------------------------------------------------------------------------------


def test_a_spouse_who_died_is_no_longer_current() -> None:
    assert ("husband", "Gerry") in _ended("it's been quiet since my husband Gerry passed in March")
    assert ("wife", "") in _ended("my wife passed away three years ago")
    assert not _ended("my husband passed his driving test")


# -- Chinese ------------------------------------------------------------------------------------


def test_a_teammate_named_by_the_team_is_a_colleague_and_not_an_employer() -> None:
    facts = facts_in("我们组老周上个月裸辞了 去开网约车了")
    assert not any(f.attribute == "employer" and not f.about and f.op is Op.ASSERT for f in facts)
    assert {f.value for f in facts if f.attribute == "colleague"} == {"老周"}
    assert as_mandarin("组里的小林跳槽了").startswith("我同事小林")


def test_regional_at_and_done_read_as_mandarin() -> None:
    assert _own("我搁长春呢 冷得要命").get("lives_in") == "长春"
    assert ("habit", "smokes") in _ended("烟也戒咯")


def test_a_hong_kong_district_is_a_place_and_never_an_employer() -> None:
    assert placeish("将军澳") and is_place("将军澳")
    assert org_of("将军澳") is None and org_of("观塘") is None
    assert _own("终于在荃湾安顿下来 返工近咗好多").get("lives_in") == "荃湾"
    assert _own("我们4月1号由元朗搬去西贡").get("lives_in") == "西贡"


@pytest.mark.parametrize("text", ["我喺旺角做文员", "我在铜锣湾上班", "我在尖沙咀打工"])
def test_a_hong_kong_district_one_works_in_is_no_home(text: str) -> None:
    own = _own(text)
    assert "employer" not in own and "lives_in" not in own


def test_a_district_one_lives_and_works_in_is_still_home() -> None:
    assert _own("我住湾仔 也在湾仔上班").get("lives_in") == "湾仔"


def test_settling_somewhere_wished_for_is_no_home() -> None:
    assert "lives_in" not in _own("好想在厦门安顿下来")


def test_a_move_ahead_told_by_banjia_dates_the_move_after_it() -> None:
    facts = facts_in("我下个礼拜天搬家 由元朗搬去大埔")
    moved = {(f.attribute, f.value, f.op): f.when for f in facts}
    assert moved[("lives_in", "大埔", Op.ASSERT)] == "下个礼拜天"
    assert moved[("lives_in", "元朗", Op.RETRACT)] == "下个礼拜天"


def test_clauses_run_on_without_a_pause_are_read_one_by_one() -> None:
    assert run_on_pauses("我不送外卖了昨天去京东报到了当配送员") == "我不送外卖了，昨天去京东报到了，当配送员"
    facts = facts_in("跟你说一声我不送外卖了昨天去京东报到了当配送员")
    assert ("employer", "") in {(f.attribute, f.value) for f in facts if f.op is Op.RETRACT}
    assert _own("我不送外卖了昨天去京东报到了当配送员").get("employer") == "京东"


def test_a_school_by_its_letters_and_the_field_read_there() -> None:
    own = _own("我在NTU读civil engineering 压力好大")
    assert own.get("studies_at") == "NTU" and own.get("studies") == "civil engineering"


def test_languages_typed_in_a_row_with_spaces_are_one_list() -> None:
    assert spaces_as_commas("潮州话 英文 马来文都会") == "潮州话、英文、马来文都会"
    spoken = set(_own_all("我本身潮州话 英文 马来文都ok", "speaks"))
    assert {"Teochew", "English"} <= spoken


def test_cantonese_sold_with_a_measure_word() -> None:
    assert ("car", "丰田凯美瑞") in _ended("琴日将架丰田凯美瑞卖咗")


def test_a_pet_sent_home_to_the_parents_is_no_longer_the_speakers() -> None:
    assert ("pet", "团子") in _ended("团子送回老家给我爸妈养了 我这边天天加班")


def test_an_age_after_a_spaced_pause_is_read() -> None:
    assert _own("上礼拜我过生日了 31了 唉").get("age") == "31"


def test_a_clause_after_the_work_is_no_company() -> None:
    assert org_of("以后只能周末陪他练琴") is None
    assert "employer" not in _own("我在一家律所做助理，以后只能周末陪他练琴")


def test_a_name_one_works_at_is_the_employer_and_a_town_is_home() -> None:
    assert _own("我在蜜雪冰城打工 暑假工").get("employer") == "蜜雪冰城"
    assert _own("我在佛山打工").get("lives_in") == "佛山"
    assert "employer" not in _own("我在观音桥那边打工")


def test_a_company_said_as_which_one_is_no_title() -> None:
    assert _own("不是 是Canva 做设计软件那家 我写后端").get("job_title") == "后端"


def test_a_place_left_after_working_there_until_a_day() -> None:
    facts = facts_in("京东方我干到上个月底就走了")
    ended = {(f.attribute, f.value): f.when for f in facts if f.op is Op.RETRACT}
    assert ended.get(("employer", "京东方")) == "上个月底"


def test_moving_into_a_new_home_named_by_its_place() -> None:
    assert _own("上周终于搬进蛇口的新房了").get("lives_in") == "蛇口"


def test_a_named_person_said_to_be_ones_kin() -> None:
    assert _own("阿敏是我女朋友").get("partner") == "阿敏"
    facts = facts_in("Grace现在是我老婆了 上个月领的证")
    assert _own("Grace现在是我老婆了").get("spouse") == "Grace"
    assert ("fiance", "Grace") in {(f.attribute, f.value) for f in facts if f.op is Op.RETRACT}
    assert not _own("这是我妈")


def test_chat_words_after_a_favourite_name_no_thing() -> None:
    facts = facts_in("fave band tho is Wet Leg")
    assert [(f.attribute, f.value) for f in facts] == [("favourite_band", "Wet Leg")]


def test_a_subjectless_been_is_read_through() -> None:
    routines = _own_all("been coaching at the boxing club every tuesday for ages", "routine")
    assert routines == ["coaching on Tuesdays"]
    own = _own("been a sparky wi Balfour Beatty 9 year, no complaints")
    assert own.get("employer") == "Balfour Beatty"


def test_scots_was_is_past() -> None:
    assert "job_title" not in _own("wis a joiner for 40 year, my knees know it")


def test_a_reflexive_way_of_saying_is_no_activity() -> None:
    assert not _own_all("desk all week then throw myself about on saturdays", "routine")


def test_someone_elses_school_year_is_not_the_speakers() -> None:
    assert "studies_at" not in _own("九月他就上实验小学二年级了")
    theirs = _theirs("我儿子九月就上实验小学二年级了", "son")
    assert theirs.get("studies_at") == "实验小学"


def test_a_workplace_named_first_then_quit_with_diao() -> None:
    assert ("employer", "麦当劳") in _ended("麦当劳那边我辞掉了 专心备考")


def test_a_trailing_anyway_is_no_part_of_a_value() -> None:
    assert _theirs("my partner Jo is allergic to dogs anyway", "partner").get("allergy") == "dogs"


@pytest.mark.parametrize("raw", ["粤语", "English", "运营", "华为这边干到月底"])
def test_a_language_a_trade_or_a_clause_is_no_company(raw: str) -> None:
    assert org_of(raw) is None


def test_a_company_after_where_one_works_is_the_company() -> None:
    assert org_of("码头上班 Maersk") == "Maersk"


def test_whose_boss_is_no_title() -> None:
    assert "job_title" not in _own("现在是我老板说了算")
    assert _own("我是我们组的组长").get("job_title") == "组长"


@pytest.mark.parametrize("raw", ["的店老板", "母婴电商的小公司", "蒙古国那边的进出口"])
def test_a_piece_of_a_clause_or_a_business_is_no_title(raw: str) -> None:
    assert own_title(raw) == "" and title_of(raw) is None


def test_titles_with_market_or_business_words_still_are() -> None:
    titles = ("业务员", "市场部经理", "业务经理", "市场", "外贸业务")
    assert [own_title(t) for t in titles] == list(titles)


def test_a_headcount_is_no_company_and_the_work_done_at_one_is_the_title() -> None:
    assert org_of("二十来个人") is None
    assert own_title("电商公司做运营") == "运营"


def test_the_hubby_named_after_a_comma_is_the_husband() -> None:
    assert _own("we went with the hubby, Marcus").get("husband") == "Marcus"


def test_a_town_spoken_of_for_its_costs_is_not_said_as_home() -> None:
    assert costs_of("Manchester", "parking in manchester is a nightmare honestly")
    assert not costs_of("Leeds", "I live in Leeds with my partner")


def test_a_district_named_inside_a_longer_one_is_read_whole() -> None:
    assert _own("我住九龙湾 也在九龙湾上班").get("lives_in") == "九龙湾"
