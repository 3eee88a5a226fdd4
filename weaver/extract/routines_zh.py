"""A Chinese routine: the days it recurs on and the activity, however the clause orders them.

"我每周二晚上去练瑜伽", "我每周二周四下班都去游泳", "每个礼拜六早上十点带我儿子去上乐高课",
"每周二和周四晚上我在小区跳广场舞", "天天六点跑", "以后每周日下午去捏泥巴": the days (每周X,
每个礼拜X, 每个周末, 每天, 天天) may come after a lead word, and between them and the activity
people put a time of day, a clock, 下班, the subject again, 都/固定/雷打不动, a companion
(带儿子, 跟朋友) and a venue (在小区, 去邕江边); none of those is the activity. The days stay
in the value ("瑜伽 每周二"), where ``dates_zh.weekdays`` reads them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.events_en import IT
from vaultweave.weaver.extract.rules_text import EDGES, Fact

_DAY = "一二三四五六日天"
_DAYS = (
    rf"每个?(?:周|星期|礼拜)[{_DAY}](?:(?:、|和|跟)?(?:周|星期|礼拜)?[{_DAY}])*"
    r"|每个?周末|每天|天天"
    # two weekdays or more without 每 ("周一周三下午在咖啡店兼职"): one date names one day
    rf"|(?:周|星期|礼拜)[{_DAY}](?:(?:、|和|跟)?(?:周|星期|礼拜)?[{_DAY}])+"
)
# What may open the clause before the days: the speaker, a lead word, a habit word.
_LEAD = (r"(?:ok|OK|好|嗯|另外|还有|然后|我|我们|自己|平时|一般|现在|以后|最近|都|也|还|基本上?|固定|"
         r"从?[上这下本]周(?:开始|起)|"
         r"只能|只有|\s+)*")
# A routine told as a change ("现在改成每周二四六去游泳了"): its new days, the old ones ended
_CHANGED = r"(?P<changed>(?:只能|就)?(?:改成|改为|换成|改到|变成|變成|挪到|调到|调成|换到)了?)?"
_ROUTINE = re.compile(rf"^{_LEAD}{_CHANGED}(?P<days>{_DAYS})(?P<rest>[^，,]{{1,30}})$")
# told as a change, the days need no 每 ("改成周末跟我哥去爬山"): not so an appointment moved, told
# with no activity after its day ("改到周五了")
_CHANGED_DAYS = re.compile(rf"^{_LEAD}(?P<changed>(?:只能|就)?(?:改成|改为|换成)了?)"
                           rf"(?P<days>(?:周|星期|礼拜)[{_DAY}](?:(?:、|和|跟)?(?:周|星期|礼拜)?[{_DAY}])*|周末)"
                           rf"(?![、和跟]?(?:周|星期|礼拜)?[{_DAY}])(?P<rest>[^，,]{{1,30}})$")
_VERB = r"(?=打|去|练|玩|踢|上|跑|游|做|学|跳|骑|爬|钓|划|滑|健身|撸铁|遛|听|唱|弹|画|下棋|喝茶|飲|饮)"
# Between the days and the activity, in the order people put them.
_BETWEEN = (
    r"^的",
    r"^(?:早上|上午|中午|下午|晚上|傍晚|早晨|凌晨|夜里厢|夜里|早浪向|早浪|夜里向|上半天|下半天|白天|夜晚|朝早|晏昼|夜晚)",
    r"^[零一二两三四五六七八九十\d]{1,3}点(?:半|[零一二三四五]?十?[一二三四五六七八九]?分?|\d{1,2}分?)?钟?",
    r"^\d{1,2}[:：]\d{2}",
    r"^(?:下班|放学|吃完饭|饭后)(?:后|以后|之后)?",
    r"^(?:我们|我)",
    r"^(?:还|都|会|要|得|先|固定|雷打不动|照旧|照样|照常|依旧|依然|仍然|继续|还是|坚持|必须|一定|准时|基本)+",
    rf"^(?:带|跟|和|陪|送)(?:我的?|我家)?[^，,]{{1,6}}?{_VERB}",
    rf"^(?:去|到|在)?[^，,]{{1,10}}?(?:宫|馆|中心|公园|房|室|家|边|场|湖|山|路|水库|广场|小区|学校|俱乐部|楼下|附近|"
    rf"医院|诊所|琴行|门口|那|那儿|那里){_VERB}",
    rf"^在[^，,]{{1,8}}?{_VERB}",
)
# What is kept every day as a routine: exercise and its kin
_DAILY = re.compile(r"跑|走路|散步|遛|太极|广场舞|游泳|健身|瑜伽|冥想|撸铁|骑|爬山|钓鱼|练|球|舞|拳")
_ENDED = re.compile(r"停|取消|结束|不(?:去|上|练|跑|打|跳|游)了|没(?:再)?去")
# Taking someone to school, or leading a class, is the activity as said
_TAKEN = re.compile(r"(?:送|接)[^，,]{1,6}?(?:去)?(?:上学|放学|上幼儿园)$|带[^，,]{0,4}课$")
_NOT_ROUTINE = re.compile(r"^(?:都|很|好|太(?!极)|不|没|要|想|在家|加班|上班|工作|吃饭|睡觉|忙|累|有|是|住|"
                          r"仲|俾|被|让|叫)")  # 仲俾人包咗: someone else's


# The days (and the hour) told as a piece of their own ("每周二下午", "每周六下午去")
_BARE_DAYS = re.compile(rf"^{_LEAD}(?:{_DAYS})(?:的)?"
                        r"(?:早上|上午|中午|下午|晚上|傍晚|早晨|早浪向|夜里向|下半天)?"
                        r"(?:[零一二两三四五六七八九十\d]{1,3}点(?:半)?钟?)?(?:都)?(?:去|过去|上课)?$")
# An activity told before its days: a verb of doing or attending first ("下班还去学爵士舞")
_ACTIVITY = re.compile(r"^(?:我)?(?:现在|平时|下班|放学|后|以后|还|也|都|就|会|另外|最近)*"
                       r"(?:(?P<a>(?:去|到)?(?:学|上|练|打|跳|踢|游|跑|骑|爬)[^，,]{1,10})"
                       # "报了个韩文课, 每周二晚上": the class signed up for
                       r"|报(?:了一个|了个|了|个)?(?P<b>[^，,]{1,8}?(?:课|班)))$")
# What the speaker does after the days told alone: a verb, not someone else ("志明回来帮忙")
_DONE_BY_ME = re.compile(r"^(?:我|我们)?(?:都|也|会|就|固定|一般|还)*"
                         r"(?:去|到|在|打|练|上|学|跳|踢|游|跑|骑|爬|钓|做|买|遛|带|送|陪)")
_UNSAID = re.compile(r"想|打算|准备|要不要|如果|要是|可能|也许|不|没|吗|？|\?")


def split_routine(before: str, piece: str) -> list[Fact]:
    """A routine told in two pieces: the days, then what one does ("每个礼拜三跟礼拜六早上，我都去
    市场买菜"), or what one does, then the days ("下班还去学爵士舞，每周二周四晚上")."""
    before = re.split(r"[，,]", before)[-1].strip(EDGES)
    if not before or _UNSAID.search(before) or _UNSAID.search(piece):
        return []
    if _BARE_DAYS.match(before) and _DONE_BY_ME.match(piece):
        return routine(before + piece)
    activity = _ACTIVITY.match(before)
    if _BARE_DAYS.match(piece) and activity:
        what = activity.group("a") or "上" + activity.group("b")
        return [f for f in routine(piece + what) if f.attribute == "routine"]
    return []


def later_routine(pieces: str) -> list[Fact]:
    """The routine a later piece of a clause opens with ("报了个陶艺班，以后每周日下午去捏泥巴")."""
    for piece in re.split(r"[，,]", pieces):
        found = routine(piece.strip())
        if found:
            return found
    return []


# The activity named first, its days and hour after, a verb alone at the end ("小区广场舞每周一三五
# 晚上七点跳", "太极拳每周二四早上打"): the activity is what comes before the days
_TOPIC_FIRST = re.compile(rf"^{_LEAD}(?:俺们|咱们|我们|俺)?(?:小区|村里|家里|公司|定了)?的?"
                          rf"(?P<topic>[\u4e00-\u9fff]{{2,6}}?){_CHANGED}(?P<days>{_DAYS})(?P<rest>[^，,]{{0,12}}?)(?:跳|播|练|(?<![早晚])上|去|打|踢|跑|游)?了?$")


# "时间也", "从上周开始"; "他还把晨会挪到每周一": what someone else moved
_NOT_TOPIC = re.compile(r"(?:也|都|还|就|又|开始|起|了|时间)$|^(?:时间|从|改|换|变|挪|调)|[他她它]")


def routine(clause: str) -> list[Fact]:
    """ "我每周二晚上去练瑜伽" -> routine "瑜伽 每周二"; [] when the clause tells none."""
    match = _ROUTINE.match(clause) or _CHANGED_DAYS.match(clause)
    first = None if match else _TOPIC_FIRST.match(clause)
    if first and _an_activity(first["topic"]) and _time_only(first["rest"]):
        match = first
    if not match:
        return []
    # 这周起夜班, 下个月起夜班
    opening = (r"^们?(?:(?:这|下|本)(?:周|个?月)起|从?(?:这|下|本)(?:周|个?月)开始)?"
               r"(?:小区|村里|家里|公司)?的?")
    what = (re.sub(opening, "", match.group("topic")) if match is first else match.group("rest")).strip(EDGES)
    if match is first:  # "私教现在挪到每周二周五": when, said after the activity
        what = re.sub(r"(?<=..)(?:现在|目前|以后|往后|已经|从此)$", "", what)
    for _ in range(3):  # the pieces may repeat or come in another order
        for piece in _BETWEEN:
            if _TAKEN.match(what):  # "送幺妹儿去上学", "带晨练课": whom one takes, or the class one leads
                break
            what = re.sub(piece, "", what).strip(EDGES)
    what = re.sub(r"^(送[^，,]{1,6}?)去(?=上学|上幼儿园)", r"\1", what)
    what = re.sub(r"^(?:都|也)?(?:去|来|是)(?:我的)?(?=..)", "", what)  # "每周二是钢琴课": the lesson
    what = re.sub(r"^(?:练|做|打|上|学)(?=..)", "", what)
    what = re.sub(r"^一(?:节|堂|次|场)(?=..)", "", what)
    what = re.sub(r"[了啦呢]+$|(?:[一二两三四五六七八九十\d]+次)$", "", what)
    what = re.sub(r"^健身房.*$", "健身", what)  # 去健身房撸铁: the gym
    what = re.sub(r"(?:散散心|放松一下|锻炼身体|打卡|雷打不动|风雨无阻|从不间断)+$", "", what).strip(EDGES)
    # 游泳两公里: the distance or the time is not the activity
    what = re.sub(r"个?[半一二两三四五六七八九十百\d]+(?:公里|千米|km|圈|分钟|个?小时|个?钟头?)$", "", what)
    what = re.sub(r"(?<=泳)(?:馆|池)$|(?<=球)(?:馆|场)$", "", what)  # 去游泳馆: swimming
    if re.fullmatch(r"(?:在|去|到)?[^，,]{1,8}?(?:那边|这边|那儿|那里|附近)", what):
        return []  # "每周二晚上，在师大那边": where, not what
    what = {"跑": "跑步", "游": "游泳"}.get(what, what)  # "天天六点跑", "在游泳馆游40分钟"
    if match["changed"] and match["days"].startswith("每") and re.fullmatch(r"[跳播练上去打踢游]?", what):
        return [Fact("routine", f"{IT} on {match['days']}", Op.ASSERT, 0.75)]  # "改成每周二四六早上跳"
    what = "健身" if what in ("撸铁", "举铁") else what  # (去健身房)撸铁: the gym, as people name it
    if len(what) < 2 or len(what) > 12 or _NOT_ROUTINE.match(what) or _ENDED.search(what):
        return []  # "周二周四周六的跑步全停了": its end, not the routine
    days = re.sub(r"^(?!每|天天)", "每", match.group("days").replace("个", ""))
    if days in ("每天", "天天") and not _DAILY.search(what):
        return []  # "天天琢磨要不要辞职", "每天必喝一杯": a habit or a mood, not a routine kept
    kept = [Fact("routine", f"{what} {days}", Op.ASSERT, 0.8)]
    if match.group("changed"):  # the routine of that activity told before, on its old days (speaker_memory)
        kept.insert(0, Fact("routine", f"{IT} {what}", Op.RETRACT, 0.75))
    return kept


def _an_activity(topic: str) -> bool:
    return not _NOT_ROUTINE.match(topic) and not _NOT_TOPIC.search(topic)


def _time_only(rest: str) -> bool:
    """Whether what follows the days is no more than a part of the day and an hour."""
    for _ in range(2):
        for piece in _BETWEEN[1:4]:
            rest = re.sub(piece, "", rest).strip(EDGES)
    return not rest


# A routine whose thing is only "a class" ("每周四晚上上课"): the class is the one the sentence
# named last before it ("学大提琴 每周四晚上上课", "报了个陶艺班，每周六上课")
_ONLY_A_CLASS = re.compile(r"^(?:上|我的|一节|一堂)?课(?= )")
_CLASS_NAMED = re.compile(r"(?P<c>[^\W\d的了个报学想我在去上_]{1,4}(?:课|班))"
                          r"|学(?!学)(?P<s>[\u4e00-\u9fff]{2,3}?)(?=[\s，,。]|每|$)")
_NOT_A_CLASS = re.compile(r"(?:下|加|值|夜|白|晚|早|倒|轮|排|补|自习|一|的)(?:课|班)$|^(?:校|期|生|院|会)")


def classes_named(facts: list[Fact], sentence: str) -> list[Fact]:
    """``facts`` with a routine told only as "上课" named by the class told last before it."""
    out = []
    for fact in facts:
        plain = _ONLY_A_CLASS.match(fact.value) if fact.attribute == "routine" else None
        before = sentence[: sentence.find("上课")] if plain and "上课" in sentence else ""
        named = [m["c"] or m["s"] + "课" for m in _CLASS_NAMED.finditer(before)
                 if not _NOT_A_CLASS.search(m["c"] or m["s"])]
        out.append(replace(fact, value=named[-1] + fact.value[plain.end():]) if plain and named else fact)
    return out
