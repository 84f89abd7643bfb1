## The hand of the day (/mulligan daily).

cmd-mulligan-daily =
    .name = daily
    .description = Judge the server's hand of the day.
cmd-mulligan-daily-setup =
    .name = daily-setup
    .description = Manage Server only: set the hand of the day's channel, deck and rule.
cmd-mulligan-daily-setup-channel =
    .name = channel
    .description = Where the hand of the day is posted each day
cmd-mulligan-daily-setup-deck =
    .name = deck
    .description = A preset, one of your saved decks, or the daily rotation
cmd-mulligan-daily-setup-rule =
    .name = rule
    .description = The mulligan rule (default: London)
cmd-mulligan-daily-setup-stop_posting =
    .name = stop_posting
    .description = Stop posting the hand of the day

daily-title = Hand of the day — { $date }
daily-author = Hand of the day · { $date } · the same hand for the whole server
daily-resume = You already answered; finish your hand.
daily-already = You already answered today's hand. Use `/{ cmd-mulligan.name } { cmd-mulligan-daily.name }` to see how the server split.
daily-answered-today = Your answer for today (one a day)
daily-setup-line = { $deck } · { $rule } · { $play ->
        [play] on the play
       *[draw] on the draw
    }
daily-you-kept = You kept the hand of the day ({ $cards ->
        [one] one card
       *[other] { $cards } cards
    }).
daily-you-mulliganed = You took a mulligan, then kept { $cards ->
        [one] one card
       *[other] { $cards } cards
    }.
daily-advice-keep = The coach's verdict: **keep**.
daily-advice-mulligan = The coach's verdict: **mulligan**.
daily-advice-either = The coach's verdict: **either** (the figures cannot tell them apart).
daily-coach-head = On the hand as dealt:
daily-split-head = How the server split
daily-split-line = Keep: { $keeps } ({ $keep_share }) · Mulligan: { $mulligans } ({ $mulligan_share })
daily-split-size = { $size }: { $count }
daily-split-sizes = Kept sizes: { $sizes }
daily-bar-title = Hand of the day { $date } · { $count ->
        [one] one answer
       *[other] { $count } answers
    }
daily-bar-keep = Keep
daily-bar-mulligan = Mulligan
daily-bar-size = Kept { $size }
daily-post-count = { $count ->
        [0] No answers yet.
        [one] One answer so far.
       *[other] { $count } answers so far.
    } The split stays hidden until the day ends.
daily-post-how = Judge it privately with `/{ cmd-mulligan.name } { cmd-mulligan-daily.name }`: keep or mulligan?
daily-post-final = The day is over: { $count ->
        [0] nobody answered.
        [one] one answer.
       *[other] { $count } answers.
    }
daily-choice-rotate = The daily rotation (presets and BingoMagic)
daily-setup-refused = Only members who can manage this server may set up the hand of the day.
daily-setup-no-channel = no post
daily-setup-saved = Hand of the day: post in { $channel } · deck: { $deck } · rule: { $rule }. A hand already dealt today stays as it is; changes apply from the next day's hand.
daily-stats-answered = Days answered in a row
daily-stats-agreed = Agreed with the coach in a row
daily-stats-streak = { $current } (best { $best })
