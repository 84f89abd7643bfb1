# Your-turn reminders (/bingo reminders): one DM when a decision of the member has waited
# half its time, a warning instead when its time-out would forfeit the match (RULES §1.8);
# in the match's thread when their DMs are closed (cogs/bingo/_reminders.py).

## /bingo reminders

cmd-bingo-reminders =
    .name = reminders
    .description = Your-turn reminders by DM: turn them on or off, or see your choice.
cmd-bingo-reminders-mode =
    .name = mode
    .description = On or off (leave it out to see your choice)
choice-reminders_on =
    .name = on
choice-reminders_off =
    .name = off

reminders-on =
    ⏰ Your-turn reminders are **on** (in every server, matches in progress too). When a decision of yours has waited half its time, you get one DM, or a mention in the match's thread if your DMs are closed. When running out of time would make you forfeit ({ $turns ->
        [one] { $turns } timed-out turn in a row
       *[other] { $turns } timed-out turns in a row
    }), it is a warning instead. Nothing while you are playing.
reminders-off = Your-turn reminders are **off**: no message when a decision of yours is waiting. Turn them on with `/bingo reminders`.

## The reminders (private: the member's language; in the thread: the server's)

# Where the panel is: a link to the DM panel, or the command that shows it.
reminders-hand = Your panel: `/bingo hand`
reminders-panel-link = [Go to your panel]({ $url })
reminders-dm = ⏰ Still your decision in BingoMagic #{ $id } against { $other }: time runs out { $deadline }. { $link }
reminders-forfeit-dm =
    ⚠️ BingoMagic #{ $id } against { $other }: you ran out of time on { $n ->
        [one] { $n } turn
       *[other] { $n } turns
    } in a row. If this one runs out too ({ $deadline }), you forfeit the match. { $link }
reminders-thread = { $user }, ⏰ still your decision in BingoMagic #{ $id }: time runs out { $deadline }. Press **Show my hand** on the board.
reminders-forfeit-thread = { $user }, ⚠️ if this turn of BingoMagic #{ $id } runs out too ({ $deadline }), you forfeit the match. Press **Show my hand** on the board.
