# Moderation (/bingo mod …, /bingo settings moderation) and timed tournament rounds.
mod-refused = Only moderators can do this: members with Manage Messages, or the moderator role set in `/bingo settings moderation`.
mod-no-live-match = There is no live match #{ $id } in this server.
mod-ended = Match #{ $id } is over, with no result. The players have been told why.
mod-ended-public = { $players }: a moderator ended BingoMagic #{ $id } with no result (it counts for nobody). Reason: { $reason }
mod-challenge-cancelled = A moderator cancelled { $challenger }'s challenge to { $opponent }.
mod-cancelled = { $count ->
        [0] { $member } has no open challenge.
        [one] One open challenge of { $member } cancelled.
       *[other] { $count } open challenges of { $member } cancelled.
    }
mod-removed = { $player } is removed from { $name }.
mod-settings-none = none
mod-settings-saved = Moderation settings saved. Moderator role: { $role }. Log channel: { $channel }.
mod-log-end = { $moderator } ended match #{ $id } with no result. Reason: { $reason }
mod-log-cancel = { $moderator } cancelled { $count ->
        [one] one open challenge
       *[other] { $count } open challenges
    } of { $member }.
mod-log-remove = { $moderator } removed { $player } from { $name } (tournament #{ $id }).

tournament-table-waiting = waits until a player's current match ends
tournament-table-started = Table { $table }: { $a } vs { $b } can play now.
tournament-round-timed-out = { $name }: round { $round }'s time is up. { $drawn ->
        [one] One unfinished table is ended.
       *[other] { $drawn } unfinished tables are ended.
    }
tournament-round-warning = { $name }: round { $round } ends { $deadline }. Unfinished matches will then be draws.

# Commands
cmd-bingo-mod =
    .name = mod
    .description = Moderate BingoMagic (moderators).
cmd-bingo-mod-end =
    .name = end
    .description = Moderators only: end a live match with no result.
cmd-bingo-mod-end-match =
    .name = match
    .description = The match number (shown on its board)
cmd-bingo-mod-end-reason =
    .name = reason
    .description = Why: shown to both players
cmd-bingo-mod-cancel =
    .name = cancel
    .description = Moderators only: cancel a member's open challenges.
cmd-bingo-mod-cancel-member =
    .name = member
    .description = Whose challenges (made or received)
cmd-bingo-mod-remove =
    .name = remove
    .description = Moderators only: remove a player from a tournament.
cmd-bingo-mod-remove-player =
    .name = player
    .description = The player to remove
cmd-bingo-mod-remove-tournament =
    .name = tournament
    .description = The tournament's number (default: the newest open one)
cmd-bingo-settings-moderation =
    .name = moderation
    .description = Manage Server only: the moderator role and the moderation log channel.
cmd-bingo-settings-moderation-role =
    .name = role
    .description = Members with this role moderate BingoMagic (leave empty: Manage Messages only)
cmd-bingo-settings-moderation-channel =
    .name = channel
    .description = Where moderators' actions are logged (leave empty: no log)
