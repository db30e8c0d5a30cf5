"""Game options, typed once per game (../shared/DESIGN.md, "The shared core": Options).

A game declares its options as one frozen msgspec Struct: each field is an option, its type
the values it takes (`bool`, `int`, or a `Literal` of choices), its default the field's
default, and its label, help and balance in `option(...)` metadata. That class is the single
definition: the New Game screen and `muster new --option` read the `OptionSpec`s derived from
it, and rules code reads `state.options.supply` as a typed attribute.

    class MyOptions(msgspec.Struct, frozen=True, kw_only=True):
        short_game: Annotated[bool, option("Short game (B13.0)", "neutral",
                                           "10 turns ...")] = False
"""
from __future__ import annotations

from typing import Any, Literal, TypeVar, get_args, get_origin, get_type_hints

import msgspec
import msgspec.inspect as mi

from core.engine import OptionSpec

T = TypeVar("T", bound=msgspec.Struct)


def option(label: str, balance: str, *help: str) -> msgspec.Meta:
    """The metadata of one option: its label, balance ("neutral", "pro-Union", "advanced"...)
    and help text (given as several strings, joined)."""
    return msgspec.Meta(title=label, description="".join(help), extra={"balance": balance})


def specs(options_type: type[msgspec.Struct]) -> list[OptionSpec]:
    """The `OptionSpec`s of an options Struct, in field order."""
    out: list[OptionSpec] = []
    hints = get_type_hints(options_type)
    for field in mi.type_info(options_type).fields:  # type: ignore[attr-defined]
        kind = field.type
        schema: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        if isinstance(kind, mi.Metadata):
            schema, extra = kind.extra_json_schema or {}, kind.extra or {}
        hint = hints[field.name]  # a Literal's choices in the order they are written
        choices = get_args(hint) if get_origin(hint) is Literal else ()
        out.append(OptionSpec(field.name, schema.get("title", field.name), field.default,
                              schema.get("description", ""), choices,
                              extra.get("balance", "")))
    return out


def typed(options_type: type[T], values: dict[str, Any] | T | None) -> T:
    """The options as the game reads them. `values` are already normalised (see
    core.engine.normalize_options); missing keys take their defaults (older saves)."""
    if isinstance(values, options_type):
        return values
    return msgspec.convert(dict(values or {}), options_type)


def as_dict(options: msgspec.Struct) -> dict[str, Any]:
    """The options as the header and the saves keep them."""
    return msgspec.structs.asdict(options)
