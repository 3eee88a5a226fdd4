"""Chinese facts the twentieth round reads (docs/FACTS.md): a line of work told by the verb of the
trade (driving for an app, writing code or copy, selling on the road, teaching, running a shop),
the home one commutes from, and the town of a clause whose subject is dropped. Every sentence is
written for these tests, none is taken from the bench."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.homes_zh import commuted
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.searched_zh import searched_title
from vaultweave.weaver.extract.span_reader import readable_parts
from vaultweave.weaver.extract.trades_zh import told_by_trade

from tests.zh_facts import homes, own, theirs

A = Op.ASSERT


def _titles(text: str) -> set[str]:
    return {value for attribute, value, op in own(text) if attribute == "job_title" and op is A}


# -- driving or delivering for an app ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title"),
    [("厂里效益不好 下了班再开滴滴补贴家用", "网约车司机"),
     ("先开网约车顶一阵子 等找到工作再说", "网约车司机"),
     ("我在武汉跑饿了么外卖 一天跑三十单", "外卖骑手")],
)
def test_driving_for_an_app_with_a_time_or_a_place_around_it_is_the_trade(text: str, title: str) -> None:
    assert title in _titles(text)


def test_the_town_one_delivers_in_is_home_and_the_app_the_employer() -> None:
    facts = own("我在武汉跑饿了么外卖 一天跑三十单")
    assert ("lives_in", "武汉", A) in facts
    assert ("employer", "饿了么", A) in facts


@pytest.mark.parametrize("text", ["下雨了打了个滴滴回家", "滴滴外卖都不跑了 太累",
                                  "开网约车的师傅说前面堵车"])
def test_a_ride_taken_an_ending_or_the_driver_met_is_no_trade(text: str) -> None:
    assert not any(f.attribute == "job_title" and f.op is A and not f.about for f in facts_in(text))


def test_someone_elses_app_work_is_theirs() -> None:
    facts = theirs("我老公在长沙跑滴滴")
    assert ("husband", "", "job_title", "网约车司机") in facts
    assert not _titles("我老公在长沙跑滴滴")


# -- code, copy and sales ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title", "employer"),
    [("在网易写前端 加班是常态", "前端", "网易"), ("在蓝色光标写文案 改稿改到吐", "文案", "蓝色光标"),
     ("平时在蒙牛跑业务 天天喝酒", "业务", "蒙牛")],
)
def test_work_told_by_what_one_writes_or_sells_there(text: str, title: str, employer: str) -> None:
    facts = own(text)
    assert ("job_title", title, A) in facts
    assert ("employer", employer, A) in facts


def test_a_language_written_for_a_living_is_its_developer() -> None:
    assert "Python开发" in _titles("在一家券商写Python 天天跑数据")


def test_a_cafe_one_writes_in_is_no_employer() -> None:
    assert not any(a == "employer" for a, _, _ in own("周末在星巴克写代码"))


@pytest.mark.parametrize("text", ["我在家写作业", "想去跑保险 听说挣得多", "他在网易写前端"])
def test_homework_a_wish_or_someone_else_writes_no_trade_of_the_speakers(text: str) -> None:
    assert not _titles(text)


# -- teaching ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title"),
    [("我在大连教小提琴 学生不多", "小提琴老师"), ("培训班教日语教到晚上十点", "日语老师"),
     ("我带大班的 小朋友天天闹", "幼儿园老师")],
)
def test_a_subject_or_a_class_taught_is_the_teacher(text: str, title: str) -> None:
    assert title in _titles(text)


@pytest.mark.parametrize("text", ["周末教我儿子下棋", "想去山区教书", "教练让我多练深蹲"])
def test_teaching_ones_child_a_wish_or_a_coach_is_no_teacher(text: str) -> None:
    assert not any(t.endswith("老师") for t in _titles(text))


# -- running a shop ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title", "town"),
    [("俺在洛阳开烩面馆的 起早贪黑", "烩面馆老板", "洛阳"),
     ("我跟我老婆在桂林开了个米粉店", "米粉店老板", "桂林")],
)
def test_a_shop_one_runs_is_the_trade_and_its_town_home(text: str, title: str, town: str) -> None:
    assert title in _titles(text)
    assert town in homes(text)


@pytest.mark.parametrize("text", ["我姐在洛阳开烩面馆", "要是开个面馆就好了", "楼下新开了家面馆"])
def test_someone_elses_shop_or_a_wished_one_is_no_trade(text: str) -> None:
    assert not _titles(text)


# -- the home one commutes from ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "home"),
    [("住天通苑 每天挤地铁上班", "天通苑"), ("我们住Richmond 开过去半小时", "Richmond"),
     ("住大望路通勤去望京", "大望路")],
)
def test_a_home_told_with_the_way_to_work(text: str, home: str) -> None:
    assert home in homes(text)


def test_where_one_sets_out_from_each_day_is_an_assumed_home() -> None:
    found = commuted("每天从通州坐地铁过去 一个半小时")
    assert [(f.value, f.assumed) for f in found] == [("通州", True)]


@pytest.mark.parametrize(
    "text", ["如果住通州通勤要两小时", "每天从公司过去 十分钟", "住酒店 每天开车过去", "他每天从通州过去"]
)
def test_a_wish_a_workplace_a_hotel_or_someone_else_sets_out_from_no_home(text: str) -> None:
    assert not commuted(text)


def test_a_relative_who_commutes_lives_there_not_the_speaker() -> None:
    assert ("brother", "", "lives_in", "天通苑") in theirs("我弟住天通苑 每天坐地铁上班")
    assert not homes("我弟住天通苑 每天坐地铁上班")


# -- the town of a clause without its subject -------------------------------------------------


def test_a_town_that_opens_a_clause_without_its_subject_is_the_speakers() -> None:
    assert "青岛" in homes("在青岛一家医院当护士 天天倒班")
    assert "青岛" in homes("俺是潍坊人 在青岛一家医院当护士")


@pytest.mark.parametrize("text", ["我表哥 在青岛一家医院当护士", "在青岛出差 忙死了"])
def test_a_town_after_someone_else_or_on_a_trip_is_no_home(text: str) -> None:
    assert "青岛" not in homes(text)


def test_the_trade_reader_reads_one_piece_at_a_time() -> None:
    assert told_by_trade("累死了，晚上还得开滴滴") and not told_by_trade("累死了，晚上打滴滴回家")


# -- a title found after a search for the word ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title"),
    [("我干的是 嗯 那个 物流专员 对 单证专员 天天对单子", "单证专员"),
     ("做的那个，怎么说，就是给门店配货的，公司管这叫陈列师", "陈列师"),
     ("我是做，那个，就是帮人看风水的，也不是那种算命的大师，风水顾问吧，算是", "风水顾问")],
)
def test_the_title_the_speaker_settles_on_after_a_search(text: str, title: str) -> None:
    assert _titles(text) == {title}


def test_a_title_denied_on_the_way_is_not_the_one_settled_on() -> None:
    assert searched_title("我干的是，不是那种跑腿的快递员，是仓库的分拣员") == "分拣员"


@pytest.mark.parametrize("text", ["我老公干的是 那个 保安", "他干的就是 那个 司机", "我干的是体力活 累死了"])
def test_someone_elses_search_or_no_title_settles_nothing(text: str) -> None:
    assert searched_title(text) == ""


# -- an app left for another, a company quit ---------------------------------------------------


def test_leaving_one_app_for_another_keeps_the_trade() -> None:
    facts = own("我不跑美团了，转到饿了么了")
    assert ("employer", "美团", Op.RETRACT) in facts
    assert ("employer", "饿了么", A) in facts
    assert not any(a == "job_title" and op is Op.RETRACT for a, _, op in facts)


def test_leaving_an_app_for_no_other_ends_the_trade() -> None:
    assert ("job_title", "外卖骑手", Op.RETRACT) in own("我不跑美团了")


def test_a_company_quit_by_name_ends_the_job_held_there() -> None:
    facts = own("蓝色光标辞了 下周开始休息")
    assert ("employer", "蓝色光标", Op.RETRACT) in facts
    assert ("job_title", "", Op.RETRACT) in facts


def test_a_part_time_job_quit_ends_only_itself() -> None:
    assert ("job_title", "", Op.RETRACT) not in own("兼职不干了")


def test_the_company_switched_to_is_named_without_the_verb_after_it() -> None:
    assert ("employer", "美团", A) in own("上个月转去美团跑了")


def test_a_trade_given_up_mid_sentence_is_a_clause_of_its_own() -> None:
    facts = own("过完年我没回武汉，滴滴也不开了，在老家帮我爸看店")
    assert ("job_title", "", Op.RETRACT) in facts


# -- a job held for a term ---------------------------------------------------------------------


@pytest.mark.parametrize("text", ["援疆结束了 下个月回上海", "实习也结束了，开始写毕业论文"])
def test_a_job_held_for_a_term_ends_with_it(text: str) -> None:
    assert ("job_title", "", Op.RETRACT) in own(text)


@pytest.mark.parametrize("text", ["我妹实习结束了", "等实习结束了再说吧", "实习结束了吗"])
def test_someone_elses_term_a_term_still_to_end_or_renewed_ends_nothing(text: str) -> None:
    assert ("job_title", "", Op.RETRACT) not in own(text)


# -- a move told with its coming day ------------------------------------------------------------


def _moves(text: str) -> list[tuple[str, str, Op, str]]:
    return [(f.attribute, f.value, f.op, f.when) for f in facts_in(text)
            if f.attribute == "lives_in" and not f.about]


@pytest.mark.parametrize(
    ("text", "day"), [("下礼拜三从无锡搬去苏州了", "下礼拜三"), ("跟你说 月底从保定搬到石家庄", "月底")]
)
def test_a_move_told_with_its_coming_day_happens_that_day(text: str, day: str) -> None:
    moves = _moves(text)
    new = [m for m in moves if m[2] is A and m[1] in ("苏州", "石家庄")]
    assert new and all(m[3] == day for m in new)


def test_the_day_of_a_move_told_before_its_place_dates_it() -> None:
    moves = _moves("6月1号要搬家了 从滨湖搬去新吴")
    assert ("lives_in", "新吴", A, "6月1号") in moves


def test_a_move_wished_for_on_a_day_is_no_move() -> None:
    assert not [m for m in _moves("月底想搬去苏州") if m[2] is A]


# -- the home town told by the way home ----------------------------------------------------------


def _hometowns(text: str) -> set[str]:
    return {value for attribute, value, op in own(text) if attribute == "hometown" and op is A}


@pytest.mark.parametrize(
    ("text", "town"),
    [("实在不行就回洛阳老家开个小店", "洛阳"), ("我奶奶一个人住在宜宾老家", "宜宾"),
     ("闺女放暑假在老家遵义待着", "遵义"),
     ("我爸天天催我回南通考公务员", "南通"), ("过年回赣州堵了九个小时", "赣州")],
)
def test_the_home_town_named_on_the_way_home(text: str, town: str) -> None:
    assert town in _hometowns(text)


@pytest.mark.parametrize("text", ["我老公的老家在赣州", "他老家赣州的", "我老婆过年回赣州", "周末回老家看看"])
def test_someone_elses_home_town_or_an_unnamed_one_is_not_the_speakers(text: str) -> None:
    assert not _hometowns(text)


# -- a value made of what one said, in the characters typed -------------------------------------


def test_a_title_made_of_what_one_does_is_written_as_typed() -> None:
    assert "幼兒園老師" in _titles("我在幼兒園教中班 每天都好累")
    assert "幼儿园老师" in _titles("我在幼儿园 教中班 每天都好累")


def test_the_reader_reads_no_job_where_one_sits() -> None:
    # the trained reader fills what the rules leave; a café one works in is no employer to it either
    assert readable_parts("周末在图书馆写论文") == []
    assert readable_parts("我在星巴克上班三年了") == ["我在星巴克上班三年了"]
