"""Reading of the thirty-first round. English: chat words are no names ("call him my boyfriend
tbh"), "no <weekday> <thing>" is no appointment nor a day put right, a couple's doubt in the
speaker's words, a student's field inside the title ("a PhD student in epidemiology"), an
employer that took one on as a title, "lowkey" before a statement, a title quoted after
"literally", "off the booze", towns by their short form, a job weighed without its name as a
doubt, how often before a span of days, "considering I'm from", moving out of someone's place, a
trailing emoji. Chinese: 月尾 and 上中下旬, a home moved said of the home, a school gone to before a
job moved to, what is beside a place is no place, a title's tail of talk, a clause in an
introduction is no piece of it, a shop someone else opened, a drink given up said with 是, a
morning run that stopped, swimming said as 游, how long one may last at a job as a doubt, spans of
days, a class signed up for then its day, taking someone to school."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from vaultweave.weaver.extract import dates_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.rules_zh_values import place_of

from tests.reading import current as _current
from tests.reading import ended as _ended
from tests.reading import own as _own
from tests.reading import woven as _woven

# -- English: names, days, doubts ----------------------------------------------------------------


@pytest.mark.parametrize("text", ["honestly can I even still call him my boyfriend tbh",
                                  "not sure he's my boyfriend anymore ngl"])
def test_chat_words_after_a_relation_are_no_names(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "boyfriend" and f.op is Op.ASSERT]


def test_a_name_after_a_relation_is_still_read() -> None:
    assert _own("my boyfriend tom is a chef").get("boyfriend") == "Tom"


@pytest.mark.parametrize("text", ["so no sunday shifts for me", "no monday meetings this month"])
def test_no_before_a_day_and_a_thing_is_no_appointment(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "appointment"]


def test_a_day_put_right_is_still_read() -> None:
    moved = [f for f in facts_in("no wait, friday") if f.attribute == "appointment"]
    assert moved and moved[0].scheduled.startswith("friday")


def test_a_couple_in_doubt_in_the_speakers_words(tmp_path: Path) -> None:
    items = _woven(tmp_path, "Precious", "my boyfriend Sipho works at the port",
                   "he's been so distant. don't even know if I can still call him my boyfriend tbh")
    held = [i for i in items if i[1] == "boyfriend"]
    assert held == [("Precious", "boyfriend", "Sipho", "current")]


@pytest.mark.parametrize("text", ["we've been drifting apart for months", "honestly we're on the rocks",
                                  "don't even know if I can still call him my boyfriend tbh"])
def test_drifting_apart_puts_the_partner_in_doubt(text: str) -> None:
    doubts = {f.attribute for f in facts_in(text) if f.op is Op.DOUBT}
    assert "girlfriend" in doubts and "husband" in doubts


# -- English: study and work ---------------------------------------------------------------------


def test_a_students_field_inside_the_title() -> None:
    own = _own("I'm a second year PhD student in immunology at the University of Leeds and I'm swamped")
    assert own.get("studies") == "immunology"
    assert own.get("studies_at") == "University of Leeds"


def test_a_student_in_a_class_has_no_field() -> None:
    assert "studies" not in _own("she's a student in my class")


@pytest.mark.parametrize("text", ["Brightline took me on as a dispatcher, started monday",
                                  "Accenture hired me as an analyst"])
def test_an_employer_that_took_one_on_as_a_title(text: str) -> None:
    own = _own(text)
    assert own.get("employer") in ("Brightline", "Accenture")
    assert own.get("job_title") in ("dispatcher", "analyst")


def test_a_pronoun_that_hired_one_is_no_employer() -> None:
    assert "employer" not in _own("They hired me as a cook")


def test_lowkey_before_a_statement() -> None:
    assert _own("lowkey I hate Lady Macbeth").get("dislikes") == "Lady Macbeth"


def test_a_title_quoted_after_literally() -> None:
    own = _own("my job title is literally 'Chief Vibes Officer' at this startup")
    assert own.get("job_title", "").lower() == "chief vibes officer"


@pytest.mark.parametrize("text", ["been off the booze since new years", "I'm off the drink since january"])
def test_off_the_booze_ends_drinking(text: str) -> None:
    assert ("habit", "drinks") in _ended(text)


# -- Chinese: dates ------------------------------------------------------------------------------


def test_month_end_in_cantonese_dates_a_change() -> None:
    found = [f for f in facts_in("跟你說，上個月尾已經跳去恒生了") if f.attribute == "employer"]
    assert found and found[0].value == "恒生" and found[0].when == "上个月底"


@pytest.mark.parametrize(("phrase", "day"), [("三月中旬", "2026-03-15"), ("3月下旬", "2026-03-25"),
                                             ("上个月中旬", "2026-03-15"), ("上月上旬", "2026-03-05")])
def test_parts_of_a_month_are_days(phrase: str, day: str) -> None:
    assert dates_zh.rewrite(phrase, datetime(2026, 4, 1, 12), past=True).startswith(day)


def test_a_part_of_a_month_dates_a_start() -> None:
    assert dates_zh.find_past("三月中旬入职山大当助理教授")[0] == "三月中旬"


# -- Chinese: homes and schools ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "town"), [("跟你更新一下，房子换到湖里区了，离机场近", "湖里区"),
                                            ("家搬到了滨江", "滨江")])
def test_a_home_moved_said_of_the_home(text: str, town: str) -> None:
    assert _own(text).get("lives_in") == town


@pytest.mark.parametrize("raw", ["对面", "小区对面", "我住的小区对面", "家旁边"])
def test_what_is_beside_a_place_is_no_place(raw: str) -> None:
    assert place_of(raw) is None


def test_a_studio_across_from_home_is_no_home() -> None:
    assert "lives_in" not in _own("送公司可以，工作室就在我住的小区对面")


def test_a_school_moved_to_is_no_employer() -> None:
    own = _own("我转到浙江大学了")
    assert own.get("studies_at") == "浙江大学" and "employer" not in own


def test_a_company_moved_to_is_still_the_employer() -> None:
    assert _own("我跳到字节了").get("employer") == "字节"


def test_a_child_moved_to_a_school_with_the_family(tmp_path: Path) -> None:
    items = _woven(tmp_path, "邓佳", "儿子乐乐在思明小学读一年级",
                   "房子换到湖里区了，乐乐也跟着转到湖里实验小学")
    assert "湖里实验小学" in [v for s, a, v, st in items if s == "乐乐" and st == "current"]


# -- Chinese: work -------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "title"), [("在金杜当律师就这样，没有生活", "律师"),
                                             ("现在在一家培训机构当助教过渡一下", "助教")])
def test_what_one_makes_of_a_job_is_no_part_of_its_title(text: str, title: str) -> None:
    assert _own(text).get("job_title") == title


def test_a_clause_in_an_introduction_is_read_as_a_clause() -> None:
    assert _own("还有帮我写上我是护士，要轮夜班").get("job_title") == "护士"


def test_an_introduction_still_reads_its_pieces() -> None:
    own = _own("大家好，我是李雷，28岁，成都人，腾讯产品经理")
    assert own.get("employer") == "腾讯" and own.get("job_title") == "产品经理"


def test_a_shop_someone_else_opened_is_no_title() -> None:
    assert "job_title" not in _own("改一下，就说是本地人开的家庭民宿")


def test_a_shop_one_opened_is_the_title() -> None:
    assert _own("我辞职开了家咖啡店").get("job_title") == "咖啡店老板"


# -- Chinese: habits and routines ----------------------------------------------------------------


def test_a_drink_given_up_said_with_shi() -> None:
    assert ("habit", "drinks") in _ended("酒是彻底戒了，现在路过精酿店都不敢看")


def test_a_morning_run_that_stopped_ends_the_run(tmp_path: Path) -> None:
    items = _woven(tmp_path, "彭博文", "我每天早上六点跑5公里", "膝盖伤了，半马只能弃赛，晨跑也停了，难受")
    assert _current(items, "routine") == []


def test_swimming_said_as_you_with_its_pool_and_minutes() -> None:
    own = _own("现在每周二周五中午在单位附近的游泳馆游40分钟")
    assert own.get("routine") == "游泳 每周二周五"


def test_a_run_said_as_pao_is_still_running() -> None:
    assert _own("我每天早上六点跑5公里").get("routine") == "跑步 每天"



# -- doubts of a job that may not last -----------------------------------------------------------


def _doubted(text: str) -> set[str]:
    return {f.attribute for f in facts_in(text) if f.op is Op.DOUBT and not f.value and not f.about}


@pytest.mark.parametrize("text", ["tbh might quit after bonus season, we'll see",
                                  "thinking of packing in nursing altogether, nights are finishing me",
                                  "honestly im not sure im going back to the rig",
                                  "been eyeing the exit for a while now"])
def test_a_job_weighed_without_a_name_is_in_doubt(text: str) -> None:
    assert "employer" in _doubted(text)


def test_quitting_a_food_is_no_job_in_doubt() -> None:
    assert "employer" not in _doubted("might quit sugar")


@pytest.mark.parametrize("text", ["说实话我也不知道还能在字节撑多久 身体扛不住",
                                  "最近部门换了领导 说实话腾讯我可能干不长了",
                                  "最近一直在偷偷看别的机会",
                                  "下个月还在不在这家公司都不好说了"])
def test_a_chinese_job_that_may_not_last_is_in_doubt(text: str) -> None:
    assert "employer" in _doubted(text)


def test_a_job_one_likes_is_in_no_doubt() -> None:
    assert "employer" not in _doubted("我在字节干得挺开心的")


# -- towns said by a short form ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "town"), [("we live in QC with my lola", "Quezon City"),
                                            ("moved to joburg last year", "Johannesburg"),
                                            ("we moved to North Van last year", "North Vancouver")])
def test_a_town_said_by_its_short_form_is_filed_in_full(text: str, town: str) -> None:
    assert _own(text).get("lives_in") == town


def test_a_town_said_in_full_stays_as_said() -> None:
    assert _own("we live in Quezon City").get("lives_in") == "Quezon City"


# -- routines: spans of days, how often, a class joined ------------------------------------------


@pytest.mark.parametrize("text", ["i go gym 5 days, monday to friday 6am before office",
                                  "i go to the gym 3 times a week, monday to wednesday"])
def test_how_often_before_a_span_of_days_is_no_part_of_the_activity(text: str) -> None:
    routine = _own(text).get("routine", "")
    assert routine.startswith("gym on Mondays") and "Tuesdays" in routine


def test_a_shift_at_an_hour_then_its_days() -> None:
    routine = _own("morning shift 5am, Tuesday to Saturday").get("routine", "")
    assert routine.startswith("morning shift on Tuesdays")


def test_considering_that_is_no_hypothetical() -> None:
    text = "started a welsh class monday nights at the uni, about time considering i'm from cardiff"
    assert _own(text).get("routine") == "welsh class on Mondays"


def test_considering_a_move_is_still_one() -> None:
    assert "lives_in" not in _own("I'm considering moving to Leeds")


@pytest.mark.parametrize(("text", "routine"), [("我周二到周四晚上去健身房", "健身 每周二三四"),
                                               ("我周一到周五每天早上跑步", "跑步 每周一二三四五")])
def test_a_span_of_chinese_days_is_said_day_by_day(text: str, routine: str) -> None:
    assert _own(text).get("routine") == routine


def test_a_class_signed_up_for_then_its_day_and_going() -> None:
    assert _own("现在一个人挺好 报了个陶艺班 每周六下午去 超治愈").get("routine") == "陶艺班 每周六"


# -- a home moved out of, someone's place -------------------------------------------------------


@pytest.mark.parametrize(("text", "town"), [("finally moved out of my mom's place in Downey", "Downey"),
                                            ("I moved out of my parents' house in Leeds", "Leeds")])
def test_moving_out_of_someones_place_ends_that_home(text: str, town: str) -> None:
    assert ("lives_in", town) in _ended(text)
    assert "lives_in" not in _own(text)


def test_the_new_home_told_beside_the_old_one_stands() -> None:
    text = "I'm in Long Beach now, finally moved out of my mom's place in Downey like a month ago"
    assert _own(text).get("lives_in") == "Long Beach" and ("lives_in", "Downey") in _ended(text)


def test_a_trailing_emoji_leaves_the_routine() -> None:
    assert _own("signed up at that boxing gym, going tuesdays and thursdays after work 💪").get(
        "routine") == "boxing on Tuesdays and Thursdays"


@pytest.mark.parametrize(("text", "routine"), [
    ("工作日每天早上七点半先送幺妹儿去上学，她在嘉陵小学读三年级", "送幺妹儿上学 每周一二三四五"),
    ("我在厦门开瑜伽工作室 周一到周五每天早上七点带晨练课", "带晨练课 每周一二三四五"),
])
def test_taking_someone_to_school_or_leading_a_class_is_the_activity(text: str, routine: str) -> None:
    assert _own(text).get("routine") == routine


def test_where_one_sleeps_on_weekdays_is_no_routine() -> None:
    assert "routine" not in _own("周一到周五住单位宿舍")
