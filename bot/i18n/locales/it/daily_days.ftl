# The hand of the day: a button of a past UTC day (it changes nothing).
daily-day-over = Quel giorno è finito: rispondi alla mano di oggi con `/mulligan daily`.
