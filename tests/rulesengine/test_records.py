"""`rulesengine.records.frozen` against `dataclasses.dataclass(frozen=True)`: the same class
body made both ways must build, compare, hash, print and refuse alike, and `dataclasses`'
own functions must take a record as they take a dataclass."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any, ClassVar

import pytest

from rulesengine.legion.model import Attack, Attacker, AttackPool, Defender, Guardian, Weapons
from rulesengine.records import field, fields, frozen, replace

def both(body: Callable[[Callable[..., Any]], Any]) -> tuple[Any, Any]:
    """The class `body` makes, once as a record and once as a frozen dataclass."""
    return body(frozen), body(lambda cls: dataclasses.dataclass(frozen=True)(cls))


def sample(decorate: Callable[..., Any]) -> Any:
    def fresh() -> list[int]:
        return []

    @decorate
    class Sample:
        """A record with a required field, defaults, a made default and a check."""

        x: int
        name: str = "none"
        tags: tuple[str, ...] = ()
        box: list[int] = (field if decorate is frozen else dataclasses.field)(default_factory=fresh)

        def __post_init__(self) -> None:
            if self.x < 0:
                raise ValueError(f"x must not be negative, got {self.x}")

        def doubled(self) -> int:
            return 2 * self.x

    return Sample


def one_field(decorate: Callable[..., Any]) -> Any:
    @decorate
    class One:
        value: int

    return One


def test_a_record_builds_compares_hashes_and_prints_as_a_dataclass() -> None:
    record, dataclass = both(sample)
    for args, kwargs in [((1,), {}), ((2, "a"), {}), ((3,), {"tags": ("t", "u")}), ((0,), {"name": "b", "box": [9]})]:
        r, d = record(*args, **kwargs), dataclass(*args, **kwargs)
        assert repr(r) == repr(d)
        assert [getattr(r, n) for n in fields(r)] == [getattr(d, f.name) for f in dataclasses.fields(d)]
        assert r == record(*args, **kwargs) and r != record(7) and r != d
        if isinstance(r.box, list):  # a list is not hashable: neither is a record holding one
            with pytest.raises(TypeError):
                hash(r)
        assert r.doubled() == d.doubled()
    assert str(inspect.signature(record)) == str(inspect.signature(dataclass))
    assert record(1).box is not record(1).box  # a made default is made afresh, as dataclasses'
    assert record.__match_args__ == dataclass.__match_args__
    single_record, single_dataclass = both(one_field)
    assert hash(single_record(5)) == hash(single_dataclass(5)) == hash((5,))


def test_hash_and_equality_are_the_dataclass_ones_for_the_engines_records() -> None:
    """Sets and dicts of records keep their order and their lookups: the hash is the tuple's."""
    pool = AttackPool(Weapons(red=3, pierce=1), Defender(defense="red", dodge=1), (Guardian(2, "white"),))
    attack = Attack(Attacker(surge="hit", aim=1), (pool,))
    for value in (pool, attack, attack.attacker, pool.defender, pool.guardians[0], pool.weapons):
        assert hash(value) == hash(tuple(getattr(value, n) for n in fields(value)))
        assert value == replace(value) and value is not replace(value)
    assert {attack: 1}[Attack(Attacker(surge="hit", aim=1), (pool,))] == 1
    assert pool != replace(pool, defender_number=2)
    assert pool.__eq__(object()) is NotImplemented


def test_a_record_refuses_change_as_a_dataclass_does() -> None:
    record, dataclass = both(sample)
    for made in (record(1), dataclass(1)):
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'x'"):
            made.x = 2
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'name'"):
            del made.name
    for cls in (record, dataclass):
        with pytest.raises(ValueError, match="negative"):
            cls(-1)
        with pytest.raises(TypeError):
            cls()
        with pytest.raises(TypeError):
            cls(1, nope=2)


def test_replace_is_dataclasses_replace() -> None:
    record, _ = both(sample)
    r = record(1, "a", ("t",))
    assert replace(r, name="b") == record(1, "b", ("t",), r.box)
    with pytest.raises(ValueError, match="negative"):
        replace(r, x=-1)
    with pytest.raises(TypeError):
        replace(r, nope=1)
    with pytest.raises(TypeError, match="record instances"):
        replace(object())


def test_dataclasses_functions_take_records() -> None:
    """The build's scripts and the tests may use `dataclasses` on the engine's values."""
    pool = AttackPool(Weapons(red=2))
    assert dataclasses.is_dataclass(pool) and dataclasses.is_dataclass(AttackPool)
    assert [f.name for f in dataclasses.fields(pool)] == list(fields(pool))
    moved = dataclasses.replace(pool, defender_number=2)
    assert type(moved) is AttackPool and moved == replace(pool, defender_number=2)
    assert dataclasses.asdict(pool)["weapons"]["red"] == 2
    assert dataclasses.asdict(pool)["defender"] == {n: getattr(Defender(), n) for n in fields(Defender)}
    assert dataclasses.replace(pool).defender is pool.defender  # replace keeps the made default


def test_what_a_record_cannot_be_is_refused() -> None:
    with pytest.raises(TypeError, match="plain fields only"):
        @frozen
        class Counted:
            total: ClassVar[int] = 0

    @frozen
    class Base:
        x: int

    with pytest.raises(TypeError, match="cannot inherit"):
        @frozen
        class Derived(Base):
            y: int

    with pytest.raises(TypeError, match="__setattr__"):
        @frozen
        class Settable:
            x: int

            def __setattr__(self, name: str, value: object) -> None:
                object.__setattr__(self, name, value)


def loose(decorate: Callable[..., Any]) -> Any:
    @decorate
    class Loose:
        x: int

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Loose) and self.x % 10 == other.x % 10

    return Loose


def test_a_class_keeps_its_own_eq_and_gets_the_dataclass_hash() -> None:
    """Python sets `__hash__ = None` beside a class's own `__eq__`; dataclasses still adds
    its hash over the fields there, and so does a record."""
    record, dataclass = both(loose)
    assert record(1) == record(11) and dataclass(1) == dataclass(11)
    assert hash(record(3)) == hash(dataclass(3)) == hash((3,))


def test_equality_and_hash_are_right_whichever_is_used_first() -> None:
    """Both are compiled when the first of them is called: either may come first."""
    for first in ("eq", "hash"):
        record, _ = both(sample)
        a, b = record(1, "a", ("t",), ()), record(1, "a", ("t",), ())
        if first == "eq":
            assert a == b and a != record(2, "a", ("t",), ())
        assert hash(a) == hash(b) == hash((1, "a", ("t",), ()))
        assert a == b and a != record(2, "a", ("t",), ())
