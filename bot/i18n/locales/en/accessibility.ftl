# Screen-reader mode (/bingo accessibility): one plain sentence of the state, first on
# every panel and board (bot/ui/accessible.py, cogs/bingo/_accessible.py). Words only:
# no emoji carries meaning here, and nothing is laid out with spaces.
a11y-decide-declare = Your move: keep or mulligan.
a11y-decide-bottom = Your move: put { $n ->
    [one] { $n } card
   *[other] { $n } cards
} on the bottom of the library.
a11y-decide-aside = Your move: set cards aside for your mulligan, then choose Done setting aside.
a11y-decide-scry = Your move: scry 1, leave the top card on top or put it on the bottom.
a11y-decide-main = Your move: place a land or pass.
a11y-decide-counter = { $name } placed { $land }: you may counter it or let it resolve.
a11y-decide-swamp = { $name }'s Swamp: choose a card to discard.
a11y-decide-mountain = Your Mountain: choose a land in { $name }'s territory to destroy.
a11y-decide-forest = Your Forest: choose a land to take into your hand.
a11y-waiting = Waiting for { $name }.
# $deadline: a Discord relative timestamp (<t:…:R>), which Discord shows, and keeps current, as words ("in 2 minutes").
a11y-deadline = Time runs out { $deadline }.
a11y-over = The match is over.
a11y-turn = Turn { $turn }.
a11y-mulligans = Mulligans.
a11y-territories = Your territory: { $mine }; { $name }'s territory: { $theirs }.
a11y-board-territories = { $first }'s territory: { $a }; { $second }'s territory: { $b }.
a11y-near-win = { $name } needs one { $land } to win.
a11y-near-win-you = You need one { $land } to win.
a11y-hand = Your hand: { $hand }.
a11y-holds = { $name } holds { $n ->
    [one] { $n } card
   *[other] { $n } cards
}.
a11y-library = Library: { $n ->
    [one] { $n } card
   *[other] { $n } cards
}.
a11y-scry = Top of your library: { $land }.
a11y-pending = { $name } is placing { $land }.
a11y-pending-you = You are placing { $land }.
a11y-last = Last: { $line }
a11y-actions = You can: { $actions }.
a11y-none = none
# Words for what the board and buttons say with symbols (a die, "+", "#", "→").
a11y-label-counter = Counter with Island and { $name }
a11y-event-roll-pair = { $first } { $a } against { $second } { $b }
a11y-event-turn = Turn { $turn }: { $who }.
a11y-event-mulligan = { $who } takes mulligan number { $number }, down to { $n ->
    [one] { $n } card.
   *[other] { $n } cards.
}
a11y-event-counter = { $who } counters with { $island } and { $other }. { $land } goes to the discard pile.
# Between the clauses of the sentence.
a11y-join = {" "}
# After a clause that does not end as a sentence (a moderator's reason).
a11y-full-stop = {"."}
a11y-separator = {", "}
a11y-count-plains = { $n } Plains
a11y-count-island = { $n ->
    [one] { $n } Island
   *[other] { $n } Islands
}
a11y-count-swamp = { $n ->
    [one] { $n } Swamp
   *[other] { $n } Swamps
}
a11y-count-mountain = { $n ->
    [one] { $n } Mountain
   *[other] { $n } Mountains
}
a11y-count-forest = { $n ->
    [one] { $n } Forest
   *[other] { $n } Forests
}
# /bingo accessibility and the button offered on a first match's first panel.
a11y-on = Screen-reader mode is on: every panel and board you see starts with one plain sentence: whose turn it is and what you decide, the time left, both territories, who is one land from winning, your hand, what just happened and what you can do. Turn it off with `/bingo accessibility off`.
a11y-off = Screen-reader mode is off. Turn it on with `/bingo accessibility on`.
a11y-offer = Screen-reader mode

## /bingo accessibility

cmd-bingo-accessibility =
    .name = accessibility
    .description = Screen-reader mode: turn it on or off, or see your choice.
cmd-bingo-accessibility-mode =
    .name = mode
    .description = On, off, or show your choice
choice-a11y_on =
    .name = on
choice-a11y_off =
    .name = off
choice-a11y_show =
    .name = show
