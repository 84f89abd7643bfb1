# Seasons, who is listed on the leaderboard, and its pages (cogs/bingo/_leaderboard.py).

seasons-all-time = All-time
seasons-before-first = Before the first season
seasons-name = Season { $number }: { $name }
seasons-leaderboard-listed = Listed: members with at least { $min ->
    [one] { $min } rated match
   *[other] { $min } rated matches
} who are still in the server. An idle member's rating falls slowly until they play again.
seasons-page = Page { $page } of { $pages }
seasons-not-listed = On the leaderboard from { $min ->
        [one] { $min } rated match
       *[other] { $min } rated matches
    } ({ $played } so far).
seasons-nobody-listed = Nobody is listed yet: a member appears here after { $min ->
    [one] { $min } rated match
   *[other] { $min } rated matches
} in this server.
seasons-more-to-go = { $more ->
    [one] One more rated match and you are listed.
   *[other] { $more } more rated matches and you are listed.
}
seasons-unranked = unlisted
seasons-unknown = There is no season “{ $season }” in this server. Pick one from the list, or all-time.
seasons-refused = Only members with the Manage Server permission can start a season.
seasons-name-invalid = A season needs a name with at least one letter (not only a number, and not “all-time”).
seasons-name-taken = This server already has a season called “{ $name }”.
seasons-started = **Season { $number }: { $name }** has started! Every rating in this server starts again from scratch. The earlier standings are kept: choose a season with `{ cmd-bingo-leaderboard-season.name }:` in `/{ cmd-bingo.name } { cmd-bingo-leaderboard.name }`.
seasons-start-ask = Start **season { $number }: { $name }**? Every member's rating in this server starts over from scratch, and the leaderboard starts empty. Nothing is deleted: the standings so far stay in `/{ cmd-bingo.name } { cmd-bingo-leaderboard.name }` and `/{ cmd-bingo.name } { cmd-bingo-stats.name }` (option `{ cmd-bingo-leaderboard-season.name }:`), and `/{ cmd-bingo.name } { cmd-bingo-season.name } { cmd-bingo-season-list.name }` lists the seasons.
seasons-start-confirm = Start the new season
seasons-start-cancel = Cancel
seasons-start-cancelled = Cancelled: no new season; every rating stays as it is.
seasons-start-stale = Nothing started: this server's season changed since you asked (`/{ cmd-bingo.name } { cmd-bingo-season.name } { cmd-bingo-season-list.name }`). Start again if you still want a new one.
seasons-start-done = Season { $number }: { $name } has started; I announced it in this channel.
seasons-none = This server has not started any season yet: `/bingo season start`.
seasons-list-line = **{ $number }.** { $name } — since { $start }
seasons-min-games-saved = Saved: members need { $min ->
    [one] { $min } rated match
   *[other] { $min } rated matches
} to appear on the leaderboard.
seasons-rating-unlisted = **{ $ordinal }** (μ { $mu } ± { $sigma })

cmd-bingo-season =
    .name = season
    .description = BingoMagic seasons of this server.
cmd-bingo-season-start =
    .name = start
    .description = Manage Server only: start a new season.
cmd-bingo-season-start-name =
    .name = name
    .description = The new season's name
cmd-bingo-season-list =
    .name = list
    .description = The seasons of this server.
cmd-bingo-leaderboard-season =
    .name = season
    .description = A season, or all-time (default: the current season)
cmd-bingo-stats-season =
    .name = season
    .description = A season, or all-time (default: the current season)
cmd-bingo-settings-leaderboard =
    .name = leaderboard
    .description = Manage Server only: who is listed on the leaderboard.
cmd-bingo-settings-leaderboard-min_games =
    .name = min_games
    .description = Rated matches a member needs to be listed (default 5)
