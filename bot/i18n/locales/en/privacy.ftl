# /privacy: a member's data, exported or erased (cogs/privacy, docs/PRIVACY.md).

privacy-export-ready = Here is everything I store about you, as a JSON file. Only you can see this message.
privacy-export-about-times = Times are UTC, in ISO 8601 (2026-11-29T02:15:00Z); the days of the hand of the day are dates (YYYY-MM-DD).
privacy-export-about-ids = Ids are Discord ids, written as text. The names beside them are those the bot knows: a server's name now, the name now of a member you blocked, an opponent's name when the match started. null: not known (the bot left the server, or the account is gone).
privacy-export-about-rating = Ratings use openskill's Plackett–Luce model (openskill.me), per server: all-time, and per season. Only matches between members count; matches against the bot do not.
privacy-export-about-mu = mu (μ): the estimate of your skill. Everyone starts at 25.
privacy-export-about-sigma = sigma (σ): how unsure that estimate is. It starts at 8.33, shrinks as you play, and grows slowly while you do not play.
privacy-export-about-ordinal = ordinal = μ − 3σ: the rating the bot shows and ranks leaderboards by; 0 for a new member. It rises as you win and as the estimate grows surer.
privacy-export-about-last-delta = last_delta: how your shown rating (ordinal) changed in your last rated match; last_played: when that match ended.
privacy-export-about-seasons = seasons: your rating and results in each season of a server; season 0 is everything before the server's first season.
privacy-export-about-deleted = An opponent of kind “deleted member” erased their data: the match stays in your history, and it still counts in your results and rating.
privacy-delete-ask = Erase everything I store about you: your results, ratings, decks, daily answers and settings, in every server? Your finished matches against other members stay in their history, shown as played by a “deleted member”, and still count in their results and ratings. This cannot be undone.
privacy-delete-confirm = Delete my data
privacy-delete-cancel = Cancel
privacy-delete-cancelled = Nothing was deleted.
privacy-deleted = Done: your data is erased. Your opponents keep the matches you played with them, shown as played by a “deleted member”.
privacy-not-yours = Only the member who asked can answer this.
privacy-busy-match = You are in a match in progress: finish or resign it (`/bingo resign`), then ask again.
privacy-busy-tournament = You play in or organize a tournament that is not over: drop out or wait for its end, then ask again.
privacy-deleted-member = deleted member

cmd-privacy =
    .name = privacy
    .description = Your data: get a copy or erase it.
cmd-privacy-export =
    .name = export
    .description = Get a file of everything I store about you.
cmd-privacy-delete =
    .name = delete
    .description = Erase everything I store about you.
