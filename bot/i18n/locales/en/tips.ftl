# Tips in a member's first match against the bot (cogs/bingo/_tips.py). Private text.
tips-title = 💡 Tip
tips-turn-off = Turn tips off
tips-off = Tips are off. You won't see them in your next matches.
tips-turn = Your turn: place one land from your hand, or pass. Five lands of one color, or one of each color, in your territory win. `/bingo rules` has the whole game.
tips-mulligan = Keep this hand, or mulligan: shuffle it back and draw one card fewer. A hand with several colors gets you closer to one of each.
tips-scry = Scry 1: look at the top card of the library. Leave it there if you want to draw it, or put it on the bottom.
tips-counter = Your opponent is placing a land. You may counter it by discarding an Island plus one other card: the land goes to their discard pile and does nothing. This window opens whatever you hold, so it never gives your hand away.
tips-swamp = Swamp: your opponent made you discard. Choose the card you need least; it goes to your discard pile (a Forest can bring it back).
tips-mountain = Mountain: choose a land in your opponent's territory to destroy. Break the line closest to winning.
tips-forest = Forest: take a land from your discard pile back into your hand.
