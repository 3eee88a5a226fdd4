"""Days of change as chat tells them: a start told with a day still to come ("start from 1
april", "start date is 2 March", "I start monday", "starting with a firm ... on the 16th",
"4月20号起去昆明"), holidays of a fixed day ("off the booze since new years"), "early"/"late" in
a month, "two saturdays ago", "last saturday" said on the Sunday, the middle and start of a
month in Chinese (三月中, 上个月中, 月初) and a month waited for (装修到九月), a day without its
hour kept on its date east of Greenwich; a plan told done by one of its values that is done
whole; a thing put aside or gone ("spanish is paused", "put guitar on hold", "the Vivo is
gone"); what a telling adds after the thing ended ("quit the Ponsonby job obviously"); a
routine named in the plural on its new days ("mocks shifted to saturdays"); Chinese things no
longer eaten or drunk (吃不成了, 不让碰了) and routines no longer done (游不了了, 去不成了); moving
out puts a flatmate in doubt; "up/down/out in" a place is a home. None is taken from the bench."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from vaultweave.weaver.extract import dates, dates_en, dates_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.starts_ahead import starts_ahead

from tests.conftest import FakeClock, say

MONDAY_9_MARCH = datetime(2026, 3, 9, 12, tzinfo=timezone.utc)


def ended(text: str) -> set[tuple[str, str]]:
    """(attribute, value) of every retraction the turn tells of the speaker."""
    return {(f.attribute, f.value) for f in facts_in(text) if f.op is Op.RETRACT and not f.about}


def day_of(text: str, spoken_at: datetime = MONDAY_9_MARCH) -> str:
    phrase = dates_en.find(text)
    found = dates.resolve(phrase, spoken_at) if phrase else None
    return found.date().isoformat() if found else ""


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("been off the booze since new years", "2026-01-01"),
        ("haven't smoked since New Year's", "2026-01-01"),
        ("we split up over christmas", "2025-12-25"),
        ("moved back home in early february", "2026-02-05"),
        ("left the firm late february", "2026-02-25"),
        ("traded it in two saturdays ago", "2026-02-28"),
        ("sold it 3 sundays ago", "2026-02-22"),
        ("quit the week before last", "2026-02-23"),
    ],
)
def test_days_chat_names_without_a_date_are_read(text: str, day: str) -> None:
    assert day_of(text) == day


@pytest.mark.parametrize("text", ["my new year's resolution is to read more", "the christmas party was wild",
                                  "running late may be fine", "two saturdays a month"])
def test_words_that_only_look_like_those_days_are_no_day(text: str) -> None:
    assert day_of(text) == ""


@pytest.mark.parametrize(
    ("text", "phrase", "day"),
    [
        ("生酮不搞了，三月中就停了", "三月中", "2026-03-15"),
        ("人已经在新加坡了 上个月中拎包入住", "上个月中", "2026-03-15"),
        ("我月初去了汕头，在一家电商做运营", "月初", "2026-04-03"),
        ("三月中旬入职了", "三月中旬", "2026-03-15"),
    ],
)
def test_the_middle_and_start_of_a_month_in_chinese_are_read(text: str, phrase: str, day: str) -> None:
    found = dates_zh.find_past(text)[0]
    assert found == phrase
    resolved = dates.resolve(found, datetime(2026, 4, 16, 4, tzinfo=timezone.utc))
    assert resolved is not None and resolved.date().isoformat() == day


def test_a_start_of_a_month_still_to_come_is_no_past_day() -> None:
    assert dates_zh.find_past("下个月初搬家")[0] == "" and dates_zh.find_past("月初要搬")[0] == ""


def test_a_day_in_chinese_is_no_routine_ended() -> None:
    assert not [f for f in facts_in("三月中就停了") if f.attribute == "routine"]


@pytest.mark.parametrize(
    ("text", "spoken", "attribute", "day"),
    [
        ("alhamdulillah got it!! i am production manager, start from 1 april", "2026-03-25", "job_title",
         "2026-04-01"),
        ("new job at Grab, start date is 2 March", "2026-02-20", "employer", "2026-03-02"),
        ("promoted to team lead, starting March 2", "2026-02-27", "job_title", "2026-03-02"),
    ],
)
def test_a_new_value_told_with_a_start_still_to_come_starts_that_day(
    text: str, spoken: str, attribute: str, day: str
) -> None:
    at = datetime.fromisoformat(spoken + "T10:00:00+00:00")
    found = [f for f in starts_ahead(facts_in(text), text, at) if f.attribute == attribute]
    assert found and not found[0].when
    start = dates.resolve(found[0].starts, at, "future")
    assert start is not None and start.date().isoformat() == day


@pytest.mark.parametrize(
    "text",
    [
        "moved to Leeds on 2 March",  # told as gone: last year's
        "my daughter Ffion is marrying Tom on 16 May in Cardiff",  # a wedding's day, not a home's
    ],
)
def test_a_day_told_without_a_word_of_starting_keeps_its_reading(text: str) -> None:
    at = datetime(2026, 2, 18, 10, tzinfo=timezone.utc)
    assert all(not f.starts for f in starts_ahead(facts_in(text), text, at))


def test_a_start_told_with_its_day_ends_the_old_value_on_that_day(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    clock.advance(days=30)
    say(vault, "i am line supervisor at a garment factory in Gazipur", "2026-02-12T09:00:00Z")
    say(vault, "alhamdulillah i got it!! i am production manager, start from 1 april", "2026-03-25T09:00:00Z")
    vault.weave()
    titles = {i.value: i for i in vault.loaded_items().values() if i.attribute == "job_title"}
    assert titles["production manager"].valid_from.date().isoformat() == "2026-04-01"
    assert titles["line supervisor"].valid_to is not None
    assert titles["line supervisor"].valid_to.date().isoformat() == "2026-04-01"


def test_a_plan_told_done_by_one_value_is_done_whole(make_vault, clock: FakeClock) -> None:
    vault = make_vault()
    say(vault, "been at Infosys 4 yrs as a systems engineer", "2026-01-19T09:00:00Z")
    say(vault, "fyi it's Swiggy, SDE-2, joining 16th feb", "2026-01-19T09:05:00Z")
    clock.advance(days=40)
    say(vault, "first week at swiggy done macha", "2026-02-23T09:00:00Z")
    vault.weave()
    held = {(i.attribute, i.value): i for i in vault.loaded_items().values()}
    assert held[("employer", "Swiggy")].is_current
    assert held[("job_title", "SDE-2")].is_current
    assert held[("job_title", "SDE-2")].valid_from.date().isoformat() == "2026-02-16"


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("spanish is paused too obviously, no brain left", ("learning", "Spanish")),
        ("Spanish is paused", ("learning", "Spanish")),
        ("I put Spanish on hold", ("learning", "Spanish")),
        ("taking a break from piano for a while", ("learning", "piano")),
        ("pausing the guitar lessons for now", ("learning", "guitar lessons")),
        ("the Vivo is gone, traded it in", ("car", "Vivo")),
        ("the old Corolla is finally gone", ("car", "Corolla")),
        ("Hana's officially gone, the flat feels weird", ("flatmate", "Hana")),
        ("no more beer either", ("likes", "beer")),
        ("quit the Ponsonby job obviously, still hunting for kitchen work", ("employer", "Ponsonby")),
    ],
)
def test_a_thing_put_aside_or_gone_is_ended(text: str, fact: tuple[str, str]) -> None:
    assert fact in ended(text)


@pytest.mark.parametrize("text", ["put the kettle on", "I put it on hold",
                                  "Tom's gone to Paris for the weekend",
                                  "the kids are gone for the weekend"])
def test_putting_things_and_going_places_end_nothing(text: str) -> None:
    assert not ended(text)


def test_taking_a_break_from_a_thing_puts_no_couple_in_doubt() -> None:
    assert not [f for f in facts_in("taking a break from piano") if f.op is Op.DOUBT]
    assert [f for f in facts_in("we're taking a break") if f.attribute == "partner" and f.op is Op.DOUBT]


def test_a_days_ago_is_no_routine() -> None:
    found = facts_in("the Vivo is gone, traded it in two Saturdays ago")
    assert not [f for f in found if f.attribute == "routine" and f.op is Op.ASSERT]


def test_a_routine_named_in_the_plural_on_new_days_moves(make_vault) -> None:
    vault = make_vault()
    say(vault, "the coaching has a full mock test every Sunday 10am", "2026-01-14T09:00:00Z")
    say(vault, "small change. mocks shifted to saturdays, same time", "2026-01-22T09:00:00Z")
    vault.weave()
    routines = {i.value: i for i in vault.loaded_items().values() if i.attribute == "routine"}
    current = [v for v, i in routines.items() if i.is_current]
    assert len(current) == 1 and "Saturdays" in current[0]


def test_a_weekday_told_as_a_start_is_the_one_to_come() -> None:
    text = "my last day at moneyMQ is today and I start monday as an analytics engineer at Str8Line"
    friday = datetime(2026, 3, 20, 15, tzinfo=timezone.utc)
    found = [f for f in starts_ahead(facts_in(text), text, friday) if f.attribute == "job_title"]
    start = dates.resolve(found[0].starts, friday, "future") if found and found[0].starts else None
    assert start is not None and start.date().isoformat() == "2026-03-23"


def test_a_day_of_change_without_an_hour_keeps_its_date_east_of_greenwich(make_vault) -> None:
    vault = make_vault(config='[vault]\ntimezone = "Asia/Kolkata"\n')
    say(vault, "I'm a QA engineer at Wipro", "2026-02-05T09:00:00Z")
    say(vault, "resigned from Wipro also, last day was the 27th", "2026-03-01T09:00:00Z")
    vault.weave()
    wipro = next(i for i in vault.loaded_items().values() if i.value == "Wipro")
    assert wipro.valid_to is not None and wipro.valid_to.date().isoformat() == "2026-02-27"


@pytest.mark.parametrize("text", ["no no I'm up in Galway, she's the Limerick one",
                                  "we're down in Cornwall now",
                                  "I'm out in Kildare"])
def test_up_down_and_out_in_a_place_is_where_one_lives(text: str) -> None:
    assert [f for f in facts_in(text) if f.attribute == "lives_in" and f.op is Op.ASSERT and not f.about]


@pytest.mark.parametrize("text",
                         ["I'm up in arms about it", "I'm down in the dumps", "I'm out in the garden"])
def test_up_down_and_out_in_a_mood_or_a_garden_is_no_home(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "lives_in"]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("确诊了乳糜泻，牛肉面以后是吃不成了😭", ("likes", "牛肉面")),
        ("体检查出糖尿病 奶茶和酒都不让碰了", ("likes", "奶茶")),
        ("体检查出糖尿病 奶茶和酒都不让碰了", ("habit", "drinks")),
        ("医生不让我喝酒了", ("habit", "drinks")),
        ("火锅是吃不了了", ("likes", "火锅")),
        ("奶茶再也不喝了", ("likes", "奶茶")),
    ],
)
def test_a_thing_no_longer_eaten_or_drunk_in_chinese_is_ended(text: str, fact: tuple[str, str]) -> None:
    assert fact in ended(text)


def test_a_favourite_no_longer_eaten_in_chinese_is_historical(make_vault) -> None:
    vault = make_vault()
    say(vault, "我最爱吃牛肉面 在兰州当保安", "2026-01-10T10:00:00Z")
    say(vault, "确诊了乳糜泻 牛肉面以后是吃不成了", "2026-02-20T10:00:00Z")
    vault.weave()
    food = next(i for i in vault.loaded_items().values() if i.attribute == "favourite_food")
    assert food.value == "牛肉面" and not food.is_current


@pytest.mark.parametrize("text", ["I moved out of my flat in Leeds to a new place in York",
                                  "finally got my own place in Hackney", "我已经搬出来了 自己租了个一居室"])
def test_moving_out_puts_whoever_one_shared_with_in_doubt(text: str) -> None:
    assert [f for f in facts_in(text) if f.attribute in ("flatmate", "roommate") and f.op is Op.DOUBT]


def test_a_flatmate_left_behind_is_flagged_not_ended(make_vault) -> None:
    vault = make_vault()
    say(vault, "my flatmate Zainab is a nurse", "2026-01-10T10:00:00Z")
    say(vault, "after the wedding I moved out of my flat to our new place in Gwarinpa",
        "2026-02-20T10:00:00Z")
    vault.weave()
    zainab = next(i for i in vault.loaded_items().values() if i.attribute == "flatmate")
    assert zainab.is_current and zainab.doubt


def test_moving_out_told_ahead_puts_no_flatmate_in_doubt() -> None:
    found = facts_in("oh and im moving out of the WG in april, my own place in Altona!!! finally")
    assert not [f for f in found if f.attribute in ("flatmate", "roommate") and f.op is Op.DOUBT]


@pytest.mark.parametrize("text", ["游不了了", "大夫不让跳了", "钓鱼是去不成了"])
def test_a_routine_that_can_no_longer_be_done_in_chinese_is_ended(text: str) -> None:
    assert [f for f in facts_in(text) if f.attribute == "routine" and f.op is Op.RETRACT]


def test_one_day_that_cannot_be_done_ends_no_routine() -> None:
    assert not [f for f in facts_in("今天跑不了了 下雨") if f.attribute == "routine"]


def test_a_routine_ended_by_its_verb_in_chinese_ends_the_routine_of_that_verb(make_vault) -> None:
    vault = make_vault()
    say(vault, "我每周六去游泳 每天跳广场舞", "2026-01-10T10:00:00Z")
    say(vault, "青岛这个游泳馆说要装修到九月 游不了了", "2026-02-20T10:00:00Z")
    vault.weave()
    routines = {i.value: i for i in vault.loaded_items().values() if i.attribute == "routine"}
    assert not routines["游泳 每周六"].is_current and routines["跳广场舞 每天"].is_current
    assert routines["游泳 每周六"].valid_to is not None
    assert routines["游泳 每周六"].valid_to.date().isoformat() == "2026-02-20"


@pytest.mark.parametrize("text", ["游泳馆说要装修到九月", "装修到明年三月", "等三月再说"])
def test_a_month_one_waits_until_is_no_past_day(text: str) -> None:
    assert dates_zh.find_past(text)[0] == ""


def test_a_day_of_the_month_after_a_word_of_starting_is_the_one_to_come() -> None:
    text = "got it!!! starting with a firm called Hanson & Sons on the 16th. handing my notice in tmrw"
    third = datetime(2026, 3, 3, 18, tzinfo=timezone.utc)
    found = [f for f in starts_ahead(facts_in(text), text, third)
             if f.attribute == "employer" and f.op is Op.ASSERT]
    start = dates.resolve(found[0].starts, third, "future") if found and found[0].starts else None
    assert start is not None and start.date().isoformat() == "2026-03-16"


def test_a_day_of_the_month_told_as_gone_keeps_its_reading() -> None:
    text = "started at Hanson & Sons on the 16th, loving it"
    third = datetime(2026, 3, 3, 18, tzinfo=timezone.utc)
    assert all(not f.starts for f in starts_ahead(facts_in(text), text, third))


@pytest.mark.parametrize(
    "text",
    [
        "thx. we're thinking of moving to the Eastside for more space, maybe Bellevue, if the numbers work",
        "Infosys might transfer me to Hyderabad, nothing final yet, so we may be shifting by August",
    ],
)
def test_a_move_weighed_puts_the_home_in_doubt_whatever_it_hangs_on(text: str) -> None:
    assert [f for f in facts_in(text) if f.attribute == "lives_in" and f.op is Op.DOUBT and not f.value]


@pytest.mark.parametrize("text", ["we might move the meeting to friday",
                                  "if I lived in Paris I would move to Montmartre"])
def test_a_meeting_moved_or_a_move_supposed_puts_no_home_in_doubt(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "lives_in" and f.op is Op.DOUBT]


def test_a_doubt_read_by_its_words_leaves_the_cue_its_say() -> None:
    found = facts_in("so stressed. honestly not sure I'll stay in the flat, or even in the west end")
    assert [f for f in found if f.attribute == "lives_in" and f.op is Op.DOUBT and not f.value]


@pytest.mark.parametrize("text", ["we're thinking of moving Noah to a private school next year, maybe Hale",
                                  "最近老吵架 她想让我辞职去保定 我不想"])
def test_moving_someone_else_or_a_change_refused_is_no_doubt_of_ones_own(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute in ("lives_in", "job_title")
                and f.op is Op.DOUBT and not f.value]


def test_a_refusal_of_something_else_leaves_the_change_in_doubt() -> None:
    text = "还没 现在卡在婚后要住哪 他要我搬去新竹 可是台大的年资我不想丢 好挣扎喔"
    assert [f for f in facts_in(text) if f.attribute == "lives_in" and f.op is Op.DOUBT and not f.value]


@pytest.mark.parametrize(("spoken", "day"), [(datetime(2026, 3, 8, 12, tzinfo=timezone.utc), "2026-02-28"),
                                             (MONDAY_9_MARCH, "2026-03-07")])
def test_last_saturday_said_the_day_after_is_the_one_a_week_before(spoken: datetime, day: str) -> None:
    assert day_of("moved in last saturday", spoken) == day
