"""Chinese doubts: a clause that talks about a changing attribute without giving its new value.

"搬家累死了", "明天去交辞职信", "下个月就是最后一天上班": the attribute may have changed
(or is about to), so its current value is flagged as possibly outdated (``Op.DOUBT``), never
ended. Each entry is a lexicon of what people say around such a change, per attribute.
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules_text import Fact
from vaultweave.weaver.extract.rules_zh_values import LANGUAGES, PETS_RE

_DOUBTS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    # a lease ending ("房租合同六月十八号到期", "续不续租"; a contract or a gym card renewed is none of it),
    # a move hinted ("又得挪窝"), emigration weighed ("谂紧移民多伦多 但未决定"; 谂紧: Cantonese "thinking of")
    (re.compile(r"(?:租约|租房合同|房租合同|租期)[^，,]{0,8}到期|续不续租|挪窝|"
                r"(?:考虑|打算|准备|谂紧|在想)(?:要)?移民"), ("lives_in",)),
    (re.compile(r"搬家|搬走|找房子?|看房|房源|退租|房东.{0,6}(?:卖房|收房|涨租|不租)|单程|箱子.{0,3}寄走|"
                r"机票.{0,3}(?:买好|订好)|(?:可能|打算|准备|想|要)(?:先)?(?:回|搬去|搬到|去)[^，,]{2,6}?"
                r"(?:待|呆|住|定居|发展|生活)|"
                # a hedged return or move: "可能明年回长沙吧"
                r"(?:可能|打算|准备|想|考虑)(?:明年|今年|年底|以后|过段时间|下半年|过完年)?(?:回|搬回|搬去|搬到)"
                r"(?:老家|[\u4e00-\u9fff]{2,4})"), ("lives_in",)),
    # interviewing elsewhere ("上周面了个虾皮 二面挂了"): the employer, maybe not the work one does
    (re.compile(r"(?<![被给])面了(?:个|一家)(?!小时|钟头)|[二三终]面(?:挂|过)了"), ("employer",)),
    (re.compile(r"辞职信|辞呈|提(?:了)?离职|裸辞|合同.{0,4}到期|在看机会|想跳槽|交接工作|办离职|离职手续|"
                r"最后一天(?:上班)?|last\s*day|裁员名单|被约谈|(?<!被)裁员|"
                r"(?:可能|要|快|准备|传)[^，,]{0,4}(?:解散|倒闭|破产|关门)|"
                # a job about to end: "准备辞职了", "下周就要离职了", "估计要被裁"
                r"(?<![不没])(?:准备|打算|要|想|考虑|估计|可能|快)(?:要)?(?:被裁|被优化|辞职|离职|裸辞|跳槽|换工作)|"
                # a job that may not last: "能不能转正还两说", "不知道还能干多久"
                r"(?:能不能|不一定能|未必能)转正|转不了正|试用期.{0,6}(?:过不了|悬)|"
                r"(?:还能不能|不知道还能)(?:在这|在这里|在那)?(?:干|做|待|呆)(?:下去|多久)"),
     ("employer", "job_title")),
    # how long one may stay there: "不知道还能在pdd撑多久", "华为我可能干不长了", "明年还在不在这间真的不知道",
    # "还能不能留下", "在偷偷看别的机会" (the place of work; a line of work weighed is the title's: "这行我还能干几年")
    (re.compile(r"(?<!这行)(?<!这行我)还能(?:在[^，,]{1,8}?)?(?:干|做|撑|熬|混)(?:下去|多久|几年|多长时间)|(?:干|做)不长|"
                r"还在不在[^，,]{0,8}?(?:都)?(?:不好说|不知道|难说|说不准)|(?:明年|下个月|以后)还在不在|"
                r"还能不能留下|(?:看|找)(?:别的|其他|新的)(?:机会|工作)|骑驴找马|续不续约"), ("employer",)),
    (re.compile(r"这一?行(?:我)?还能(?:干|做|撑|熬|混)(?:下去|多久|几年|多长时间)|还能靠[^，,]{1,6}?吃(?:几年|多久)"),
     ("job_title",)),
    (re.compile(r"离婚|分居|闹分手|冷静期|冷战|(?:考虑|想|打算)(?:要)?分手|(?:日子|婚|感情)还能不能(?:过|走)下去"),
     ("spouse", "partner")),
    (re.compile(r"(?:让|劝|叫|要)我(?:把烟|把酒)?(?:戒|少)(?:烟|酒|抽|喝)|(?:烟|酒)(?:得|要)戒"), ("habit",)),
    (re.compile(r"受伤|骨折|扭伤|拉伤|(?:暂时|[一二两三几\d]+个?(?:月|周))不能(?:再)?(?:跑|游|练|打|跳|骑)"),
     ("habit", "routine")),
    (re.compile(r"(?:可能|也许)(?:根本)?不是[^，,]{0,6}过敏|过敏原检测|过敏.{0,4}(?:误诊|搞错)"), ("allergy",)),
    (re.compile(r"开荤|破戒|(?:吃|碰)(?:点|一点)肉"), ("diet",)),
    (re.compile(r"(?:健身|瑜伽|游泳|舞蹈)?(?:卡|课).{0,3}(?:到期|停了)|(?:馆|健身房|工作室).{0,2}(?:倒闭|关门|跑路)"),
     ("routine",)),
    (re.compile(rf"(?:{'|'.join(LANGUAGES)}).{{0,6}}(?:没碰|没学|没练|荒废|忘光)"), ("learning",)),
    (re.compile(rf"(?:{PETS_RE}).{{0,4}}(?:住院|病危|不行了)"), ("pet",)),
)

# Someone else as the subject before the cue, with no 我 after them: "上周末她搬走了", a peer telling
# of their own plans ("我个friend阿Ken话想搬去温哥华", 话: Cantonese "says"; "同门说毕业后要去深圳"); a
# doctor or a boss telling of the speaker's ("医生说可能不是…过敏") is no one else's change
_THEIRS = re.compile(r"(?:(?<![跟和同与])[他她]|(?:同门|同学|同事|朋友|friend|室友|闺蜜|师兄|师姐)[^，,]{0,6}?"
                     r"(?:说|话))(?!.*我)")


_NAMED_ILL = re.compile(r"^(?P<name>[^，,我你他她它]{2,4}?)(?:又|也|突然)?(?:住院|病危|快不行|不行了)")


def doubts(clause: str) -> list[Fact]:
    """ "搬家累死了" / "明天去交辞职信": the attribute may have changed, no new value given."""
    if re.search(r"如果|要是|假如|要不要|会不会|吗$", clause):
        return []
    named = _NAMED_ILL.match(clause)
    if named:  # 旺财住院了: the pet of that name, if there is one
        return [Fact("pet", named.group("name"), Op.DOUBT, 0.6)]
    for pattern, attributes in _DOUBTS:
        found = pattern.search(clause)
        if found and not _THEIRS.search(clause[: found.start()]):
            return [Fact(a, "", Op.DOUBT, 0.6) for a in attributes]
    return []

