"""The Chinese city list (``places_zh``): cities the rules' own list and jieba miss are
places, everyday words that are also town names are not, and the rules and the reader's
features see them."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.places_zh import known_city
from vaultweave.weaver.extract.rules import facts_in
from vaultweave.weaver.extract.span_features import features, tokens


@pytest.mark.parametrize(("word", "known"), [
    ("自贡", True), ("自贡市", True), ("义乌", True), ("宝鸡", True), ("新竹", True),
    ("光明", False), ("胜利", False), ("东方", False),  # town names that are everyday words
    ("蛋糕", False), ("自", False),
])
def test_known_cities(word: str, known: bool) -> None:
    assert known_city(word) is known


@pytest.mark.parametrize(("text", "attribute", "value"), [
    ("成都噻 我是自贡人", "hometown", "自贡"),
    ("我是宝鸡人", "hometown", "宝鸡"),
    ("我搬到义乌了", "lives_in", "义乌"),
])
def test_the_rules_read_a_city_they_did_not_list(text: str, attribute: str, value: str) -> None:
    assert (attribute, value, Op.ASSERT) in [(f.attribute, f.value, f.op) for f in facts_in(text)]


def test_the_reader_sees_places_people_and_wishes() -> None:
    sentence = "我姐在宝鸡当老师"
    rows = features(sentence, tokens(sentence))
    assert [r for r in rows[3] if r.startswith("place=")] == ["place=B"]  # 宝
    assert [r for r in rows[4] if r.startswith("place=")] == ["place=I"]  # 鸡
    assert "other_back=True" in rows[6]  # 老: after 姐
    assert "other_back=False" in rows[0]
    assert "wish=False" in rows[0]
    assert "wish=True" in features("要是过了就得搬去北京")[0]
