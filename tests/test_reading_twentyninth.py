"""Reading of the twenty-ninth round. English: customer service titles, grandchildren as
relatives, a home told by its kind after "I'm in", a town one is based in, "still in" a known
town, the day of a birthday told with the age one turns, a new comfort food, an allergy taken
back, a student's school (not an employer), a degree's school, the year of study at a school
typed in lower case, a workplace named by one's colleagues there, a car one is driving now, a
language course given up, the end of one's studies, a made-up character's age. Chinese: a
people is no employer, a clause run on after a company, a pet sent to a relative's home, a job
left by name, a job title moved to, a car replaced, a birthday told with the age turned, a
school with its field, a town as part of a venue, "北京时间" before an hour, days counted to
today, a relative's name before a holiday."""

from __future__ import annotations

from pathlib import Path

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.rules_text import clean_title
from vaultweave.weaver.extract.rules_zh_values import org_of
from vaultweave.weaver.extract.said_plainly_en import said_plainly
from vaultweave.weaver.extract.shapes_zh import spaces_as_commas, times_said_plainly
from vaultweave.weaver.extract.span_reader import read

from tests.reading import current as _current
from tests.reading import ended as _ended
from tests.reading import own as _own
from tests.reading import woven as _woven

# -- English: work and study ---------------------------------------------------------------------


@pytest.mark.parametrize("title", ["customer service officer", "customer success lead",
                                   "customer care agent"])
def test_customer_service_work_is_a_title(title: str) -> None:
    assert clean_title(title) == title


def test_a_regular_customer_is_still_no_title() -> None:
    assert clean_title("regular customer") is None
    assert "job_title" not in _own("I'm a regular customer at the Crown and Anchor")


def test_a_customer_service_officer_at_a_bank_has_both() -> None:
    own = _own("so i'm a customer service officer at Stanbic, the pay is meh")
    assert own.get("job_title") == "customer service officer" and own.get("employer") == "Stanbic"


@pytest.mark.parametrize("text", ["I'm a PhD student at Monash", "im a broke masters student at Trinity"])
def test_a_student_of_any_kind_studies_at_the_school_named(text: str) -> None:
    own = _own(text)
    assert own.get("studies_at") in ("Monash", "Trinity")
    assert "employer" not in own


def test_a_degree_being_done_names_its_school() -> None:
    assert _own("i'm doing a part-time MBA at Aston, finance stream").get("studies_at") == "Aston"


def test_the_year_of_study_at_a_school_typed_in_lower_case() -> None:
    own = _own("3rd year geography at leeds")
    assert own.get("studies") == "geography" and own.get("studies_at", "").lower() == "leeds"


def test_a_school_called_uni_is_a_university() -> None:
    assert _own("final year law at bristol uni").get("studies_at") == "Bristol University"


@pytest.mark.parametrize("text", ["my colleagues at Ocado keep asking for the recipe",
                                  "too loud for my coworkers at Monzo lol"])
def test_a_workplace_named_by_ones_colleagues_there_is_the_employer(text: str) -> None:
    assert _own(text).get("employer") in ("Ocado", "Monzo")


def test_ones_old_colleagues_name_no_employer_now() -> None:
    assert "employer" not in _own("my old colleagues at Ocado sent flowers")


def test_taglish_here_in_after_a_workplace_is_no_part_of_it() -> None:
    assert _own("nurse ako sa St Luke's dito sa Taguig").get("employer") == "St Luke's"


@pytest.mark.parametrize("text", ["officially done being a student, handed the thesis in!",
                                  "not a student anymore, feels weird"])
def test_the_end_of_ones_studies_ends_the_school(text: str) -> None:
    assert ("studies_at", "") in _ended(text)


def test_saying_one_is_no_student_states_no_ending() -> None:
    assert ("studies_at", "") not in _ended("I'm not a student, I'm the lecturer")


# -- English: homes ------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "town"), [("I'm in a tiny studio in Leith now", "Leith"),
                                            ("we're in a little terrace house in Salford", "Salford"),
                                            ("i live in a pg in indiranagar", "Indiranagar")])
def test_a_home_told_by_its_kind(text: str, town: str) -> None:
    assert _own(text).get("lives_in") == town


@pytest.mark.parametrize("text", ["I'm in a meeting in Croydon", "I'm in a cafe in Soho waiting"])
def test_being_somewhere_is_not_said_as_a_home(text: str) -> None:
    assert said_plainly(text) == text


@pytest.mark.parametrize(("text", "town"), [("I'm Bristol-based, freelance", "Bristol"),
                                            ("we're perth based so flights are long", "Perth")])
