# Ratings (openskill) in /bingo stats and /bingo leaderboard, replays and rematches.
# $ordinal is the rating shown (mu - 3 sigma); $change is signed ("+3.4", "-1.2").

ratings-field = Rating
ratings-value = **{ $ordinal }** (μ { $mu } ± { $sigma }) · rank #{ $rank }
ratings-last-change = Last match (#{ $id }): { $change }
ratings-leaderboard-title = BingoMagic leaderboard
ratings-leaderboard-line = **{ $rank }.** { $who } — { $ordinal } ({ $matches ->
    [one] { $matches } rated match
   *[other] { $matches } rated matches
})
ratings-leaderboard-none = No rated matches in this server yet.
ratings-leaderboard-footer = Rating = μ − 3σ (openskill), from matches between members (matches against the bot are left out). Use by: wins to rank by wins.
ratings-your-rating = Your rating
ratings-no-rating = You have no rating here yet: finish a match against a member.

choice-rating =
    .name = rating
choice-wins =
    .name = wins

cmd-bingo-leaderboard-by =
    .name = by
    .description = Rank by rating (default) or by wins

## Replays

replay-title = Replay of BingoMagic #{ $id } — { $first } vs { $second }
replay-step = Step { $step } of { $total }
replay-nothing = (nothing shown at this step)
replay-hands = Hands
replay-empty-hand = (empty)
replay-previous = Previous
replay-next = Next
# The button on a player's end-of-match panel that opens the replay.
replay-open = Replay
replay-unknown = There is no match #{ $id } in this server.
replay-not-over = Match #{ $id } is still being played: it can be replayed once it is over.
replay-broken = Match #{ $id } cannot be replayed.

cmd-bingo-replay =
    .name = replay
    .description = Step through a finished BingoMagic match of this server.
cmd-bingo-replay-match =
    .name = match
    .description = The match number (shown on its board and result)

## Rematch

rematch-button = Rematch
rematch-unavailable = There is no rematch for this match.
rematch-not-yours = Only the two players of this match can ask for a rematch.
rematch-gone = Your opponent is no longer in this server.
