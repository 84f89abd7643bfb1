# /privacy: a member's data, exported or erased (cogs/privacy, docs/PRIVACY.md).

privacy-export-ready = Here is everything I store about you, as a JSON file. Only you can see this message.
privacy-delete-ask = Erase everything I store about you: your results, ratings, decks, daily answers and settings, in every server? Your finished matches stay in your opponents' history, shown as played by a “deleted member”. This cannot be undone.
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
