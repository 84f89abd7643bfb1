# /help: what the bot does and its commands, on one screen (cogs/guide/_help.py).
cmd-help =
    .name = help
    .description = What this bot does and its commands.

help-title = BingoMagic bot — help
help-intro =
    A bot for Magic: the Gathering players.
    - **BingoMagic**: a game for two on a shared library of 60 basic lands. Challenge a member, or me (easy, medium or hard). The board is public; your hand comes to you privately, by DM.
    - **Mulligan practice**: deal opening hands under every mulligan rule, from a preset deck or your own list, with a coach's odds.
    - **Statistics** per server: results, ratings and leaderboards.
    - **Puzzles** from real matches: `/{ cmd-bingo.name } { cmd-bingo-puzzle.name }` asks you to find the best move where a player went wrong, your own mistakes first, with a rating and a streak.
    - **Your data**: `/{ cmd-privacy.name } { cmd-privacy-export.name }` sends you, privately, everything I store about you; `/{ cmd-privacy.name } { cmd-privacy-delete.name }` erases it.
    New to BingoMagic? `/bingo rules` shows the rules page by page.
help-group-bingo = BingoMagic
help-group-mulligan = Mulligan practice
help-group-privacy = Your data
help-group-continued = { $group } (continued)
help-group-other = Other
help-footer = Only you can see this.