def test_the_town_one_is_based_in_is_home(text: str, town: str) -> None:
    assert _own(text).get("lives_in") == town


@pytest.mark.parametrize("text", ["I'm office based now", "I'm home based mostly"])
def test_being_based_at_work_or_home_names_no_town(text: str) -> None:
    assert "lives_in" not in _own(text)


def test_still_in_a_known_town_is_home() -> None:
    assert _own("salary's better. still in Nottingham tho, love it here").get("lives_in") == "Nottingham"


@pytest.mark.parametrize("text", ["still in bed lol", "still in shock honestly",
                                  "still in Rome for the week"])
def test_still_in_anything_else_is_no_home(text: str) -> None:
    assert "lives_in" not in _own(text)


# -- English: people, birthdays, tastes, cars, courses ----------------------------------------


@pytest.mark.parametrize(("text", "relation", "name"), [
    ("baking with my granddaughter Poppy this weekend", "granddaughter", "Poppy"),
    ("my grandson Idris starts school in September", "grandson", "Idris"),
])
def test_grandchildren_are_relatives(text: str, relation: str, name: str) -> None:
    assert _own(text).get(relation) == name


def test_the_day_one_turns_an_age_is_the_birthday() -> None:
    assert _own("turning 19 on oct 2 so plan something").get("birthday") == "10-02"


def test_turning_an_age_on_a_day_stores_that_day_as_the_birthday(tmp_path: Path) -> None:
    items = _woven(tmp_path, "Ife", "I'm turning 40 on the 20th of march, no fuss please")
    assert _current(items, "birthday") == ["03-20"]


def test_an_age_turned_some_day_last_week_names_no_day_but_yesterday_does(tmp_path: Path) -> None:
    assert _current(_woven(tmp_path / "a", "Ife", "turned 40 last week, feeling ancient"), "birthday") == []
    yesterday = _woven(tmp_path / "b", "Ife", "turned 40 yesterday, feeling ancient")
    assert _current(yesterday, "birthday") == ["03-01"]


def test_turning_an_age_some_time_next_year_names_no_day(tmp_path: Path) -> None:
    items = _woven(tmp_path, "Ife", "turning 40 next year, terrifying")
    assert _current(items, "birthday") == []


@pytest.mark.parametrize("text", ["jerk chicken is officially my favourite food now lol",
                                  "honestly jerk chicken is my new comfort food"])
def test_a_new_comfort_food_is_a_favourite_food(text: str) -> None:
    assert _own(text).get("favourite_food") == "jerk chicken"


@pytest.mark.parametrize("text", ["allergy clinic says I'm not allergic to peanuts at all!",
                                  "turns out I'm not actually allergic to penicillin"])
def test_an_allergy_taken_back_is_ended(text: str) -> None:
    assert any(attribute == "allergy" for attribute, _ in _ended(text))


def test_an_allergy_to_nothing_ends_nothing() -> None:
    assert not any(attribute == "allergy" for attribute, _ in _ended("I'm not allergic to anything"))


def test_a_car_one_is_driving_now_is_the_car() -> None:
    assert _own("I'm driving a 2019 Ford Ranger now, way better for site work").get("car") == "Ford Ranger"


def test_a_car_traded_in_beside_the_new_one_ends_only_the_old() -> None:
    facts = facts_in("traded the fiesta in on saturday, driving a 2021 kia niro now")
    assert ("car", "fiesta") in {(f.attribute, f.value) for f in facts if f.op is Op.RETRACT}


@pytest.mark.parametrize(("text", "language"), [("dropped the french classes yaar", "French"),
                                                ("ditched duolingo korean, streak gone", "Korean")])
def test_a_language_course_given_up_ends_the_learning(text: str, language: str) -> None:
    assert ("learning", language) in _ended(text)


def test_a_made_up_characters_age_is_not_the_speakers() -> None:
    text = "writing a play for my drama group. Main character: Tobi, 52, a taxi driver in Ibadan."
    assert not [f for f in read(text) if f.attribute == "age"]


# -- Chinese ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["维吾尔族", "苗族"])
def test_a_people_is_no_employer(value: str) -> None:
    assert org_of(value) is None


def test_a_company_moved_to_ends_before_the_clause_run_on_after_it() -> None:
    assert _own("汇报一下 跳槽到快手了 头像也顺手换了").get("employer") == "快手"


def test_a_pet_sent_to_a_relatives_home_is_no_longer_ones_pet() -> None:
    assert ("pet", "可乐") in _ended("可乐上周送去我妈家了 她更会照顾")


