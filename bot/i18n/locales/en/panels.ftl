# Quiet DMs and quick counter windows: the private hand panel and /bingo quick.

## /bingo quick

cmd-bingo-quick =
    .name = quick
    .description = Quick counter windows: turn them on or off, or see your choice.
cmd-bingo-quick-mode =
    .name = mode
    .description = On or off (leave it out to see your choice)
choice-quick_on =
    .name = on
choice-quick_off =
    .name = off

quick-on =
    ⚡ Quick counter windows are **on** (from your next match). A counter window lasts { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }, and the land resolves by itself when it runs out; you can still press Counter until then. Your opponent sees the same window whether or not you hold an Island.
quick-off =
    Quick counter windows are **off** (from your next match): you answer each counter window, within { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }.

## The hand panel

# Under the prompt of a quick counter window.
panel-quick-window = ⚡ Quick window: the land resolves by itself when the time runs out.
