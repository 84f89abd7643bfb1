# The hand of the day: a button of a past UTC day (it changes nothing).
daily-day-over = Ten dzień już się skończył: odpowiedz na dzisiejszą rękę przez `/mulligan daily`.
