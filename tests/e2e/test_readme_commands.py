"""The README's table of commands ("## Commands") against the command tree the bot
registers with Discord: every command and subcommand is listed, and every option with
the right marking (``name:`` required, ``[name]`` optional), so the two cannot drift."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .fuzzing import command_specs
from .helpers import BotWorld

README = Path(__file__).resolve().parents[2] / "README.md"
#: An option as the table writes it: ``[name]`` (optional) or ``name:`` / ``name:value``
#: (required); ``…`` says more options are left out.
OPTION = re.compile(r"^(?:\[(?P<optional>[\w-]+)\]|(?P<required>[\w-]+):\S*)$")


def readme_commands(text: str) -> list[tuple[str, dict[str, bool], str]]:
    """Each command the README's "## Commands" table names, in order, as ``(path,
    {option: required}, cell)``: a cell's commands are backquoted and joined by `` / ``;
    one not starting with ``/`` is a sibling of the one before it (``/bingo settings
    show`` / ``mulligan``) or of an ancestor (``/bingo mod end`` / ``mod cancel``), to be
    resolved against the tree (:func:`resolve`)."""
    section = text.split("\n## Commands\n", 1)[1].split("\n#", 1)[0]
    found: list[tuple[str, dict[str, bool], str]] = []
    for row in section.splitlines():
        if not row.startswith("| `"):
            continue
        cell = row.split(" | ", 1)[0].removeprefix("| ")
        for chunk in re.findall(r"`([^`]+)`", cell):
            words = chunk.split()
            path = []
            while words and not OPTION.match(words[0]) and words[0] != "…":
                path.append(words.pop(0))
            options: dict[str, bool] = {}
            for word in words:
                if word == "…":
                    continue
                match = OPTION.match(word)
                assert match, f"README: cannot read {word!r} in `{chunk}`"
                name = match["optional"] or match["required"]
                options[name] = match["required"] is not None
            found.append((" ".join(path), options, cell))
    return found


def resolve(entries: list[tuple[str, dict[str, bool], str]], known: set[str]) -> list[Any]:
    """The entries with full paths (``bingo settings mulligan``): a relative one is read
    under the longest prefix of the entry before it that makes a known path."""
    resolved: list[tuple[str, dict[str, bool]]] = []
    previous = ""
    for path, options, cell in entries:
        if path.startswith("/"):
            full = path.removeprefix("/")
        else:
            parts = previous.split()
            candidates = [" ".join([*parts[:i], path]) for i in range(len(parts), 0, -1)]
            full = next((c for c in candidates if c in known), candidates[-1] if parts else path)
        assert full in known, f"README names /{full}, which the bot does not register ({cell})"
        resolved.append((full, options))
        previous = full
    return resolved


async def test_the_readme_lists_every_command_with_its_options(bingo: BotWorld) -> None:
    specs = {s.path: s for s in command_specs(bingo.emu, bingo.world.guild.id)}
    assert len(specs) > 30
    entries = resolve(readme_commands(README.read_text(encoding="utf-8")), set(specs))
    missing = sorted(set(specs) - {path for path, _ in entries})
    assert not missing, f"commands the README's table leaves out: {missing}"
    listed: dict[str, set[str]] = {}
    for path, options in entries:
        declared = {o["name"]: bool(o.get("required")) for o in specs[path].options}
        for name, required in options.items():
            assert name in declared, f"/{path} has no option {name!r}"
            mark = f"{name}:" if declared[name] else f"[{name}]"
            assert required == declared[name], f"/{path}: the README should write {mark}"
        for name, required in declared.items():
            assert not required or name in options, f"/{path}: required {name}: not listed"
        listed.setdefault(path, set()).update(options)
    for path, spec in specs.items():
        left_out = sorted({o["name"] for o in spec.options} - listed[path])
        assert not left_out, f"/{path}: options the README never lists: {left_out}"
