"""A Chinese speaker's pet named as chat names it: by its kind, then its name, then what it did.

"我家柯基可乐又拆家了", "我家仓鼠团子最近老半夜跑轮子", "家里英短Mochi踩了键盘": the name stands
between the kind and what is said of the pet, with no 叫 before it. Only a name of two characters
(or a Latin one) right before a word that opens talk about the animal (又, 最近, 一直, 每天, 把, 被,
a verb of what pets do) is read, so "我家猫咪最近一直掉毛" (no name) and "我家猫砂盆又满了" (a thing
of the cat's) name no pet, and nor does a pet told as someone else's ("她家柯基可乐"). A name after
叫 may be quoted, spaced or numbered ("我家猫叫 Luna3号", "名字叫“小黑三号”").
"""

from __future__ import annotations

import re

from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.kin_values import counted
from vaultweave.weaver.extract.rules_text import Fact, Rule, rule
from vaultweave.weaver.extract.rules_zh_values import NOT_PET_NAME, PETS, PETS_RE

_CJK = "\u4e00-\u9fff"
# What opens talk about the animal right after its name
_SAID_OF_IT = (r"又|最近|一直|每天|天天|总是|老是|整天|成天|特别|超级?|太|好|真|现在|今天|昨天|前天|"
               r"刚|才|已经|也|都|还|把|被|一到|一见|一看|能|会|不|没|是|就|跟|在|从|"
               r"拆|掉|吐|踩|咬|叫|跑|睡|胖|瘦|生病|拉|挠|抓|偷|闻|黏|粘|趴|钻")
# Words after a kind of pet that are things or talk, never a name
_NOT_A_NAME = re.compile(r"^(?:主子|宝宝|宝贝|崽崽|崽子|砂盆|猫砂|狗粮|猫粮|罐头|零食|玩具|医院|疫苗|"
                         r"绝育|洗澡|毛发|今天|昨天|最近|每天|天天|现在|一直|生病|掉毛|拆家|"
                         r"这个|那个|一只|两只)$|^[很也都又已还最真太特超好有是在就才不没狗猫鱼咪]")
# one's home, then which of its animals: "我家那只", "家里", "刚家里"
_HOME = (r"^我?(?:刚刚?|还有|而且|对了)?(?:我(?:们)?家|我家里|家里|我屋企)(?:的)?"
         r"(?:那只|这只|那条|这条|只|隻|条)?")
_NAME = rf"(?P<name>[{_CJK}]{{2}}|[A-Z][A-Za-z]+)"

# "我家猫叫 Luna3号", "我的狗 名字叫“小黑三号”", "我养的那只布偶猫叫雪球": the name after 叫, as
# typed (quoted, spaced, or with a number after it)
_CALLED = (rf"(?:叫|名叫|名字叫|名字是)\s*[“「\"]?(?P<name>[{_CJK}]{{2,4}}(?:[0-9一二三四五六七八九十]号)?|"
           r"[A-Za-z][A-Za-z]*[0-9]*号?)[”」\"]?(?=$|[\s，,。!！]|因为|对|最近)")
_MINE_CALLED = (r"^我?(?:还有|另外|我们家|我家|家里|我的|我养的|养的)+(?:的)?"
                r"(?:那只|这只|一只|只|那条|这条|一条|条)?"
                rf"[^，,的叫\s]{{0,4}}?(?P<sp>{PETS_RE})\s*" + _CALLED)

RULES: tuple[Rule, ...] = (
    rule(_HOME + r"(?P<sp>" + PETS_RE + r")\s?" + _NAME + rf"\s?(?=(?:{_SAID_OF_IT}))",
         lambda m: _named_pet(m.group("sp"), m.group("name"))),
    rule(_MINE_CALLED, lambda m: _named_pet(m.group("sp"), m.group("name"))),
)


def _named_pet(kind: str, name: str) -> list[Fact]:
    if _NOT_A_NAME.search(name) or NOT_PET_NAME.search(name):
        return []
    return [Fact("pet", f"{counted(1, PETS[kind])} named {name}", Op.ASSERT, 0.8)]
