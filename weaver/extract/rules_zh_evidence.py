"""Chinese rule builders that weigh evidence beyond their pattern: jieba's tags for a name
or a company, the items of a list told without 、, whether a place gone to is a living, and
work for an app told by the app's name ("跑美团外卖", "跑滴滴").
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract import words_zh
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.places_zh import known_city
from vaultweave.weaver.extract.rules_text import Fact, Rule, rule
from vaultweave.weaver.extract.rules_zh_values import DIETS, LANGUAGES, is_place, org_of, place_of
from vaultweave.weaver.extract.trips import TRIP_ZH

# A list item said on its own after a comma or a space: a short noun or activity, no
# pronoun, negation, particle or link word ("羽毛球 摄影 偶尔爬爬山").
_ITEM_LEAD = re.compile(r"^(?:偶尔|有时候?|还有|还|也|以及|和|再就是|另外|各种|各类|一些)+")
_NOT_ITEM = re.compile(r"[我你他她它很太不没了吗呢吧但就都得着过是的会要想说]")


def listed(rest: str) -> list[str]:
    """The items a list told without 、 goes on with: "，摄影，偶尔爬爬山" -> 摄影, 爬山."""
    items: list[str] = []
    for piece in rest.split("，")[1:9]:
        item = _ITEM_LEAD.sub("", piece.strip())
        item = re.sub(r"^([\u4e00-\u9fff])\1(?=[\u4e00-\u9fff])", r"\1", item)  # 爬爬山: 爬山
        if not re.fullmatch(r"[\u4e00-\u9fffA-Za-z]{1,6}", item) or _NOT_ITEM.search(item):
            break
        if words_zh.tags(item)[:1] and words_zh.tags(item)[0][1] in ("m", "q", "d", "a", "t"):
            break  # "三分糖少冰", "特别好": how it is had, not a thing liked
        items.append(item)
    return items


def said_name(m: re.Match[str]) -> list[Fact]:
    """ "大家好，我是李雷": a name, when jieba reads the word as one."""
    name = m.group("v")
    return [Fact("name", name, Op.ASSERT, 0.8)] if words_zh.tagged_person(name) else []


# jieba's tags of a name that can be a company's (华为 nr, 美团 n, 腾讯 nz, 中石化 j, Bosch eng).
_ORG_TAGS = frozenset({"n", "nr", "nrt", "nz", "nt", "j", "eng", "ns"})


def org_work(m: re.Match[str]) -> list[Fact]:
    """ "华为搬砖": one word before a verb of work is where one works (a city: where one lives)."""
    word = m.group("org")
    tagged = words_zh.tags(word)
    if len(tagged) != 1 or tagged[0][1] not in _ORG_TAGS or word.startswith("回") or word in ("老家", "家里"):
        return []  # "回老家上班": going home to work, no company
    if is_place(word):
        return [Fact("lives_in", word, Op.ASSERT, 0.7)]
    org = org_of(word)
    return [Fact("employer", org, Op.ASSERT, 0.75)] if org else []


def settled(m: re.Match[str]) -> list[Fact]:
    """ "跑去大理开民宿了": a place gone to for a living is the new home (a trip is no
    living: "去大理玩" never reaches here); a shop opened there is the new line of work."""
    place = place_of(m.group("v"))
    if not place or not is_place(place):
        return []
    shop = [Fact("job_title", m.group("shop") + "老板", Op.ASSERT, 0.75)] if m.group("shop") else []
    return [Fact("lives_in", place, Op.ASSERT, 0.75), *shop]


def drives(m: re.Match[str]) -> list[Fact]:
    """我在成都开出租 / 哈尔滨开出租车的 / 在长春开了十年公交: a driver, and the town one drives in
    is home."""
    if m.group("city") and not is_place(m.group("city")):
        return []
    said = {"出租": "出租车", "滴滴": "网约车", "公交": "公交车", "大车": "货车", "大货": "货车"}
    title = said.get(m.group("v"), m.group("v")) + "司机"  # 开大车: a lorry
    town = m.group("city") or place_of(m.group("where") or "")
    return [Fact("job_title", title, Op.ASSERT, 0.8)] + (
        [Fact("lives_in", town, Op.ASSERT, 0.7)] if town and is_place(town) else [])


def here_town(m: re.Match[str]) -> list[Fact]:
    """ "西安这满大街肉夹馍", "大庆这边水泡子多", "重庆这山路": a town told as the speaker's
    "here" is where they live (0.6, below a home said outright); a hedge or a question
    about it ("上海这块机会应该多吧") says nothing of where they are."""
    town = m.group("v")
    if not is_place(town) or re.search(r"机会|应该|可能|如果|要是|吗|[?？]", m.string):
        return []
    return [Fact("lives_in", town, Op.ASSERT, 0.6)]


def our_town(m: re.Match[str]) -> list[Fact]:
    """ "我们广州白粥倒是挺多的", "从我们青岛直飞": a city said as "our" city is where one lives,
    assumed (0.6: it fills no home told, as "我们上饶都下霜了" said from 广州 is the town one is from);
    never on a trip ("我们成都之旅"), nor one's people ("阿拉宁波人", "我们朝鲜族") or a place in it
    ("阿拉瑞金医院")."""
    said = m.group("v")
    town = next((said[:n] for n in (4, 3, 2) if len(said) >= n and known_city(said[:n])), None)
    if not town or TRIP_ZH.search(m.string) or re.match(r"的|人|族|医院|大学|中学|小学|路|街|站|机场", said[len(town):]):
        return []
    return [Fact("lives_in", town, Op.ASSERT, 0.6, assumed=True)]


# What "X不练了" may have been: a language learned, a class or sport kept, a pastime, a liking
_DROPPABLE = ("routine", "hobby", "habit", "likes")


def dropped(m: re.Match[str]) -> list[Fact]:
    """ "日语不学了", "瑜伽不练了", "生酮不搞了": whatever the thing was to the speaker ends (the
    resolver ends only the values it names); a diet named so ends the diet."""
    thing = m.group("v")
    if thing in DIETS:
        return [Fact("diet", DIETS[thing], Op.RETRACT, 0.75)]
    return [Fact("learning", LANGUAGES.get(thing, thing), Op.RETRACT, 0.75),
            *(Fact(attribute, thing, Op.RETRACT, 0.7) for attribute in _DROPPABLE)]


def hobbies(m: re.Match[str]) -> list[Fact]:
    """ "爱好就是跳舞", "我的爱好是爬山和摄影": each pastime named (never 爱 + "好就是跳舞")."""
    found = []
    for part in re.split(r"[、/]|和|跟|还有", m.group("v")):
        thing = re.sub(r"^(?:e+m+|嗯+|呃+)\s*", "", part.strip())  # "emmm": a pause
        thing = re.sub(r"^(?:平时|没事|有空)?(?:就|也)?(?:去|玩|搞)?", "", thing)
        thing = re.sub(r"^[^，,]{1,6}?(?:路|公园|江边|河边|湖边|海边|山上)(?=..)", "", thing)  # 环岛路骑车
        said_of = re.match(r"(?:太|很|挺|蛮|好|不|没|都|也|比较|特别|有点)", thing) or thing.endswith("了")
        if 2 <= len(thing) <= 8 and not said_of and not re.search(r"[我你他她吗呢吧啥什么]", thing):
            found.append(Fact("hobby", thing, Op.ASSERT, 0.8))
    return found


def home_town(m: re.Match[str]) -> list[Fact]:
    """ "周末回老家长沙", "过年回合肥老家", "先回洛阳老家歇歇": where one is from, told by going
    back there (a plan to go is still a hometown told; a hypothetical is screened before)."""
    town = place_of(m.group("a") or m.group("b") or "")
    return [Fact("hometown", town, Op.ASSERT, 0.75)] if town and is_place(town) else []


# Towns told in passing, tried after every other reading of the clause: gone back to as home
# ("回老家长沙"), the speaker's "here" ("西安这满大街…") or "our" town ("我们东莞就一个…")
TOWNS_IN_PASSING: tuple[Rule, ...] = (
    rule(r".*?回(?:到)?(?:老家(?P<a>[\u4e00-\u9fff]{2,4}?)(?=看|过|住|待|呆|了|$)|(?P<b>[\u4e00-\u9fff]{2,5}?)老家)",
         home_town),
    rule(r"(?:.*[，,])?(?:我们|俺们|咱们|阿拉|我?在)?(?P<v>[\u4e00-\u9fff]{2,4}?)(?:这边|这里|这儿|这块|这(?![是个样么种些次回段辈]))",
         here_town),
    rule(r".*?(?:我们|俺们|咱们|阿拉)(?P<v>[\u4e00-\u9fff]{2,5})", our_town),
)


# "跑美团外卖", "老子跑滴滴跑了五年了", "每周一三五晚上跑Uber Eats": work for an app, named by it;
# the title by what the app carries (food, people, goods); "跑外卖" alone is the title only.
_APP_TITLES = {
    "外卖骑手": ("美团", "饿了么", "Uber Eats", "UberEats", "foodpanda", "达达", "顺丰同城", "UU跑腿", "蜂鸟"),
    "网约车司机": ("滴滴", "曹操", "T3", "花小猪", "高德", "Grab", "Uber"),
    "货车司机": ("货拉拉", "快狗", "Lalamove"),
    "闪送员": ("闪送",),
}
_APP_TITLE = {app.casefold(): title for title, apps in _APP_TITLES.items() for app in apps}
_APP = "|".join(sorted((re.escape(a) for apps in _APP_TITLES.values() for a in apps), key=len, reverse=True))
_BY_KIND = {"外卖": "外卖骑手", "网约车": "网约车司机", "快递": "快递员", "出租": "出租车司机", "货运": "货车司机"}


def app_title(app: str, kind: str = "") -> str:
    """The title of one who works for ``app`` ("美团" with "外卖": 外卖骑手); "" for no app known."""
    return _BY_KIND.get(kind) or _APP_TITLE.get(re.sub(r"\s+", " ", app).casefold(), "")


def _app_work(m: re.Match[str]) -> list[Fact]:
    app = m.group("app")
    if not app:  # "跑外卖": the title only
        return [Fact("job_title", _BY_KIND[m.group("kind2")], Op.ASSERT, 0.8)]
    title = app_title(app, m.group("kind") or "")
    return [Fact("employer", app, Op.ASSERT, 0.8), Fact("job_title", title, Op.ASSERT, 0.8)]


APP_WORK: tuple[Rule, ...] = (
    rule(r"^(?:[^，,]*[，,])*?我?[^，,跑不没别他她它]{0,12}?跑(?:了)?(?:(?P<app>(?i:" + _APP + r"))\s*(?P<kind>外卖)?|(?P<kind2>外卖|网约车|快递|出租|货运))"
         r"(?![\u4e00-\u9fff]{0,2}(?:的人|小哥的|店))",
         _app_work),
)


def class_ended(m: re.Match[str]) -> list[Fact]:
    """ "吉他课停了": the class ends, and with it the learning of what it taught (吉他)."""
    taught = re.sub(r"^每周的?", "", m.group("v")).removesuffix("课")  # the rule keeps 我 out of v
    learning = [Fact("learning", taught, Op.RETRACT, 0.7)] if len(taught) >= 2 and "的" not in taught else []
    return [Fact("routine", m.group("v"), Op.RETRACT, 0.75), *learning]


# "公司叫Moka", "我们单位叫华信": the company one works for, by its name
COMPANY_NAMED: tuple[Rule, ...] = (
    rule(r"^(?:我们?的?)?(?:公司|单位)(?:的?名字)?(?:叫|名叫|叫做)"
         r"(?P<org>[A-Za-z0-9\u4e00-\u9fff&]{2,12}?)(?:的)?(?:$|，|\s)",
         lambda m: [Fact("employer", org, Op.ASSERT, 0.75) for org in [org_of(m.group("org"))] if org]),
    # "(下午)在社区老年大学学国画": a school or a class, and what one learns there
    rule(r"^我?(?:上午|下午|晚上|白天|周末|每周[一二三四五六日天]?|平时)?(?:都|也|还)?在(?P<at>[^，,在]{2,10}?"
         r"(?:大学|学校|学院|培训班|兴趣班|中心|学堂|夜校))(?:学(?:习)?|上)(?P<v>[^，,了过完会]{2,6}?)(?:课)?$",
         lambda m: [Fact("studies_at", m.group("at"), Op.ASSERT, 0.75),
                    Fact("learning", LANGUAGES.get(m.group("v"), m.group("v")), Op.ASSERT, 0.75)]),
)
