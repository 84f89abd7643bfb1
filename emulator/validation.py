"""Validation of message, modal and command payloads against Discord's documented limits.

Each ``validate_*`` function raises :class:`ApiError` (400) the way Discord would, so a bot that
builds an invalid payload fails in tests as it would in production.
"""

from __future__ import annotations

import re
from typing import Any

from emulator.errors import ApiError, invalid_form
from emulator.mentions import validate_allowed_mentions
from emulator.models import FLAG_COMPONENTS_V2
from emulator.text import (
    ACTION_ROW,
    BUTTON,
    LABEL,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_DISPLAY,
    TEXT_INPUT,
    walk_components,
)

_NAME_RE = re.compile(r"^[-_\w]{1,32}$")

Errors = list[tuple[str, str]]

#: The locales Discord accepts as keys of ``name_localizations`` /
#: ``description_localizations`` (its documented Locale list).
DISCORD_LOCALES = frozenset(
    "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el "
    "bg ru uk hi th zh-CN ja zh-TW ko".split()
)


def _check_localizations(
    errors: Errors, path: str, found: Any, *, name: bool, limit: int = 100
) -> None:
    """A ``*_localizations`` map: known locale keys; each value a valid command or option
    name (``name``: lower case, no spaces, 1-32) or a text of 1 to ``limit`` characters."""
    if found is None:
        return
    if not isinstance(found, dict):
        errors.append((path, "Must be an object"))
        return
    for locale, text in found.items():
        where = f"{path}.{locale}"
        if locale not in DISCORD_LOCALES:
            errors.append((where, f"Invalid locale {locale!r}"))
        elif not isinstance(text, str):
            errors.append((where, "Must be a string"))
        elif name and (not _NAME_RE.match(text) or text != text.lower()):
            errors.append((where, f"Invalid localized name {text!r}"))
        elif not name:
            _check_len(errors, where, text, limit, minimum=1)


def _check_described(errors: Errors, prefix: str, item: dict[str, Any]) -> None:
    """The description (1-100 characters) and the name and description localizations of a
    command or option ``item``, whose fields' paths start with ``prefix`` (docs:
    Application Commands, "Application Command Object")."""
    _check_len(errors, f"{prefix}description", item.get("description"), 100, minimum=1)
    _check_localizations(
        errors, f"{prefix}name_localizations", item.get("name_localizations"), name=True
    )
    _check_localizations(
        errors,
        f"{prefix}description_localizations",
        item.get("description_localizations"),
        name=False,
    )


def _check_len(errors: Errors, path: str, value: Any, limit: int, *, minimum: int = 0) -> None:
    if value is None:
        if minimum:
            errors.append((path, "This field is required"))
        return
    length = len(str(value))
    if length > limit:
        errors.append((path, f"Must be {limit} or fewer in length."))
    elif length < minimum:
        errors.append((path, f"Must be {minimum} or more in length."))


def _validate_embeds(errors: Errors, embeds: Any) -> None:
    if not isinstance(embeds, list):
        errors.append(("embeds", "Must be an array"))
        return
    if len(embeds) > 10:
        errors.append(("embeds", "Must be 10 or fewer in length."))
    total = 0
    for i, embed in enumerate(embeds):
        base = f"embeds.{i}"
        if not isinstance(embed, dict):
            errors.append((base, "Must be an object"))
            continue
        _check_len(errors, f"{base}.title", embed.get("title"), 256)
        _check_len(errors, f"{base}.description", embed.get("description"), 4096)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.append((f"{base}.fields", "Must be 25 or fewer in length."))
        for j, fld in enumerate(fields):
            _check_len(errors, f"{base}.fields.{j}.name", fld.get("name"), 256, minimum=1)
            _check_len(errors, f"{base}.fields.{j}.value", fld.get("value"), 1024, minimum=1)
            total += len(str(fld.get("name") or "")) + len(str(fld.get("value") or ""))
        footer = embed.get("footer") or {}
        _check_len(errors, f"{base}.footer.text", footer.get("text"), 2048)
        author = embed.get("author") or {}
        _check_len(errors, f"{base}.author.name", author.get("name"), 256)
        total += sum(
            len(str(x or ""))
            for x in (
                embed.get("title"),
                embed.get("description"),
                footer.get("text"),
                author.get("name"),
            )
        )
    if total > 6000:
        errors.append(("embeds", "Embed size exceeds maximum size of 6000"))