def test_a_workplace_one_no_longer_works_at_ends_by_name() -> None:
    assert ("employer", "海底捞") in _ended("我不在海底捞干了 太累")


def test_a_job_left_last_month_then_a_move_ends_the_employer() -> None:
    assert ("employer", "") in _ended("上个月辞职回来了 在家歇着")


def test_a_title_one_is_moved_to_is_the_title() -> None:
    assert _own("四月一号起调去做客户经理了").get("job_title") == "客户经理"


def test_a_car_replaced_ends_the_old_one() -> None:
    facts = facts_in("把老帕萨特换成理想L6了")
    assert ("car", "帕萨特") in {(f.attribute, f.value) for f in facts if f.op is Op.RETRACT}
    assert _own("把老帕萨特换成理想L6了").get("car") == "理想L6"


def test_the_car_picked_up_is_the_car() -> None:
    assert _own("旧车卖了，提的是比亚迪汉 2024款").get("car") == "比亚迪汉"


def test_a_birthday_told_with_the_age_turned(tmp_path: Path) -> None:
    assert _own("下周三4月8号我六十岁生日").get("birthday") == "04-08"
    items = _woven(tmp_path, "兰芳", "我9月9号满20 还早呢")
    assert _current(items, "birthday") == ["09-09"]


def test_a_school_then_its_field_is_both() -> None:
    own = _own("南大化学研一")
    assert own.get("studies_at") == "南大" and own.get("studies") == "化学"


def test_a_department_of_a_school_names_the_field() -> None:
    own = _own("我是川大法语系的")
    assert own.get("studies_at") == "川大" and own.get("studies") == "法语"


def test_a_school_and_the_field_read_there_is_no_school_name() -> None:
    assert _own("我在中山大学读新闻研一").get("studies_at") == "中山大学"


def test_a_town_named_as_part_of_a_venue_is_no_home() -> None:
    assert "lives_in" not in _own("复试定了 4月2号上午十点 在杭州总部")


def test_beijing_time_before_an_hour_is_the_speakers_clock() -> None:
    assert times_said_plainly("周四北京时间晚上8点开会") == "周四晚上8点开会"


def test_days_counted_to_today_date_the_change() -> None:
    ended = [f for f in facts_in("酒戒了 今天第十五天") if f.op is Op.RETRACT and f.attribute == "habit"]
    assert ended and ended[0].when == "十五天前"


def test_a_latin_word_before_zai_opens_a_clause_of_its_own() -> None:
    assert spaces_as_commas("我是国航的空姐 base在成都") == "我是国航的空姐，base在成都"
    assert _own("我是国航的空姐 base在成都").get("employer") == "国航"


def test_a_relatives_name_before_a_holiday_is_the_name() -> None:
    assert _own("我闺蜜周琪国庆结婚 我当伴娘").get("friend") == "周琪"


def test_not_going_back_to_a_town_is_no_home() -> None:
    assert not [f for f in read("年后没回温州") if f.attribute == "lives_in"]


# -- later in the round: homes shared, routines named first, values that are no value -------------


def test_a_home_told_as_we_is_the_partners_too(tmp_path: Path) -> None:
    items = _woven(tmp_path, "Tomás", "road trip ideas? me and my girlfriend Ines want a weekend away",
                   "so we moved to Porto last month, she got the job at the hospital")
    assert ("Ines", "lives_in", "Porto", "current") in items


def test_a_home_told_as_i_is_not_the_partners(tmp_path: Path) -> None:
    items = _woven(tmp_path, "Tomás", "my girlfriend Ines says hi", "I moved to Porto last month for work")
    assert not [i for i in items if i[0] == "Ines" and i[1] == "lives_in"]


def test_a_chinese_routine_named_before_its_days_and_moved_later(tmp_path: Path) -> None:
    items = _woven(tmp_path, "桂兰", "我们小区太极拳每周二四早上七点打", "太极拳挪到公园了 改成每周六早上打")
    assert _current(items, "routine") == ["太极拳 每周六"]


@pytest.mark.parametrize("text", ["预算五千以内", "送啥合适", "琴学了半年"])
def test_a_question_a_sum_or_a_time_spent_is_no_chinese_value(text: str) -> None:
    from vaultweave.weaver.extract.rules_zh_values import cleaned
    assert cleaned(text) is None


def test_a_hedge_before_a_favourite_is_no_part_of_it() -> None:
    assert _own("fav film is prob Paddington 2").get("favourite_movie") == "Paddington 2"
    assert "favourite_movie" not in _own("favourite film is difficult to say")


def test_days_and_an_hour_after_go_are_no_habit() -> None:
    assert "habit" not in _own("I go mon wed fri at 7")
