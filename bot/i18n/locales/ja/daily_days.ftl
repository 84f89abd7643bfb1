# The hand of the day: a button of a past UTC day (it changes nothing).
daily-day-over = その日は終わりました：今日の初期手札には`/mulligan daily`で答えてください。
