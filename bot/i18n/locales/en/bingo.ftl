# BingoMagic matches: the board, the hand panels, the match log, challenges and answers.
# Names ($who, $other, $winner …) come already made safe to show; $land and $card are a
# land with its emoji ("🔥 Mountain"); $deadline is a Discord timestamp ("<t:…:R>").

## Why a match ended (after "wins by" or inside "a draw (…)")

bingo-reason-five-of-a-color = five lands of one color
bingo-reason-five-colors = one land of each color
bingo-reason-resign = resignation
bingo-reason-timeout = { $n ->
    [one] { $n } timed-out turn in a row
   *[other] { $n } timed-out turns in a row
}
bingo-reason-passes = { $n ->
    [one] { $n } pass in a row
   *[other] { $n } passes in a row
}
bingo-reason-turn-limit = the { $n }-turn limit
bingo-reason-no-result = the match could not go on
bingo-reason-moderator = a moderator ended it

## Results

bingo-result-no-result = ⛔ The match ended with no result: it could not go on in its channel.
bingo-result-no-result-tournament-time = ⛔ The round's time ran out before the end of the match: it is a draw in the tournament.
bingo-result-no-result-tournament-report = ⛔ The match was stopped: the organizer reported its result for the tournament.
bingo-result-moderator = ⛔ A moderator ended the match with no result (it counts for nobody). Reason: { $reason }
bingo-result-moderator-no-reason = ⛔ A moderator ended the match with no result (it counts for nobody).
bingo-result-draw = 🤝 The match is a draw ({ $reason }).
bingo-result-win = 🏆 **{ $winner }** wins by { $reason }!
bingo-result-post = { $result } (BingoMagic #{ $id }, { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
})
# A player's own result, on their panel (no emoji: the code puts it before).
bingo-result-you-win = **You win** by { $reason }!
bingo-result-you-win-resign = **You win**: { $other } resigned.
bingo-result-you-win-timeout = **You win**: { $other } ran out of time ({ $reason }).
bingo-result-you-lose = **You lose**: { $other } wins by { $reason }.
bingo-result-you-resigned = **You resigned**: { $other } wins.
bingo-result-you-timed-out = **You lose**: you ran out of time ({ $reason }).

## The match log

bingo-event-roll-pair = { $first } 🎲{ $a } – { $second } 🎲{ $b }
bingo-event-roll = Die rolls: { $rolls }. **{ $starter }** starts.
bingo-event-declare-auto = { $who } has no cards left and must keep.
bingo-event-declare-keep = { $who } keeps.
bingo-event-declare-mulligan = { $who } declares a mulligan.
bingo-event-mulligan = { $who } takes mulligan #{ $number } → { $n ->
    [one] { $n } card.
   *[other] { $n } cards.
}
bingo-event-bottom-own = You put { $card } on the bottom.
bingo-event-bottom = { $who } puts a card on the bottom.
bingo-event-aside = { $who } sets aside { $n ->
    [one] { $n } card.
   *[other] { $n } cards.
}
bingo-event-aside-returned = { $n ->
    [one] { $who }'s set-aside card is shuffled into the library.
   *[other] { $who }'s { $n } set-aside cards are shuffled into the library.
}
bingo-event-scry-own-top = { $who } scries 1 and puts { $card } on the top.
bingo-event-scry-own-bottom = { $who } scries 1 and puts { $card } on the bottom.
bingo-event-scry-top = { $who } scries 1 and puts the card on the top.
bingo-event-scry-bottom = { $who } scries 1 and puts the card on the bottom.
bingo-event-scry-skipped = { $who } has nothing to scry.
bingo-event-turn = — Turn { $turn }: **{ $who }** —
bingo-event-draw-own = You draw { $card }.
bingo-event-draw = { $who } draws a card.
bingo-event-no-draw = { $who } cannot draw: the library and both discard piles are empty.
bingo-event-reshuffle = The library is empty: both discard piles are shuffled into a new library ({ $n ->
    [one] { $n } card
   *[other] { $n } cards
}).
bingo-event-announce = { $who } places { $land }.
bingo-event-counter = { $who } **counters** with { $island } + { $other }! { $land } goes to the discard pile.
bingo-event-resolve = { $land } enters { $who }'s territory.
bingo-event-discard = { $who } discards { $land }.
bingo-event-destroy = { $who } destroys { $target }'s { $land }.
bingo-event-take-own = { $who } takes { $land } from their own discard pile.
bingo-event-take = { $who } takes { $land } from { $source }'s discard pile.
bingo-event-no-effect = { $land }: nothing to do.
bingo-event-pass = { $who } passes.
bingo-event-timeout = ⏰ { $who } ran out of time.
bingo-event-resign = 🏳️ { $who } resigns.

