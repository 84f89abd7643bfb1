# The hand of the day: a button of a past UTC day (it changes nothing).
daily-day-over = That day is over: answer today's hand with `/mulligan daily`.
