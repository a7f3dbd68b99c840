"""Frozen records: the engine's value objects, made without importing `dataclasses`.

`@frozen` does for a class what `@dataclass(frozen=True)` does: an `__init__` taking the
annotated fields in order (defaults, `field(default_factory=...)` and `__post_init__` as
there), equality and a hash over the fields as a tuple, a `Name(field=value, ...)` repr,
`__match_args__`, and assignment refused with `dataclasses.FrozenInstanceError`. `replace`
is `dataclasses.replace`. The type checker reads a record as a frozen dataclass (PEP 681),
and `dataclasses` itself takes records too (`replace`, `fields`, `asdict`, `is_dataclass`):
the first time it asks for a record's `__dataclass_fields__`, they are made.

Why not `dataclasses`: a command runs for a fraction of a second, and importing the module
(it imports `inspect`, and so `ast`, `dis`, `tokenize`...) and building the engine's classes
with it (six functions compiled by six calls of `exec` for each frozen class) was a third
of the `legion` command's start. Here the three methods that run in the engine's inner loops
(`__init__`, `__eq__`, `__hash__`) are compiled as dataclasses writes them, `__init__` when the
class is made and the other two when first used; the repr and the refusals are shared.

Not supported, and refused where it would silently differ: ClassVar or InitVar fields, a
record inheriting from another, a class defining its own `__setattr__` or `__delattr__`. A
plain subclass of a record cannot set attributes of its own either (dataclasses lets it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast, dataclass_transform

R = TypeVar("R")
T = TypeVar("T")

FIELDS = "__record_fields__"
"""The class attribute holding a record's field names, in order."""
DEFAULTS = "__record_defaults__"
"""The class attribute holding each field's default by name: a value, or a `_Factory`."""


class _Factory:
    """A default made afresh for each record (what `field` returns)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], object]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], T]) -> T:
    """`dataclasses.field(default_factory=...)`: the field's default is `default_factory()`,
    called for each record made without it."""
    return cast(T, _Factory(default_factory))


class _FactoryDefault:
    """The default an `__init__` shows for a field made by its factory (as dataclasses')."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _FactoryDefault()


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[R]) -> type[R]:
    """Make `cls` a frozen record of its annotated fields (see the module's docstring)."""
    names = tuple(cls.__annotations__)  # its own: a class without them has an empty dict
    _refuse_unsupported(cls, names)
    defaults = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
    for name, default in defaults.items():
        if isinstance(default, _Factory):
            delattr(cls, name)  # as dataclasses: no class attribute for a made default
    setattr(cls, FIELDS, names)
    setattr(cls, DEFAULTS, defaults)
    cls.__init__ = _compiled_init(cls, names, defaults)  # type: ignore[method-assign]
    own = {method for method in ("__eq__", "__hash__") if method in cls.__dict__}
    if cls.__dict__.get("__hash__", 0) is None and "__eq__" in own:
        own.discard("__hash__")  # Python's None for a class with its own __eq__: dataclasses adds a hash
    ours = tuple(method for method in ("__eq__", "__hash__") if method not in own)
    for method in ours:
        setattr(cls, method, _compiled_on_first_use(cls, method, ours))
    _add(cls, "__repr__", _repr(names))
    cls.__setattr__ = _refuse_assignment  # type: ignore[method-assign]
    cls.__delattr__ = _refuse_deletion  # type: ignore[method-assign]
    _add(cls, "__match_args__", names)
    setattr(cls, "__dataclass_fields__", _DataclassFields())
    return cls


def _refuse_unsupported(cls: type, names: tuple[str, ...]) -> None:
    """What dataclasses would do and a record does not, refused rather than done otherwise."""
    for name in names:
        if str(cls.__annotations__[name]).startswith(("ClassVar", "InitVar", "typing.ClassVar", "dataclasses.")):
            raise TypeError(f"{cls.__qualname__}.{name}: a record takes plain fields only")
    if any(hasattr(base, FIELDS) for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__qualname__}: a record cannot inherit from another")
    if "__setattr__" in cls.__dict__ or "__delattr__" in cls.__dict__:
        raise TypeError(f"{cls.__qualname__}: a frozen record cannot define __setattr__ or __delattr__")


def replace(obj: R, /, **changes: Any) -> R:
    """`dataclasses.replace`: a new record of the same class, `changes` over `obj`'s fields."""
    names: tuple[str, ...] | None = getattr(type(obj), FIELDS, None)
    if names is None:
        raise TypeError("replace() should be called on record instances")
    for name in names:
        if name not in changes:
            changes[name] = getattr(obj, name)
    return type(obj)(**changes)


