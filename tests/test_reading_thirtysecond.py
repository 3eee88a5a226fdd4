"""Reading of the thirty-second round. English: an hour said before the part of the day it
falls in ("moved us to 2:15 this afternoon"), a gym or a club joined is no employer, the town at
hand ("it's 75 degrees here in Phoenix"). Chinese: the town at hand ("北京这房租", "青岛这个
游泳馆"). The reader: the sentence before in the turn is part of what it reads."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from vaultweave.weaver.extract import dates_en, span_reader
from vaultweave.weaver.extract.local_towns_zh import local_town
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.span_features import context_features, features
from vaultweave.weaver.vault import Vault

from tests.reading import own as _own

# -- English: times, memberships, the town at hand -----------------------------------------------


@pytest.mark.parametrize(("said", "plain"), [
    ("2:15 this afternoon", "today 14:15"),
    ("7 tomorrow night", "tomorrow 19:00"),
    ("at 9 tomorrow morning", "tomorrow 09:00"),
    ("8:30 tonight", "today 20:30"),
    ("thursday at 11", "thursday 11:00"),  # as before
])
def test_an_hour_before_its_part_of_the_day_is_read_on_the_clock(said: str, plain: str) -> None:
    assert dates_en.clock(said) == plain


def test_an_appointment_moved_to_an_afternoon_hour_keeps_the_afternoon(tmp_path: Path) -> None:
    vault = Vault.init(tmp_path / "vault")
    start = datetime(2026, 4, 2, 14, tzinfo=timezone.utc)  # a Thursday
    for k, text in enumerate(["Dog ate a sock. Vet appt Friday 11:30 at the Banfield.",
                              "vet called, they're slammed, moved us to 2:15 this afternoon"]):
        vault.ingest(text, ts=(start + timedelta(hours=22 * k)).isoformat(), role="user", speaker="Brenda",
                     session="s")
    vault.weave_all()
    held = [i for i in vault.items(status="current") if i.attribute == "appointment"]
    assert [(i.value, i.when) for i in held] == [("vet", datetime(2026, 4, 3, 14, 15, tzinfo=timezone.utc))]


@pytest.mark.parametrize("text", ["joined the Anytime Fitness near home, going mon wed fri at 5am",
                                  "joined Planet Fitness last week",
                                  "finally joined the Ridgeway running club"])
def test_a_gym_or_a_club_joined_is_no_employer(text: str) -> None:
    assert "employer" not in _own(text)


def test_an_employer_joined_is_still_one() -> None:
    assert _own("joined Deloitte last week").get("employer") == "Deloitte"


@pytest.mark.parametrize(("text", "town"), [
    ("It's 75 degrees here in Phoenix in January, so I can't complain about much.", "Phoenix"),
    ("she got a job at the hospital here in cebu. no more 4am calls", "Cebu"),
])
def test_the_town_at_hand_is_home(text: str, town: str) -> None:
    assert _own(text).get("lives_in") == town


@pytest.mark.parametrize("text", ["we are here in Paris for a conference",
                                  "if i was here in Oslo i'd be fine",
                                  "is it cold over here in Tromsø?"])
def test_a_visit_a_supposition_or_a_question_here_is_no_home(text: str) -> None:
    assert "lives_in" not in _own(text)


# -- Chinese: the town at hand -------------------------------------------------------------------


@pytest.mark.parametrize(("text", "town"), [
    ("北京这房租我一个人扛不住啊", "北京"),
    ("青岛这个游泳馆说要装修到九月 游不了了", "青岛"),
    ("我们乐山这边好老师都被抢完了", "乐山"),
])
def test_the_town_at_hand_zh(text: str, town: str) -> None:
    assert local_town([text]) == town


@pytest.mark.parametrize("text", ["你们上海这边冷吗", "下周去北京 北京这次待三天", "以前在杭州这边上班"])
def test_the_town_of_the_one_spoken_to_a_visit_or_the_past_is_none(text: str) -> None:
    assert local_town([text]) == ""


def test_a_home_told_outright_stands_over_the_town_at_hand() -> None:
    homes = [f.value for f in facts_in("我住在苏州 上海这房租太贵了 不考虑") if f.attribute == "lives_in"]
    assert homes == ["苏州"]


# -- The reader: the sentence before --------------------------------------------------------------


def test_the_sentence_before_gives_every_token_its_cues() -> None:
    assert context_features("Big news, we finally moved!") == ["ctx=move"]
    assert context_features("拿到offer了 下周入职") == ["ctx=job"]
    assert context_features("") == []
    rows = features("Flat in Edgbaston, ten minutes from work.", before="we finally moved!")
    assert all("ctx=move" in row for row in rows)
    assert not any("ctx=move" in row for row in features("Flat in Edgbaston, ten minutes from work."))


@pytest.mark.parametrize("text", ["sold the 2012 honda jazz to my neighbour",
                                  "finally traded in my 2015 vw polo last week"])
def test_a_car_parted_with_is_not_read_as_the_car(text: str) -> None:
    assert [f.value for f in span_reader.read(text) if f.attribute == "car"] == []


def test_a_car_got_after_one_sold_is_read() -> None:
    read = span_reader.read("sold my corsa and bought a 2019 vw polo")
    assert [f.value for f in read if f.attribute == "car"] == ["vw polo"]


@pytest.mark.parametrize("text", ["model", "2019 model", "the car"])
def test_a_word_for_a_car_is_no_car(text: str) -> None:
    assert span_reader._clean("car", text, chinese=False) is None


@pytest.mark.parametrize("text", ["I played tennis on Sundays",
                                  "we went swimming every tuesday and thursday"])
def test_a_habit_told_in_the_past_is_no_routine(text: str) -> None:
    assert not [f for f in facts_in(text) if f.attribute == "routine"]
