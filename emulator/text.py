"""Flattening messages (content, embeds, components) into plain text, and walking components."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# Component types (https://discord.com/developers/docs/components/reference)
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18

SELECT_TYPES = frozenset(
    {STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT}
)


def walk_components(
    components: list[dict[str, Any]] | tuple[dict[str, Any], ...],
) -> Iterator[dict[str, Any]]:
    """Yield every component (depth first), descending into rows, sections, containers, labels."""
    for component in components:
        if not isinstance(component, dict):
            continue
        yield component
        children = component.get("components")
        if isinstance(children, list):
            yield from walk_components(children)
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def embed_text(embed: dict[str, Any]) -> list[str]:
    """Text parts of one embed: author, title, description, fields (name and value), footer."""
    parts: list[str] = []
    author = embed.get("author") or {}
    if author.get("name"):
        parts.append(str(author["name"]))
    for key in ("title", "description"):
        if embed.get(key):
            parts.append(str(embed[key]))
    for fld in embed.get("fields") or []:
        if fld.get("name"):
            parts.append(str(fld["name"]))
        if fld.get("value"):
            parts.append(str(fld["value"]))
    footer = embed.get("footer") or {}
    if footer.get("text"):
        parts.append(str(footer["text"]))
    return parts


def component_text(components: list[dict[str, Any]] | tuple[dict[str, Any], ...]) -> list[str]:
    """Text parts of components: labels, placeholders, option labels/descriptions, text displays."""
    parts: list[str] = []
    for component in walk_components(components):
        ctype = component.get("type")
        if ctype == TEXT_DISPLAY and component.get("content"):
            parts.append(str(component["content"]))
        if component.get("label"):
            parts.append(str(component["label"]))
        if ctype == BUTTON and not component.get("label"):
            emoji = component.get("emoji") or {}
            if emoji.get("name"):
                parts.append(str(emoji["name"]))
        if component.get("placeholder"):
            parts.append(str(component["placeholder"]))
        if ctype == LABEL and component.get("description"):
            parts.append(str(component["description"]))
        for option in component.get("options") or []:
            if option.get("label"):
                parts.append(str(option["label"]))
            if option.get("description"):
                parts.append(str(option["description"]))
    return parts


def message_text(
    content: str,
    embeds: list[dict[str, Any]] | tuple[dict[str, Any], ...],
    components: list[dict[str, Any]] | tuple[dict[str, Any], ...],
) -> str:
    """One newline-joined string of everything readable in a message version."""
    parts: list[str] = []
    if content:
        parts.append(content)
    for embed in embeds:
        parts.extend(embed_text(embed))
    parts.extend(component_text(components))
    return "\n".join(parts)
