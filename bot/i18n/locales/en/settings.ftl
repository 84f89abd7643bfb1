# Server settings (/bingo settings): shown privately to members with Manage Server.
# $channels is a list of channel mentions ("<#1>, <#2>").

settings-title = ⚙️ BingoMagic settings of this server
settings-footer = A change applies to new matches; matches in progress keep their rules and timers.
settings-refused = Only members with the Manage Server permission can see or change the BingoMagic settings.
settings-invalid = That value is not allowed; nothing was changed.
settings-saved = ✅ Settings saved. New matches use them; matches in progress are unchanged.
settings-timer-bounds = A timer must be between { $low } and { $high ->
        [one] { $high } second
       *[other] { $high } seconds
    } (or 0 for the default).
settings-channels-full = At most { $n ->
        [one] { $n } channel
       *[other] { $n } channels
    } can be listed.
settings-channel-refused = Matches can't be started in this channel. Use one of these: { $channels }.
settings-yes = yes
settings-no = no
settings-seconds = { $seconds } s
settings-default-seconds = { $seconds } s (default)
settings-default-value = { $value } (default)
settings-field-mulligan = Mulligans
settings-mulligan-value = Rule: { $rule } · free first: { $free_first } · sequential: { $sequential }
settings-field-timers = Timers
settings-timers-value = Turn: { $turn } · counter window: { $counter } · other decisions: { $choice } · challenge: { $challenge }
settings-field-house-rules = House rules
settings-house-rules-value = Forest from either discard pile: { $forest }
settings-field-language = Language of public posts
settings-field-channels = Channels for new matches
settings-channels-all = every channel
settings-field-moderation = Moderation
settings-moderation-value = Moderator role: { $role } · log channel: { $channel }
settings-not-set = not set
settings-field-place = Where matches are played (this channel)
settings-place-threads = Each match in a public thread of its own, archived and locked after the result.
settings-place-threads-unlocked = Each match in a public thread of its own, archived after the result (not locked: the bot lacks Manage Threads here).
settings-place-channel = In the channel itself, not in threads: the bot lacks { $missing } here.
settings-perm-create-threads = Create Public Threads
settings-perm-send-in-threads = Send Messages in Threads

choice-server-default =
    .name = Server default

## Commands

cmd-bingo-settings =
    .name = settings
    .description = BingoMagic settings of this server (Manage Server).
cmd-bingo-settings-show =
    .name = show
    .description = Manage Server only: show this server's BingoMagic settings.
cmd-bingo-settings-mulligan =
    .name = mulligan
    .description = Manage Server only: the default mulligan rule and options.
cmd-bingo-settings-mulligan-rule =
    .name = rule
    .description = The default mulligan rule
cmd-bingo-settings-mulligan-free_first =
    .name = free_first
    .description = The first mulligan is free
cmd-bingo-settings-mulligan-sequential =
    .name = sequential
    .description = Each player mulligans until keeping before the next declares
cmd-bingo-settings-timers =
    .name = timers
    .description = Manage Server only: time limits, in seconds (0: the default).
cmd-bingo-settings-timers-turn =
    .name = turn
    .description = Seconds for a turn's main step (0: default)
cmd-bingo-settings-timers-counter =
    .name = counter
    .description = Seconds for a counter window (0: default)
cmd-bingo-settings-timers-choice =
    .name = choice
    .description = Seconds for other decisions (0: default)
cmd-bingo-settings-timers-challenge =
    .name = challenge
    .description = Seconds a challenge waits for its answer (0: default)
cmd-bingo-settings-house-rules =
    .name = house-rules
    .description = Manage Server only: the server's house rules.
cmd-bingo-settings-house-rules-forest_either_pile =
    .name = forest_either_pile
    .description = Forest may take from either discard pile
cmd-bingo-settings-language =
    .name = language
    .description = Manage Server only: the language of the bot's public posts.
cmd-bingo-settings-language-language =
    .name = language
    .description = A language, or the server's own (its preferred locale)
cmd-bingo-settings-channels =
    .name = channels
    .description = Manage Server only: the channels where matches may be started.
cmd-bingo-settings-channels-add =
    .name = add
    .description = Allow matches in this channel
cmd-bingo-settings-channels-remove =
    .name = remove
    .description = No longer allow matches in this channel
cmd-bingo-settings-channels-everywhere =
    .name = everywhere
    .description = Allow matches in every channel again
