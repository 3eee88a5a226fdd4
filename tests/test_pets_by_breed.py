"""A pet told by its breed or kind ("a kelpie called Dusty", "a bearded dragon named Toast")
is a pet, with its name; a lab with a time is an appointment, not a dog."""

from __future__ import annotations

import pytest
from vaultweave.weaver.extract.base import Op
from vaultweave.weaver.extract.rules import facts_in


def _pets(text: str) -> list[str]:
    return [f.value for f in facts_in(text) if f.attribute == "pet" and f.op is Op.ASSERT and not f.about]


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("we've got a kelpie called Biscuit who herds the kids", "a kelpie named Biscuit"),
        ("got a staffy called Luna, she's a big softie", "a staffy named Luna"),
        ("we have a bearded dragon named Waffles, is lettuce ok for him", "a bearded dragon named Waffles"),
        ("we have a chocolate lab named Bear who eats everything", "a lab named Bear"),
    ],
)
def test_a_pet_told_by_its_breed_is_read_with_its_name(text: str, pet: str) -> None:
    assert _pets(text) == [pet]


@pytest.mark.parametrize(
    ("text", "pets"),
    [
        ("I have two cats, Biscuit and Mo, who fight all night", ["a cat named Biscuit", "a cat named Mo"]),
        ("we just got a puppy called toffee.", ["a dog named Toffee"]),
        ("i have a dog called him, long story", ["a dog"]),  # a pronoun is no name
    ],
)
def test_names_after_a_comma_or_typed_in_lower_case(text: str, pets: list[str]) -> None:
    assert _pets(text) == pets


def test_a_lab_with_a_time_is_no_pet() -> None:
    assert _pets("i have a lab on thursday at 2") == []
