"""An appointment keeps the hour it was told with, wherever in the turn the hour is: "by 8am",
"same time" in a sentence of its own after the move, "一样下午两点", and the hour the Chinese
piece after the booking opens with ("5月20号采春茶 那天早上六点就要出发"); and is named without the
place it is done at ("出入境中心面签": 面签), and without the digit a name after the hour begins with."""

from __future__ import annotations

from typing import Any

from vaultweave.weaver.extract import dates_zh
from vaultweave.weaver.extract.rules import facts_in

from bench.facts.__main__ import weave_conversation


def _booked(text: str) -> list[tuple[str, str]]:
    return [(f.value, f.scheduled) for f in facts_in(text) if f.attribute == "appointment"]


def _woven(lang: str, zone: str, *turns: tuple[str, str]) -> list[tuple[str, str, str]]:
    conversation: dict[str, Any] = {
        "id": f"{lang}-0", "lang": lang, "speaker": "Ada", "timezone": zone,
        "turns": [{"role": "user", "ts": ts, "text": text} for ts, text in turns]}
    items, _, _ = weave_conversation(conversation, False, None)
    return [(i.value, i.status.value, i.when.isoformat() if i.when else "")
            for i in items if i.attribute == "appointment"]


def test_an_hour_said_with_by_is_the_appointments() -> None:
    assert _booked("my US visa interview is on march 18 by 8am at the embassy") == [
        ("US visa interview", "march 18 by 8am")]
    assert _booked("the report is due march 18 by 5pm") == []  # a deadline is no appointment


def test_same_time_in_a_sentence_of_its_own_keeps_the_hour() -> None:
    woven = _woven("en", "Africa/Lagos",
                   ("2026-04-02T09:00:00+01:00", "my passport appointment is june 9, 9.15am at the embassy"),
                   ("2026-04-09T09:00:00+01:00", "they moved the appointment to june 16. same time"))
    assert woven == [("passport", "historical", "2026-06-09T08:15:00+00:00"),
                     ("passport", "current", "2026-06-16T08:15:00+00:00")]


def test_the_same_hour_said_with_yiyang_is_kept() -> None:
    woven = _woven("zh", "Asia/Taipei",
                   ("2026-07-01T10:00:00+08:00", "8月6號下午三點要去牙醫那裡洗牙 幫我記著"),
                   ("2026-07-10T10:00:00+08:00", "牙醫說那天不行 洗牙改到8月13號 一樣下午三點"))
    assert woven[-1][1:] == ("current", "2026-08-13T07:00:00+00:00")


def test_the_hour_the_next_piece_opens_with_is_the_bookings() -> None:
    assert _booked("5月20号采春茶 那天早上六点就要出发 帮我记一下") == [("采春茶", "5月20号早上六点")]
    assert dates_zh.hour_of_booking("那天早上五点就要上山") == "早上五点"
    assert dates_zh.hour_of_booking("下午还要上班") == ""  # a part of the day alone is no hour
    # the hour of something else is left to it
    assert _booked("明天开会 下午三点去机场接人") == [("开会", "明天")]
    assert _booked("我8月3号做胆囊手术 早上七点就要到医院") == [("做胆囊手术", "8月3号早上七点")]


def test_a_booked_thing_is_named_without_the_place_it_is_done_at() -> None:
    assert _booked("下周五上午十点去出入境中心面签 帮我记一下") == [("面签", "下周五上午十点")]
    assert _booked("7月2号上午九点去区人民法院开庭") == [("开庭", "7月2号上午九点")]


def test_a_digit_after_the_hour_that_begins_a_name_is_no_minute() -> None:
    assert _booked("周三下午三点4S店保养 帮我记着") == [("4S店保养", "周三下午三点")]
    assert _booked("明天下午三点15去面试") == [("面试", "明天下午三点15")]
