# The board picture (bot/ui/board_image.py). Public text: the server's language.
board-title = BingoMagic #{ $id }
board-turn = Turn { $turn } · { $name } to play
board-mulligans = Mulligans
board-hand = { $count ->
    [one] Hand: 1 card
   *[other] Hand: { $count } cards
}
board-library = library
board-discard = Discard pile
board-discard-empty = Discard pile: empty
board-on-stack = On the stack
board-line-column = Five of one color
board-line-row = One of each color
board-last = Last move: { $move }
board-last-announce = { $name } is placing { $land }
board-last-resolve = { $name } placed { $land }
board-last-counter = { $name } countered { $land }
board-last-discard = { $name } discarded { $land }
board-last-destroy = { $name } destroyed { $target }'s { $land }
board-last-take = { $name } took { $land } from a discard pile
board-last-pass = { $name } passed
board-last-timeout = { $name } ran out of time
board-last-resign = { $name } resigned
board-win = { $name } wins: { $how }
board-how-column = five of one color
board-how-row = one of each color
board-how-resign = resignation
board-how-timeout = time-outs
board-how-other = the rules
board-draw = Draw
board-no-result = No result
board-moderator = Ended by a moderator: { $reason }
board-moderator-no-reason = Ended by a moderator

## Near wins and alt text (the picture in words: bot/ui/board_image.py board_alt_text)
board-near-win = { $name } needs one { $land } to win
board-alt-intro = BingoMagic match #{ $id } board. { $status }.
board-alt-player = { $name }: territory { $territory }; { $hand }; discard pile { $discard }.
board-alt-none = empty
board-alt-count = { $land } { $n }
board-alt-library = { $n ->
    [one] Library: 1 card.
   *[other] Library: { $n } cards.
}
board-alt-stack = On the stack: { $land }.
board-alt-line = { $text }.