## What the match waits for (public words: never a hand)

bingo-over = The match is over.
bingo-waiting-declare = Waiting for **{ $who }** to keep or mulligan
bingo-waiting-bottom = Waiting for **{ $who }** to put cards on the bottom
bingo-waiting-aside = Waiting for **{ $who }** to set cards aside
bingo-waiting-scry = Waiting for **{ $who }** to scry
bingo-waiting-main = Waiting for **{ $who }** to place a land or pass
bingo-waiting-counter = Waiting for **{ $who }** to counter or let it resolve
bingo-waiting-swamp = Waiting for **{ $who }** to discard a card (Swamp)
bingo-waiting-mountain = Waiting for **{ $who }** to choose a land to destroy (Mountain)
bingo-waiting-forest = Waiting for **{ $who }** to choose a land to take (Forest)

## The public board

bingo-board-title = BingoMagic #{ $id } — { $first } vs { $second }
bingo-board-turn = Turn { $turn } · { $waiting }
bingo-board-mulligans = Mulligans · { $waiting }
bingo-board-deadline = (time runs out { $deadline })
bingo-board-stack = On the stack: { $land }
bingo-board-player =
    Territory: { $territory }
    Hand: { $hand ->
        [one] { $hand } card
       *[other] { $hand } cards
    }
    Discard pile: { $discard }
