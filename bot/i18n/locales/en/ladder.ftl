# The global ladder (/bingo ladder join, leave, show): docs/ladder.md. $name is the name a
# member chose (letters, digits, spaces and - . ' only); $ordinal arrives formatted.

ladder-title = Global ladder
ladder-season = Ladder season { $number } · { $year } Q{ $quarter }
ladder-all-time = All-time
ladder-line = **{ $rank }.** { $name } — { $ordinal } ({ $wins } W · { $losses } L, { $matches ->
    [one] { $matches } queue match
   *[other] { $matches } queue matches
})
ladder-nobody = Nobody on the ladder has played a ranked queue match in this season yet. Join with `/bingo ladder join`, then play `/bingo queue`.
ladder-your-place = Your place
ladder-not-joined = Join the ladder with `/bingo ladder join name:` to be listed: it lists the members who joined, under the name they chose.
ladder-no-match = You're on the ladder, but you haven't played a ranked queue match in this season yet: `/bingo queue`.
ladder-footer = Ratings (μ−3σ) from ranked queue matches, across every server; casual matches and matches against the bot never count. Seasons are calendar quarters (UTC).
ladder-season-ends = { $days ->
    [one] This season ends in { $days } day.
   *[other] This season ends in { $days } days.
}
ladder-page = Page { $page } of { $pages }
ladder-season-unknown = There is no ladder season “{ $season }”. Choose a season number from the list, or all-time.

## join and leave (private)

ladder-joined = You're on the global ladder as **{ $name }**. Members of every server using the bot can see this name and your rating from ranked queue matches (`/bingo queue`). Leave any time with `/bingo ladder leave`.
ladder-renamed = Done: you're on the ladder as **{ $name }** now.
ladder-left = You left the ladder: you're no longer listed, and your ladder name is deleted. Your queue rating stays, for pairing you in the queue.
ladder-not-on = You're not on the ladder. Join it with `/bingo ladder join name:`.
ladder-name-short = That name is too short: use { $min } to { $max ->
    [one] { $max } character.
   *[other] { $max } characters.
}
ladder-name-long = That name is too long: use { $min } to { $max ->
    [one] { $max } character.
   *[other] { $max } characters.
}
ladder-name-characters = A ladder name may only hold letters, digits, spaces, hyphens (-), dots (.) and apostrophes ('): no mentions, emoji or formatting.
ladder-name-letter = A ladder name needs at least one letter.
ladder-name-taken = The name **{ $name }** is taken on the ladder (names that differ only in capitals, spaces, hyphens, dots or apostrophes count as the same). Choose another.

help-group-bingo-ladder = Global ladder (across servers)

## Commands

cmd-bingo-ladder =
    .name = ladder
    .description = The global ladder: ranked queue ratings across servers.
cmd-bingo-ladder-join =
    .name = join
    .description = Join the global ladder under a name.
cmd-bingo-ladder-join-name =
    .name = name
    .description = The name shown on the ladder, to members of every server
cmd-bingo-ladder-leave =
    .name = leave
    .description = Leave the global ladder; your name is deleted.
cmd-bingo-ladder-show =
    .name = show
    .description = The global ladder's standings and your place.
cmd-bingo-ladder-show-season =
    .name = season
    .description = A ladder season (number), or all-time; default: the current one