def _validate_interactive(errors: Errors, path: str, comp: dict[str, Any], seen: set[str]) -> None:
    """Checks shared by buttons and selects wherever they appear."""
    ctype = comp.get("type")
    custom_id = comp.get("custom_id")
    if ctype == BUTTON:
        style = comp.get("style")
        if style == 5:
            if not comp.get("url"):
                errors.append((f"{path}.url", "Link buttons require a url"))
            if custom_id is not None:
                errors.append((f"{path}.custom_id", "Link buttons cannot have a custom_id"))
            custom_id = None
        elif style == 6:
            custom_id = None
        elif style not in (1, 2, 3, 4):
            errors.append((f"{path}.style", "Invalid button style"))
        elif not custom_id:
            errors.append((f"{path}.custom_id", "This field is required"))
        _check_len(errors, f"{path}.label", comp.get("label"), 80)
        if style not in (6,) and not comp.get("label") and not comp.get("emoji"):
            errors.append((path, "Buttons need a label or an emoji"))
    elif ctype in SELECT_TYPES:
        if not custom_id:
            errors.append((f"{path}.custom_id", "This field is required"))
        _check_len(errors, f"{path}.placeholder", comp.get("placeholder"), 150)
        min_values = comp.get("min_values", 1)
        max_values = comp.get("max_values", 1)
        if not (0 <= min_values <= 25 and 1 <= max_values <= 25 and min_values <= max_values):
            errors.append((path, "Invalid min_values/max_values"))
        if ctype == STRING_SELECT:
            options = comp.get("options") or []
            if not 1 <= len(options) <= 25:
                errors.append((f"{path}.options", "Must be between 1 and 25 in length."))
            values: set[str] = set()
            for k, option in enumerate(options):
                _check_len(errors, f"{path}.options.{k}.label", option.get("label"), 100, minimum=1)
                _check_len(errors, f"{path}.options.{k}.value", option.get("value"), 100, minimum=1)
                if option.get("value") in values:
                    errors.append(
                        (f"{path}.options.{k}.value", "Select option values must be unique")
                    )
                values.add(option.get("value"))
            if options and max_values > len(options):
                errors.append((f"{path}.max_values", "max_values exceeds number of options"))
    if custom_id is not None:
        _check_len(errors, f"{path}.custom_id", custom_id, 100, minimum=1)
        if custom_id in seen:
            errors.append((f"{path}.custom_id", "Component custom id cannot be duplicated"))
        seen.add(custom_id)


def _validate_components(errors: Errors, components: Any, *, v2: bool) -> None:
    if not isinstance(components, list):
        errors.append(("components", "Must be an array"))
        return
    seen: set[str] = set()
    if v2:
        if sum(1 for _ in walk_components(components)) > 40:
            errors.append(("components", "Must be 40 or fewer components in total."))
        for i, comp in enumerate(walk_components(components)):
            if comp.get("type") == BUTTON or comp.get("type") in SELECT_TYPES:
                _validate_interactive(errors, f"components.{i}", comp, seen)
            if comp.get("type") == TEXT_DISPLAY:
                _check_len(errors, f"components.{i}.content", comp.get("content"), 4000, minimum=1)
        return
    if len(components) > 5:
        errors.append(("components", "Must be 5 or fewer in length."))
    for i, row in enumerate(components):
        path = f"components.{i}"
        if not isinstance(row, dict) or row.get("type") != ACTION_ROW:
            errors.append((f"{path}.type", "Top-level components must be action rows (type 1)"))
            continue
        children = row.get("components") or []
        if not children:
            errors.append((f"{path}.components", "Action rows cannot be empty"))
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if selects and len(children) > 1:
            errors.append((f"{path}.components", "A select menu must be alone in its action row"))
        if len(children) > 5:
            errors.append((f"{path}.components", "Must be 5 or fewer in length."))
        for j, comp in enumerate(children):
            if comp.get("type") not in (BUTTON, *SELECT_TYPES):
                errors.append(
                    (f"{path}.components.{j}.type", "Invalid component type in action row")
                )
                continue
            _validate_interactive(errors, f"{path}.components.{j}", comp, seen)


def validate_message(body: dict[str, Any], *, creating: bool, has_files: bool = False) -> None:
    """Validate a message create/edit body (content, embeds, components, flags).

    Raises ApiError 400/50035 on limit violations and 400/50006 for an empty new message.
    """
    errors: Errors = []
    flags = body.get("flags") or 0
    v2 = bool(int(flags) & FLAG_COMPONENTS_V2)
    content = body.get("content")
    if content is not None:
        _check_len(errors, "content", content, 2000)
    if body.get("embeds") is not None:
        _validate_embeds(errors, body["embeds"])
    if body.get("components") is not None:
        _validate_components(errors, body["components"], v2=v2)
    for i, attachment in enumerate(body.get("attachments") or []):
        # alt text: "description for the file (max 1024 characters)" (Attachment Object)
        if isinstance(attachment, dict):
            _check_len(errors, f"attachments.{i}.description", attachment.get("description"), 1024)
    if v2 and (content or body.get("embeds")):
        errors.append(("content", "Cannot send content or embeds with the IS_COMPONENTS_V2 flag"))
    if errors:
        raise invalid_form(errors)
    validate_allowed_mentions(body.get("allowed_mentions"))
    if creating and not (
        content
        or body.get("embeds")
        or body.get("components")
        or body.get("sticker_ids")
        or body.get("poll")
        or has_files
    ):
        raise ApiError(400, 50006, "Cannot send an empty message", problem="empty message")