bingo-board-library = Library
bingo-board-library-size = { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
bingo-board-recent = Recent
bingo-board-footer = Match #{ $id } · { $rules }

## The table rules in a few words

bingo-rules-mulligans = { $rule } mulligans
bingo-rules-free-first = , free first
bingo-rules-sequential = , sequential
bingo-rules-forest = , Forest from either pile

## A player's private panel

bingo-panel-title = { $name }'s hand — BingoMagic #{ $id }
bingo-panel-deadline = Time runs out { $deadline }.
bingo-panel-hand = Hand
bingo-panel-hand-empty = (empty)
bingo-panel-territories = Territories
bingo-panel-you = You: { $line }
bingo-panel-other = { $name }: { $line }
bingo-panel-footer = Match #{ $id } · only you can see this
bingo-prompt-waiting = { $waiting }.
bingo-prompt-declare = **Keep or mulligan?**
bingo-prompt-declare-partial = A mulligan sets cards aside and draws one fewer.
bingo-prompt-declare-next = { $n ->
    [one] A mulligan gives you { $n } card.
   *[other] A mulligan gives you { $n } cards.
}
bingo-prompt-declared = Already declared: { $list }.
bingo-prompt-declared-keeps = { $who } keeps
bingo-prompt-declared-mulligans = { $who } mulligans
bingo-prompt-bottom = { $n ->
    [one] **Put { $n } card on the bottom** of the library.
   *[other] **Put { $n } cards on the bottom** of the library.
}
bingo-prompt-aside = **Set cards aside** for your mulligan ({ $n } so far), then press Done.
bingo-prompt-scry = **Scry 1.** The top card of the library is { $card }.
bingo-prompt-scry-nothing = nothing
bingo-prompt-main = **Your turn.** Place a land or pass.
bingo-prompt-counter = { $other } is placing { $land }. **Counter it** by discarding an Island and one more card, or let it resolve.
bingo-prompt-swamp = { $other }'s Swamp: **choose a card to discard.**
bingo-prompt-mountain = Your Mountain: **choose a land in { $other }'s territory** to destroy.
bingo-prompt-forest = Your Forest: **choose a land to take** into your hand.

## Buttons ($name: a land; $other: the opponent)

bingo-label-keep = Keep
bingo-label-mulligan = Mulligan
bingo-label-bottom = Bottom { $name }
bingo-label-aside = Set aside { $name }
bingo-label-aside_done = Done setting aside
bingo-label-scry_top = Leave on top
bingo-label-scry_bottom = Put on bottom
bingo-label-place = Place { $name }
bingo-label-pass = Pass
bingo-label-allow = Let it resolve
bingo-label-counter = Counter (Island + { $name })
bingo-label-discard = Discard { $name }
bingo-label-destroy = Destroy { $name }
bingo-label-take = Take { $name }
bingo-label-take_opp = Take { $other }'s { $name }
bingo-button-accept = Accept
bingo-button-decline = Decline
bingo-button-show-hand = Show my hand
bingo-button-play-again = Play again

## Delivery

bingo-gone-deleted = its channel was deleted
bingo-gone-access = I can no longer see its channel
bingo-gone-permissions = I may no longer post in its channel
bingo-gone-other = its channel can no longer be used
bingo-dms-closed = { $user }, your decision in BingoMagic #{ $id }: press **Show my hand** on the board (your DMs are closed).
bingo-no-result-dm = ⛔ BingoMagic #{ $id } against { $other } ended with no result: { $why }. It counts for nobody, and you are free to play again.

## Answers

bingo-not-yours = This isn't your match.
bingo-panel-superseded = This panel is out of date, so its buttons are gone. Your current panel: { $link }
bingo-match-over = This match is over.
bingo-already-over = This match is already over.
bingo-not-in-a-match = You're not in a match in this server.
bingo-busy = You're already in a match here. Finish it or `/bingo resign`.
bingo-resigned = You resigned BingoMagic match #{ $id }.
bingo-level = { $level ->
    [easy] easy
    [hard] hard
   *[medium] medium
}
bingo-bot-match = 🤖 { $member } takes on the bot ({ $level }): BingoMagic match #{ $id } begins. Your hand is on its way by DM.
bingo-bot-match-thread = 🤖 { $member } takes on the bot ({ $level }): BingoMagic match #{ $id } begins in { $thread }. Your hand is on its way by DM.
bingo-play-again-not-yours = Only { $member } can play this again. Challenge me yourself!
bingo-self-challenge = You can't challenge yourself.
bingo-no-bots = Bots can't play BingoMagic, except me: challenge { $me } to play against the bot.
bingo-level-member = The level option is for a match against me only: a member plays as they play.

## Challenges

bingo-challenge-not-open = This challenge is no longer open.
bingo-challenge-opponent-busy = { $name } is already in a match.
bingo-challenge-pair = There is already a challenge waiting between you and { $name }: wait for the answer, or until it expires.
bingo-challenge-limit = You already have { $n ->
        [one] { $n } challenge
       *[other] { $n } challenges
    } waiting for an answer in this server. Wait until one is answered or expires.
bingo-challenge-post = ⚔️ { $opponent }, { $challenger } challenges you to a BingoMagic match! Rules: { $rules }. The challenge expires { $deadline }.
bingo-challenge-only-opponent = Only { $opponent } can answer this challenge.
bingo-challenge-declined = ❌ { $opponent } declined the challenge from { $challenger }.
bingo-challenge-cancelled = This challenge was cancelled: { $user } is already in a match.
bingo-challenge-accepted = ✅ { $opponent } accepted the challenge from { $challenger }: BingoMagic match #{ $id } begins. Hands are on their way by DM.
bingo-challenge-accepted-thread = ✅ { $opponent } accepted the challenge from { $challenger }: BingoMagic match #{ $id } begins in { $thread }. Hands are on their way by DM.
# The name of a match's thread (at most 100 characters: the names are shortened).
bingo-thread-name = BingoMagic #{ $id } · { $first } vs { $second }
bingo-challenge-expired = ⌛ The challenge from { $challenger } to { $opponent } expired.

## Stats and leaderboard

bingo-stats-line = { $wins } W · { $losses } L · { $draws } D · { $rate }% ({ $played } played)
bingo-stats-title = BingoMagic — { $name }
bingo-stats-none = No finished matches in this server yet.
bingo-stats-wins = Wins
bingo-stats-losses = Losses
bingo-stats-draws = Draws
bingo-stats-win-rate = Win rate
bingo-stats-rank = Rank
bingo-stats-against-bot = Against the bot
bingo-stats-level-line = { $level }: { $line }
bingo-stats-recent = Recent
bingo-stats-no-result = no result
bingo-stats-draw = draw
bingo-stats-win = win
bingo-stats-loss = loss
bingo-stats-recent-line = #{ $id } vs { $opponent }: { $outcome } in { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }
bingo-stats-recent-bot-line = #{ $id } vs the bot ({ $level }): { $outcome } in { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }
bingo-leaderboard-title = BingoMagic leaderboard
bingo-leaderboard-your-rank = Your rank
bingo-leaderboard-none-yet = You haven't finished a match here yet.
bingo-leaderboard-footer = Ranked by wins, then win rate, in matches between members.

## /bingo language

bingo-language-set = I will write to you privately in English.
bingo-language-auto = I will write to you privately in your Discord language ({ $language }).

## Near wins on the public board (cogs/bingo/_render.py board_embed)
bingo-board-near-win = ⚠️ { $name } needs one { $land } to win
