# Screen-reader mode (/bingo accessibility): one plain sentence of the state, first on
# every panel and board (bot/ui/accessible.py, cogs/bingo/_accessible.py). Words only:
# no emoji carries meaning here, and nothing is laid out with spaces.
a11y-you-decide = Your move.
a11y-waiting = Waiting for { $name }.
a11y-over = The match is over.
a11y-turn = Turn { $turn }.
a11y-mulligans = Mulligans.
a11y-territories = Your territory: { $mine }; { $name }'s territory: { $theirs }.
a11y-board-territories = { $first }'s territory: { $a }; { $second }'s territory: { $b }.
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
a11y-last = Last: { $line }
a11y-actions = You can: { $actions }.
a11y-none = none
# Between the clauses of the sentence.
a11y-join = {" "}
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
a11y-on = Screen-reader mode is on: every panel and board you see starts with one plain sentence: whose turn it is, both territories, your hand, what just happened and what you can do. Turn it off with `/bingo accessibility off`.
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
