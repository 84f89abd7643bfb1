# /bingo rules: the rules (docs/RULES.md §1-2) in short pages, and the picture of the lands.
cmd-bingo-rules =
    .name = rules
    .description = The rules of BingoMagic, page by page (only you see them).

rules-title = BingoMagic rules — { $title }
rules-footer = Page { $page } of { $pages }
rules-previous = Previous
rules-next = Next

rules-game-title = The game
rules-game =
    Two players share one **library** of 60 basic lands, 12 of each: Plains, Island, Swamp, Mountain and Forest.
    Each player has a **hand** (hidden), a **territory** (the lands they placed, public) and their own **discard pile** (public). Hand sizes and the library's size are public.

    🏆 **To win**, have in your territory five lands of one color, or one land of each of the five colors. Your territory is a bingo card: a full column or a full row wins.

rules-setup-title = Setting up
rules-setup =
    1. The library is shuffled. Every match keeps its random seed and its decisions, so it can be replayed exactly.
    2. Each player draws 5 cards.
    3. Each player rolls a die; ties roll again; the higher roll starts.
    4. Mulligans: Vancouver unless the match was set up otherwise (last page).

rules-turn-title = A turn
rules-turn =
    1. **Draw.** The active player draws a card, except the starting player on turn 1.
    2. **Place or pass.** Place one land from your hand, or pass. Either ends your turn.
    3. **Counter window.** When a land is announced, the opponent may counter it. The window opens whenever the opponent holds at least 2 cards, whatever they are, so it never reveals an Island. With fewer than 2 cards there is no window.
    4. **Resolution.** A land that is not countered enters your territory. If your territory now wins, the match ends at once, before any effect; otherwise the land's effect resolves and the turn passes.

rules-effects-title = What each land does
rules-effects =
    When a land enters a territory:
    { rules-effect-plains }
    { rules-effect-island }
    { rules-effect-swamp }
    { rules-effect-mountain }
    { rules-effect-forest }
    With nothing to choose from, nothing happens.
rules-effect-plains = ☀️ **Plains**: you draw a card.
rules-effect-island = 💧 **Island**: nothing.
rules-effect-swamp = 💀 **Swamp**: your opponent discards a card of their choice.
rules-effect-mountain = 🔥 **Mountain**: choose a land in your opponent's territory; it goes to their discard pile.
rules-effect-forest = 🌳 **Forest**: take a land from your own discard pile into your hand (house rule: from either pile).
# The picture: one short line per land.
rules-picture-title = The five lands
rules-picture-plains = Draw a card
rules-picture-island = No effect; the key to a counter
rules-picture-swamp = The opponent discards a card
rules-picture-mountain = Destroy a land of the opponent
rules-picture-forest = Take back a land from your discard pile

rules-counter-title = Counter
rules-counter =
    Only during your opponent's turn, you may discard an **Island plus one other card** (a second Island is allowed) to counter the land they are placing.
    The countered land goes to its owner's discard pile: it is not placed, has no effect and does not count toward victory. A counter cannot be countered. The turn then ends.

    📭 **Empty library.** When a card must be drawn or looked at and the library is empty, both discard piles are shuffled together into a new library. If both are empty too, nothing is drawn.

rules-end-title = How a match ends
rules-end =
    - **Win:** five lands of one color, or one land of each color, in your territory.
    - **Draw:** 6 passes in a row (3 each), or once turn 200 ends.
    - **Resign** at any moment with `/bingo resign`: you lose.
    - **Time:** every decision has a time limit. Out of time on your turn, you pass; in a counter window, the land resolves; for a Swamp discard, a random card goes. Three timed-out turns in a row lose the match.
    - **Privacy:** your hand reaches you alone, by direct message (or privately in the channel when your DMs are closed).

rules-mulligans-title = Mulligans
rules-mulligans =
    Unhappy with your opening hand? The starting player declares keep or mulligan, then the other player; whoever declared a mulligan takes it, and this repeats until both keep. A hand of 0 cards must keep.
    - **Vancouver** (the default): shuffle your hand into the library and draw one card fewer. Once both keep, a player with fewer than 5 cards may scry 1.
    - **Paris:** as Vancouver, without the scry.
    - **London:** draw a full hand, then put one card on the bottom for each mulligan taken. No mulligan once the hand would be 0 cards.
    - **Partial Paris:** set aside any cards, draw one fewer than you set aside; the set-aside cards are then shuffled into the library.
    Options: a free first mulligan (it does not count: Paris and Vancouver draw as many as before, London bottoms one fewer, Partial Paris draws as many as set aside); sequential mulligans (one player until they keep, then the other).

## Alt text of the lands picture (bot/ui/lands_image.py lands_alt_text)
rules-picture-alt = The five lands and what each does: { $lands }.