def validate_modal(data: Any) -> None:
    """Validate a modal (interaction callback type 9 ``data``). Raises ApiError 400/50035."""
    errors: Errors = []
    if not isinstance(data, dict):
        raise invalid_form([("data", "Must be an object")])
    _check_len(errors, "data.custom_id", data.get("custom_id"), 100, minimum=1)
    _check_len(errors, "data.title", data.get("title"), 45, minimum=1)
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        errors.append(("data.components", "Must be between 1 and 5 in length."))
    seen: set[str] = set()
    for i, top in enumerate(components):
        path = f"data.components.{i}"
        if top.get("type") == ACTION_ROW:
            inner = top.get("components") or []
            if len(inner) != 1 or inner[0].get("type") != TEXT_INPUT:
                errors.append((path, "Modal action rows must hold exactly one text input"))
                continue
            _check_len(errors, f"{path}.components.0.label", inner[0].get("label"), 45, minimum=1)
            children = inner
        elif top.get("type") == LABEL:
            _check_len(errors, f"{path}.label", top.get("label"), 45, minimum=1)
            child = top.get("component")
            children = [child] if isinstance(child, dict) else []
            if not children:
                errors.append((f"{path}.component", "This field is required"))
        elif top.get("type") == TEXT_DISPLAY:
            continue
        else:
            errors.append((f"{path}.type", "Unsupported top-level modal component"))
            continue
        for child in children:
            custom_id = child.get("custom_id")
            _check_len(errors, f"{path}.custom_id", custom_id, 100, minimum=1)
            if custom_id in seen:
                errors.append((f"{path}.custom_id", "Component custom id cannot be duplicated"))
            seen.add(custom_id)
            if child.get("type") == TEXT_INPUT:
                lo = child.get("min_length")
                hi = child.get("max_length")
                if (lo is not None and not 0 <= lo <= 4000) or (
                    hi is not None and not 1 <= hi <= 4000
                ):
                    errors.append((path, "Invalid min_length/max_length"))
    if errors:
        raise invalid_form(errors)


def _validate_options(errors: Errors, path: str, options: list[dict[str, Any]]) -> None:
    if len(options) > 25:
        errors.append((path, "Must be 25 or fewer in length."))
    names: set[str] = set()
    seen_optional = False
    for i, option in enumerate(options):
        opath = f"{path}.{i}"
        name = option.get("name", "")
        if not _NAME_RE.match(name) or name != name.lower():
            errors.append((f"{opath}.name", f"Invalid option name {name!r}"))
        if name in names:
            errors.append((f"{opath}.name", f"Duplicate option name {name!r}"))
        names.add(name)
        _check_described(errors, f"{opath}.", option)
        if option.get("type") in (1, 2):
            _validate_options(errors, f"{opath}.options", option.get("options") or [])
            continue
        if option.get("required"):
            if seen_optional:
                errors.append(
                    (f"{opath}.required", "Required options must be placed before optional options")
                )
        else:
            seen_optional = True
        choices = option.get("choices") or []
        if len(choices) > 25:
            errors.append((f"{opath}.choices", "Must be 25 or fewer in length."))
        for j, choice in enumerate(choices):
            if isinstance(choice, dict):
                _check_localizations(
                    errors,
                    f"{opath}.choices.{j}.name_localizations",
                    choice.get("name_localizations"),
                    name=False,
                )


def validate_commands(commands: Any) -> None:
    """Validate a bulk-overwrite list of application commands. Raises ApiError 400/50035."""
    if not isinstance(commands, list):
        raise invalid_form([("_", "Must be an array")])
    errors: Errors = []
    seen: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        validate_command(cmd, errors=errors, path=str(i))
        key = (cmd.get("type", 1), cmd.get("name", ""))
        if key in seen:
            errors.append((f"{i}.name", f"Application command names must be unique ({key[1]!r})"))
        seen.add(key)
    if errors:
        raise invalid_form(errors)


def validate_command(cmd: Any, *, errors: Errors | None = None, path: str = "") -> None:
    """Validate one application command; raises unless ``errors`` is given to collect into."""
    own = errors is None
    errs: Errors = [] if errors is None else errors
    prefix = f"{path}." if path else ""
    if not isinstance(cmd, dict):
        errs.append((path or "_", "Must be an object"))
    else:
        ctype = cmd.get("type", 1)
        name = cmd.get("name", "")
        if ctype == 1:
            if not _NAME_RE.match(name) or name != name.lower():
                errs.append((f"{prefix}name", f"Invalid command name {name!r}"))
            _check_described(errs, prefix, cmd)
            _validate_options(errs, f"{prefix}options", cmd.get("options") or [])
        else:
            _check_len(errs, f"{prefix}name", name, 32, minimum=1)
    if own and errs:
        raise invalid_form(errs)
