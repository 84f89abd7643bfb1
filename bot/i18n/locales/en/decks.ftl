# Why a pasted decklist line is refused (bot/decks/parser.py). Fragments: the cog shows
# them after "Line N: <the line> — ".

deck-error-count-not-whole = count { $word } is not a whole number from 1 to { $max }
deck-error-missing-count = missing count (write it as '4 Card Name')
deck-error-count-range = count { $count } is not between 1 and { $max }
deck-error-missing-name = missing card name
deck-error-name-too-long = card name is longer than { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }
deck-error-too-many-cards = the deck passes { $max ->
        [one] { $max } card
       *[other] { $max } cards
    } here (the most it may hold)
