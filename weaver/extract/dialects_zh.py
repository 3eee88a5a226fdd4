"""Regional Chinese read as Mandarin before the rules see it.

Only words with one Mandarin reading that are no Mandarin words of their own: 俺 ("I" in
northern speech, "俺姐在大连当老师"), 喺 ("at" in Cantonese, "我喺广州做设计"), and the
Cantonese 咗, 嘅, 唔, 佢, 最后一日…: "上个礼拜五喺恒丰做埋最后一日" reads as
"…在恒丰做完最后一天"; Shanghainese 阿拉 ("we": "阿拉住徐汇");
northeastern 搁 ("at": "现在搁家开网约车"); 老子 said as "I" at the start of a sentence
("老子不跑快递了", never the philosopher: "老子说"); Cantonese 係 ("is") after who it is
said of, 哋 (the plural); Taiwan's 姊 (姐); 咯 for 了 after a verb of change ("烟也戒咯").
And a teammate named by the team: "我们组老吴上周裸辞了" is 我同事老吴, not a company
called 们组老吴.
"""

from __future__ import annotations

import re

_NORTHERN_I = re.compile(r"俺(?=[\u4e00-\u9fff\d])")
# 阿拉 is "we"/"I" in Shanghainese ("阿拉住徐汇"); not 阿拉伯, 阿拉丁, 阿拉斯加, 阿拉善
_SHANGHAI_WE = re.compile(r"阿拉(?![伯丁斯善尔蕾木])(?=[\u4e00-\u9fff])")
# 老子 opening a sentence before what one does or did is a blunt "I"
_BLUNT_I = re.compile(r"(?:^|(?<=[，,。！!？?\s]))老子"
                      r"(?=不|要|在|终于|也|就|又|已经|今天|刚|现在|辞|换|搬|受够)")
_NORTHEAST_AT = re.compile(r"搁(?=家|这|那|哪)|(?<=我)搁(?=[\u4e00-\u9fff])")  # 现在搁家开网约车, 我搁长春
_TEAMMATE = re.compile(r"(?:(?:我们|咱们)(?:组|部门|团队|科室|项目组)(?:里)?|(?<![小分])组里)的?"
                       r"(?=[老小阿][\u4e00-\u9fff])")
_CANTONESE_AT = re.compile(r"喺(?=[\u4e00-\u9fffA-Za-z])")  # 喺Deloitte做audit
_CANTONESE_WORDS = {"咗": "了", "嘅": "的", "唔系": "不是", "唔係": "不是", "唔": "不",
                    "佢": "他", "冇": "没有", "而家": "现在",
                    "琴日": "昨天", "尋日": "昨天", "寻日": "昨天", "听日": "明天", "聽日": "明天",
                    "最后一日": "最后一天", "做埋": "做完", "返工": "上班",
                    "搬咗去": "搬到", "搬咗嚟": "搬到",
                    # 睇 (look, see), 朝早 (morning), 嗰 (that), 嚟 (come): "下个礼拜四朝早十点睇医生"
                    "睇": "看", "每朝": "每天早上", "朝早": "早上", "嗰": "那", "𠮶": "那", "嚟": "来",
                    # 落嚟 (down, settled: "安頓落嚟"), 搬屋 (moving house)
                    "落嚟": "下来", "搬屋": "搬家", "搬屋佬": "搬运工",
                    # 将 with a measure word is 把 ("将部本田雅阁卖咗": sold the Accord)
                    "将部": "把", "将架": "把", "将只": "把", "将间": "把",
                    # 月尾, 月头: the month's end and start ("上个月尾跳去恒生了")
                    "月尾": "月底", "月头": "月初",
                    # 仲 (still, also) before 在 or 有: "仲喺德勤", "仲有"
                    "仲在": "还在", "仲有": "还有"}
_CANTONESE = re.compile("|".join(sorted(_CANTONESE_WORDS, key=len, reverse=True)))
# 咯 after a verb of change is 了 in southwestern and Cantonese speech ("烟也戒咯", "搬咯")
# and 啦 after how long ("到咗曼城两个礼拜啦")
_DONE_LO = re.compile(r"(?<=[戒辞搬换卖分走退停])咯|(?<=[天周期拜月年])啦")


# Cantonese 係 ("is"; 系 once simplified) after who it is said of: "老公係土木工程師", "我系
# 护士"; never the 系 of a department or a system ("新闻系", "系统")
_CANTONESE_IS = re.compile(r"(?:(?<=[我你他她佢])|(?<=老公|老婆|男友|女友|阿妈|阿爸|"
                           r"老豆|老母|家姐|细佬|细妹))系(?![统列数])")
# 我哋/你哋/佢哋: the Cantonese plural; 姊 is 姐 as Taiwan types it ("我姊住高雄")
_CANTONESE_WE = re.compile(r"(?<=[我你他佢])哋")


# 紧 after a verb is the Cantonese "-ing" ("读紧大学": 在读大学); 个 before kin is "my" ("个仔", "我个孙女")
_CANTONESE_ING = re.compile(r"(?<=[读做学住教])紧(?=[\u4e00-\u9fff])")
_CANTONESE_SON = re.compile(r"(?<![一两几这那每半])个仔(?![细裤])")
_CANTONESE_KIN = re.compile(r"(?:(?<=我)|(?<=^)|(?<=[，,\s]))个(?=仔|孙|女儿|老公|老婆|妈|爸)")


# Cantonese 同 ("and") between days: "星期二同星期四"; 逢 ("every") before one: "逢星期三"; 打波 is
# playing ball
_CANTONESE_AND = re.compile(r"(?<=[一二三四五六日天])同(?=(?:星期|礼拜|周)?[一二三四五六日天])")
_CANTONESE_EVERY = re.compile(r"逢(?=星期|礼拜|周)")


def as_mandarin(text: str) -> str:
    """``text`` with the regional words above in their Mandarin form."""
    text = _CANTONESE_EVERY.sub("每", _CANTONESE_AND.sub("和", text.replace("打波", "打球")))
    text = _CANTONESE_KIN.sub("", _CANTONESE_SON.sub("儿子", _CANTONESE_ING.sub("", text)))
    text = _CANTONESE_WE.sub("们", _CANTONESE_IS.sub("是", text.replace("姊", "姐")))
    text = _SHANGHAI_WE.sub("我们", _NORTHEAST_AT.sub("在", _BLUNT_I.sub("我", text)))
    text = _CANTONESE_AT.sub("在", _NORTHERN_I.sub("我", _TEAMMATE.sub("我同事", _DONE_LO.sub("了", text))))
    return _CANTONESE.sub(lambda m: _CANTONESE_WORDS[m.group()], text)


__all__ = ["as_mandarin"]