def fields(obj: object) -> tuple[str, ...]:
    """A record's field names, in order (a record class or one of its records)."""
    names: tuple[str, ...] = getattr(obj, FIELDS)
    return names


def _add(cls: type, name: str, value: object) -> None:
    """Set what the class body did not define itself (as dataclasses does)."""
    if name not in cls.__dict__:
        setattr(cls, name, value)


def _compiled(cls: type, source: str, scope: dict[str, object], *names: str) -> dict[str, Callable[..., Any]]:
    """The functions `names` that `source` defines, named as methods of `cls`."""
    exec(source, scope)
    methods: dict[str, Callable[..., Any]] = {}
    for name in names:
        function = cast(Callable[..., Any], scope[name])
        function.__qualname__ = f"{cls.__qualname__}.{name}"
        function.__module__ = cls.__module__
        methods[name] = function
    return methods


def _compiled_init(cls: type, names: tuple[str, ...], defaults: dict[str, object]) -> Callable[..., None]:
    """`__init__`, written out field by field as dataclasses writes it: records are made in
    the engine's inner loops, where it runs as fast as a hand-written one."""
    scope: dict[str, object] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    params, body = [], []
    for name in names:
        default = defaults.get(name, _FACTORY)
        value = name
        if isinstance(default, _Factory):
            scope[f"_make_{name}"] = default.make
            params.append(f"{name}=_FACTORY")
            value = f"_make_{name}() if {name} is _FACTORY else {name}"
        elif name in defaults:
            scope[f"_default_{name}"] = default
            params.append(f"{name}=_default_{name}")
        else:
            params.append(name)
        body.append(f"    _set(self, {name!r}, {value})\n")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()\n")
    init = _compiled(cls, f"def __init__(self, {', '.join(params)}):\n{''.join(body) or '    pass'}\n", scope,
                     "__init__")["__init__"]
    init.__annotations__ = {**{name: cls.__annotations__[name] for name in names}, "return": None}
    return init


def _compiled_on_first_use(cls: type, method: str, ours: tuple[str, ...]) -> Callable[..., Any]:
    """`__eq__` or `__hash__`, compiled when one of them is first called and then set on the
    class in place of this stand-in: a command compares or hashes few of the engine's records
    (2 of 27 for an attack by its dice), so the others never pay for compiling theirs."""
    def first_use(*args: object) -> object:
        compiled = _compiled_comparisons(cls)
        for name in ours:
            setattr(cls, name, compiled[name])
        return compiled[method](*args)

    first_use.__qualname__ = f"{cls.__qualname__}.{method}"
    return first_use


def _compiled_comparisons(cls: type) -> dict[str, Callable[..., Any]]:
    """`__eq__` and `__hash__` over the fields as one tuple, written out as dataclasses writes
    them: where the engine compares and hashes records in its inner loops, they run as fast as
    dataclasses' own (shared functions over `operator.attrgetter` were 1.5 times slower)."""
    mine, theirs = (f"({''.join(f'{who}.{name},' for name in fields(cls))})" for who in ("self", "other"))
    return _compiled(cls, "def __eq__(self, other):\n"
                          "    if other.__class__ is self.__class__:\n"
                          f"        return {mine} == {theirs}\n"
                          "    return NotImplemented\n"
                          "def __hash__(self):\n"
                          f"    return hash({mine})\n", {}, "__eq__", "__hash__")


def _repr(names: tuple[str, ...]) -> Callable[[object], str]:
    def __repr__(self: object) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _refuse_assignment(self: object, name: str, value: object) -> None:
    from dataclasses import FrozenInstanceError  # only on this error's path

    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_deletion(self: object, name: str) -> None:
    from dataclasses import FrozenInstanceError

    raise FrozenInstanceError(f"cannot delete field {name!r}")


class _DataclassFields:
    """A record's `__dataclass_fields__`, made the first time something asks for them (only
    code that uses `dataclasses` does: the build's scripts, the tests): those of a frozen
    dataclass with the same fields, so `dataclasses`' functions read the record as theirs."""

    def __get__(self, record: object, cls: type) -> dict[str, Any]:
        import dataclasses

        defaults: dict[str, object] = getattr(cls, DEFAULTS)
        specs: list[tuple[str, Any, Any]] = []
        for name in fields(cls):
            default = defaults.get(name, dataclasses.MISSING)
            spec = (dataclasses.field(default_factory=default.make) if isinstance(default, _Factory)
                    else dataclasses.field(default=default))
            specs.append((name, cls.__annotations__[name], spec))
        twin: Any = dataclasses.make_dataclass(cls.__name__, specs, frozen=True)
        made: dict[str, Any] = twin.__dataclass_fields__
        setattr(cls, "__dataclass_fields__", made)
        return made
