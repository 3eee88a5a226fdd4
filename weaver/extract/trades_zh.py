"""A Chinese line of work told by the verb of the trade, wherever it sits in the clause.

People in chat rarely say "我是X"; they say what they do, with a time, a place or a remark
around it, and the pattern tables (anchored on the whole clause) miss it:

- driving or delivering for an app or by the trip: "晚上开滴滴", "先开网约车过渡一下",
  "在重庆跑美团外卖", "现在去Grab开车顶住先" (the title by what is carried, the app the employer);
- code or copy written for a living: "在奥美写文案", "在望京这边美团写Java" (Java开发), "在联发科写韧体";
- selling on the road: "我是跑医药销售的", "在伊利跑销售";
- teaching a subject or a class: "在呼和浩特教马头琴", "补习班教英文教到九点", "我带中班的"
  (a kindergarten class: 幼儿园老师);
- running a shop: "在自贡开火锅店的", "在大明宫建材市场开了个建材店", "开咗间肠粉铺".

Read only in a piece (between commas) said of oneself, and not when the piece is a plan, a
wish, a denial or about someone else ("想去教英语", "不跑滴滴了", "他开网约车的"); teaching
someone ("教我女儿数学") names no trade. A town named where the work is done ("在重庆…") is
where one lives; a name that is no town is the employer.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.places_zh import known_city
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.rules_zh_evidence import app_title
from vaultweave.weaver.extract.rules_zh_values import is_place, org_of

_CJK = "\u4e00-\u9fff"
_ME = r"(?:我|俺|老子|阿拉|本人|阮)?"
# Before the verb: when or how one does it, never whether ("先", "晚上", "现在搁家", "出来").
_WHEN = (r"(?:先|就|还|再|又|也|都|得|现在|目前|平时|平常|白天|晚上|周末|下了?班后?|业余|兼职|顺便|暂时|"
         r"搁家|在家|出来|去)*")
# Where the work is done: "在重庆", "在望京这边美团" (a place, then a company), "喺岗顶".
_AT = rf"(?:在(?P<at>[{_CJK}A-Za-z0-9&]{{2,12}}?)(?:这边|那边|那里|这里|那旮旯|这旮旯)?)?"
# A piece that is not a statement of one's own work now.
_NOT_NOW = re.compile(r"想|要|打算|准备|计划|考虑|如果|要是|假如|的话|不|没|别|可能|以前|之前|曾经|原来|当年|"
                      r"他|她|他们|她们|朋友|同事|老公|老婆|爸|妈|哥|姐|弟|妹|儿子|女儿")
_WISH = re.compile(r"如果|要是|假如|的话|梦想|做梦|[吗?？]$")
# Who one works with is not who works: "跟朋友合伙", "我跟他妈在沈阳".
_WITH = re.compile(rf"(?:跟|和|同)[{_CJK}]{{1,4}}?(?=在|开|一起|合伙)")
# Where people sit to work without working for it: "在星巴克写代码"
SITTING = re.compile(r"星巴克|麦当劳|肯德基|瑞幸|图书馆|咖啡|自习室|宿舍|高铁|地铁|飞机|^家里?$")
_APPS = r"滴滴|曹操|T3|花小猪|Grab|Uber|货拉拉|Lalamove|美团|饿了么|Uber\s?Eats|foodpanda"

_DRIVES = re.compile(
    rf"^{_ME}{_WHEN}{_AT}{_WHEN}(?:开|跑)了?(?:[一二两三四五六七八九十几\d]+(?:年|个月|天)(?:的)?)?"
    rf"(?P<what>(?P<app>{_APPS})\s*(?P<kind>外卖)?|网约车|出租车?|外卖|快递|货运|(?:长途)?(?:货车|大货|大车))"
    r"(?![\u4e00-\u9fff]{0,2}(?:的人|的师傅|的司机|的大哥|的朋友|小哥|店|软件|app|APP)|去|来|回|到)"
)
# "Grab开车", "滴滴开了两个礼拜": the app said first
_APP_DRIVEN = re.compile(rf"^{_ME}{_WHEN}(?P<what>(?P<app>Grab|Uber|滴滴))\s*开(?:车|了)")

_CODE = {"前端": "前端", "后端": "后端", "代码": "程序员", "程序": "程序员", "算法": "算法工程师",
         "文案": "文案", "韧体": "韧体工程师", "固件": "固件工程师", "嵌入式": "嵌入式工程师",
         "驱动": "驱动工程师"}
_WRITES = re.compile(
    rf"^{_ME}{_WHEN}{_AT}{_WHEN}(?:写|敲)(?P<what>前端|后端|代码|程序|算法|文案|"
    r"韧体|固件|嵌入式|驱动|Java|Python|Golang|Go|PHP|C\+\+|iOS|安卓|Android)"
    r"(?![\u4e00-\u9fff]{0,1}(?:的人|课|作业))"
)
_SELLS = re.compile(rf"^{_ME}(?:是)?{_WHEN}{_AT}{_WHEN}跑(?P<what>[{_CJK}]{{0,4}}?(?:销售|业务|保险))(?:的)?")

# What is taught: a subject of one to four hanzi that names no one taught ("教我女儿数学").
_TEACHES = re.compile(
    rf"^{_ME}{_WHEN}(?:在(?P<at>[{_CJK}A-Za-z]{{2,10}}?)(?:这边|那边|那个|这个)?|"
    rf"[{_CJK}]{{1,6}}(?:班|校|馆|所|中心|机构|学院|园|室))?{_WHEN}"  # "补习班教英文": a kind of school
    rf"教(?!小(?!学)|[我你他她人孩学大儿女娃侄外练授室材程育训会堂导得的过了着完师书])(?P<what>[{_CJK}]{{1,4}}?)"
    r"(?:课|的|了|教到[^，,]*|，|\s|$)"
)
_NOT_SUBJECTS = frozenset({"书", "课", "会", "育", "练"})
_CLASSES = re.compile(rf"^{_ME}{_WHEN}{_AT}{_WHEN}(?:带|教)(?P<what>(?:幼儿园)?(?:小|中|大)班)")

_SHOP_RE = re.compile(
    rf"^{_ME}(?:跟[{_CJK}]{{1,4}})?{_AT}{_WHEN}开(?:了|咗)?(?:一?[家间个])?(?:小)?"
    rf"(?P<what>[{_CJK}]{{1,6}}?)(?P<kind>店|铺|馆)(?:的)?$"
)


def beside(facts: list[Fact], clause: str) -> list[Fact]:
    """What ``told_by_trade`` adds to the ``facts`` a clause already gave: only the attributes
    (title, employer, home) they name none of."""
    held = {(f.attribute, f.value) for f in facts}
    # what the clause already names stays ("白天在富士康上班 晚上开滴滴": a side job, the employer kept)
    named = {f.attribute for f in facts if f.attribute in ("lives_in", "employer", "job_title")}
    return [f for f in told_by_trade(clause)
            if (f.attribute, f.value) not in held and f.attribute not in named]


def kept_across_apps(facts: list[Fact]) -> list[Fact]:
    """ "我不跑美团了，转到饿了么了": leaving one app for another of the same trade ends the app
    (the employer), not the trade; the title the ending named is kept."""
    joined = {app_title(f.value) for f in facts
              if f.attribute == "employer" and f.op is Op.ASSERT and not f.about}
    return [f for f in facts if not (f.attribute == "job_title" and f.op is Op.RETRACT and not f.about
                                     and f.value and f.value in joined)]


def told_by_trade(clause: str) -> list[Fact]:
    """The title (and the employer or the town) a trade verb tells in any piece of ``clause``."""
    for piece in clause.split("，"):
        piece = piece.strip()
        found = _in_piece(piece)
        if found:
            return found
    return []


def _in_piece(piece: str) -> list[Fact]:
    if not piece or _WISH.search(piece):
        return []
    for pattern, read in ((_DRIVES, _driver), (_APP_DRIVEN, _driver), (_WRITES, _writer), (_SELLS, _seller),
                          (_CLASSES, _kindergarten), (_TEACHES, _teacher), (_SHOP_RE, _shop)):
        match = pattern.search(piece)
        # who does it and whether, before the trade: "我跟他妈在沈阳开了个饭店" is the speaker's
        before = _WITH.sub("", piece[: match.start("what")]) if match else ""
        at = (match.groupdict().get("at") or "") if match else ""
        if match and not _NOT_NOW.search(before) and not SITTING.search(at):  # "在星巴克写代码": no trade
            facts = read(match)
            if facts:
                return facts
    return []


def _where(match: re.Match[str], employer: bool = True) -> list[Fact]:
    """The town of the work (home) or, when no town, the workplace named (employer)."""
    at = (match.groupdict().get("at") or "").strip()
    if not at:
        return []
    near = re.match(r"(?P<town>[^，,]{2,6}?)(?:这边|那边|这儿|那儿)(?P<org>.{2,})$", at)
    if near:  # "在望京这边美团写Java": the town, then the company
        return _where_named(near.group("town"), False) + _where_named(near.group("org"), employer)
    town = next((at[:n] for n in (4, 3, 2) if len(at) - n >= 2 and known_city(at[:n])), "")
    if town and employer:  # "在广州新东方教雅思": the town, then the company
        return _where_named(town, False) + _where_named(at[len(town):], employer)
    return _where_named(at, employer)


def _where_named(at: str, employer: bool) -> list[Fact]:
    if SITTING.search(at):
        return []
    town = next((at[:n] for n in (4, 3, 2) if len(at) >= n and is_place(at[:n])), "")
    if town:  # a district ("在滨江一家广告公司", "在望京这边") is where one works, not surely one's town
        return [Fact("lives_in", town.removesuffix("市"), Op.ASSERT, 0.7)] if known_city(town) else []
    org = org_of(at) if employer else None
    if not org or is_place(org) or re.search(r"[家里上边]$", org):
        return []
    if re.fullmatch(r".{1,2}[班馆店厂所室]", org):
        return []  # "补习班": a kind of workplace, no name
    return [Fact("employer", org, Op.ASSERT, 0.75)]


def _driver(match: re.Match[str]) -> list[Fact]:
    app = (match.groupdict().get("app") or "").strip()
    said = match.groupdict().get("what") or app
    trucks = "货车司机" if re.search("货车|大货|大车", said or "") else ""
    title = app_title(app, match.groupdict().get("kind") or "") if app else {
        "网约车": "网约车司机", "出租": "出租车司机", "出租车": "出租车司机", "外卖": "外卖骑手",
        "快递": "快递员", "货运": "货车司机"}.get(said, trucks)
    if not title:
        return []
    place = [f for f in _where(match, employer=False) if f.attribute == "lives_in"]
    # "晚上开滴滴": a gig on the side keeps the employer one has
    side = re.search(r"白天|晚上|下了?班|周末|业余|兼职|顺便", match.group())
    return [*([Fact("employer", app, Op.ASSERT, 0.8)] if app and not side else []),
            Fact("job_title", title, Op.ASSERT, 0.8), *place]


def _writer(match: re.Match[str]) -> list[Fact]:
    what = match.group("what")
    title = _CODE.get(what) or what + "开发"
    return [Fact("job_title", title, Op.ASSERT, 0.75), *_where(match)]


def _seller(match: re.Match[str]) -> list[Fact]:
    title = match.group("what")
    return [Fact("job_title", title, Op.ASSERT, 0.75), *_where(match)]


def _teacher(match: re.Match[str]) -> list[Fact]:
    subject = match.group("what")
    if subject in _NOT_SUBJECTS or re.search(r"[我你他她们家]|^[下一吓两几]", subject):  # "教下我": teach me
        return []
    return [Fact("job_title", subject + "老师", Op.ASSERT, 0.7), *_where(match)]


def _kindergarten(match: re.Match[str]) -> list[Fact]:
    return [Fact("job_title", "幼儿园老师", Op.ASSERT, 0.7), *_where(match)]


def _shop(match: re.Match[str]) -> list[Fact]:
    what = match.group("what")
    if re.search(r"[的个家间]|这|那|新|分", what) or len(what) < 1:
        return []  # "开了家新店", "开分店": which shop, not what it sells
    kind = "店" if match.group("kind") == "铺" else match.group("kind")
    return [Fact("job_title", what + kind + "老板", Op.ASSERT, 0.75), *_where(match, employer=False)]
