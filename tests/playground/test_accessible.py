"""Screen-reader mode in the playground's page: each panel's first line, as the page
shows it, names whose move it is and the member's hand in words."""

from __future__ import annotations

import re

from tests.e2e.helpers import simple_policy

from .helpers import MemberTab, Shown

#: The first line of a message's embed description, as the page renders it.
FIRST_LINE = """(id) => {
  const d = document.querySelector(`.message[data-id="${id}"] .embed-description`);
  return d ? d.innerText.split("\\n")[0] : "";
}"""
#: Whose move and what it is (a move of your own, a land to counter, or the effect of the
#: opponent's land that asks you to choose, as "BingoMagic's Swamp: choose a card to
#: discard"), then the time left (as the page shows the timestamp), then the territories.
DECISION = re.compile(
    r"(Mulligans|Turn \d+)\. (Your move: [^.]+|\S+ placed \w+: you may counter it or let it"
    r" resolve|\S+'s \w+: [^.]+)\. Time runs out [^.]+\. Your territory: "
)
HAND = re.compile(r"Your hand: (\d+ (Plains|Islands?|Swamps?|Mountains?|Forests?)(, )?)+\.")


async def first_line(tab: MemberTab, message: Shown) -> str:
    return await tab.page.evaluate(FIRST_LINE, message.id)


async def test_each_panel_starts_with_the_state_in_words(open_tab, playground) -> None:
    alice = await open_tab("alice")
    await alice.slash("bingo accessibility", mode="on")
    await alice.wait_for(lambda m: "Screen-reader mode is on" in m.text, what="the answer")
    await alice.slash("bingo challenge", opponent="@BingoMagic (bot)")
    await alice.show("dm")
    seen: set[str] = set()
    while len(seen) < 3:  # the mulligan and two more decisions
        panel = await alice.wait_for(
            lambda m: bool(m.enabled) and ",".join(m.controls) not in seen,
            timeout=20,
            what="a new panel",
        )
        line = await first_line(alice, panel)
        assert re.match(DECISION, line), line
        assert HAND.search(line), line
        assert "You can: " in line, line
        seen.add(",".join(panel.controls))
        labels = [label for label in panel.enabled if label != "Turn tips off"]
        await alice.click(panel, simple_policy(labels))
